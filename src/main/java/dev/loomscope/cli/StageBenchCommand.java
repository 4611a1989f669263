package dev.loomscope.cli;

import dev.loomscope.text.Text;
import dev.loomscope.bench.StageBenchmark;
import dev.loomscope.model.Preset;
import dev.loomscope.model.window.WindowSize;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code loomscope stage-bench}: the window's figures against the command line's, preset by preset. */
@Command(resourceBundle = "dev.loomscope.text.messages", name = "stage-bench", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"${bundle:cli.stage-bench.description.0}", "${bundle:cli.stage-bench.description.1}"},
        exitCodeListHeading = "${bundle:cli.exit-codes}", exitCodeList = {"0:${bundle:cli.stage-bench.exit.0}", "1:${bundle:cli.stage-bench.exit.1}", "2:${bundle:cli.stage-bench.exit.2}"})
public final class StageBenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--presets", split = ",", paramLabel = "NAME,...", hideParamSyntax = true,
            descriptionKey = "cli.stage-bench.presets")
    List<String> presets;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "3", descriptionKey = "cli.stage-bench.repeat")
    int repeat;

    @Option(names = "--size", paramLabel = "WxH", defaultValue = "1920x1080", descriptionKey = "cli.stage-bench.size")
    String size;

    @Option(names = "--no-presentation", descriptionKey = "cli.stage-bench.no-presentation")
    boolean noPresentation;

    @Override
    public Integer call() throws Exception {
        if (repeat < 1 || repeat > 50) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.bad.repeat", 50, repeat));
        }
        var screen = WindowSize.parse(size).orElseThrow(() -> new ParameterException(spec.commandLine(),
                Text.get("cli.bad.size", WindowSize.SMALLEST, WindowSize.LARGEST, size)));
        List<String> chosen = presets == null ? Preset.names() : presets;
        for (String name : chosen) {
            if (!Preset.names().contains(name)) {
                throw new ParameterException(spec.commandLine(), Text.get("cli.bad.presets", name, String.join(", ", Preset.names())));
            }
        }
        var windowOptions = new ArrayList<>(List.of("--size", size));
        if (!noPresentation) {
            windowOptions.add("--presentation");
        }
        try (var display = StageBenchmark.display(screen.width(), screen.height())) {
            System.out.printf(Text.get("cli.stage-bench.machine"), System.getProperty("java.runtime.version"),
                    Runtime.getRuntime().availableProcessors(), display.description(), size, noPresentation ? "" : Text.get("cli.stage-bench.presentation"));
            var bench = new StageBenchmark(windowOptions, repeat, System.out);
            return bench.run(chosen, display.environment()) ? 0 : LoomScopeCommand.EXIT_RUN_FAILED;
        } catch (java.io.IOException e) {
            System.err.println(Text.get("cli.stage-bench.problem", e.getMessage()));
            return LoomScopeCommand.EXIT_RUN_FAILED;
        }
    }
}
