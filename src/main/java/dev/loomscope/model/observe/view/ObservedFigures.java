package dev.loomscope.model.observe.view;

import dev.loomscope.model.observe.ObservationSnapshot;
import dev.loomscope.model.observe.SchedulerSample;
import dev.loomscope.model.observe.ThreadBucket;
import java.util.List;

/**
 * The figures the window shows of an observation, each as measured: nothing here is estimated
 * beyond what the snapshot holds.
 *
 * @param elapsedMs        how long it has been observed
 * @param startsPerSecond  virtual threads started per second over the last {@link #RATE_WINDOW_MS} before the last
 *                         {@link #JFR_LAG_MS} (JFR streams its events in batches, a second or two late), or over all of it while shorter; -1 before any time passed
 * @param alive            virtual threads alive (the baseline thread dump plus starts minus ends), or -1 before any bucket
 * @param aliveKnown       whether a thread dump at the start gave the baseline (otherwise alive counts only threads started since)
 * @param latest           the latest scheduler reading, or null (no MXBean, or none yet)
 * @param pinnedEvents     pins in all
 * @param pinnedMs         carrier time they held
 * @param submitFailed     submit failures in all
 */
public record ObservedFigures(long elapsedMs, double startsPerSecond, long alive, boolean aliveKnown, SchedulerSample latest,
                              long pinnedEvents, double pinnedMs, long submitFailed) {

    public static final long RATE_WINDOW_MS = 5_000;
    public static final long JFR_LAG_MS = 2_000;

    public static ObservedFigures of(ObservationSnapshot s) {
        return new ObservedFigures(s.elapsedMs(), startsPerSecond(s.threadBuckets(), s.bucketMs(), s.elapsedMs()),
                s.threadBuckets().isEmpty() ? -1 : s.threadBuckets().getLast().alive(), s.aliveBaseline() >= 0, s.latestSchedulerSample(),
                s.pinnedEvents(), s.pinnedMs(), s.submitFailed());
    }

    /** Starts per second in the window [elapsed - lag - 5 s, elapsed - lag), whole buckets; over everything while it is shorter than that. */
    static double startsPerSecond(List<ThreadBucket> buckets, long bucketMs, long elapsedMs) {
        if (elapsedMs <= 0 || buckets.isEmpty()) {
            return -1;
        }
        if (elapsedMs < RATE_WINDOW_MS + JFR_LAG_MS) {
            return buckets.stream().mapToLong(ThreadBucket::started).sum() * 1000.0 / elapsedMs;
        }
        long to = (elapsedMs - JFR_LAG_MS) / bucketMs * bucketMs;
        long from = Math.max(0, to - Math.max(RATE_WINDOW_MS, bucketMs));
        long started = 0;
        for (ThreadBucket b : buckets) {
            if (b.startMs() >= from && b.startMs() < to) {
                started += b.started();
            }
        }
        return to > from ? started * 1000.0 / (to - from) : -1;
    }
}
