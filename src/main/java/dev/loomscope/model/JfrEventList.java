package dev.loomscope.model;

import dev.loomscope.protocol.JfrEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link RunModel}'s JFR events: pins are drawn on their carrier's lane, flagged on their task
 * and counted; every event but a virtual thread's start and end is kept for the event list, oldest
 * first with its carrier's lane, up to {@link #MAX_KEPT}. The run's reader thread adds; any
 * thread reads the list, the counts are published by the model's version.
 */
final class JfrEventList {

    /** Events kept for the event list; beyond this pins are counted, not kept. */
    static final int MAX_KEPT = 5_000;

    private final List<LaneEvent> kept = new ArrayList<>();
    private long pinnedEvents;
    private double pinnedMs;

    /**
     * Takes a batch of the run's JFR events. A pin finds its task through {@code threads}, filled
     * by the task's own events: those must have been applied first.
     */
    void addAll(List<JfrEvent> events, CarrierLanes lanes, ThreadTaskIndex threads, TaskStates tasks) {
        for (JfrEvent event : events) {
            if (event.timeNanos() < 0) {
                // Before the run began (JFR's start-up, a web service's warm-up): not the run's, as in the summary.
                continue;
            }
            int lane = event.carrierId() >= 0 ? lanes.knownLaneOf(event.carrierId()) : -1;
            if (JfrEvent.PINNED.equals(event.kind())) {
                pinnedEvents++;
                pinnedMs += event.durationNanos() / 1e6;
                lanes.add(lane, CarrierLanes.PINNED, event.timeNanos(), event.timeNanos() + event.durationNanos());
                int task = threads.taskOf(event.threadId());
                if (task >= 0) {
                    tasks.pinned(task);
                }
            }
            if (!JfrEvent.VTHREAD_START.equals(event.kind()) && !JfrEvent.VTHREAD_END.equals(event.kind())) {
                synchronized (kept) {
                    if (kept.size() < MAX_KEPT) {
                        kept.add(new LaneEvent(event, lane));
                    }
                }
            }
        }
    }

    long pinnedEvents() {
        return pinnedEvents;
    }

    double pinnedMs() {
        return pinnedMs;
    }

    /** A copy of the events kept so far. */
    List<LaneEvent> copy() {
        synchronized (kept) {
            return List.copyOf(kept);
        }
    }

    int count() {
        synchronized (kept) {
            return kept.size();
        }
    }
}
