package dev.loomscope.model;

/**
 * Tasks completed over time, in buckets that start at 1 ms and double in width (merging pairs)
 * whenever the run outgrows them, so an hour-long run costs no more memory than a second-long one.
 * The runner's reader thread adds; the UI reads a reduced copy. Both hold the lock only briefly.
 */
public final class CompletionCurve {

    static final int MAX_BUCKETS = 4_096;
    private static final long FIRST_BUCKET_NANOS = 1_000_000;

    private final int[] counts = new int[MAX_BUCKETS];
    private long bucketNanos = FIRST_BUCKET_NANOS;
    private int usedBuckets;
    private long total;

    /** Adds completions at the given times (ns since the run began). */
    public synchronized void addAll(long[] timesNanos, int n) {
        for (int i = 0; i < n; i++) {
            long t = Math.max(0, timesNanos[i]);
            while (t / bucketNanos >= MAX_BUCKETS) {
                halveResolution();
            }
            int bucket = (int) (t / bucketNanos);
            counts[bucket]++;
            usedBuckets = Math.max(usedBuckets, bucket + 1);
        }
        total += n;
    }

    private void halveResolution() {
        for (int i = 0; i < MAX_BUCKETS / 2; i++) {
            counts[i] = counts[2 * i] + counts[2 * i + 1];
        }
        java.util.Arrays.fill(counts, MAX_BUCKETS / 2, MAX_BUCKETS, 0);
        usedBuckets = (usedBuckets + 1) / 2;
        bucketNanos *= 2;
    }

    public synchronized long total() {
        return total;
    }

    /**
     * The cumulative curve as at most {@code maxPoints} (time ms, completed) points, starting from
     * (0, 0), each at the end of a stride of buckets (a stride is one bucket when few enough).
     */
    public synchronized Points points(int maxPoints) {
        int stride = Math.max(1, (usedBuckets + maxPoints - 1) / Math.max(1, maxPoints));
        int size = 1 + (usedBuckets + stride - 1) / stride;
        var times = new double[size];
        var completed = new double[size];
        long running = 0;
        int p = 1;
        for (int b = 0; b < usedBuckets; b++) {
            running += counts[b];
            if ((b + 1) % stride == 0 || b == usedBuckets - 1) {
                times[p] = (b + 1) * (double) bucketNanos / 1e6;
                completed[p] = running;
                p++;
            }
        }
        return new Points(times, completed, p);
    }

    /** A reduced copy of the curve: the first {@code size} entries of each array. */
    public record Points(double[] timesMs, double[] completed, int size) {
    }
}
