package dev.loomscope.engine;

import java.util.Arrays;

/**
 * How the run's lifecycle events reached this process: all of them, and how late. Latency is taken
 * per frame, from its oldest event being recorded in the runner to the frame being read here (both
 * on the machine's monotonic clock), so it is the worst case of each frame.
 */
public record Delivery(long eventsEmitted, long eventsReceived, double latencyP50Ms, double latencyP99Ms,
                       double latencyMaxMs, long eventsOverflowed) {

    public static final Delivery NONE = new Delivery(0, 0, 0, 0, 0, 0);

    public boolean complete() {
        return eventsEmitted == eventsReceived;
    }

    /** Collects per-frame latencies as frames arrive; one reader thread only. */
    static final class Meter {
        private long[] latencies = new long[256];
        private int count;

        void add(long nanos) {
            if (count == latencies.length) {
                latencies = Arrays.copyOf(latencies, count * 2);
            }
            latencies[count++] = nanos;
        }

        Delivery result(long emitted, long received, long overflowed) {
            if (count == 0) {
                return new Delivery(emitted, received, 0, 0, 0, overflowed);
            }
            long[] sorted = Arrays.copyOf(latencies, count);
            Arrays.sort(sorted);
            return new Delivery(emitted, received, percentile(sorted, 0.50), percentile(sorted, 0.99), sorted[count - 1] / 1e6,
                    overflowed);
        }

        private static double percentile(long[] sorted, double p) {
            return sorted[(int) Math.min(sorted.length - 1, Math.floor(p * sorted.length))] / 1e6;
        }
    }
}
