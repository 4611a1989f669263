package dev.loomscope.ui.app;

import dev.loomscope.model.window.WindowSize;
import dev.loomscope.ui.fx.FirstPaint;
import dev.loomscope.ui.fx.FxThread;
import dev.loomscope.ui.fx.MadeElsewhere;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.observe.Attacher;
import dev.loomscope.ui.presentation.PresentationMode;
import dev.loomscope.ui.shell.OpeningFrame;
import dev.loomscope.ui.theme.Palette;
import dev.loomscope.ui.controls.ControlPanel;
import dev.loomscope.ui.shell.MainWindow;
import dev.loomscope.ui.theme.Themes;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.launcher.Runner;
import dev.loomscope.model.RunSession;
import java.util.concurrent.CompletableFuture;
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
    /** Until the window has taken it: a stage closed while the window opened stops it here. */
    private RunSession session;

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
            fail(e);
        }
    }

    private static void fail(Throwable e) {
        LOG.log(System.Logger.Level.ERROR, Messages.text("cli.window-failed", e), e);
        WindowLaunch.ended(1);
        Platform.exit();
    }

    private void begin(Stage stage, WindowCommand.Settings settings) {
        session = new RunSession(new Runner(JvmLauncher.standard()), RunOptions.DEFAULT, RunSession.temporaryJfrFolder());
        // Each run starts once the window has finished what the last one's end set off (frames, JIT, GC).
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            session.settleBeforeEachRun(os::getProcessCpuTime);
        }
        // A full collection once each run has ended, between runs (never during one, in this process
        // or the runner's): the serial collector then gives back what the run's garbage made it grow
        // (-XX:MaxHeapFreeRatio), so the window stays the size of what it keeps through a talk.
        session.compactAfterEachRun(System::gc);
        open(stage, session, settings, null, () -> StartScript.openingPainted(StartScript.exitWhenShownAsked())).whenComplete((opened, failure) -> {
            if (opened != null) {
                opened(opened, settings);
            } else if (!(failure instanceof java.util.concurrent.CancellationException)) {
                fail(failure);
            }
        });
    }

    /** The window is in its scene: the app's part of it, then what the command line asked it to do. */
    private void opened(MainWindow opened, WindowCommand.Settings settings) {
        window = opened;
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
        } else if (session != null) {
            session.stop();
            session.deleteRecordings();
        }
    }

    /** The local machine's JVMs, as "Observe a running JVM" finds them. */
    private static Attacher localAttacher() {
        return Attacher.local(java.nio.file.Path.of(System.getProperty("java.io.tmpdir"),
                "loomscope-observe-" + ProcessHandle.current().pid()));
    }

    /** Opens the window on a stage ({@link #open(Stage, RunSession, WindowCommand.Settings, Attacher, Runnable)}). */
    public static CompletableFuture<MainWindow> open(Stage stage, RunSession session, WindowCommand.Settings settings) {
        return open(stage, session, settings, null, () -> {});
    }

    /** Opens the window on a stage, observing through {@code attacher} (null: this machine's JVMs). */
    public static CompletableFuture<MainWindow> open(Stage stage, RunSession session, WindowCommand.Settings settings, Attacher attacher) {
        return open(stage, session, settings, attacher, () -> {});
    }

    /**
     * Opens the window on a stage: the one way the app, the tests and the benchmarks open it. The stage
     * shows the {@link OpeningFrame} at once while the window's parts are made on two other threads
     * (nodes may be made on any thread until their scene is shown), and the window takes its place once
     * they are. The FX thread never waits for them: it paints the opening frame meanwhile.
     *
     * @param attacher       where "Observe a running JVM" finds JVMs and attaches (null: this machine's)
     * @param openingPainted run on the FX thread once the opening frame is painted
     * @return completes on the FX thread once the window is in its scene, its settings applied; or with
     *         what failed to make it; cancelled if the stage was closed first
     */
    public static CompletableFuture<MainWindow> open(Stage stage, RunSession session, WindowCommand.Settings settings, Attacher attacher,
                                                     Runnable openingPainted) {
        StartupTrace.mark("building the window");
        var themes = new Themes();
        // The theme before the window's parts: the first control made with no theme chosen would have
        // JavaFX load its own default (Modena), for nothing.
        themes.apply(settings.look().dark(), settings.look().highContrast());
        // The scene and the opening frame before the threads that make the parts start: two threads that
        // first use a JavaFX class and its helper each from its own end (Scene and SceneHelper) wait for
        // each other for ever, and these are the FX thread's first uses.
        var layers = new StackPane(new OpeningFrame());
        var scene = new Scene(layers, settings.look().width(), settings.look().height(),
                Palette.fx(Palette.of(settings.look().dark(), settings.look().highContrast()).background()));
        themes.dress(scene);
        // The window's largest FXML, the control panel's, loads on one thread, the rest of its parts on
        // another. Nothing else touches the session or the themes until the parts are taken.
        var panel = ControlPanel.loadElsewhere();
        Attacher observing = attacher == null ? localAttacher() : attacher;
        var parts = MadeElsewhere.start("loomscope-window-parts", () -> new MainWindow(session, themes, observing, panel));
        stage.setTitle(OpeningFrame.NAME);
        // Decoded in the background: the first frame need not wait for the icon.
        stage.getIcons().add(new Image(Themes.class.getResource("loomscope-icon.png").toExternalForm(), true));
        stage.setScene(scene);
        stage.setMinWidth(WindowSize.SMALLEST.width());
        stage.setMinHeight(WindowSize.SMALLEST.height());
        if (settings.look().presentation()) {
            // On stage from the first frame, not only once the window has joined it.
            PresentationMode.openOnStage(stage);
        }
        stage.show();
        StartupTrace.mark("stage shown");
        FirstPaint.then(layers, () -> {
            StartupTrace.mark("opening frame painted");
            openingPainted.run();
        });
        var opened = new CompletableFuture<MainWindow>();
        FxThread.whenDone(parts.making(), (window, failure) -> {
            if (failure != null) {
                opened.completeExceptionally(failure);
            } else if (!stage.isShowing()) {
                // Closed while it opened: nothing was started yet, and nothing will show it.
                window.dispose();
                opened.cancel(false);
            } else {
                try {
                    takeTheStage(window, stage, layers, themes, settings);
                    opened.complete(window);
                } catch (RuntimeException | Error e) {
                    opened.completeExceptionally(e);
                }
            }
        });
        return opened;
    }

    /** The window, made, in the opening frame's place, as the settings ask. */
    private static void takeTheStage(MainWindow window, Stage stage, StackPane layers, Themes themes, WindowCommand.Settings settings) {
        StartupTrace.mark("window built");
        stage.setOnHidden(e -> window.dispose());
        layers.getChildren().setAll(window);
        window.placeCards(layers);
        themes.install(stage.getScene(), settings.look().dark(), settings.look().highContrast());
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
    }
}
