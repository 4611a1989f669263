package dev.loomscope.ui.app;

import dev.loomscope.ui.controls.ControlPanel;
import dev.loomscope.ui.export.SavedFile;
import dev.loomscope.ui.fx.StartupTrace;
import dev.loomscope.ui.shell.MainWindow;
import dev.loomscope.ui.theme.Themes;
import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.launcher.Runner;
import dev.loomscope.model.RunSession;
import java.nio.file.Path;
import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/** The LoomScope window as a JavaFX application. */
public final class LoomScopeApp extends Application {

    // Application.launch builds the instance itself, so the command line's settings are handed over here.
    private static final java.util.concurrent.CompletableFuture<WindowCommand.Settings> SETTINGS = new java.util.concurrent.CompletableFuture<>();
    private static Thread toolkit;
    private static volatile int exitCode;

    private MainWindow window;

    /**
     * Starts JavaFX while the command line is still being read: reading the window's options takes
     * picocli about 0.1 s (its classes predate the JVM's start-up cache), the toolkit twice that,
     * and on two cores the two overlap. The window is built once {@link #launchWindow} hands over
     * the settings; if the command line is refused instead, the process exits with nothing shown.
     */
    public static synchronized void startToolkit() {
        if (toolkit == null) {
            quietDuringStartup();
            DrawingPipeline.choose();
            toolkit = Thread.ofPlatform().name("javafx-launch").start(LoomScopeApp::launchOrSayWhy);
        }
    }

    /** JavaFX that cannot start (a display that cannot be reached, GTK missing) ends the process with its reason and status 1. */
    private static void launchOrSayWhy() {
        try {
            Application.launch(LoomScopeApp.class);
        } catch (RuntimeException | Error e) {
            System.err.println("LoomScope could not start JavaFX for its window: " + e);
            exitCode = 1;
        }
    }

