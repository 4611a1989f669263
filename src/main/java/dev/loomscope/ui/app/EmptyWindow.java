package dev.loomscope.ui.app;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;

/**
 * The yardstick of {@code startup-bench}: the smallest JavaFX program with a window, started plainly
 * ({@code java -cp loomscope.jar dev.loomscope.ui.app.EmptyWindow}: JavaFX's and the JVM's own
 * defaults). A stage with an empty scene of the window's default size, which says it is shown
 * exactly as the window does, once its first frame is painted ({@link dev.loomscope.ui.fx.FirstPaint},
 * the one LoomScope class it loads), then closes.
 * Not an Application itself: the java launcher refuses one whose JavaFX is on the class path.
 */
public final class EmptyWindow {

    /** The window's default size ({@code WindowCommand.Settings.DEFAULT}); constants, so that the yardstick loads no LoomScope class but its own and FirstPaint's. */
    static final int WIDTH = 1440;
    static final int HEIGHT = 900;

    private EmptyWindow() {
    }

    public static void main(String[] args) {
        Application.launch(Shown.class, args);
    }

    /**
     * Ends JavaFX now, or, when the benchmark set {@code LOOMSCOPE_EXIT_WHEN_SHOWN} to
     * {@value dev.loomscope.bench.StartupBenchmark#AFTER_INPUT}, once standard input ends (it reads
     * the process's threads from /proc in between); the FX thread never waits for it. Shared with the
     * window ({@link StartScript}); its constants are inlined, so the yardstick loads no more of
     * LoomScope's classes for it.
     */
    static void exitAsAsked() {
        if (!dev.loomscope.bench.StartupBenchmark.AFTER_INPUT.equals(System.getenv(dev.loomscope.bench.StartupBenchmark.EXIT_WHEN_SHOWN))) {
            Platform.exit();
            return;
        }
        Thread.ofPlatform().daemon().name("exit-after-input").start(() -> {
            try {
                System.in.transferTo(java.io.OutputStream.nullOutputStream());
            } catch (java.io.IOException closed) {
                // Ended either way.
            }
            Platform.exit();
        });
    }

    /** The empty window. */
    public static final class Shown extends Application {
        @Override
        public void start(Stage stage) {
            var root = new Pane();
            stage.setScene(new Scene(root, WIDTH, HEIGHT));
            stage.show();
            dev.loomscope.ui.fx.FirstPaint.then(root, () -> {
                System.out.println(StartScript.SHOWN_LINE);
                System.out.flush();
                exitAsAsked();
            });
        }
    }
}
