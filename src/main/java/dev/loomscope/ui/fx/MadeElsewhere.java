package dev.loomscope.ui.fx;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * A part of the window made on a thread of its own while the FX thread makes the others, taken with
 * {@link #get} when the window needs it. JavaFX lets nodes be made on any thread until their scene is
 * shown; not windows, so such a part makes no popup, stage or tooltip (see {@link Tooltips}) as it is
 * made. On two cores, the window's largest FXML files load this way in the time the FX thread takes
 * for the rest.
 */
public final class MadeElsewhere<T> implements Supplier<T> {

    private final CompletableFuture<T> made = new CompletableFuture<>();

    private MadeElsewhere() {
    }

    /** Starts making the part now, on a daemon thread of this name. */
    public static <T> MadeElsewhere<T> start(String name, Supplier<T> maker) {
        var part = new MadeElsewhere<T>();
        Thread.ofPlatform().name(name).daemon().start(() -> {
            try {
                part.made.complete(maker.get());
            } catch (Throwable e) {
                part.made.completeExceptionally(e);
            }
        });
        return part;
    }

    /**
     * The part's making, to hear of its end without waiting for it ({@link FxThread#whenDone}): the
     * part, or what failed to make it as it was thrown (a plain copy would wrap it in a CompletionException).
     */
    public CompletableFuture<T> making() {
        var making = new CompletableFuture<T>();
        made.whenComplete((part, failure) -> {
            if (failure != null) {
                making.completeExceptionally(failure);
            } else {
                making.complete(part);
            }
        });
        return making;
    }

    /** The part, waiting for it if it is still being made; what failed to make it is thrown as it was. */
    @Override
    public T get() {
        try {
            return made.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
