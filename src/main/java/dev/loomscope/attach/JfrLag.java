package dev.loomscope.attach;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;

/**
 * How late JFR's events reach this observer: for each event, the time it arrived here minus its end
 * time in the target. Both clocks are the machine's own wall clock when the target runs on this
 * machine; for a target elsewhere the figure also holds the difference between the two clocks.
 * Written by the stream's thread, read from any.
 */
public final class JfrLag {

    /** How far back "recent" looks: a few of the target's one-second flushes. */
    static final Duration RECENT = Duration.ofSeconds(5);
    private static final int KEPT = 8192;

    private final long[] lagMs = new long[KEPT];
    private final long[] arrivedMs = new long[KEPT];
    private long count;
    private long maxMs = Long.MIN_VALUE;
    /** Every lag seen, for the percentiles of the whole observation (a histogram by ms up to a minute). */
    private final long[] byMs = new long[60_001];

    /** An event that ended at {@code end} in the target has just arrived. */
    public void arrived(Instant end) {
        long now = System.currentTimeMillis();
        long lag = now - end.toEpochMilli();
        synchronized (this) {
            int slot = (int) (count++ % KEPT);
            lagMs[slot] = lag;
            arrivedMs[slot] = now;
            maxMs = Math.max(maxMs, lag);
            byMs[Math.clamp(lag, 0, byMs.length - 1)]++;
        }
    }

    /** The median lag of the events that arrived in the last few seconds, in seconds; negative before any. */
    public synchronized double recentSeconds() {
        long since = System.currentTimeMillis() - RECENT.toMillis();
        int n = (int) Math.min(count, KEPT);
        long[] recent = new long[n];
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (arrivedMs[i] >= since) {
                recent[kept++] = lagMs[i];
            }
        }
        if (kept == 0) {
            return -1;
        }
        long[] sorted = Arrays.copyOf(recent, kept);
        Arrays.sort(sorted);
        return sorted[kept / 2] / 1000.0;
    }

    /** The lags of the whole observation so far. */
    public synchronized Summary summary() {
        return new Summary(count, percentile(0.5), percentile(0.9), count == 0 ? 0 : maxMs);
    }

    private long percentile(double p) {
        if (count == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(p * count);
        long seen = 0;
        for (int ms = 0; ms < byMs.length; ms++) {
            seen += byMs[ms];
            if (seen >= rank) {
                return ms;
            }
        }
        return byMs.length - 1;
    }

    /** Events counted, and their lag in ms: median, 90th percentile, most. */
    public record Summary(long events, long medianMs, long p90Ms, long maxMs) {
    }
}
