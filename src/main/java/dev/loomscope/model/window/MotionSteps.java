package dev.loomscope.model.window;

/**
 * Reduced motion, for people whom movement on screen distracts or unsettles: what would animate
 * (the task waves filling, the lanes growing, a replay) changes instead in steps
 * {@link #STEP_NANOS} apart. Off, every frame that paints the run is a step.
 */
public final class MotionSteps {

    public static final long STEP_NANOS = 500_000_000L;
    private boolean reduced;
    private long lastStepNanos;
    private boolean stepped;

    public void setReduced(boolean on) {
        reduced = on;
        stepped = false;
    }

    public boolean reduced() {
        return reduced;
    }

    /** Whether the frame at {@code nowNanos} that would paint the run ({@code live}) draws it. */
    public boolean due(long nowNanos, boolean live) {
        if (!live) {
            return false;
        }
        if (!reduced) {
            return true;
        }
        if (stepped && nowNanos - lastStepNanos < STEP_NANOS) {
            return false;
        }
        stepped = true;
        lastStepNanos = nowNanos;
        return true;
    }
}
