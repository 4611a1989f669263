package dev.loomscope.ui.app;

import dev.loomscope.cli.Choice;
import dev.loomscope.cli.OutputPaths;
import dev.loomscope.cli.ScenarioOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.model.Preset;
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
        description = {"Opens the LoomScope window (what 'loomscope' with no arguments does; 'loomscope --preset ...' is short for",
                "'loomscope window --preset ...').",
                "The run settings below go on its sliders; with --run they run at once, and with --screenshot the window",
                "saves a PNG of itself once the runs are done, then closes (for docs and slides)."})
public final class WindowCommand implements Callable<Integer> {

    /** Why the window cannot open here (no display), or null: said once the options are found good, before anything opens. */
    private final String missingDisplay;

    public WindowCommand() {
        this(null);
    }

    /** @param missingDisplay why no window can open here, or null (see {@code Main.missingDisplay}) */
    public WindowCommand(String missingDisplay) {
        this.missingDisplay = missingDisplay;
    }

    @Mixin
    ScenarioOptions scenario;

    @Spec
    CommandSpec spec;

    @Option(names = "--theme", paramLabel = "dark|light", defaultValue = "dark", converter = ThemeConverter.class,
            description = "Colour theme. Default: ${DEFAULT-VALUE}.")
    Theme theme;

    @Option(names = {"--autorun", "--run"}, description = "Start the runs as soon as the window opens.")
    boolean runAtStart;

    @Option(names = "--preset", paramLabel = "NAME|list",
            description = "Open on a classic experiment (its runs replace the run options): ${COMPLETION-CANDIDATES}. 'list' lists them and exits.",
            completionCandidates = PresetNames.class)
    String preset;

    @Option(names = "--sweep", paramLabel = "SETTING=FROM..TO:POINTS",
            description = "Open on the Sweep tab and sweep this setting over the range for the chosen executors (e.g. cpu-ms=0..40:5).")
    String sweep;

    @Option(names = "--race", description = "Once the runs are done, race the last two side by side in slow motion (0.25x).")
    boolean race;

    @Option(names = "--presentation", description = "Start in presentation mode: full screen, large type (F11 toggles it).")
    boolean presentation;

    @Option(names = "--high-contrast", description = "Start with high contrast (Ctrl+H toggles it).")
    boolean highContrast;

    @Option(names = "--patterns", description = "Start with patterns on the states, to read the views without colour (Ctrl+M toggles them).")
    boolean patterns;

    @Option(names = "--follow", paramLabel = "TASK", defaultValue = "0",
            description = "With --screenshot: follow this task (from 1) of the shown run before the picture, its card and outlines in it.")
    int follow;

    @Option(names = "--notes", description = "Open the speaker notes too, in a window of their own (Ctrl+N opens and closes them).")
    boolean notes;

    @Option(names = "--reduced-motion", description = "Start with reduced motion: the views change in steps, twice a second (Ctrl+Shift+M toggles it).")
    boolean reducedMotion;

    @Option(names = "--screenshot", paramLabel = "FILE.png", description = "Run, save a PNG of the window when the runs are done, and close.")
    Path screenshot;

    @Option(names = "--screenshot-after", paramLabel = "MS",
            description = "Take the screenshot this many ms after the runs start, while they run (then stop them), instead of when they are done.")
    Integer screenshotAfterMs;

    @Option(names = "--scale", paramLabel = "N", defaultValue = "1", description = "Pixel scale of the screenshot: 2 for slides. Default: ${DEFAULT-VALUE}.")
    double scale;

    @Option(names = "--results", paramLabel = "FILE.json",
            description = "Run, write the session's results (the fields of 'run --json', one object per run) when the runs are done, and close.")
    Path results;

    @Option(names = "--record", paramLabel = "FILE.gif|FOLDER",
            description = "Run, then record the slow-motion replay of the last run as a looping GIF (or, for a name without .gif, "
                    + "as numbered PNG frames in that new folder), and close. At most 1280 pixels wide, 10 frames a second.")
    Path record;

    @Option(names = "--record-view", paramLabel = "VIEW", defaultValue = "window", converter = RecordViewConverter.class,
            description = "What --record records: window, task waves, carrier lanes or charts. Default: ${DEFAULT-VALUE}.")
    RecordView recordView;

    @Option(names = "--stamp-card", description = "Stamp the run card (what ran, where, what it measured) on the screenshot or clip.")
    boolean stampCard;
    @Option(names = "--observe", paramLabel = "PID",
            description = "Open observing the running JVM with this pid (as Observe a running JVM does). With --screenshot, the picture is taken"
                    + " --screenshot-after MS after observing starts (default 5000), then observing stops and the window closes.")
    Long observePid;

    @Option(names = "--tab", paramLabel = "results|jfr|sweep|web", defaultValue = "results", converter = TabConverter.class,
            description = "The tab shown under the lanes at start (for scripted pictures: jfr shows the pins by hotspot). Default: ${DEFAULT-VALUE}.")
    Tab tab;

