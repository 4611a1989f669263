package dev.loomscope.model.observe;

/** Why an observation ended. Whatever the reason, the data gathered until then is kept. */
public enum ObservationEnd {
    /** The requested duration passed. */
    DURATION_REACHED,
    /** Stopped by the user: Ctrl+C, or Stop in the window. */
    STOPPED,
    /** The target JVM exited, or its connection broke, while it was observed. */
    TARGET_EXITED,
    /** Observing failed in another way; the snapshot's {@code endMessage} says how. */
    FAILED
}
