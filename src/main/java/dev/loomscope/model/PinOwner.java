package dev.loomscope.model;

import dev.loomscope.protocol.EventType;

/**
 * Which task a pin JFR sent without its thread was: the rule both the live naming ({@link RecentCarrierEvents}) and the
 * run's end ({@link JfrEventList#namePinnedTasks}) apply. A pinned virtual thread keeps its carrier from its BLOCKED event
 * to its RESUMED event (or its end, if the wait threw), both on that carrier, and no other task mounts the carrier in
 * between; JFR's pin lies inside. So, with the carrier's mounts, blocks, resumes and ends in time order, the pin is the
 * task's whose BLOCKED is the last at or before the pin's middle and whose RESUMED is the first after it. Times are compared
 * to the nanosecond, and of two events at one time the later to come counts as the later. A run whose tasks block before
 * they take a carrier for their work (virtual-limited: the permit's wait, then the work on another carrier) has its pins
 * left unnamed rather than put on another task.
 *
 * <p>Why its middle and both ends: JFR's pin can begin milliseconds after its task's BLOCKED (the park starts late when the
 * runner is descheduled; up to 5.5 ms on a busy 2-core machine) and so end a short while (84 µs, once) before the next
 * task blocks on the carrier. The rule before this took the last block at or before the pin's start, with a millisecond's
 * grace for the clocks, and put such a pin on the next task. The clocks agree within microseconds (measured: a pin began
 * at most 1 µs before its task's BLOCKED), so the middle of a pin lies well inside its task's hold.
 */
final class PinOwner {

    private PinOwner() {
    }

    /**
     * Whether an event of this type is one the rule reads: a task taking a carrier, letting it go, taking it back, or ending
     * in its wait (a pinned wait that throws: a cancelled scope's sleep, say, records no resume).
     */
    static boolean read(byte typeCode) {
        return typeCode == STARTED || typeCode == BLOCKED || typeCode == RESUMED || typeCode == FAILED || typeCode == CANCELLED;
    }

    /** The time the rule places a pin at: its middle. */
    static long middle(long startNanos, long durationNanos) {
        return startNanos + Math.max(0, durationNanos) / 2;
    }

    /**
     * Whether the carrier's last read event at or before a pin's middle and its first after it show one task holding the
     * carrier through the pin: its BLOCKED, then its RESUMED (or its end, if its wait threw).
     */
    static boolean heldThrough(byte lastType, int lastTask, byte nextType, int nextTask) {
        return lastType == BLOCKED && (nextType == RESUMED || nextType == FAILED || nextType == CANCELLED) && lastTask == nextTask;
    }

    private static final byte STARTED = EventType.STARTED.code();
    private static final byte BLOCKED = EventType.BLOCKED.code();
    private static final byte RESUMED = EventType.RESUMED.code();
    private static final byte FAILED = EventType.FAILED.code();
    private static final byte CANCELLED = EventType.CANCELLED.code();
}
