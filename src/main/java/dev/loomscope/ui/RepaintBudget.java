package dev.loomscope.ui;

/**
 * When a view may repaint while a run streams in: no more often than its minimum interval, and
 * rarely enough that painting takes at most a set share of the time. The window shares two cores
 * with the run it measures, so a view that costs 5 ms to paint must not repaint every frame.
 */
final class RepaintBudget {

    private final long minIntervalNanos;
    private final double share;
    private long lastStart = Long.MIN_VALUE / 2;
    private long lastCost;

    RepaintBudget(long minIntervalNanos, double share) {
        this.minIntervalNanos = minIntervalNanos;
        this.share = share;
    }

    boolean due(long nowNanos) {
        return nowNanos - lastStart >= Math.max(minIntervalNanos, (long) (lastCost / share));
    }

    void painted(long startNanos, long endNanos) {
        lastStart = startNanos;
        lastCost = endNanos - startNanos;
    }

    /** Forgets the last paint, so the next one is due at once (a resize, a new run). */
    void reset() {
        lastStart = Long.MIN_VALUE / 2;
    }

    long lastCostNanos() {
        return lastCost;
    }
}
