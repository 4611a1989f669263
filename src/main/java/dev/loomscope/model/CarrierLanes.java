package dev.loomscope.model;

import dev.loomscope.scenario.Scenario;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What each thread that runs tasks was doing over time: for virtual threads one lane per carrier,
 * for platform executors one lane per thread, or per group of threads when there are more than
 * {@link #MAX_LANES} (a pool of 200, a thread per task). Segments are built from measured events
 * only: running (mounted, from start or resume to block or end), held (a platform thread blocked
 * while keeping its thread) and pinned (a virtual thread that kept its carrier while blocked, as
 * JFR reported it). Anything else is idle.
 *
 * <p>One writer (the runner's reader thread) appends; the UI reads concurrently. Arrays are replaced
 * before the count that covers them is published, so a reader that reads the count first always
 * sees arrays at least that long.
 */
public final class CarrierLanes {

    public static final int RUNNING = 0;
    public static final int HELD = 1;
    public static final int PINNED = 2;
    public static final int KINDS = 3;
    public static final int MAX_LANES = 24;

    private final int expectedThreads;
    /** Grows past the carriers asked for when the scheduler adds carriers (compensating for held ones), up to {@link #MAX_LANES}. */
    private volatile int laneCount;
    /** The lanes there is room for: the expected ones, or for virtual threads all {@link #MAX_LANES}, so added carriers get lanes. */
    private final int laneRoom;
    private final boolean virtual;
    private final Map<Long, Integer> ordinalOfThread = new HashMap<>();
    private final int[] threadsInLane;

    private long[] starts = new long[1_024];
    private long[] ends = new long[1_024];
    private byte[] lanes = new byte[1_024];
    private byte[] kinds = new byte[1_024];
    private volatile int count;
    private final OccupancyHistogram histogram;
    /** Scratch space of the reading (UI) thread, kept between frames. */
    private double[] histogramColumns;

    public CarrierLanes(Scenario scenario) {
        this.virtual = scenario.executor().isVirtual();
        this.expectedThreads = Math.max(1, switch (scenario.executor()) {
            case VIRTUAL, VIRTUAL_LIMITED, STRUCTURED -> scenario.carriers();
            case FIXED, FORKJOIN -> Math.min(scenario.pool(), scenario.tasks());
            case SINGLE -> 1;
            case PLATFORM -> scenario.tasks();
        });
        this.laneCount = Math.min(MAX_LANES, expectedThreads);
        this.laneRoom = virtual ? MAX_LANES : laneCount;
        this.threadsInLane = new int[laneRoom];
        // A series gets its arrays with its first segment: room for lanes never used costs a null each.
        this.histogram = new OccupancyHistogram(laneRoom * KINDS);
    }

    public int laneCount() {
        return laneCount;
    }

    public boolean isVirtual() {
        return virtual;
    }

    /** Whether a lane stands for several threads. */
    public boolean aggregated() {
        return expectedThreads > laneCount;
    }

    /** Lanes of carriers the scheduler added beyond those asked for (0 unless it compensated for held carriers). */
    public int addedLanes() {
        return Math.max(0, laneCount - expectedThreads);
    }

    /** Threads seen in the lane so far (the divisor of its occupancy). */
    public int threadsInLane(int lane) {
        return threadsInLane[lane];
    }

    /** "carrier 1", "thread 7", "threads 11-15". */
    public String laneName(int lane) {
        if (lane >= expectedThreads) {
            return dev.loomscope.text.Text.get("lanes.added-carrier", lane + 1);
        }
        // The ordinals o with floor(o * lanes / threads) == lane, counted from 1, over the lanes the run began with.
        int lanes = Math.min(MAX_LANES, expectedThreads);
        int first = (int) Math.ceilDiv((long) lane * expectedThreads, lanes) + 1;
        int last = (int) Math.min(expectedThreads, Math.ceilDiv((long) (lane + 1) * expectedThreads, lanes));
        String noun = virtual ? "carrier" : "thread";
        return first == last ? noun + " " + first : noun + "s " + first + "-" + last;
    }

    /** The lane of a thread, by the order threads were first seen. Writer thread only. */
    int laneOf(long threadId) {
        Integer ordinal = ordinalOfThread.get(threadId);
        if (ordinal == null) {
            ordinal = ordinalOfThread.size();
            ordinalOfThread.put(threadId, ordinal);
            threadsInLane[laneForOrdinal(ordinal)]++;
            if (ordinal >= laneCount && ordinal < laneRoom && !aggregated()) {
                // A carrier the scheduler added: its own lane, published after its count.
                laneCount = ordinal + 1;
            }
        }
        return laneForOrdinal(ordinal);
    }

    /** The lane of a thread already seen, or -1 (JFR may name a carrier no task event named yet). */
    int knownLaneOf(long threadId) {
        Integer ordinal = ordinalOfThread.get(threadId);
        return ordinal == null ? -1 : laneForOrdinal(ordinal);
    }

    private int laneForOrdinal(int ordinal) {
        int lanes = Math.min(MAX_LANES, expectedThreads);
        if (virtual && lanes == expectedThreads) {
            // A lane per carrier, added ones too, up to the room there is; past it they share the last lane.
            return Math.min(laneRoom - 1, ordinal);
        }
        // More threads than expected (a ForkJoinPool compensating, say) share the last lane.
        return (int) Math.min(lanes - 1, (long) ordinal * lanes / expectedThreads);
    }

    /** Appends a segment. Writer thread only. */
    void add(int lane, int kind, long startNanos, long endNanos) {
        if (endNanos < startNanos || lane < 0) {
            return;
        }
        int n = count;
        if (n == starts.length) {
            int size = Math.max(1_024, n * 2);
            starts = Arrays.copyOf(starts, size);
            ends = Arrays.copyOf(ends, size);
            lanes = Arrays.copyOf(lanes, size);
            kinds = Arrays.copyOf(kinds, size);
        }
        starts[n] = startNanos;
        ends[n] = endNanos;
        lanes[n] = (byte) lane;
        kinds[n] = (byte) kind;
        count = n + 1;
        histogram.add(lane * KINDS + kind, startNanos, endNanos);
    }

    /**
     * The run has ended: its segments and histogram shrink to what they hold, and the drawing
     * scratch goes (a run in the history is rarely drawn again). Writer thread, after the last add.
     */
    void trim() {
        int n = count;
        // Worth a copy only with room to give back; each array stays at least as long as the count a reader may have read.
        if (starts.length - n > n / 8) {
            starts = Arrays.copyOf(starts, n);
            ends = Arrays.copyOf(ends, n);
            lanes = Arrays.copyOf(lanes, n);
            kinds = Arrays.copyOf(kinds, n);
        }
        histogram.freeze();
        histogramColumns = null;
    }

    public int segmentCount() {
        return count;
    }

    /**
     * Occupancy per lane, kind and pixel column over [fromNanos, toNanos): the fraction of the
     * lane's threads busy that way during the column's time, 0 to 1. Laid out as
     * {@code out[(lane * KINDS + kind) * columns + column]}; {@code out} is reused when big enough.
     * Views as wide as the histogram's buckets or wider read the histogram; zoomed further in,
     * the segments themselves.
     */
    public float[] occupancy(long fromNanos, long toNanos, int columns, float[] out) {
        int laneCount = this.laneCount; // read once: a carrier may be added meanwhile
        int size = laneCount * KINDS * columns;
        float[] bins = out != null && out.length >= size ? out : new float[size];
        Arrays.fill(bins, 0, size, 0f);
        if (columns <= 0 || toNanos <= fromNanos) {
            return bins;
        }
        double columnNanos = (double) (toNanos - fromNanos) / columns;
        if (columnNanos >= histogram.bucketNanos()) {
            double[] kept = histogramColumns; // read once: the writer drops it when the run ends
            double[] busy = kept != null && kept.length >= size ? kept : new double[size];
            histogramColumns = busy;
            Arrays.fill(busy, 0, size, 0);
            histogram.busyPerColumn(fromNanos, toNanos, columns, busy, laneCount * KINDS);
            for (int i = 0; i < size; i++) {
                bins[i] = (float) (busy[i] / columnNanos);
            }
            return normalise(bins, columns, laneCount);
        }
        return normalise(binSegments(fromNanos, toNanos, columns, bins, laneCount), columns, laneCount);
    }

    /** Column shares from every segment: exact, and proportional to the run's length. */
    private float[] binSegments(long fromNanos, long toNanos, int columns, float[] bins, int laneCount) {
        int n = count;
        long[] s = starts;
        long[] e = ends;
        byte[] l = lanes;
        byte[] k = kinds;
        double columnNanos = (double) (toNanos - fromNanos) / columns;
        for (int i = 0; i < n; i++) {
            long from = Math.max(s[i], fromNanos);
            long to = Math.min(e[i], toNanos);
            if (to <= from || l[i] >= laneCount) {
                continue;
            }
            int base = (l[i] * KINDS + k[i]) * columns;
            double x0 = (from - fromNanos) / columnNanos;
            double x1 = (to - fromNanos) / columnNanos;
            int c0 = (int) x0;
            int c1 = Math.min(columns - 1, (int) x1);
            if (c0 == c1) {
                bins[base + c0] += (float) (x1 - x0);
                continue;
            }
            bins[base + c0] += (float) (c0 + 1 - x0);
            for (int c = c0 + 1; c < c1; c++) {
                bins[base + c] += 1f;
            }
            bins[base + c1] += (float) (x1 - c1);
        }
        return bins;
    }

    /** From busy columns of the lane to a share of its threads, 0 to 1. */
    private float[] normalise(float[] bins, int columns, int laneCount) {
        for (int lane = 0; lane < laneCount; lane++) {
            float threads = Math.max(1, threadsInLane[lane]);
            int from = lane * KINDS * columns;
            for (int i = from; i < from + KINDS * columns; i++) {
                bins[i] = Math.min(1f, bins[i] / threads);
            }
        }
        return bins;
    }

    /** Time of the last segment's end, ns since the run began (0 if none). */
    public long lastEndNanos() {
        int n = count;
        long[] e = ends;
        long last = 0;
        for (int i = Math.max(0, n - 4_096); i < n; i++) {
            last = Math.max(last, e[i]);
        }
        return last;
    }
}
