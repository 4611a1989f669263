package dev.loomscope.ui;

import dev.loomscope.launcher.RunStarter;
import dev.loomscope.model.RunSession;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.ui.app.LoomScopeApp;
import dev.loomscope.ui.app.WindowCommand;
import dev.loomscope.ui.observe.Attacher;
import dev.loomscope.ui.shell.MainWindow;
import java.time.Duration;
import javafx.stage.Stage;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The LoomScope window as the app opens it, on a stage of JavaFX's headless platform. Registered as a test's extension
 * ({@code @RegisterExtension final HeadlessWindow opened = new HeadlessWindow();}), it starts the toolkit before each test
 * and closes the stage after it.
 */
public final class HeadlessWindow implements BeforeEachCallback, AfterEachCallback {

    /** Within the 1000 x 1000 screen of JavaFX's headless platform. */
    public static final WindowCommand.Settings SETTINGS = WindowCommand.Settings.DEFAULT.withSize(980, 720);

    private Stage stage;
    private MainWindow window;

    /**
     * Opens the window on a new stage (from the test's thread), observing through {@code attacher} (null: this machine's JVMs),
     * and waits for its first frame, as a person first sees it: until a pulse has styled it, its split panes and tab panes
     * have no skins, and the views inside them cannot be looked up.
     */
    public MainWindow open(RunSession session, Attacher attacher) throws Exception {
        return shown(() -> {
            stage = new Stage();
            return LoomScopeApp.open(stage, session, SETTINGS, attacher);
        });
    }

    /**
     * Opens the window on {@code stage} in presentation mode, as a presenter has it on a projector but not full
     * screen (the headless platform's screen is small), each run's end shown rather than its slow-motion
     * playback (the geometry after the runs is what such tests look at). From the test's thread, once its first frame is shown.
     */
    public static MainWindow openOnStage(Stage stage, RunSession session, WindowCommand.Settings settings) throws Exception {
        return shown(() -> LoomScopeApp.open(stage, session, settings).thenApply(window -> {
            window.presentation().setFullScreen(false);
            window.presentation().set(true);
            window.state().setPlaybackAfterRuns(false);
            return window;
        }));
    }

    /**
     * Opens the window on a stage of its own, at the desk (not presentation mode) at the settings' size, each run's end
     * shown rather than its slow-motion playback; the stage is closed after the test. From the test's thread, once its
     * first frame is shown.
     */
    public MainWindow openAtTheDesk(RunSession session, WindowCommand.Settings settings) throws Exception {
        stage = Fx.call(Stage::new);
        return openAtTheDesk(stage, session, settings);
    }

    /** {@link #openAtTheDesk(RunSession, WindowCommand.Settings)} on {@code stage}, which the caller closes. */
    public static MainWindow openAtTheDesk(Stage stage, RunSession session, WindowCommand.Settings settings) throws Exception {
        return shown(() -> LoomScopeApp.open(stage, session, settings).thenApply(window -> {
            window.state().setPlaybackAfterRuns(false);
            return window;
        }));
    }

    /** The window {@code opening} (called on the FX thread) opens, once its first frame is shown. */
    private static MainWindow shown(java.util.function.Supplier<java.util.concurrent.CompletableFuture<MainWindow>> opening) throws Exception {
        MainWindow opened = Fx.call(opening).get(30, java.util.concurrent.TimeUnit.SECONDS);
        // As long as its making may take: in the suite's busiest minute on a slower 2-core machine a window made in time
        // painted its first frame more than 10 s later (the FX thread starved, not stuck).
        Fx.waitUntil("the window's first frame", Duration.ofSeconds(30), opened::firstFrameShown);
        return opened;
    }

    /** {@link #openOnStage(Stage, RunSession, WindowCommand.Settings)} on a stage of its own, closed after the test. */
    public MainWindow openOnStage(RunSession session, WindowCommand.Settings settings) throws Exception {
        stage = Fx.call(Stage::new);
        return openOnStage(stage, session, settings);
    }

    /**
     * Opens the window as the tests of its runs drive it: each test's run shown itself, not the
     * slow-motion playback after short runs (which has tests of its own).
     */
    public MainWindow openForRuns(RunSession session) throws Exception {
        window = open(session, null);
        Fx.run(() -> window.state().setPlaybackAfterRuns(false));
        return window;
    }

    /** {@link #openForRuns(RunSession)} on runs {@code runner} starts, observed as by default. */
    public MainWindow openForRuns(RunStarter runner) throws Exception {
        return openForRuns(new RunSession(runner, RunOptions.DEFAULT));
    }

    /** Leaves only {@code kind} ticked in the window {@link #openForRuns opened}, as a click on each box would. */
    public void chooseOnly(ExecutorKind kind) throws Exception {
        Fx.run(() -> chooseOnly(window, kind));
    }

    /** Leaves only {@code kind} ticked in {@code window}, as a click on each box would. On the FX thread. */
    public static void chooseOnly(MainWindow window, ExecutorKind kind) {
        for (ExecutorKind each : ExecutorKind.values()) {
            var box = new WindowProbe(window).controlPanel().executorBox(each);
            if (box.isSelected() != (each == kind)) {
                box.fire();
            }
        }
    }

    public Stage stage() {
        return stage;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        Fx.startToolkit();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        close();
    }

    /** Closes the stage, if one was opened. */
    public void close() throws Exception {
        if (stage != null) {
            Fx.run(stage::close);
        }
    }
}
