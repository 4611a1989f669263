package dev.loomscope.ui.fx;

/**
 * One big redraw a frame, among the views that share these turns. The views that redraw while a run streams in (the
 * task waves, the carrier lanes, the completion chart) draw on the FX thread, and JavaFX's renderer then paints what
 * they changed before the next frame can begin. Two of them in one frame kept the renderer busy past the next frame's
 * start, and that frame came late (docs/performance.md, frame times). So the first one due in a frame takes it, and
 * the others wait for the next, within a bound each view sets: frames far apart under load, or reduced motion's
 * steps (every view due in the same frame), must not keep one waiting for ever. A new run, or a new size, is shown at
 * once, and takes the frame. FX thread only.
 */
public final class PaintTurns {

    private long frame = Long.MIN_VALUE;
    private Object taker;

    /** Whether {@code who} may redraw in the frame of {@code frameNanos}: no other view redrew in it. */
    public boolean free(long frameNanos, Object who) {
        return frameNanos != frame || taker == who;
    }

    /** {@code who} redrew in the frame of {@code frameNanos}. */
    public void took(long frameNanos, Object who) {
        frame = frameNanos;
        taker = who;
    }
}
