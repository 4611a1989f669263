package dev.loomscope.ui.app;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.controls.ControlPanel;
import dev.loomscope.ui.shell.MainWindow;
import dev.loomscope.ui.theme.Themes;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.launcher.Runner;
import dev.loomscope.model.RunSession;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/** The LoomScope window as a JavaFX application. */
public final class LoomScopeApp extends Application {

    private static final System.Logger LOG = System.getLogger(LoomScopeApp.class.getName());

    private MainWindow window;

    @Override
    public void start(Stage stage) {
        StartupTrace.mark("toolkit up");
        JavaFxLog.startupDone();
        WindowLaunch.settings().thenAccept(settings -> Platform.runLater(() -> beginOrExit(stage, settings)));
    }

    /** A window that cannot be built says why and ends the process: with nothing on screen, nobody could close it. */
    private void beginOrExit(Stage stage, WindowCommand.Settings settings) {
        try {
            begin(stage, settings);
        } catch (RuntimeException | Error e) {
            LOG.log(System.Logger.Level.ERROR, Messages.text("cli.window-failed", e), e);
            WindowLaunch.ended(1);
            Platform.exit();
        }
    }

    private void begin(Stage stage, WindowCommand.Settings settings) {
        var session = new RunSession(new Runner(JvmLauncher.standard()), RunOptions.DEFAULT, RunSession.temporaryJfrFolder());
        // Each run starts once the window has finished what the last one's end set off (frames, JIT, GC).
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            session.settleBeforeEachRun(os::getProcessCpuTime);
        }
        // A full collection once each run has ended, between runs (never during one, in this process
        // or the runner's): the serial collector then gives back what the run's garbage made it grow
        // (-XX:MaxHeapFreeRatio), so the window stays the size of what it keeps through a talk.
        session.compactAfterEachRun(System::gc);
        window = open(stage, session, settings);
        window.openDocumentsWith(uri -> getHostServices().showDocument(uri.toString()));
        // The session's run starter exists now, at the usual priority; the window's threads step down below
        // the runners once the first frame is on screen (the frame need not wait; a runner JVM takes longer
        // than that to start, and starts from the run starter's priority whenever it does).
        Priorities.install(window);
        StartScript.of(settings, StartScript.exitWhenShownAsked()).start(window).thenAccept(WindowLaunch::ended);
    }

    @Override
    public void stop() {
        if (window != null) {
            window.dispose();
        }
    }

    /** The local machine's JVMs, as "Observe a running JVM" finds them. */
    private static dev.loomscope.ui.observe.Attacher localAttacher() {
        return dev.loomscope.ui.observe.Attacher.local(java.nio.file.Path.of(System.getProperty("java.io.tmpdir"),
                "loomscope-observe-" + ProcessHandle.current().pid()));
    }

    /** Builds the window on a stage and shows it: the one way the app, the tests and the benchmark open it. */
    public static MainWindow open(Stage stage, RunSession session, WindowCommand.Settings settings) {
        return open(stage, session, settings, null);
    }

    /** As {@link #open(Stage, RunSession, WindowCommand.Settings)}, observing through {@code attacher} (null: this machine's JVMs). */
    public static MainWindow open(Stage stage, RunSession session, WindowCommand.Settings settings, dev.loomscope.ui.observe.Attacher attacher) {
        StartupTrace.mark("building the window");
        var themes = new Themes();
        // The theme before the window's parts: the first control made with no theme chosen would have
        // JavaFX load its own default (Modena), for nothing.
        themes.apply(settings.look().dark(), settings.look().highContrast());
        // The window's largest FXML, the control panel's, loads on the other core meanwhile.
        var panel = ControlPanel.loadElsewhere();
        // The rest of the window's parts are made on a thread of their own while this one opens the stage:
        // GTK and the display server take about a tenth of a second to put a window on screen, and nodes
        // may be made on any thread until their scene is shown. Nothing else touches the session or the
        // themes until the parts are taken.
        dev.loomscope.ui.observe.Attacher observing = attacher == null ? localAttacher() : attacher;
        var parts = dev.loomscope.ui.fx.MadeElsewhere.start("loomscope-window-parts", () -> new MainWindow(session, themes, observing, panel));
        var layers = new StackPane();
        var scene = new Scene(layers, settings.look().width(), settings.look().height(),
                dev.loomscope.ui.theme.Palette.fx(dev.loomscope.ui.theme.Palette.of(settings.look().dark(), settings.look().highContrast()).background()));
        stage.setTitle("LoomScope");
        // Decoded in the background: the first frame need not wait for the icon.
        stage.getIcons().add(new Image(dev.loomscope.ui.theme.Themes.class.getResource("loomscope-icon.png").toExternalForm(), true));
        stage.setScene(scene);
        stage.setMinWidth(960);
        stage.setMinHeight(640);
        // Shown empty, in the theme's background, for as long as the parts take: no pulse draws it before they
        // join, as this thread waits for them.
        stage.show();
        StartupTrace.mark("stage shown");
        var window = parts.get();
        StartupTrace.mark("window built");
        stage.setOnHidden(e -> window.dispose());
        layers.getChildren().add(window);
        window.placeCards(layers);
        themes.install(scene, settings.look().dark(), settings.look().highContrast());
        themes.setPatterns(settings.look().patterns());
        window.installKeys();
        StartupTrace.mark("window in its scene");
        if (settings.run().preset() != null) {
            window.controls().loadPreset(settings.run().preset());
        } else if (settings.run().scenarios().isEmpty() && !settings.run().atStart() && settings.run().sweep() == null) {
            // Nothing chosen: a newcomer starts on the first experiment, not on blank settings.
            window.runs().openOnFirstPreset();
        } else {
            window.controls().load(settings.run().scenarios());
            // window --task-file: the compiled task is the workload, its code in the "Your task" tab.
            settings.run().scenarios().stream().map(dev.loomscope.scenario.Scenario::userTask).filter(java.util.Objects::nonNull).findFirst()
                    .ifPresent(window.tabs().task()::adopt);
        }
        if (settings.look().presentation()) {
            window.presentation().set(true);
        }
        // A script's picture or results are of the runs' end, not of a replay part-way.
        window.state().setPlaybackAfterRuns(!settings.script().scripted());
        if (settings.look().notes()) {
            window.toggleNotes();
        }
        if (settings.look().reducedMotion()) {
            window.setReducedMotion(true);
        }
        StartupTrace.mark("settings applied");
        window.start();
        window.tabs().show(settings.script().tab().spelling());
        if (settings.run().atStart()) {
            // Started by a script: nobody is there to predict.
            window.runs().runWithoutPredicting();
        }
        if (settings.run().sweep() != null) {
            window.tabs().startSweep(settings.run().sweep());
        }
        return window;
    }
}
