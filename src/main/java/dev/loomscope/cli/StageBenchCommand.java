package dev.loomscope.cli;

import dev.loomscope.bench.StageBenchmark;
import dev.loomscope.model.Preset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code loomscope stage-bench}: the window's figures against the command line's, preset by preset. */
@Command(name = "stage-bench", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"Runs every preset through the real window (animation on, presentation mode at 1920x1080 by default) and the "
                + "same runs through 'loomscope run', interleaved, and prints each run's window/run ratio. Bound: at most 1.10x "
                + "(+15 ms for runs under 150 ms). Needs a display, or Xvfb, which it then starts itself. Takes several minutes.", ""},
        exitCodeListHeading = "Exit codes:%n", exitCodeList = {"0:every run within the bound", "1:a run over the bound, or a run failed",
                "2:bad options"})
public final class StageBenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--presets", split = ",", paramLabel = "NAME,...", hideParamSyntax = true,
            description = "Presets to run. Default: all of them, in the order of a talk.")
    List<String> presets;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "3", description = "Interleaved pairs per preset (medians). Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--size", paramLabel = "WxH", defaultValue = "1920x1080", description = "Window size. Default: ${DEFAULT-VALUE}.")
    String size;

    @Option(names = "--no-presentation", description = "Run the window in its normal layout instead of presentation mode.")
    boolean noPresentation;

    @Override
    public Integer call() throws Exception {
        if (repeat < 1 || repeat > 50) {
            throw new ParameterException(spec.commandLine(), "--repeat must be between 1 and 50 (got " + repeat + ")");
        }
        var match = java.util.regex.Pattern.compile("(\\d{3,4})x(\\d{3,4})").matcher(size);
        if (!match.matches()) {
            throw new ParameterException(spec.commandLine(), "--size must look like 1920x1080 (got " + size + ")");
        }
        List<String> chosen = presets == null ? Preset.names() : presets;
        for (String name : chosen) {
            if (!Preset.names().contains(name)) {
                throw new ParameterException(spec.commandLine(), "--presets: unknown preset '" + name + "'; expected some of " + String.join(", ", Preset.names()));
            }
        }
        var windowOptions = new ArrayList<>(List.of("--size", size));
        if (!noPresentation) {
            windowOptions.add("--presentation");
        }
        try (var display = StageBenchmark.display(Integer.parseInt(match.group(1)), Integer.parseInt(match.group(2)))) {
            System.out.printf("JDK %s, %d cores; windows on %s, %s%s, animation on%n%n", System.getProperty("java.runtime.version"),
                    Runtime.getRuntime().availableProcessors(), display.description(), size, noPresentation ? "" : " presentation mode");
            var bench = new StageBenchmark(windowOptions, repeat, System.out);
            return bench.run(chosen, display.environment()) ? 0 : LoomScopeCommand.EXIT_RUN_FAILED;
        } catch (java.io.IOException e) {
            System.err.println("loomscope stage-bench: " + e.getMessage());
            return LoomScopeCommand.EXIT_RUN_FAILED;
        }
    }
}
