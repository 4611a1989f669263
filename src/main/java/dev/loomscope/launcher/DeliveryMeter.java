package dev.loomscope.launcher;

import dev.loomscope.result.Delivery;
import java.util.Arrays;

/** Collects per-frame event latencies as frames arrive, for the run's {@link Delivery}; one reader thread only. */
final class DeliveryMeter {
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
