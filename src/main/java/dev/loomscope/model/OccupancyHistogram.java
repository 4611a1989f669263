package dev.loomscope.model;

import java.util.Arrays;

/**
 * Busy time per lane, kind and time bucket, kept as segments arrive, so a whole-run view of a
 * million-task run is drawn from a few thousand buckets instead of millions of segments. A segment
 * costs O(1) to add (partial edges plus a difference array for the buckets it fully covers);
 * buckets start at 50 µs and double in width, merging pairs, when the run outgrows them.
 *
 * <p>The writer (the runner's reader thread) and the UI both lock it, each for a short while. A
 * series gets its arrays with its first segment (a lane is rarely busy in all three ways), and a
 * finished run's histogram is {@linkplain #freeze() frozen} to the busy time of its used buckets:
 * a session keeps a dozen runs, and their growable form was most of the window's model memory.
 */
final class OccupancyHistogram {

    static final int BUCKETS = 4_096;
    private static final long FIRST_BUCKET_NANOS = 50_000;

    private final int series;
    /** Busy ns inside partly covered buckets, per series (lane * kinds + kind); null until the series' first segment. */
    private long[][] partial;
    /** +1 where a run of fully covered buckets starts, -1 after it ends; null like {@code partial}. */
    private int[][] fullStarts;
    /** Once frozen: busy ns per used bucket, per series (null for a series that never had a segment). */
    private long[][] frozen;
    /** Busy ns per bucket of one series, recomputed under the lock. */
    private long[] scratch = new long[BUCKETS];
    private long bucketNanos = FIRST_BUCKET_NANOS;
    private int usedBuckets;

    OccupancyHistogram(int series) {
        this.series = series;
        this.partial = new long[series][];
        this.fullStarts = new int[series][];
    }

    synchronized void add(int seriesIndex, long startNanos, long endNanos) {
        if (endNanos <= startNanos || startNanos < 0) {
            return;
        }
        if (frozen != null) {
            thaw();
        }
        while (endNanos / bucketNanos >= BUCKETS) {
            halveResolution();
        }
        long w = bucketNanos;
        int first = (int) (startNanos / w);
        int last = (int) (endNanos / w);
        usedBuckets = Math.max(usedBuckets, last + 1);
        long[] part = partial[seriesIndex];
        if (part == null) {
            part = partial[seriesIndex] = new long[BUCKETS];
            fullStarts[seriesIndex] = new int[BUCKETS + 1];
        }
        if (first == last) {
            part[first] += endNanos - startNanos;
            return;
        }
        part[first] += (first + 1) * w - startNanos;
        part[last] += endNanos - last * w;
        if (last > first + 1) {
            fullStarts[seriesIndex][first + 1]++;
            fullStarts[seriesIndex][last]--;
        }
    }

    /**
     * Keeps only each series' busy time per used bucket: the same figures in a fraction of the
     * memory. The run has ended: a segment added after all thaws it first.
     */
    synchronized void freeze() {
        if (frozen != null) {
            return;
        }
        long[][] busy = new long[series][];
        for (int s = 0; s < series; s++) {
            if (partial[s] != null) {
                busyPerBucket(s, scratch);
                busy[s] = Arrays.copyOf(scratch, usedBuckets);
            }
        }
        frozen = busy;
        partial = null;
        fullStarts = null;
        scratch = null;
    }

    /** Back to the growable form, should a segment come after all (the figures are the same). */
    private void thaw() {
        partial = new long[series][];
        fullStarts = new int[series][];
        for (int s = 0; s < series; s++) {
            if (frozen[s] != null) {
                partial[s] = Arrays.copyOf(frozen[s], BUCKETS);
                fullStarts[s] = new int[BUCKETS + 1];
            }
        }
        frozen = null;
        scratch = new long[BUCKETS];
    }

    private void halveResolution() {
        long[] busy = scratch;
        for (int s = 0; s < series; s++) {
            long[] part = partial[s];
            if (part == null) {
                continue;
            }
            busyPerBucket(s, busy);
            for (int j = 0; j < BUCKETS / 2; j++) {
                part[j] = busy[2 * j] + busy[2 * j + 1];
            }
            Arrays.fill(part, BUCKETS / 2, BUCKETS, 0);
            Arrays.fill(fullStarts[s], 0);
        }
        bucketNanos *= 2;
        usedBuckets = (usedBuckets + 1) / 2;
    }

    /** Series s's busy ns per bucket into {@code busy}; false if the series never had a segment. Before freezing only. */
    private boolean busyPerBucket(int s, long[] busy) {
        if (partial[s] == null) {
            return false;
        }
        int covering = 0;
        for (int b = 0; b < BUCKETS; b++) {
            if (b > usedBuckets) {
                busy[b] = 0;
                continue;
            }
            covering += fullStarts[s][b];
            busy[b] = partial[s][b] + covering * bucketNanos;
        }
        return true;
    }

    synchronized long bucketNanos() {
        return bucketNanos;
    }

    /**
     * Adds each series' busy ns over [fromNanos, toNanos) into {@code out[s * columns + c]}, spreading
     * a bucket's busy time evenly over the columns it overlaps; only the first {@code seriesShown} series.
     */
    synchronized void busyPerColumn(long fromNanos, long toNanos, int columns, double[] out, int seriesShown) {
        double columnNanos = (double) (toNanos - fromNanos) / columns;
        int firstBucket = (int) Math.max(0, fromNanos / bucketNanos);
        int lastBucket = (int) Math.min(usedBuckets - 1L, (toNanos - 1) / bucketNanos);
        for (int s = 0; s < Math.min(series, seriesShown); s++) {
            long[] busy;
            if (frozen != null) {
                busy = frozen[s];
            } else {
                busy = busyPerBucket(s, scratch) ? scratch : null;
            }
            if (busy == null) {
                continue;
            }
            int base = s * columns;
            for (int b = firstBucket; b <= lastBucket; b++) {
                if (busy[b] == 0) {
                    continue;
                }
                double bucketStart = b * (double) bucketNanos;
                double bucketEnd = bucketStart + bucketNanos;
                double density = busy[b] / (double) bucketNanos;
                double x0 = Math.max(0, (bucketStart - fromNanos) / columnNanos);
                double x1 = Math.min(columns, (bucketEnd - fromNanos) / columnNanos);
                for (int c = (int) x0; c < columns && c < x1; c++) {
                    double overlap = Math.min(c + 1, x1) - Math.max(c, x0);
                    out[base + c] += density * overlap * columnNanos;
                }
            }
        }
    }
}
