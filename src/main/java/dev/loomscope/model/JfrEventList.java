package dev.loomscope.model;

import dev.loomscope.protocol.JfrEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link RunModel}'s JFR events: pins are drawn on their carrier's lane, flagged on their task,
 * counted and all kept in the {@link PinLog}; every event but a virtual thread's start and end is
 * kept for the event list, oldest first with its carrier's lane, up to {@link #MAX_KEPT}. The run's
 * reader thread adds; any thread reads the list, the counts are published by the model's version.
 */
final class JfrEventList {

    /** Events kept for the event list; beyond this, pins are in the pin log alone. */
    static final int MAX_KEPT = 5_000;

    private final List<LaneEvent> kept = new ArrayList<>();
    private volatile PinLog pins = new PinLog();

    /**
     * Takes a batch of the run's JFR events. A pin finds its task through {@code threads}, or through {@code carriers} if it
     * came without its thread, both filled by the task's own events: those must have been applied first.
     */
    void addAll(List<JfrEvent> events, CarrierLanes lanes, ThreadTaskIndex threads, TaskStates tasks, RecentCarrierEvents carriers) {
        for (JfrEvent event : events) {
            if (event.timeNanos() < 0) {
                // Before the run began (JFR's start-up, a web service's warm-up): not the run's, as in the summary.
                continue;
            }
            int lane = event.carrierId() >= 0 ? lanes.knownLaneOf(event.carrierId()) : -1;
            if (JfrEvent.PINNED.equals(event.kind())) {
                int pin = pins.add(event, lane);
                lanes.add(lane, CarrierLanes.PINNED, event.timeNanos(), event.timeNanos() + event.durationNanos());
                int task = threads.taskOf(event.threadId());
                var owner = event.threadId() < 0 && carriers != null ? carriers.ownerOf(event.carrierId(), event.timeNanos(), event.durationNanos()) : null;
                if (owner != null) {
                    // Named now, so its task shows pinned while the run goes on (the run's end names the rest).
                    pins.setThread(pin, owner.thread());
                    task = owner.task();
                }
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

    /**
     * At the run's end, puts every pin on its task, and only those tasks are shown pinned. JFR names a pinned virtual thread
     * through a constant it writes lazily, and its stream can deliver the pin without it (2,000 pins of a 2,000-task pinning
     * run: 1,157 came with no thread, and their tasks were never shown pinned). Each such pin is named again here from the
     * whole recording, by {@link PinOwner}'s rule, whether or not it was named as it came (from fewer events, in the order
     * they arrived); one past what the recording kept keeps the name it was given then, if any. A pin no task held its
     * carrier through is left unnamed rather than put on another task.
     */
    void namePinnedTasks(Recording recording, ThreadTaskIndex threads, TaskStates tasks) {
        var held = recording == null ? null : CarrierEvents.of(recording, pins);
        var pinned = new BitSet();
        for (int i = 0, n = pins.size(); i < n; i++) {
            int task = -1;
            if (held != null && !pins.threadFromJfr(i)) {
                int blocked = held.blockedThrough(pins.carrierOf(i), PinOwner.middle(pins.timeNanos(i), pins.durationNanos(i)));
                if (blocked >= 0) {
                    task = recording.task(blocked);
                    pins.setThread(i, recording.threadId(blocked));
                } else if (blocked == CarrierEvents.HELD_BY_NONE && pins.threadOf(i) >= 0) {
                    // Named as it came from events that arrived out of order: the whole recording says no task held it.
                    pins.setThread(i, -1);
                }
            }
            if (task < 0 && pins.threadOf(i) >= 0) {
                task = threads.taskOf(pins.threadOf(i));
            }
            if (task >= 0) {
                pinned.set(task);
            }
        }
        tasks.pinnedExactly(pinned);
    }

    /**
     * The recording's events that {@link PinOwner} reads, on the carriers of pins that came without their thread: by carrier,
     * in time order (microsecond keys; within a microsecond, by arrival), in plain arrays (a recording holds millions).
     */
    private record CarrierEvents(Map<Long, long[]> keysByCarrier, Recording recording) {

        static CarrierEvents of(Recording recording, PinLog pins) {
            var counts = new HashMap<Long, int[]>();
            for (int i = 0, n = pins.size(); i < n; i++) {
                if (!pins.threadFromJfr(i) && pins.carrierOf(i) >= 0) {
                    counts.putIfAbsent(pins.carrierOf(i), new int[1]);
                }
            }
            if (counts.isEmpty()) {
                return null;
            }
            for (int i = 0, n = recording.size(); i < n; i++) {
                int[] count = PinOwner.read(recording.typeCode(i)) ? counts.get(recording.carrierId(i)) : null;
                if (count != null) {
                    count[0]++;
                }
            }
            var keys = new HashMap<Long, long[]>();
            counts.forEach((carrier, count) -> keys.put(carrier, new long[count[0]]));
            for (int i = recording.size() - 1; i >= 0; i--) {
                // Filled from the end, each carrier's count counting down to 0: the keys are sorted after.
                long[] carrierKeys = PinOwner.read(recording.typeCode(i)) ? keys.get(recording.carrierId(i)) : null;
                if (carrierKeys != null) {
                    carrierKeys[--counts.get(recording.carrierId(i))[0]] = TimeKeys.key(recording.timeNanos(i), i);
                }
            }
            keys.values().forEach(Arrays::sort);
            return new CarrierEvents(keys, recording);
        }

        /** {@link #blockedThrough}: no task held the carrier through the pin. */
        static final int HELD_BY_NONE = -1;
        /** {@link #blockedThrough}: the recording stopped keeping events before it could tell. */
        static final int NOT_KEPT = -2;
        private static final long[] NO_KEYS = {};

        /**
         * The recording's index of the BLOCKED event of the task that held {@code carrier} through a pin whose middle is at
         * {@code middleNanos}; else {@link #HELD_BY_NONE} or {@link #NOT_KEPT}.
         */
        int blockedThrough(long carrier, long middleNanos) {
            long[] keys = keysByCarrier.getOrDefault(carrier, NO_KEYS);
            // The keys of the middle's own microsecond, [from, to): among them, time to the nanosecond decides which come before.
            int from = -Arrays.binarySearch(keys, TimeKeys.before(middleNanos)) - 1;
            int to = -Arrays.binarySearch(keys, TimeKeys.after(middleNanos)) - 1;
            int last = from - 1;
            int next = to < keys.length ? to : -1;
            for (int k = from; k < to; k++) {
                long time = recording.timeNanos(TimeKeys.index(keys[k]));
                if (time <= middleNanos) {
                    if (last < from || time >= recording.timeNanos(TimeKeys.index(keys[last]))) {
                        last = k;
                    }
                } else if (next < 0 || time < recording.timeNanos(TimeKeys.index(keys[next]))) {
                    next = k;
                }
            }
            if (last < 0 || next < 0) {
                return recording.truncated() ? NOT_KEPT : HELD_BY_NONE;
            }
            int blocked = TimeKeys.index(keys[last]);
            int resumed = TimeKeys.index(keys[next]);
            return PinOwner.heldThrough(recording.typeCode(blocked), recording.task(blocked), recording.typeCode(resumed), recording.task(resumed))
                    ? blocked : HELD_BY_NONE;
        }
    }

    /** Keeps the first {@code kept} pins only (see {@link PinLog#firstOnly}). */
    void keepFirstPins(int kept) {
        pins = pins.firstOnly(kept);
    }

    PinLog pins() {
        return pins;
    }

    long pinnedEvents() {
        return pins.pinned();
    }

    double pinnedMs() {
        return pins.pinnedMs();
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
