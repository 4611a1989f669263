package dev.loomscope.model;

import java.util.Arrays;

/**
 * The values a slider stops at, in order: task counts on a 1-2-5 logarithmic scale from 10 to a
 * million, pool sizes that include the classic 4 and 200, and so on. A slider moves over the
 * indices, so it cannot produce a value outside the list.
 */
public record SliderSteps(int... values) {

    public static final SliderSteps TASKS = new SliderSteps(10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000,
            20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000);
    public static final SliderSteps POOL = new SliderSteps(1, 2, 3, 4, 6, 8, 10, 16, 20, 32, 50, 64, 100, 128, 200, 256,
            500, 1_000, 2_000);
    public static final SliderSteps PERMITS = new SliderSteps(1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000);
    public static final SliderSteps SLEEP_MS = new SliderSteps(0, 1, 2, 5, 10, 20, 50, 100, 200, 300, 500, 1_000, 2_000, 5_000);
    /** 0: every task at once; above: the web experiment's connections. */
    public static final SliderSteps CONNECTIONS = new SliderSteps(0, 1, 2, 5, 10, 20, 40, 50, 100, 200, 500, 1_000);
    public static final SliderSteps CPU_MS = new SliderSteps(0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000);

    public SliderSteps {
        values = values.clone();
        if (values.length == 0) {
            throw new IllegalArgumentException("a slider needs at least one step");
        }
        for (int i = 1; i < values.length; i++) {
            if (values[i] <= values[i - 1]) {
                throw new IllegalArgumentException("steps must increase: " + Arrays.toString(values));
            }
        }
    }

    /** Steps 1, 2, ... max: a linear slider (carriers). */
    public static SliderSteps upTo(int max) {
        int[] values = new int[max];
        Arrays.setAll(values, i -> i + 1);
        return new SliderSteps(values);
    }

    public int size() {
        return values.length;
    }

    public int valueAt(int index) {
        return values[Math.clamp(index, 0, values.length - 1)];
    }

    /** The index of the step nearest to {@code value} (ties go to the lower step). */
    public int indexOf(int value) {
        int best = 0;
        for (int i = 1; i < values.length; i++) {
            if (Math.abs((long) values[i] - value) < Math.abs((long) values[best] - value)) {
                best = i;
            }
        }
        return best;
    }

    public int min() {
        return values[0];
    }

    public int max() {
        return values[values.length - 1];
    }

    @Override
    public int[] values() {
        return values.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SliderSteps other && Arrays.equals(values, other.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "SliderSteps" + Arrays.toString(values);
    }
}
