package dev.loomscope.ui.fx;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.application.Platform;

/**
 * The one way work crosses to the FX thread: a result computed in the background handed over
 * ({@link #whenDone}, {@link #later}), or code outside the FX thread asking it something ({@link #call}).
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

    /** Hands {@code future}'s outcome to {@code then} on the FX thread, once it is done. */
    public static <T> void whenDone(CompletableFuture<T> future, java.util.function.BiConsumer<? super T, ? super Throwable> then) {
        future.whenComplete((value, error) -> later(() -> then.accept(value, error)));
    }

    /** Runs {@code work} on the FX thread soon; as a method reference, the FX thread as an {@link java.util.concurrent.Executor}. */
    public static void later(Runnable work) {
        Platform.runLater(work);
    }
}
