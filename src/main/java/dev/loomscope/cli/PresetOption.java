package dev.loomscope.cli;

import dev.loomscope.model.Preset;
import dev.loomscope.result.RunLabel;
import dev.loomscope.text.Text;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --preset NAME|list}, for the commands that run an experiment (the window and {@code run}): the same runs in
 * both, the same list, the same refusals (a picocli mixin).
 */
public final class PresetOption {

    @Option(names = "--preset", paramLabel = "NAME|list", descriptionKey = "cli.preset", completionCandidates = Names.class)
    String name;

    /** The database options go with a preset (a connection-pool experiment on the user's own server); the rest set runs. */
    private static final List<String> BESIDE_A_PRESET = List.of("--jdbc-url", "--jdbc-user", "--jdbc-password-file");

    /** Whether {@code --preset list} was asked for. */
    public boolean lists() {
        return "list".equals(name);
    }

    /**
     * The preset named, or null when none was (or the list was asked for). An unknown name, or a run option beside
     * it (which the preset's runs would silently replace), is a usage error naming the option.
     *
     * @param scenarioMixin the name of the command's mixin of run options
     */
    public Preset chosen(CommandSpec spec, String scenarioMixin) {
        if (name == null || lists()) {
            return null;
        }
        Preset preset = Preset.named(name, Runtime.getRuntime().availableProcessors()).orElseThrow(() -> new ParameterException(spec.commandLine(),
                Text.get("cli.preset.unknown", name, String.join(", ", Preset.names()))));
        var parsed = spec.commandLine().getParseResult();
        var mixin = spec.mixins().get(scenarioMixin);
        if (parsed != null && mixin != null) {
            var beside = new ArrayList<String>();
            for (OptionSpec option : mixin.options()) {
                if (parsed.hasMatchedOption(option) && !BESIDE_A_PRESET.contains(option.longestName())) {
                    beside.add(option.longestName());
                }
            }
            if (!beside.isEmpty()) {
                throw new ParameterException(spec.commandLine(), Text.get("cli.preset.with-run-options", name, String.join(", ", beside)));
            }
        }
        return preset;
    }

    /** Every preset, its title and its runs by their names, the titles in one column. */
    public static void printList(PrintWriter out) {
        List<Preset> presets = Preset.all(Runtime.getRuntime().availableProcessors());
        String format = Text.leftColumn("", presets.stream().map(Preset::name).toList()) + "  %s: %s%n";
        for (Preset each : presets) {
            // Runs' names hold commas ("virtual, jdbc(10)"), so a semicolon parts them.
            out.printf(format, each.name(), each.title(), String.join("; ", each.scenarios().stream().map(RunLabel::of).toList()));
        }
        out.flush();
    }

    static final class Names extends ArrayList<String> {
        Names() {
            super(Preset.names());
        }
    }
}
