package dev.loomscope.recording;

import dev.loomscope.recording.RecordingSummary.DurationBin;
import dev.loomscope.recording.RecordingSummary.PinnedThread;
import dev.loomscope.recording.RecordingSummary.SecondBucket;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The recording's own figures, added up as its events stream by: per-second counts in arrays sized
 * once from the chunk headers, a fixed set of duration bins, and one small tally per pinned thread
 * (bounded). Nothing per event is kept. Not thread-safe: one reading thread fills it.
 */
final class RecordingTally {

    /** The most buckets a recording gets; longer recordings get wider buckets. */
    static final int MAX_BUCKETS = 100_000;
    /** Pinned threads tallied one by one; pins of threads beyond these still count everywhere else. */
    static final int THREADS_COUNTED = 100_000;
    static final int THREADS_SHOWN = 20;
    /** The pin-duration bins' bounds in ms: under 1 ms, 1-2, 2-5, ..., 5 s and longer. */
    static final double[] BIN_BOUNDS_MS = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000};

    private final long startNanos;
    private final long bucketNanos;
    private final long[] started;
    private final long[] ended;
    private final long[] pins;
    private final double[] pinnedMs;
    private int bucketsUsed;
    private final long[] bins = new long[BIN_BOUNDS_MS.length + 1];
    private final Map<Long, ThreadPins> threads = new HashMap<>();
    private boolean threadsCapped;

    private static final class ThreadPins {
        final String name;
        long pins;
        double ms;

        ThreadPins(String name) {
            this.name = name;
        }
    }

    RecordingTally(long startNanos, long endNanos) {
        this.startNanos = startNanos;
        long seconds = Math.max(1, (endNanos - startNanos + 999_999_999L) / 1_000_000_000L);
        long bucketSeconds = Math.max(1, (seconds + MAX_BUCKETS - 1) / MAX_BUCKETS);
        this.bucketNanos = bucketSeconds * 1_000_000_000L;
        int n = (int) (seconds / bucketSeconds + 1);
        started = new long[n];
        ended = new long[n];
        pins = new long[n];
        pinnedMs = new double[n];
    }

    long bucketSeconds() {
        return bucketNanos / 1_000_000_000L;
    }

    private int bucket(long nanos) {
        int index = Math.clamp((nanos - startNanos) / bucketNanos, 0, started.length - 1);
        bucketsUsed = Math.max(bucketsUsed, index + 1);
        return index;
    }

    void started(long nanos) {
        started[bucket(nanos)]++;
    }

    void ended(long nanos) {
        ended[bucket(nanos)]++;
    }

    void pinned(long nanos, double ms, long threadId, String threadName) {
        int b = bucket(nanos);
        pins[b]++;
        pinnedMs[b] += ms;
        int bin = 0;
        while (bin < BIN_BOUNDS_MS.length && ms >= BIN_BOUNDS_MS[bin]) {
            bin++;
        }
        bins[bin]++;
        ThreadPins thread = threads.get(threadId);
        if (thread == null) {
            if (threads.size() == THREADS_COUNTED) {
                threadsCapped = true;
                return;
            }
            thread = new ThreadPins(threadName);
            threads.put(threadId, thread);
        }
        thread.pins++;
        thread.ms += ms;
    }

    /** Every bucket up to {@code durationNanos} (or the last one with an event), so quiet seconds show as zeros. */
    List<SecondBucket> seconds(long durationNanos) {
        int n = (int) Math.min(started.length, Math.max(bucketsUsed, (durationNanos + bucketNanos - 1) / bucketNanos));
        var list = new ArrayList<SecondBucket>(n);
        for (int i = 0; i < n; i++) {
            list.add(new SecondBucket(i * bucketNanos / 1_000_000, started[i], ended[i], pins[i], pinnedMs[i]));
        }
        return list;
    }

    List<DurationBin> durations() {
        var list = new ArrayList<DurationBin>();
        for (int i = 0; i < bins.length; i++) {
            list.add(new DurationBin(i == 0 ? 0 : BIN_BOUNDS_MS[i - 1], i < BIN_BOUNDS_MS.length ? BIN_BOUNDS_MS[i] : Double.POSITIVE_INFINITY, bins[i]));
        }
        return list;
    }

    List<PinnedThread> mostPinned() {
        return threads.entrySet().stream()
                .map(e -> new PinnedThread(e.getKey(), e.getValue().name, e.getValue().pins, e.getValue().ms))
                .sorted(Comparator.comparingDouble(PinnedThread::pinnedMs).reversed().thenComparing(PinnedThread::threadId))
                .limit(THREADS_SHOWN).toList();
    }

    boolean threadsCapped() {
        return threadsCapped;
    }
}