    @Option(names = "--size", paramLabel = "WxH", defaultValue = "1440x900", description = "Window size. Default: ${DEFAULT-VALUE}.")
    String size;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
            description = "With --autorun, --results or --screenshot: run the chosen executors N times in one session, as a talk does "
                    + "(each round once the last has ended). Default: ${DEFAULT-VALUE}.")
    int repeat;

    /** The window's colours: --theme. */
    public enum Theme {
        DARK, LIGHT;

        /** As --theme spells it. */
        public String spelling() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** What --record records: the view, named as the window's exports name it. */
    public enum RecordView {
        WINDOW("window"), TASK_WAVES("task waves"), CARRIER_LANES("carrier lanes"), CHARTS("charts");

        private final String viewName;

        RecordView(String viewName) {
            this.viewName = viewName;
        }

        /** As --record-view spells it and the window's exports name the view. */
        public String viewName() {
            return viewName;
        }
    }

    /** The tabs under the lanes, as --tab names them (each is the window's tab of FXML id NAMETab). */
    public enum Tab {
        RESULTS, JFR, SWEEP, WEB;

        /** As --tab spells it: the tab's FXML id without "Tab". */
        public String spelling() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    static final class ThemeConverter extends Choice<Theme> {
        ThemeConverter() {
            super("theme", Theme.values(), Theme::spelling);
        }
    }

    static final class RecordViewConverter extends Choice<RecordView> {
        RecordViewConverter() {
            super("view", RecordView.values(), RecordView::viewName);
        }
    }

    static final class TabConverter extends Choice<Tab> {
        TabConverter() {
            super("tab", Tab.values(), Tab::spelling);
        }
    }

    /** What the window starts with, checked, by purpose. */
    public record Settings(Look look, Script script, Observe observe, Run run) {
        /** What {@code loomscope} with no options opens (WindowCommandTest holds it to what the options' defaults give). */
        public static final Settings DEFAULT = new Settings(Look.DEFAULT, Script.NONE, Observe.NONE, Run.NONE);

        /**
         * How the window looks: its theme, contrast, presentation mode, state patterns, reduced
         * motion, the speaker notes beside it and its size.
         */
        public record Look(Theme theme, boolean highContrast, boolean presentation, boolean patterns, boolean reducedMotion,
                           boolean notes, int width, int height) {
            static final Look DEFAULT = new Look(Theme.DARK, false, false, false, false, false, 1440, 900);

            public boolean dark() {
                return theme == Theme.DARK;
            }
        }

        /**
         * What a script asks of the window: a picture (taken {@code screenshotAfterMs} into the runs,
         * or at their end for -1) at {@code scale}, results, a clip of {@code recordView}, the run card
         * stamped on them, a task followed, a race, {@code repeat} rounds, the tab shown.
         */
        public record Script(Path screenshot, int screenshotAfterMs, double scale, Path results, Path record, RecordView recordView,
                             boolean stampCard, int follow, boolean race, int repeat, Tab tab) {
            static final Script NONE = new Script(null, -1, 1, null, null, RecordView.WINDOW, false, 0, false, 1, Tab.RESULTS);

            /** Driven by a script (a picture, results, a clip or a race to make), not by a person. */
            public boolean scripted() {
                return screenshot != null || results != null || race || record != null;
            }

            /** Whether {@link #record} is a GIF (else a folder of PNG frames). */
            public boolean recordsGif() {
                return record != null && WindowCommand.recordsGif(record);
            }
        }

        /** The JVM observed at start (--observe PID), or -1 for none. */
        public record Observe(long pid) {
            static final Observe NONE = new Observe(-1);

            /** Whether it opens observing a JVM. */
            public boolean observes() {
                return pid > 0;
            }
        }

        /**
         * The runs it opens on: their scenarios (empty: none chosen, and the window opens on the first
         * experiment), the preset they come from or null, whether they start at once, a sweep or null.
         */
        public record Run(List<Scenario> scenarios, Preset preset, boolean atStart, dev.loomscope.model.Sweep sweep) {
            static final Run NONE = new Run(List.of(), null, false, null);
        }

        public Settings withSize(int width, int height) {
            return new Settings(new Look(look.theme(), look.highContrast(), look.presentation(), look.patterns(), look.reducedMotion(),
                    look.notes(), width, height), script, observe, run);
        }

        /** These settings, opening on {@code chosen}'s experiment. */
        public Settings withPreset(Preset chosen) {
            return new Settings(look, script, observe, new Run(chosen.scenarios(), chosen, run.atStart(), run.sweep()));
        }
    }

    /** Whether --record names a GIF (else a folder of PNG frames). */
    static boolean recordsGif(Path record) {
        return record.getFileName() != null && record.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".gif");
    }

    static final class PresetNames extends java.util.ArrayList<String> {
        PresetNames() {
            super(Preset.names());
        }
    }

    @Override
    public Integer call() {
        if ("list".equals(preset)) {
            for (Preset each : Preset.all(Runtime.getRuntime().availableProcessors())) {
                spec.commandLine().getOut().printf("%-12s %s: %s%n", each.name(), each.title(),
                        String.join(", ", each.scenarios().stream().map(Scenario::label).toList()));
            }
            spec.commandLine().getOut().flush();
            return 0;
        }
        // Every option is read and checked first: a bad one is named (exit code 2) whether or not a window could open here.
        Settings chosen = settings();
        if (missingDisplay != null) {
            spec.commandLine().getErr().println(missingDisplay);
            spec.commandLine().getErr().flush();
            return dev.loomscope.cli.LoomScopeCommand.EXIT_RUN_FAILED;
        }
        dev.loomscope.ui.fx.StartupTrace.mark("options read");
        return WindowLaunch.launchWindow(chosen);
    }

    private dev.loomscope.model.Sweep parsedSweep() {
        if (sweep == null) {
            return null;
        }
        try {
            var parsed = dev.loomscope.model.Sweep.parse(sweep);
            // Every point is checked now, so a script hears of a bad sweep before a window opens.
            parsed.points(scenario.scenarios(spec, false), Runtime.getRuntime().availableProcessors());
            return parsed;
        } catch (dev.loomscope.scenario.InvalidScenarioException e) {
            // The sweep's own messages name sweep's option, --vary; here it is --sweep.
            throw new ParameterException(spec.commandLine(), e.getMessage().replace("--vary", "--sweep"));
        }
    }

    /** Whether any of the run settings (--executor, --tasks...) was on the command line. */
    private boolean scenarioOptionsGiven() {
        var parsed = spec.commandLine().getParseResult();
        var mixin = spec.mixins().get("scenario");
        return parsed != null && mixin != null && mixin.options().stream().anyMatch(parsed::hasMatchedOption);
    }

    /** Whether these arguments only list presets (no window, so no display needed). */
    public static boolean listsPresets(String[] args) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--preset") && args[i + 1].equals("list")) {
                return true;
            }
        }
        return java.util.Arrays.asList(args).contains("--preset=list");
    }

    /** The settings these window options give, read as {@code loomscope window ARGS} would read them (for tests). */
    static Settings parse(String... args) {
        var command = new WindowCommand();
        dev.loomscope.cli.LoomScopeCommand.alone(command, "loomscope window").parseArgs(args);
        return command.settings();
    }

    Settings settings() {
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
        if (repeat < 1 || repeat > 1000) {
            throw new ParameterException(spec.commandLine(), "--repeat must be between 1 and 1000 (got " + repeat + ")");
        }
        Preset chosen = null;
        if (preset != null) {
            chosen = Preset.named(preset, Runtime.getRuntime().availableProcessors()).orElseThrow(() -> new ParameterException(spec.commandLine(),
                    "--preset: no preset '" + preset + "'; choose from " + String.join(", ", Preset.names()) + ", or list to list them"));
        }
        if (record != null && (race || screenshot != null)) {
            throw new ParameterException(spec.commandLine(), "--record makes a clip of its own: leave out --race and --screenshot");
        }
        if (follow < 0 || (follow > 0 && screenshot == null)) {
            throw new ParameterException(spec.commandLine(), "--follow needs --screenshot and a task number from 1 (got " + follow + ")");
        }
        if (observePid != null && (observePid <= 0 || runAtStart || race || results != null || sweep != null || record != null)) {
            throw new ParameterException(spec.commandLine(), observePid <= 0 ? "--observe needs a process id above 0 (got " + observePid + ")"
                    : "--observe opens on an observation: it does not go with --run, --race, --results, --record or --sweep");
        }
        // Before the window opens and the runs start: a picture or clip that can never be saved is found now.
        OutputPaths.requireWritable(spec, "--screenshot", screenshot);
        OutputPaths.requireWritable(spec, "--results", results);
        if (record != null && recordsGif(record)) {
            OutputPaths.requireWritable(spec, "--record", record);
        } else {
            OutputPaths.requireNewFolder(spec, "--record", record);
        }
        if (scenario.database(spec) != null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                    "--jdbc-url is for run and sweep: the window's jdbc runs wait on LoomScope's own H2 database");
        }
        boolean runs = (runAtStart || screenshot != null || race || results != null || record != null) && sweep == null && observePid == null;
        // No run settings and nothing to run at once: the window opens on the first experiment (empty scenarios say so).
        List<Scenario> scenarios = chosen != null ? chosen.scenarios()
                : runs || sweep != null || scenarioOptionsGiven() ? scenario.scenarios(spec) : List.of();
        var look = new Settings.Look(theme, highContrast, presentation, patterns, reducedMotion, notes,
                Integer.parseInt(match.group(1)), Integer.parseInt(match.group(2)));
        var script = new Settings.Script(screenshot, screenshotAfterMs == null ? -1 : screenshotAfterMs, scale, results, record, recordView,
                stampCard, follow, race, repeat, tab);
        return new Settings(look, script, new Settings.Observe(observePid == null ? -1 : observePid),
                new Settings.Run(scenarios, chosen, runs, parsedSweep()));
    }
}
