package dev.loomscope.ui;

import java.util.Arrays;

/**
 * JavaFX's headless screen is 1000 x 1000 pixels, and a window bigger than that overflows its pixel
 * buffer when painted (HeadlessWindow.blit throws on the FX thread, after layout and drawing are
 * done). While quieted, only that failure is kept quiet; any other goes to the FX thread's usual handler.
 */
public final class HeadlessScreenOverflow {

    private Thread.UncaughtExceptionHandler usual;

    /** Keeps the overflow quiet until {@link #restore}. */
    public void quiet() throws Exception {
        Fx.run(() -> {
            var thread = Thread.currentThread();
            if (usual == null) {
                usual = thread.getUncaughtExceptionHandler();
            }
            var previous = usual;
            thread.setUncaughtExceptionHandler((t, error) -> {
                boolean overflow = error instanceof IndexOutOfBoundsException && Arrays.stream(error.getStackTrace())
                        .anyMatch(frame -> frame.getClassName().equals("com.sun.glass.ui.headless.HeadlessWindow") && frame.getMethodName().equals("blit"));
                if (!overflow) {
                    previous.uncaughtException(t, error);
                }
            });
        });
    }

    /** The FX thread's usual handler back, if {@link #quiet} replaced it. */
    public void restore() throws Exception {
        if (usual != null) {
            var previous = usual;
            usual = null;
            Fx.run(() -> Thread.currentThread().setUncaughtExceptionHandler(previous));
        }
    }
}
