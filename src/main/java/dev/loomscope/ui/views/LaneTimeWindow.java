package dev.loomscope.ui.views;

/**
 * The stretch of a run the carrier lanes show, in ns since the run began. It follows the whole run
 * as it grows until the user zooms or pans; zooming keeps the time under the pointer where it is, no
 * closer than 0.1 ms and no further out than twice the run; panning stops at the run's ends.
 */
final class LaneTimeWindow {

    static final long MIN_SPAN_NANOS = 100_000;

    private long from;
    private long to = 1_000_000_000L;
    private boolean followLive = true;

    long from() {
        return from;
    }

    long to() {
        return to;
    }

    /** Zooms by {@code factor} (below 1 zooms in) around {@code share} of the way across the window; {@code runEnd}: the run's end. */
    void zoom(double factor, double share, long runEnd) {
        double at = from + (to - from) * Math.clamp(share, 0, 1);
        long oldSpan = to - from;
        long span = Math.clamp((long) (oldSpan * factor), MIN_SPAN_NANOS, Math.max(MIN_SPAN_NANOS, 2 * runEnd));
        long newFrom = (long) (at - (at - from) * ((double) span / oldSpan));
        set(newFrom, newFrom + span, runEnd);
    }

    /** Moves the window by {@code share} of its span (positive: later). */
    void pan(double share, long runEnd) {
        long shift = (long) (share * (to - from));
        set(from + shift, to + shift, runEnd);
    }

    /** Shows [0, {@code toNanos}) and keeps to it (a race: both lanes on the race's clock); whether that changed anything. */
    boolean showUpTo(long toNanos) {
        long end = Math.max(MIN_SPAN_NANOS * 10, toNanos);
        if (from != 0 || to != end || followLive) {
            from = 0;
            to = end;
            followLive = false;
            return true;
        }
        return false;
    }

    /** Follows the whole run again. */
    void followRun() {
        followLive = true;
    }

    /** While it follows the run: the whole of it so far ({@code runEnd}, or a second before any run). */
    void fit(long runEnd) {
        if (followLive) {
            from = 0;
            to = Math.max(MIN_SPAN_NANOS * 10, runEnd);
        }
    }

    private void set(long newFrom, long newTo, long runEnd) {
        long span = newTo - newFrom;
        from = Math.clamp(newFrom, 0, Math.max(0, runEnd - span / 2));
        to = from + span;
        followLive = false;
    }
}
