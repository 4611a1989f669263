package dev.loomscope.ui;

import dev.loomscope.cli.ScenarioOptions;
import dev.loomscope.engine.Scenario;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code loomscope window}: opens the window, optionally with settings, a first run and a picture of it. */
@Command(name = "window", mixinStandardHelpOptions = true,
        description = {"Opens the LoomScope window (what 'loomscope' with no arguments does).",
                "The run settings below go on its sliders; with --run they run at once, and with --screenshot the window",
                "saves a PNG of itself once the runs are done, then closes (for docs and slides)."})
public final class WindowCommand implements Callable<Integer> {

    @Mixin
    ScenarioOptions scenario;

    @Spec
    CommandSpec spec;

    @Option(names = "--theme", paramLabel = "dark|light", defaultValue = "dark", description = "Colour theme. Default: ${DEFAULT-VALUE}.")
    String theme;

    @Option(names = "--run", description = "Start the runs as soon as the window opens.")
    boolean runAtStart;

    @Option(names = "--screenshot", paramLabel = "FILE.png", description = "Run, save a PNG of the window when the runs are done, and close.")
    Path screenshot;

    @Option(names = "--screenshot-after", paramLabel = "MS",
            description = "Take the screenshot this many ms after the runs start, while they run (then stop them), instead of when they are done.")
    Integer screenshotAfterMs;

    @Option(names = "--scale", paramLabel = "N", defaultValue = "1", description = "Pixel scale of the screenshot: 2 for slides. Default: ${DEFAULT-VALUE}.")
    double scale;

    @Option(names = "--size", paramLabel = "WxH", defaultValue = "1440x900", description = "Window size. Default: ${DEFAULT-VALUE}.")
    String size;

    /** What the window starts with, checked. */
    public record Settings(List<Scenario> scenarios, boolean dark, boolean runAtStart, Path screenshot, int screenshotAfterMs,
                           double scale, int width, int height) {
        public static final Settings DEFAULT = new Settings(List.of(), true, false, null, -1, 1, 1440, 900);
    }

    @Override
    public Integer call() {
        LoomScopeApp.launchWindow(settings());
        return LoomScopeApp.exitCode();
    }

    Settings settings() {
        if (!theme.equals("dark") && !theme.equals("light")) {
            throw new ParameterException(spec.commandLine(), "--theme must be dark or light (got " + theme + ")");
        }
        if (scale < 1 || scale > 4) {
            throw new ParameterException(spec.commandLine(), "--scale must be between 1 and 4 (got " + scale + ")");
        }
        var match = java.util.regex.Pattern.compile("(\\d{3,4})x(\\d{3,4})").matcher(size);
        if (!match.matches()) {
            throw new ParameterException(spec.commandLine(), "--size must look like 1440x900 (got " + size + ")");
        }
        if (screenshotAfterMs != null && (screenshot == null || screenshotAfterMs < 0)) {
            throw new ParameterException(spec.commandLine(), "--screenshot-after needs --screenshot and a time of 0 ms or more");
        }
        return new Settings(scenario.scenarios(spec), theme.equals("dark"), runAtStart || screenshot != null, screenshot,
                screenshotAfterMs == null ? -1 : screenshotAfterMs, scale,
                Integer.parseInt(match.group(1)), Integer.parseInt(match.group(2)));
    }
}
