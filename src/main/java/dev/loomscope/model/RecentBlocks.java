package dev.loomscope.model;

import java.util.Arrays;

/**
 * The last BLOCKED events on each carrier of a virtual-thread run, as they arrive: what names a pin
 * JFR sends without its thread while the run goes on, by the rule of
 * {@link JfrEventList#ownerOfBlock}. A pin comes at JFR's next flush, a second or so after its
 * task's own events, so a few hundred blocks per carrier reach back far enough for a pinning run,
 * whose pins hold their carrier; where they do not (many short blocks between pins), the pin is
 * named from the whole recording at the run's end instead. The run's reader thread alone uses it.
 */
final class RecentBlocks {

    /** Blocks kept per carrier: 20 bytes each. */
    static final int KEPT = 1_024;

    /**
     * Each carrier's id and its ring, side by side. A run has as many carriers as its scheduler's parallelism (a few to a
     * few hundred), so a scan from the last one used finds the ring without boxing an id per event, as a map would.
     */
    private long[] carriers = new long[8];

    private Ring[] rings = new Ring[8];
    private int carrierCount;
    private int lastAt;

    /** Keeps a block; one on no known carrier (-1) is of no use to name a pin by, and is not kept. */
    void add(long carrier, long timeNanos, int task, long thread) {
        if (carrier < 0) {
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
        rings[at].add(timeNanos, task, thread);
    }

    /**
     * The task whose block on {@code carrier} owns a pin that began at {@code pinNanos}, and its thread;
     * null if none does, or if this cannot tell yet: until a later block on the carrier has come, an
     * earlier one may still be on its way, and once the ring has wrapped past the pin's time, the block
     * that owned it may be gone. Always null for carrier -1 (a pin on no known carrier): its blocks are not kept.
     */
    Owner ownerOf(long carrier, long pinNanos) {
        int at = indexOf(carrier);
        return at < 0 ? null : rings[at].ownerOf(pinNanos);
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
        private final long[] times = new long[KEPT];
        private final int[] tasks = new int[KEPT];
        private final long[] threads = new long[KEPT];
        /** Blocks added so far; the newest is at (count - 1) % KEPT. */
        private long count;

        void add(long timeNanos, int task, long thread) {
            int at = (int) (count % KEPT);
            times[at] = timeNanos;
            tasks[at] = task;
            threads[at] = thread;
            count++;
        }

        Owner ownerOf(long pinNanos) {
            // The latest block at or before the pin among those kept, whatever order they came in (a runner's ring
            // that overflowed can deliver an earlier block after a later one), once a block after the pin has come.
            boolean laterSeen = false;
            int owner = -1;
            for (long k = Math.max(0, count - KEPT); k < count; k++) {
                int at = (int) (k % KEPT);
                if (JfrEventList.blockComesAfter(times[at], pinNanos)) {
                    laterSeen = true;
                } else if (owner < 0 || times[at] > times[owner]) {
                    owner = at;
                }
            }
            if (!laterSeen || owner < 0 || !JfrEventList.ownerOfBlock(times[owner], pinNanos)) {
                return null;
            }
            return new Owner(tasks[owner], threads[owner]);
        }
    }
}
