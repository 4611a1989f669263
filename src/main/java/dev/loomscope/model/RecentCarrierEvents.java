package dev.loomscope.model;

import java.util.Arrays;

/**
 * The last mounts, blocks and resumes on each carrier of a virtual-thread run, as they arrive: what names a pin JFR sends
 * without its thread while the run goes on, by {@link PinOwner}'s rule. A pin comes at JFR's next flush, a second or so
 * after its task's own events, so a couple of thousand events per carrier reach back far enough for a pinning run (whose
 * pins hold their carrier: three events a pin); a pin they do not reach back to is named at the run's end from its whole
 * recording instead. The run's reader thread alone uses it.
 */
final class RecentCarrierEvents {

    /** Events kept per carrier: 21 bytes each. */
    static final int KEPT = 2_048;
    /** Events at or before a pin's middle read past the first such, in case some came out of their order. */
    static final int SETTLED = 64;

    /**
     * Each carrier's id and its ring, side by side. A run has as many carriers as its scheduler's parallelism (a few to a
     * few hundred), so a scan from the last one used finds the ring without boxing an id per event, as a map would.
     */
    private long[] carriers = new long[8];

    private Ring[] rings = new Ring[8];
    private int carrierCount;
    private int lastAt;

    /**
     * Keeps an event of a task on a carrier if the rule reads its type; one on no known carrier (-1) is of no use to name
     * a pin by, and is not kept.
     */
    void add(long carrier, byte typeCode, long timeNanos, int task, long thread) {
        if (carrier < 0 || !PinOwner.read(typeCode)) {
            return;
        }
        int at = indexOf(carrier);
        if (at < 0) {
            if (carrierCount == carriers.length) {
                carriers = Arrays.copyOf(carriers, carrierCount * 2);
                rings = Arrays.copyOf(rings, carrierCount * 2);
            }
            at = carrierCount++;
            carriers[at] = carrier;
            rings[at] = new Ring();
        }
        lastAt = at;
        rings[at].add(typeCode, timeNanos, task, thread);
    }

    /**
     * The task that held {@code carrier} through a pin of this start and duration, and its thread; null if none did, or if
     * this cannot tell yet: until an event after the pin's middle has come on the carrier, the task's resume may still be
     * on its way, and once the ring has wrapped past the pin, the block that began it may be gone. Always null for carrier
     * -1 (a pin on no known carrier): its events are not kept.
     */
    Owner ownerOf(long carrier, long pinNanos, long pinDurationNanos) {
        int at = indexOf(carrier);
        return at < 0 ? null : rings[at].ownerAt(PinOwner.middle(pinNanos, pinDurationNanos));
    }

    private int indexOf(long carrier) {
        for (int k = 0; k < carrierCount; k++) {
            int at = (lastAt + k) % carrierCount;
            if (carriers[at] == carrier) {
                return at;
            }
        }
        return -1;
    }

    record Owner(int task, long thread) {}

    private static final class Ring {
        private final byte[] types = new byte[KEPT];
        private final long[] times = new long[KEPT];
        private final int[] tasks = new int[KEPT];
        private final long[] threads = new long[KEPT];
        /** Events added so far; the newest is at (count - 1) % KEPT. */
        private long count;

        void add(byte typeCode, long timeNanos, int task, long thread) {
            int at = (int) (count % KEPT);
            types[at] = typeCode;
            times[at] = timeNanos;
            tasks[at] = task;
            threads[at] = thread;
            count++;
        }

        Owner ownerAt(long middleNanos) {
            // The last event at or before the middle and the first after it among those kept; of two at one time, the later
            // to come counts as the later. Newest first: events come roughly in time order (a runner's ring that overflowed
            // can deliver an earlier event after a later one), so once SETTLED events at or before the middle have followed
            // the last found, the rest are older still. A pin comes about a second after its events, so this reads that
            // second's events, not the whole ring; one this misreads is named again at the run's end from the whole recording.
            int last = -1;
            int next = -1;
            int settled = 0;
            for (long k = count - 1; k >= Math.max(0, count - KEPT) && settled < SETTLED; k--) {
                int at = (int) (k % KEPT);
                if (times[at] <= middleNanos) {
                    if (last < 0 || times[at] > times[last]) {
                        last = at;
                    }
                    settled++;
                } else if (next < 0 || times[at] <= times[next]) {
                    next = at;
                }
            }
            if (last < 0 || next < 0 || !PinOwner.heldThrough(types[last], tasks[last], types[next], tasks[next])) {
                return null;
            }
            return new Owner(tasks[last], threads[last]);
        }
    }
}
