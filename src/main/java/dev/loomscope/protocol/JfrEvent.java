package dev.loomscope.protocol;

/**
 * A JDK Flight Recorder event forwarded from the runner, placed on the run's timeline.
 *
 * @param kind               {@link #PINNED}, {@link #SUBMIT_FAILED}, {@link #GC}, {@link #VTHREAD_START}, {@link #VTHREAD_END}
 * @param timeNanos          when it began, in ns since the run began (the lifecycle events' clock)
 * @param durationNanos      how long it lasted (0 for instant events)
 * @param threadId           the thread it happened on (the virtual thread, for pinning), -1 if none
 * @param carrierId          the carrier it pinned, -1 if not applicable
 * @param reason             pinnedReason (for example "Native or VM frame on stack"), or the GC cause
 * @param blockingOperation  what the pinned thread was doing (for example "Thread.sleep")
 * @param stackTrace         top frames, one per line, or empty
 */
public record JfrEvent(String kind, long timeNanos, long durationNanos, long threadId, long carrierId, String reason,
                       String blockingOperation, String stackTrace) {

    public static final String PINNED = "pinned";
    public static final String SUBMIT_FAILED = "submit-failed";
    public static final String GC = "gc";
    public static final String VTHREAD_START = "vthread-start";
    public static final String VTHREAD_END = "vthread-end";
}
