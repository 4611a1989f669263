package dev.loomscope.ui.app;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.cli.Choice;
import dev.loomscope.cli.OutputPaths;
import dev.loomscope.cli.PresetOption;
import dev.loomscope.cli.ScenarioOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.model.Preset;
import dev.loomscope.model.window.WindowSize;
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
@Command(resourceBundle = "dev.loomscope.text.messages", name = "window", mixinStandardHelpOptions = true,
        description = {"${bundle:cli.window.description.0}", "${bundle:cli.window.description.1}", "${bundle:cli.window.description.2}", "${bundle:cli.window.description.3}"})
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
            descriptionKey = "cli.window.theme")
    Theme theme;

    @Option(names = {"--autorun", "--run"}, descriptionKey = "cli.window.autorun")
    boolean runAtStart;

    @Mixin
    PresetOption preset;

    @Option(names = "--sweep", paramLabel = "SETTING=FROM..TO:POINTS",
            descriptionKey = "cli.window.sweep")
    String sweep;

    @Option(names = "--race", descriptionKey = "cli.window.race")
    boolean race;

    @Option(names = "--presentation", descriptionKey = "cli.window.presentation")
    boolean presentation;

    @Option(names = "--high-contrast", descriptionKey = "cli.window.high-contrast")
    boolean highContrast;

    @Option(names = "--patterns", descriptionKey = "cli.window.patterns")
    boolean patterns;

    @Option(names = "--follow", paramLabel = "TASK", defaultValue = "0",
            descriptionKey = "cli.window.follow")
    int follow;

    @Option(names = "--notes", descriptionKey = "cli.window.notes")
    boolean notes;

    @Option(names = "--reduced-motion", descriptionKey = "cli.window.reduced-motion")
    boolean reducedMotion;

    @Option(names = "--screenshot", paramLabel = "PNG_FILE", descriptionKey = "cli.window.screenshot")
    Path screenshot;

    @Option(names = "--screenshot-after", paramLabel = "MS",
            descriptionKey = "cli.window.screenshot-after")
    Integer screenshotAfterMs;

    @Option(names = "--scale", paramLabel = "N", defaultValue = "1", descriptionKey = "cli.window.scale")
    double scale;

    @Option(names = "--results", paramLabel = "JSON_FILE",
            descriptionKey = "cli.window.results")
    Path results;

    @Option(names = "--record", paramLabel = "GIF_FILE|FOLDER",
            descriptionKey = "cli.window.record")
    Path record;

    @Option(names = "--record-view", paramLabel = "VIEW", defaultValue = "window", converter = RecordViewConverter.class,
            descriptionKey = "cli.window.record-view")
    RecordView recordView;

    @Option(names = "--stamp-card", descriptionKey = "cli.window.stamp-card")
    boolean stampCard;
    @Option(names = "--observe", paramLabel = "PID",
            descriptionKey = "cli.window.observe")
    Long observePid;

    @Option(names = "--open", paramLabel = "FILE", descriptionKey = "cli.window.open")
    List<Path> open;

    @Option(names = "--dump", paramLabel = "N|last", converter = dev.loomscope.cli.DumpChoice.class, descriptionKey = "cli.window.dump")
    Integer dump;

    @Option(names = "--tab", paramLabel = "results|jfr|sweep|web|task", defaultValue = "results", converter = TabConverter.class,
            descriptionKey = "cli.window.tab")
    Tab tab;

    @Option(names = "--size", paramLabel = "WxH", defaultValue = "1440x900", descriptionKey = "cli.window.size")
    String size;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
            descriptionKey = "cli.window.repeat")
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
        RESULTS, JFR, SWEEP, WEB, TASK;

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

        /**
         * The JVM observed at start (--observe PID), or -1 for none; or the files opened at start (--open: a recording, a thread
         * dump or two recordings), and which of a file's dumps (--dump: the first is 1, ThreadDumpReader.LAST_DUMP the last).
         */
        public record Observe(long pid, List<Path> open, int dump) {
            static final Observe NONE = new Observe(-1, List.of(), 1);

            public Observe {
                open = List.copyOf(open);
            }

            /** Whether it opens a file (or two) rather than the runs. */
            public boolean opens() {
                return !open.isEmpty();
            }

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

    @Override
    public Integer call() {
        if (checksOnly()) {
            // Asked by ./loomscope before it trains the AOT cache: only a window that would open is worth one.
            settings();
            return preset.lists() || missingDisplay != null ? dev.loomscope.cli.LoomScopeCommand.EXIT_RUN_FAILED : 0;
        }
        if (preset.lists()) {
            PresetOption.printList(spec.commandLine().getOut());
            return 0;
        }
        // Every option is read and checked first: a bad one is named (exit code 2) whether or not a window could open here.
        Settings chosen = settings();
        if (missingDisplay != null) {
            spec.commandLine().getErr().println(missingDisplay);
            spec.commandLine().getErr().flush();
            return dev.loomscope.cli.LoomScopeCommand.EXIT_RUN_FAILED;
        }
        // A picture of an observation that could never begin (no such process, not a JVM) fails before a window opens.
        var unobservable = chosen.observe().pid() > 0 && chosen.script().screenshot() != null
                ? dev.loomscope.ui.observe.Attacher.whyNotObservable(chosen.observe().pid()) : java.util.Optional.<String>empty();
        if (unobservable.isPresent()) {
            spec.commandLine().getErr().println(Messages.text("cli.problem", unobservable.get()));
            spec.commandLine().getErr().flush();
            return dev.loomscope.cli.LoomScopeCommand.EXIT_RUN_FAILED;
        }
        dev.loomscope.ui.app.StartupTrace.mark("options read");
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

    /** Set to 1, the window's options are read and checked, and nothing opens: exit code 0 when the window would open. */
    public static final String CHECK_OPTIONS = "LOOMSCOPE_CHECK_OPTIONS";

    /** Whether this process only checks the window's options (see {@link #CHECK_OPTIONS}). */
    public static boolean checksOnly() {
        return "1".equals(System.getenv(CHECK_OPTIONS));
    }

    /** The settings these window options give, read as {@code loomscope window ARGS} would read them (for tests). */
    static Settings parse(String... args) {
        var command = new WindowCommand();
        dev.loomscope.cli.LoomScopeCommand.alone(command, "loomscope window").parseArgs(args);
        return command.settings();
    }

    Settings settings() {
        if (scale < 1 || scale > 4) {
            throw new ParameterException(spec.commandLine(), Messages.text("cli.window.bad.scale", scale));
        }
        var windowSize = WindowSize.parse(size).orElseThrow(() -> new ParameterException(spec.commandLine(),
                Messages.text("cli.bad.size", WindowSize.SMALLEST, WindowSize.LARGEST, size)));
        if (screenshotAfterMs != null && (screenshot == null || screenshotAfterMs < 0)) {
            throw new ParameterException(spec.commandLine(), Messages.text("cli.window.bad.screenshot-after"));
        }
        if (repeat < 1 || repeat > 1000) {
            throw new ParameterException(spec.commandLine(), Messages.text("cli.window.bad.repeat", repeat));
        }
        Preset chosen = preset.chosen(spec, "scenario");
        if (record != null && (race || screenshot != null)) {
            throw new ParameterException(spec.commandLine(), Messages.text("cli.window.bad.record"));
        }
        if (follow < 0 || (follow > 0 && screenshot == null)) {
            throw new ParameterException(spec.commandLine(), Messages.text("cli.window.bad.follow", follow));
        }
        if (observePid != null && (observePid <= 0 || runAtStart || race || results != null || sweep != null || record != null)) {
            throw new ParameterException(spec.commandLine(), observePid <= 0 ? Messages.text("cli.window.bad.observe-pid", observePid)
                    : Messages.text("cli.window.bad.observe-alone"));
        }
        if (open != null && open.size() > 2) {
            throw new ParameterException(spec.commandLine(), Messages.text("open.window.too-many", open.size()));
        }
        if (open != null && (observePid != null || runAtStart || race || results != null || sweep != null || record != null)) {
            throw new ParameterException(spec.commandLine(), Messages.text("cli.window.bad.open-alone"));
        }
        if (dump != null && (open == null || open.size() != 1)) {
            throw new ParameterException(spec.commandLine(), Messages.text("cli.window.bad.dump-alone"));
        }
        for (Path file : open == null ? List.<Path>of() : open) {
            try {
                if (dev.loomscope.recording.FileKind.of(file) == dev.loomscope.recording.FileKind.JFR && dump != null) {
                    throw new ParameterException(spec.commandLine(), Messages.text("cli.open.bad.dump-recording", file));
                }
            } catch (dev.loomscope.recording.UnreadableFileException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
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
                    Messages.text("cli.window.bad.jdbc-url"));
        }
        boolean runs = (runAtStart || screenshot != null || race || results != null || record != null) && sweep == null && observePid == null && open == null;
        // No run settings and nothing to run at once: the window opens on the first experiment (empty scenarios say so).
        List<Scenario> scenarios = chosen != null ? chosen.scenarios()
                : runs || sweep != null || scenarioOptionsGiven() ? scenario.scenarios(spec) : List.of();
        var look = new Settings.Look(theme, highContrast, presentation, patterns, reducedMotion, notes,
                windowSize.width(), windowSize.height());
        var script = new Settings.Script(screenshot, screenshotAfterMs == null ? -1 : screenshotAfterMs, scale, results, record, recordView,
                stampCard, follow, race, repeat, tab);
        return new Settings(look, script, new Settings.Observe(observePid == null ? -1 : observePid, open == null ? List.of() : open,
                dump == null ? 1 : dump),
                new Settings.Run(scenarios, chosen, runs, parsedSweep()));
    }
}
