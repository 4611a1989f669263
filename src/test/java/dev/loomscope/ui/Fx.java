package dev.loomscope.ui;

import dev.loomscope.testing.Poll;
import dev.loomscope.ui.fx.FxThread;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;
import javafx.stage.Stage;
import javafx.stage.Window;

/** Runs test code on the FX thread of JavaFX's headless platform (set for every test JVM in the pom). */
public final class Fx {

    private Fx() {
    }

    /** Starts the toolkit, once per JVM; every stage shown on it from then on is {@linkplain #unpainted unpainted}. */
    public static void startToolkit() throws Exception {
        var started = new CompletableFuture<Void>();
        try {
            Platform.startup(() -> {
                Window.getWindows().addListener((ListChangeListener<Window>) shown -> {
                    while (shown.next()) {
                        shown.getAddedSubList().forEach(window -> {
                            if (window instanceof Stage stage) {
                                unpainted(stage);
                            }
                        });
                    }
                });
                started.complete(null);
            });
        } catch (IllegalStateException alreadyRunning) {
            started.complete(null);
        }
        started.get(10, TimeUnit.SECONDS);
        Platform.setImplicitExit(false);
    }

    /**
     * Keeps a shown test stage from being painted, by iconifying it: JavaFX paints no minimized
     * window, and painting one on the headless platform copies each frame into its 1000 x 1000
     * screen a pixel at a time, allocating a buffer view per pixel (three quarters of the test JVM's
     * CPU samples in a profile of the suite). Layout, CSS, pulses, events and {@code snapshot()} all
     * go on as before; the tests that need the painted window start the app itself
     * ({@code ScriptedScreenshotTest}). The listener calls it for every stage as it is shown, before
     * the pulse that would paint it. A resize still costs paints (the platform restores the window
     * first), so tests open their windows at the sizes they check: {@code ComparisonChartsOnStageTest}'s
     * resizes were 9 % of the window tests' samples in a profile.
     */
    private static void unpainted(Stage stage) {
        stage.setIconified(true);
        // The platform takes a new size as the window restored: iconified again at once, before the pulse paints.
        ChangeListener<Number> resized = (property, before, now) -> {
            stage.setIconified(false);
            stage.setIconified(true);
        };
        stage.widthProperty().addListener(resized);
        stage.heightProperty().addListener(resized);
    }

    /** Presses {@code key} on {@code scene}, as the keyboard delivers it to the window's key handlers (call on the FX thread). */
    public static void press(javafx.scene.Scene scene, javafx.scene.input.KeyCode key, boolean shift) {
        javafx.event.Event.fireEvent(scene.getRoot(), new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_PRESSED, "", "", key, shift,
                false, false, false));
    }

    /** Runs {@code work} on the FX thread and returns its result. */
    public static <T> T call(Supplier<T> work) throws Exception {
        return FxThread.call(work, 30);
    }

    public static void run(Runnable work) throws Exception {
        call(() -> {
            work.run();
            return null;
        });
    }

    /** Polls {@code condition} on the FX thread until it holds; fails with {@code what} after the timeout. */
    public static void waitUntil(String what, Duration timeout, BooleanSupplier condition) throws Exception {
        // A node not there yet (its control's skin is made on the next pulse) is a condition that does not hold yet.
        Poll.until(what, timeout, Duration.ofMillis(50), () -> call(() -> {
            try {
                return condition.getAsBoolean();
            } catch (NodeProbe.Missing notYet) {
                return false;
            }
        }));
    }

    /**
     * Waits for {@code count} pulses of the toolkit, then lays the scene out: what changed settles
     * as it would on screen (split panes place their dividers a pass after the one that sized them).
     */
    public static void settle(javafx.scene.Scene scene, int count) throws Exception {
        var done = new CompletableFuture<Void>();
        run(() -> new javafx.animation.AnimationTimer() {
            private int seen;

            @Override
            public void handle(long now) {
                scene.getRoot().applyCss();
                scene.getRoot().layout();
                if (++seen >= count) {
                    stop();
                    done.complete(null);
                }
            }
        }.start());
        done.get(10, TimeUnit.SECONDS);
    }
}
