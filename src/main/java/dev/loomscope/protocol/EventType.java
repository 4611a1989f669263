package dev.loomscope.protocol;

/** What happened to one task. The code is the byte sent on the wire, so never reorder. */
public enum EventType {
    /** The submitting thread handed the task to the executor. */
    SUBMITTED,
    /** A thread began running the task. */
    STARTED,
    /** The task is about to block (sleep, monitor, native frame, class init). */
    BLOCKED,
    /** The task returned from its blocking call. */
    RESUMED,
    /** The task ran to its end. */
    FINISHED,
    /** The task threw. */
    FAILED,
    /** The task was interrupted (a structured scope cancelled, or the run stopped), or never started because its scope was cancelled. */
    CANCELLED;

    private static final EventType[] BY_CODE = values();

    /** Whether this event ends its task: it finished, failed or was cancelled. */
    public boolean endsTask() {
        return this == FINISHED || this == FAILED || this == CANCELLED;
    }

    public byte code() {
        return (byte) ordinal();
    }

    public static EventType ofCode(int code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new ProtocolException("unknown event code " + code);
        }
        return BY_CODE[code];
    }
}
