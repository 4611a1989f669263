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
 * @param count              how many events this one stands for: 1, or for {@link #VTHREAD_START} and {@link #VTHREAD_END}
 *                           all those the runner collected since it last sent (at the last one's time; no thread)
 */
public record JfrEvent(String kind, long timeNanos, long durationNanos, long threadId, long carrierId, String reason,
                       String blockingOperation, String stackTrace, long count) {

    /** One event. */
    public JfrEvent(String kind, long timeNanos, long durationNanos, long threadId, long carrierId, String reason, String blockingOperation,
            String stackTrace) {
        this(kind, timeNanos, durationNanos, threadId, carrierId, reason, blockingOperation, stackTrace, 1);
    }

    /**
     * {@code events} with their virtual-thread starts and ends (one per thread, and only ever counted) collapsed into one
     * of each, counting them; those before time zero (JFR's own start-up) are dropped, as nothing counts them. The rest
     * keep their order.
     */
    public static java.util.List<JfrEvent> withLifecycleCounted(java.util.List<JfrEvent> events) {
        var kept = new java.util.ArrayList<JfrEvent>(events.size());
        long starts = 0;
        long ends = 0;
        long lastStart = 0;
        long lastEnd = 0;
        for (JfrEvent e : events) {
            boolean start = VTHREAD_START.equals(e.kind());
            if (!start && !VTHREAD_END.equals(e.kind())) {
                kept.add(e);
            } else if (e.timeNanos() >= 0 && start) {
                starts += e.count();
                lastStart = Math.max(lastStart, e.timeNanos());
            } else if (e.timeNanos() >= 0) {
                ends += e.count();
                lastEnd = Math.max(lastEnd, e.timeNanos());
            }
        }
        if (starts > 0) {
            kept.add(new JfrEvent(VTHREAD_START, lastStart, 0, -1, -1, "", "", "", starts));
        }
        if (ends > 0) {
            kept.add(new JfrEvent(VTHREAD_END, lastEnd, 0, -1, -1, "", "", "", ends));
        }
        return kept;
    }

    public static final String PINNED = "pinned";
    public static final String SUBMIT_FAILED = "submit-failed";
    public static final String GC = "gc";
    public static final String VTHREAD_START = "vthread-start";
    public static final String VTHREAD_END = "vthread-end";
}
