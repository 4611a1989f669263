package dev.loomscope.telemetry;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Preallocated rings of lifecycle events, written by many threads and read by one. Each ring uses
 * the multi-producer scheme of the LMAX Disruptor: a writer claims a sequence number with one
 * atomic add, fills its slot and publishes it with a release store.
 *
 * <p>Writers are spread over several rings by the OS thread that runs them (the carrier, for a
 * virtual thread), so the submitting thread and each carrier mostly write rings of their own: no
 * shared counter and no shared cache lines on the hot path. Nothing is allocated per event and no
 * lock is taken. When a ring is full its writer waits for the reader rather than dropping an event.
 *
 * <p>Order: events of one OS thread come out in the order they were recorded; across threads,
 * order by time.
 */
public final class EventLog {

    private static final int LONGS_PER_SLOT = 4;
    private static final VarHandle PUBLISHED = MethodHandles.arrayElementVarHandle(long[].class);

    private final Ring[] rings;
    private final int ringMask;
    /** Set once by {@link #startClock()}, before any task can record. */
    private volatile long originNanos;

    /** Takes one event from {@link #drain}; returns false to leave it (and the rest) for later. */
    @FunctionalInterface
    public interface Sink {
        boolean accept(byte type, int task, long timeNanos, long threadId, long carrierId);
    }

    /**
     * @param rings         how many rings to spread writers over, rounded up to a power of two
     * @param slotsPerRing  slots in each ring, rounded up to a power of two
     */
    public EventLog(int rings, int slotsPerRing) {
        int count = powerOfTwoAtLeast(rings);
        this.rings = new Ring[count];
        for (int i = 0; i < count; i++) {
            this.rings[i] = new Ring(powerOfTwoAtLeast(slotsPerRing));
        }
        this.ringMask = count - 1;
        this.originNanos = System.nanoTime();
    }

    /** Makes now time zero of the run's events; returns it as a {@link System#nanoTime()} value. */
    public long startClock() {
        long now = System.nanoTime();
        originNanos = now;
        return now;
    }

    public long originNanos() {
        return originNanos;
    }

    /**
     * Records an event now, on the calling thread.
     *
     * @param carrierId the OS thread running the caller (itself for a platform thread); picks the ring
     */
    public void record(byte type, int task, long threadId, long carrierId) {
        rings[(int) carrierId & ringMask].record(type, task, System.nanoTime() - originNanos, threadId, carrierId);
    }

    /** Events recorded so far (claimed slots, published or about to be). */
    public long recorded() {
        long total = 0;
        for (Ring ring : rings) {
            total += ring.claimed.get();
        }
        return total;
    }

    /**
     * Hands the events published so far to {@code sink}, ring by ring, until it refuses one.
     * Only the telemetry thread may call this.
     *
     * @return how many events were drained
     */
    public int drain(Sink sink) {
        int count = 0;
        for (Ring ring : rings) {
            int drained = ring.drain(sink);
            if (drained < 0) {
                return count + (-drained - 1);
            }
            count += drained;
        }
        return count;
    }

    /** Whether every recorded event has been drained. */
    public boolean isDrained() {
        for (Ring ring : rings) {
            if (ring.readSequence != ring.claimed.get()) {
                return false;
            }
        }
        return true;
    }

    private static int powerOfTwoAtLeast(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }

    /** One multi-producer, single-consumer ring. */
    private static final class Ring {
        private final int mask;
        private final long[] slots;
        /** published[i] holds sequence + 1 once slot i carries that sequence's event. */
        private final long[] published;
        private final AtomicLong claimed = new AtomicLong();
        private volatile long consumed;
        private long readSequence;

        Ring(int size) {
            this.mask = size - 1;
            this.slots = new long[size * LONGS_PER_SLOT];
            this.published = new long[size];
        }

        void record(byte type, int task, long timeNanos, long threadId, long carrierId) {
            long sequence = claimed.getAndIncrement();
            long wrapPoint = sequence - published.length;
            while (wrapPoint >= consumed) {
                // The reader is a full ring behind: wait for it instead of losing the event.
                LockSupport.parkNanos(50_000);
            }
            int slot = (int) (sequence & mask);
            int base = slot * LONGS_PER_SLOT;
            slots[base] = ((long) type << 32) | (task & 0xFFFF_FFFFL);
            slots[base + 1] = timeNanos;
            slots[base + 2] = threadId;
            slots[base + 3] = carrierId;
            PUBLISHED.setRelease(published, slot, sequence + 1);
        }

        /** @return events drained, or -(drained + 1) if the sink refused one */
        int drain(Sink sink) {
            int count = 0;
            boolean refused = false;
            while (true) {
                int slot = (int) (readSequence & mask);
                if ((long) PUBLISHED.getAcquire(published, slot) != readSequence + 1) {
                    break;
                }
                int base = slot * LONGS_PER_SLOT;
                long head = slots[base];
                if (!sink.accept((byte) (head >>> 32), (int) head, slots[base + 1], slots[base + 2], slots[base + 3])) {
                    refused = true;
                    break;
                }
                readSequence++;
                count++;
            }
            if (count > 0) {
                consumed = readSequence;
            }
            return refused ? -(count + 1) : count;
        }
    }
}
