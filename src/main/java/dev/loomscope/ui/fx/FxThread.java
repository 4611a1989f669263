package dev.loomscope.ui.fx;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.application.Platform;

/**
 * For code outside the FX thread that must ask it something (the benchmark, tests) or hand it a
 * result (a replay prepared in the background): one place that does it.
 */
public final class FxThread {

    private FxThread() {
    }

    /** Runs {@code work} on the FX thread and waits up to {@code seconds} for its result. */
    public static <T> T call(Supplier<T> work, int seconds) throws Exception {
        var done = new CompletableFuture<T>();
        Platform.runLater(() -> {
            try {
                done.complete(work.get());
            } catch (Throwable e) {
                done.completeExceptionally(e);
            }
        });
        return done.get(seconds, TimeUnit.SECONDS);
    }

    /** Runs {@code work} on the FX thread soon; as a method reference, the FX thread as an {@link java.util.concurrent.Executor}. */
    public static void later(Runnable work) {
        Platform.runLater(work);
    }
}
