package dev.loomscope.model;

import dev.loomscope.protocol.JfrEvent;
import java.util.ArrayList;
import java.util.List;

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
     * Takes a batch of the run's JFR events. A pin finds its task through {@code threads}, filled
     * by the task's own events: those must have been applied first.
     */
    void addAll(List<JfrEvent> events, CarrierLanes lanes, ThreadTaskIndex threads, TaskStates tasks, RecentBlocks blocks) {
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
                var owner = event.threadId() < 0 && blocks != null ? blocks.ownerOf(event.carrierId(), event.timeNanos()) : null;
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
     * At the run's end, puts every pin on its task. JFR names a pinned virtual thread through a constant it writes lazily,
     * and its stream can deliver the pin without it (2,000 pins of a 2,000-task pinning run: 1,157 came with no thread,
     * and their tasks were never shown pinned). Such a pin is put on the task whose own BLOCKED event, on the pin's
     * carrier, last came at or before the pin began, and at most {@value #BLOCKED_BEFORE_PIN_MS} ms before: a pinned thread
     * keeps its carrier until it resumes, so no other task blocks there in between. Its thread is then the task's. A pin
     * whose task's event the recording did not keep (past its size, or its heap) is left unnamed rather than put on an
     * older task's.
     */
    void namePinnedTasks(Recording recording, ThreadTaskIndex threads, TaskStates tasks) {
        var blockedOn = recording == null ? null : BlockedByCarrier.of(recording, pins);
        for (int i = 0, n = pins.size(); i < n; i++) {
            long thread = pins.threadOf(i);
            int task = thread >= 0 ? threads.taskOf(thread) : -1;
            if (thread < 0 && blockedOn != null && blockedOn.keptAt(pins.timeNanos(i))) {
                int event = blockedOn.lastAtOrBefore(pins.carrierOf(i), pins.timeNanos(i));
                if (event >= 0) {
                    task = recording.task(event);
                    pins.setThread(i, recording.threadId(event));
                }
            }
            if (task >= 0) {
                tasks.pinned(task);
            }
        }
    }

    /** The BLOCKED events of the recording on the carriers of pins that came without their thread, by carrier, in time order. */
    private record BlockedByCarrier(java.util.Map<Long, long[]> keysByCarrier, long keptUntilNanos) {

        static BlockedByCarrier of(Recording recording, PinLog pins) {
            var carriers = new java.util.HashSet<Long>();
            for (int i = 0, n = pins.size(); i < n; i++) {
                if (pins.threadOf(i) < 0 && pins.carrierOf(i) >= 0) {
                    carriers.add(pins.carrierOf(i));
                }
            }
            if (carriers.isEmpty()) {
                return null;
            }
            var lists = new java.util.HashMap<Long, java.util.ArrayList<Long>>();
            byte blocked = dev.loomscope.protocol.EventType.BLOCKED.code();
            long latest = Long.MIN_VALUE;
            for (int i = 0, n = recording.size(); i < n; i++) {
                latest = Math.max(latest, recording.timeNanos(i));
                if (recording.typeCode(i) == blocked && carriers.contains(recording.carrierId(i))) {
                    lists.computeIfAbsent(recording.carrierId(i), c -> new java.util.ArrayList<>()).add(TimeKeys.key(recording.timeNanos(i), i));
                }
            }
            var keys = new java.util.HashMap<Long, long[]>();
            lists.forEach((carrier, list) -> {
                long[] sorted = list.stream().mapToLong(Long::longValue).toArray();
                java.util.Arrays.sort(sorted);
                keys.put(carrier, sorted);
            });
            return new BlockedByCarrier(keys, recording.truncated() ? latest : Long.MAX_VALUE);
        }

        /** Whether the recording kept the events of {@code timeNanos}: all of them, unless it stopped keeping before. */
        boolean keptAt(long timeNanos) {
            return timeNanos <= keptUntilNanos;
        }

        /** The recording's index of the last BLOCKED event on {@code carrier} at or before {@code timeNanos} (within JFR's clock alignment), or -1. */
        int lastAtOrBefore(long carrier, long timeNanos) {
            long[] keys = keysByCarrier.get(carrier);
            if (keys == null) {
                return -1;
            }
            // A millisecond's grace: JFR's clock is aligned to the runner's within its alignment error.
            int at = java.util.Arrays.binarySearch(keys, TimeKeys.after(timeNanos + ALIGNMENT_GRACE_NANOS));
            int before = at >= 0 ? at : -at - 2;
            if (before < 0 || !ownerOfBlock(TimeKeys.micros(keys[before]) * 1_000, timeNanos)) {
                return -1;
            }
            return TimeKeys.index(keys[before]);
        }
    }

    /** Whether a task's block at {@code blockNanos}, the last on its carrier at or before a pin at {@code pinNanos}, is the pin's. */
    static boolean ownerOfBlock(long blockNanos, long pinNanos) {
        return !blockComesAfter(blockNanos, pinNanos) && blockNanos >= pinNanos - BLOCKED_BEFORE_PIN_MS * 1_000_000;
    }

    /** Whether a block at {@code blockNanos} came after a pin at {@code pinNanos} began, beyond JFR's clock alignment. */
    static boolean blockComesAfter(long blockNanos, long pinNanos) {
        return blockNanos > pinNanos + ALIGNMENT_GRACE_NANOS;
    }

    private static final long ALIGNMENT_GRACE_NANOS = 1_000_000;
    /**
     * How long before its pin a task's BLOCKED event may come: the task records it, then calls the blocking operation that
     * parks it pinned, microseconds later on an idle machine; this leaves room for the runner being descheduled between.
     */
    static final long BLOCKED_BEFORE_PIN_MS = 50;

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
