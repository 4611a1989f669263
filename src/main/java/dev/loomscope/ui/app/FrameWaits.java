package dev.loomscope.ui.app;

import dev.loomscope.ui.shell.MainWindow;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongPredicate;

/** What a start script waits for, each looked at once a frame by the window's frame loop: futures of the frame's time. */
final class FrameWaits {

    private final MainWindow window;

    FrameWaits(MainWindow window) {
        this.window = window;
    }

    /** The first frame at which {@code done} (given the frame's time) holds. */
    CompletableFuture<Long> until(LongPredicate done) {
        var reached = new CompletableFuture<Long>();
        window.watchFrames(now -> {
            if (done.test(now)) {
                reached.complete(now);
                return true;
            }
            return false;
        });
        return reached;
    }

    /** The first frame {@code ms} from now. */
    CompletableFuture<Long> after(long ms) {
        long startedAt = System.nanoTime();
        return until(now -> System.nanoTime() - startedAt >= ms * 1_000_000L);
    }

    /**
     * Once the runs have ended and JFR's late events have landed (or, with {@code afterMs} of 0 or
     * more, that long from now, into the runs).
     */
    CompletableFuture<Long> runsDone(int afterMs) {
        if (afterMs >= 0) {
            return after(afterMs);
        }
        long[] idleSince = {-1};
        return until(now -> {
            if (window.session().isRunning()) {
                idleSince[0] = -1;
                return false;
            }
            if (idleSince[0] < 0) {
                idleSince[0] = now;
            }
            // JFR flushes once a second: wait for its last batch so pins appear in the picture.
            return now - idleSince[0] > 2_500_000_000L;
        });
    }

    /**
     * Once {@code rounds} rounds of runs are done, each waited for as {@link #runsDone}; each round's end is said on
     * stdout (benchmarks follow it) and starts the next.
     */
    CompletableFuture<Long> rounds(int rounds, int afterMs) {
        return round(1, rounds, afterMs);
    }

    private CompletableFuture<Long> round(int round, int rounds, int afterMs) {
        return runsDone(afterMs).thenCompose(now -> {
            if (rounds > 1) {
                // Read by startup-bench (it waits for "round "): a signal, not a sentence, so not in the bundle.
                System.out.println("loomscope: round " + round + " of " + rounds + " done");
            }
            if (round >= rounds) {
                return CompletableFuture.completedFuture(now);
            }
            window.runs().runWithoutPredicting();
            return round(round + 1, rounds, afterMs);
        });
    }
}
