package dev.loomscope.runner.telemetry;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A multi-producer, single-consumer ring, with the scheme of the LMAX Disruptor: a writer claims a
 * sequence number with one atomic operation, fills its slot and publishes it with a release store.
 */
final class SharedRing extends EventRing {

    /** Head (type and task), time, thread id, carrier id. */
    private static final int LONGS_PER_SLOT = 4;
    private static final VarHandle PUBLISHED = MethodHandles.arrayElementVarHandle(long[].class);

    /** published[i] holds sequence + 1 once slot i carries that sequence's event. */
    private final long[] published;

    /** @param size a power of two */
    SharedRing(int size) {
        super(new long[size * LONGS_PER_SLOT], LONGS_PER_SLOT);
        this.published = new long[size];
    }

    @Override
    long writtenCount() {
        return claimed;
    }

    /** @return false, claiming nothing, if the ring is full */
    boolean tryRecord(EventLog log, byte type, int task, long timeNanos, long threadId, long carrierId) {
        long sequence;
        do {
            sequence = claimed;
            if (!hasRoomFor(sequence, log)) {
                return false;
            }
        } while (!CLAIMED.compareAndSet(this, sequence, sequence + 1));
        int slot = (int) (sequence & mask);
        int base = slot * LONGS_PER_SLOT;
        slots[base] = head(type, task);
        slots[base + 1] = timeNanos;
        slots[base + 2] = threadId;
        slots[base + 3] = carrierId;
        PUBLISHED.setRelease(published, slot, sequence + 1);
        return true;
    }

    /** Claimed sequences may still be being written: each slot says when it is ready. */
    @Override
    long readableEnd() {
        return Long.MAX_VALUE;
    }

    @Override
    boolean isPublished(long sequence) {
        return (long) PUBLISHED.getAcquire(published, (int) (sequence & mask)) == sequence + 1;
    }

    @Override
    boolean deliver(long sequence, EventLog.Sink sink) {
        int base = (int) (sequence & mask) * LONGS_PER_SLOT;
        long head = slots[base];
        return sink.accept((byte) (head >>> 32), (int) head, slots[base + 1], slots[base + 2], slots[base + 3]);
    }
}