    /** Opens the window with these settings and returns once it has closed. */
    public static void launchWindow(WindowCommand.Settings chosen) {
        startToolkit();
        SETTINGS.complete(chosen);
        try {
            toolkit.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // JUL holds loggers weakly: keep this one, or its level is forgotten.
    private static final java.util.logging.Logger JAVAFX_LOG = java.util.logging.Logger.getLogger("javafx");

    /**
     * The runnable jar carries JavaFX on the class path, so the toolkit warns at start-up that it
     * is "unsupported" (it works, and is tested, this way). The warning is hidden while the toolkit
     * starts; JavaFX's other warnings (CSS, layout) still show afterwards.
     */
    static void quietDuringStartup() {
        JAVAFX_LOG.setLevel(java.util.logging.Level.SEVERE);
    }

    static void startupDone() {
        JAVAFX_LOG.setLevel(null);
    }

    /** 0, or 1 if JavaFX could not start, the window could not be built, or a screenshot asked for could not be saved. */
    public static int exitCode() {
        return exitCode;
    }

    @Override
    public void start(Stage stage) {
        StartupTrace.mark("toolkit up");
        startupDone();
        SETTINGS.thenAccept(settings -> Platform.runLater(() -> beginOrExit(stage, settings)));
    }

    /** A window that cannot be built says why and ends the process: with nothing on screen, nobody could close it. */
    private void beginOrExit(Stage stage, WindowCommand.Settings settings) {
        try {
            begin(stage, settings);
        } catch (RuntimeException | Error e) {
            System.err.println("LoomScope could not open its window: " + e);
            e.printStackTrace();
            exitCode = 1;
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
        // The session's run starter exists now, at the usual priority; the window's own threads step down
        // below it once the first frame is on screen (the frame need not wait; a runner JVM takes longer
        // than that to start, and starts from the run starter's priority whenever it does).
        window.afterFirstFrame(GiveWayToRuns::apply);
        if (exitWhenShownAsked()) {
            exitWhenShown();
        } else if (settings.observe().observes()) {
            observeThen(window, settings);
        } else if (settings.script().race()) {
            boolean closes = settings.script().screenshot() != null || settings.script().results() != null;
            raceWhenDone(window, closes ? () -> finishScript(window, settings) : null);
        } else if (settings.script().record() != null) {
            whenDone(window, -1, () -> recordReplay(window, settings));
        } else if (settings.script().screenshot() != null || settings.script().results() != null) {
            int afterMs = settings.script().screenshot() != null ? settings.script().screenshotAfterMs() : -1;
            whenDone(window, afterMs, repeating(window, settings.script().repeat(), afterMs, () -> finishScript(window, settings)));
        } else if (settings.run().atStart() && settings.script().repeat() > 1) {
            whenDone(window, -1, repeating(window, settings.script().repeat(), -1, () -> { }));
        }
    }

    /** What a round's end does: says so on stdout (benchmarks follow it), runs the next round, or after the last, {@code then}. */
    private static Runnable repeating(MainWindow window, int rounds, int afterMs, Runnable then) {
        return new Runnable() {
            private int done;

            @Override
            public void run() {
                done++;
                if (rounds > 1) {
                    System.out.println("loomscope: round " + done + " of " + rounds + " done");
                }
                if (done >= rounds) {
                    then.run();
                } else {
                    window.runs().runWithoutPredicting();
                    whenDone(window, afterMs, this);
                }
            }
        };
    }

    /** Whether a start-up benchmark or the AOT cache's training run started the window (see {@link dev.loomscope.bench.StartupBenchmark#EXIT_WHEN_SHOWN}). */
    static boolean exitWhenShownAsked() {
        return "1".equals(System.getenv(dev.loomscope.bench.StartupBenchmark.EXIT_WHEN_SHOWN));
    }

    /**
     * For start-up benchmarks: one line on stdout once the first frame has been drawn, then close.
     * A pulse waits for the render of the one before it, so the second pulse after {@code show()}
     * comes once the first frame is on screen.
     */
    private void exitWhenShown() {
        new AnimationTimer() {
            private int pulses;

            @Override
            public void handle(long now) {
                if (++pulses == 2) {
                    StartupTrace.mark("first frame on screen");
                    stop();
                    System.out.println("loomscope: window shown");
                    System.out.flush();
                    Platform.exit();
                }
            }
        }.start();
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
        var window = new MainWindow(session, themes, attacher == null ? localAttacher() : attacher, panel);
        StartupTrace.mark("window built");
        var layers = new StackPane(window);
        window.placeCards(layers);
        var scene = new Scene(layers, settings.look().width(), settings.look().height());
        themes.install(scene, settings.look().dark(), settings.look().highContrast());
        themes.setPatterns(settings.look().patterns());
        window.installKeys();
        if (settings.run().preset() != null) {
            window.controls().loadPreset(settings.run().preset());
        } else if (settings.run().scenarios().isEmpty() && !settings.run().atStart() && settings.run().sweep() == null) {
            // Nothing chosen: a newcomer starts on the first experiment, not on blank settings.
            window.runs().openOnFirstPreset();
        } else {
            window.controls().load(settings.run().scenarios());
        }
        stage.setTitle("LoomScope");
        // Decoded in the background: the first frame need not wait for the icon.
        stage.getIcons().add(new Image(dev.loomscope.ui.theme.Themes.class.getResource("loomscope-icon.png").toExternalForm(), true));
        stage.setScene(scene);
        stage.setMinWidth(960);
        stage.setMinHeight(640);
        stage.setOnHidden(e -> window.dispose());

        stage.show();
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

    /**
     * Waits for the runs to end and JFR's late events to land (or, with {@code afterMs} of 0 or
     * more, for that long into the runs), then does {@code then}.
     */
    private static void whenDone(MainWindow window, int afterMs, Runnable then) {
        new AnimationTimer() {
            private final long startedAt = System.nanoTime();
            private long idleSince = -1;

            @Override
            public void handle(long now) {
                if (afterMs >= 0) {
                    if (System.nanoTime() - startedAt >= afterMs * 1_000_000L) {
                        stop();
                        then.run();
                    }
                    return;
                }
                if (window.session().isRunning()) {
                    idleSince = -1;
                    return;
                }
                if (idleSince < 0) {
                    idleSince = now;
                }
                // JFR flushes once a second: wait for its last batch so pins appear in the picture.
                if (now - idleSince > 2_500_000_000L) {
                    stop();
                    then.run();
                }
            }
        }.start();
    }

    /**
     * The command line's --observe: attaches; with --screenshot, takes the picture that long after
     * observing began (or once the target has exited), then stops observing and closes. An attach
     * that fails says why and exits 1.
     */
    private static void observeThen(MainWindow window, WindowCommand.Settings settings) {
        window.observing().attach(settings.observe().pid());
        long afterNanos = (settings.script().screenshotAfterMs() >= 0 ? settings.script().screenshotAfterMs() : 5_000) * 1_000_000L;
        new AnimationTimer() {
            private long observedSince = -1;

            @Override
            public void handle(long now) {
                var observing = window.observing();
                if (!observing.attachErrorProperty().get().isEmpty()) {
                    stop();
                    System.err.println("loomscope: " + observing.attachErrorProperty().get());
                    exitCode = 1;
                    if (settings.script().screenshot() != null) {
                        Platform.exit();
                    }
                    return;
                }
                if (observing.observed() == null || settings.script().screenshot() == null) {
                    if (observing.observed() != null) {
                        stop();
                    }
                    return;
                }
                if (observedSince < 0) {
                    observedSince = now;
                }
                if (now - observedSince >= afterNanos || observing.observed().observation().ended() && now - observedSince > 1_500_000_000L) {
                    stop();
                    window.exports().saveScreenshot(settings.script().screenshot(), settings.script().scale(), saved -> {
                        System.out.println("Saved " + saved.toAbsolutePath());
                        // Closing stops the observation and waits for its recording in the target to close.
                        close(window);
                    }).exceptionally(error -> {
                        failScript(error);
                        return null;
                    });
                }
            }
        }.start();
    }

    /** Once the runs are done, races the last two at 0.25x; at the race's end, {@code then} (a picture), if given. */
    private static void raceWhenDone(MainWindow window, Runnable then) {
        new AnimationTimer() {
            private boolean raced;
            private long startedAt;

            @Override
            public void handle(long now) {
                if (!raced && !window.session().isRunning()) {
                    raced = true;
                    window.replays().race();
                    window.playback().setSpeed(0.25);
                    startedAt = now;
                } else if (raced && window.playback().race() == null && now - startedAt > 10_000_000_000L) {
                    // The race never started (fewer than two finished runs): say so and stop waiting.
                    stop();
                    System.err.println("loomscope: no race: " + window.bannerMessage());
                    exitCode = 1;
                    Platform.exit();
                } else if (raced && window.playback().race() != null && !window.playback().isPlaying()) {
                    stop();
                    if (then != null) {
                        then.run();
                    }
                }
            }
        }.start();
    }

    /** Once the runs are done: records the shown run's slow-motion replay, saves it (then the results, if asked) and closes. */
    private static void recordReplay(MainWindow window, WindowCommand.Settings settings) {
        window.exports().setStampRunCard(settings.script().stampCard());
        dev.loomscope.ui.export.ReplayClip.record(window.exports(), window.playback(), window.replays()::replay, settings.script().recordView().viewName(),
                settings.script().record(), settings.script().recordsGif() ? dev.loomscope.ui.export.ClipRecorder.Format.GIF : dev.loomscope.ui.export.ClipRecorder.Format.PNG_SEQUENCE)
                .thenAccept(saved -> dev.loomscope.ui.fx.FxThread.later(() -> {
                    System.out.println("Saved " + saved.toAbsolutePath());
                    saveResultsAndClose(window, settings.script().results());
                })).exceptionally(error -> failScript(error));
    }

    /** The end of a scripted window: the picture, then the results, each if asked for; then it closes. */
    private static void finishScript(MainWindow window, WindowCommand.Settings settings) {
        if (settings.script().screenshot() == null) {
            saveResultsAndClose(window, settings.script().results());
            return;
        }
        if (settings.script().follow() > 0 && window.shownRun() != null) {
            // The picture shows the task followed: its card once its life has been read, its outlines.
            window.follower().follow(window.shownRun(), Math.min(settings.script().follow(), window.shownRun().scenario().tasks()) - 1);
            new AnimationTimer() {
                private final long since = System.nanoTime();

                @Override
                public void handle(long now) {
                    if (window.follower().lifecycle() != null || now - since > 10_000_000_000L) {
                        stop();
                        // Two more pulses: the card and the outlines are laid out and drawn.
                        dev.loomscope.ui.fx.FxThread.later(() -> dev.loomscope.ui.fx.FxThread.later(() -> takeScreenshot(window, settings)));
                    }
                }
            }.start();
            return;
        }
        takeScreenshot(window, settings);
    }

    private static void takeScreenshot(MainWindow window, WindowCommand.Settings settings) {
        window.exports().saveScreenshot(settings.script().screenshot(), settings.script().scale(), saved -> {
            System.out.println("Saved " + saved.toAbsolutePath());
            saveResultsAndClose(window, settings.script().results());
        }).exceptionally(error -> {
            failScript(error);
            return null;
        });
    }

    private static void saveResultsAndClose(MainWindow window, Path results) {
        if (results == null) {
            close(window);
            return;
        }
        window.exports().saveResults(results, false).thenAccept(saved -> dev.loomscope.ui.fx.FxThread.later(() -> {
            System.out.println("Saved " + saved.toAbsolutePath());
            close(window);
        })).exceptionally(error -> failScript(error));
    }

    private static Void failScript(Throwable error) {
        System.err.println(SavedFile.problem(error));
        exitCode = 1;
        dev.loomscope.ui.fx.FxThread.later(Platform::exit);
        return null;
    }

    private static void close(MainWindow window) {
        // A script must hear about a run that failed, not only about a file that could not be saved.
        for (var run : window.session().history()) {
            if (run.result() != null && run.result().outcome() == dev.loomscope.result.RunResult.Outcome.FAILED) {
                System.err.println(run.title() + " failed: " + run.result().message());
                exitCode = 1;
            }
        }
        window.dispose();
        Platform.exit();
    }
}
