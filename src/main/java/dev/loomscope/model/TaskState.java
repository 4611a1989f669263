package dev.loomscope.model;

/**
 * What a task is doing, as one byte per task so a million-task run costs a megabyte. The low bits
 * hold the state; {@link #PINNED_FLAG} marks a task JFR saw pinned (it arrives about a second late,
 * so it stays on the task after it ends).
 */
public final class TaskState {

    /** Not handed to the executor yet. */
    public static final byte PENDING = 0;
    /** Submitted, waiting for a thread. */
    public static final byte QUEUED = 1;
    /** Running on a thread (for virtual threads: mounted on a carrier). */
    public static final byte RUNNING = 2;
    /** In its blocking call: a virtual thread let go of its carrier, a platform thread holds its thread. */
    public static final byte WAITING = 3;
    public static final byte DONE = 4;
    public static final byte FAILED = 5;
    /** Interrupted by its scope's cancellation, or never started because the scope was cancelled first; or still under way when the run was stopped or its runner JVM died. */
    public static final byte CANCELLED = 6;
    public static final int STATES = 7;

    public static final byte PINNED_FLAG = 0x08;
    private static final byte STATE_MASK = 0x07;

    /** How many palette entries a renderer needs: every state, with and without the pinned flag. */
    public static final int PALETTE_SIZE = 16;

    private TaskState() {
    }

    public static byte state(byte value) {
        return (byte) (value & STATE_MASK);
    }

    public static boolean pinned(byte value) {
        return (value & PINNED_FLAG) != 0;
    }
}
