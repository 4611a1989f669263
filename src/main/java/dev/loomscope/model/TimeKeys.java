package dev.loomscope.model;

import java.util.Arrays;
import java.util.function.IntToLongFunction;

/**
 * Sorting a run's events by time without boxing them: each becomes one long, its time in microseconds above its index
 * ({@code micros << 24 | index}, 39 bits of time, about 6 days, above 24 bits of index, 16.7 million), so a plain sort of
 * longs orders them by time and, within a microsecond, in the order they came. The recording, the pin log and the pins'
 * naming at a run's end sort so.
 */
final class TimeKeys {

    private static final int INDEX_BITS = 24;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;

    private TimeKeys() {
    }

    /** The key of event {@code index} at {@code timeNanos} (times before zero count as zero). */
    static long key(long timeNanos, int index) {
        return Math.max(0, timeNanos) / 1_000 << INDEX_BITS | index;
    }

    /** A key above every key of {@code timeNanos}'s microsecond: binary search for it finds the last event at or before then. */
    static long after(long timeNanos) {
        return Math.max(0, timeNanos) / 1_000 << INDEX_BITS | INDEX_MASK;
    }

    /** A key below every key of {@code timeNanos}'s microsecond: binary search for it finds the first event of then. */
    static long before(long timeNanos) {
        return (Math.max(0, timeNanos) / 1_000 << INDEX_BITS) - 1;
    }

    static int index(long key) {
        return (int) (key & INDEX_MASK);
    }

    static long micros(long key) {
        return key >>> INDEX_BITS;
    }

    /** The indices {@code 0..size-1} in time order; ties in the order they came. */
    static int[] order(int size, IntToLongFunction timeNanos) {
        if (size > INDEX_MASK + 1) {
            // Past what an index can hold in a key: the same order, boxed.
            return java.util.stream.IntStream.range(0, size).boxed()
                    .sorted(java.util.Comparator.comparingLong(i -> Math.max(0, timeNanos.applyAsLong(i)) / 1_000))
                    .mapToInt(Integer::intValue).toArray();
        }
        long[] keys = new long[size];
        for (int i = 0; i < size; i++) {
            keys[i] = key(timeNanos.applyAsLong(i), i);
        }
        Arrays.sort(keys);
        int[] order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = index(keys[i]);
        }
        return order;
    }
}
