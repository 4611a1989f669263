package dev.loomscope.ui.views;

import dev.loomscope.ui.fx.PaintTurns;

/**
 * When a view may repaint while a run streams in: no more often than its minimum interval, and
 * rarely enough that painting takes at most a set share of the time, and not in a frame another view
 * redrew in ({@link PaintTurns}) unless it has waited {@link #MAX_INTERVAL_NANOS}. The window shares two cores with the run it measures, so a view
 * that costs 5 ms to paint must not repaint every frame.
 */
final class RepaintBudget {

    private final long minIntervalNanos;
    private final double share;
    private long lastStart = Long.MIN_VALUE / 2;
    private long lastCost;
    private final PaintTurns turns;

    /** @param turns the turns this view shares with the others drawn in the same frames */
    RepaintBudget(long minIntervalNanos, double share, PaintTurns turns) {
        this.minIntervalNanos = minIntervalNanos;
        this.share = share;
        this.turns = turns;
    }

    /** A view never waits longer than this, however slow its last paint (the first ones, before the JIT, are). */
    static final long MAX_INTERVAL_NANOS = 200_000_000L;

    boolean due(long nowNanos) {
        // Another view's turn, unless this one has waited its longest: frames far apart under load, or reduced motion's
        // steps (every view due in the same frame), must not leave it waiting for a free frame for ever.
        if (!turns.free(nowNanos, this) && nowNanos - lastStart < MAX_INTERVAL_NANOS) {
            return false;
        }
        return nowNanos - lastStart >= Math.min(MAX_INTERVAL_NANOS, Math.max(minIntervalNanos, (long) (lastCost / share)));
    }

    /**
     * @param frameNanos  the frame's time, on the same clock {@link #due} is asked with
     * @param costNanos   how long the paint took
     */
    void painted(long frameNanos, long costNanos) {
        lastStart = frameNanos;
        lastCost = costNanos;
        turns.took(frameNanos, this);
    }
}
