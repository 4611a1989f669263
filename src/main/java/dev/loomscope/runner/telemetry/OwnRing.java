package dev.loomscope.runner.telemetry;

/**
 * A single-producer, single-consumer ring: one OS thread writes it (all the virtual threads it
 * carries, one after another), the telemetry thread reads it. The writer needs no atomic
 * instruction: plain stores of the slot and a release store of the count.
 */
final class OwnRing extends EventRing {

    /** Head (type and task), time, thread id; the carrier is the ring's owner. */
    private static final int LONGS_PER_SLOT = 3;

    final long owner;

    /** @param slots from {@link #newSlots}: a power of two of slots */
    OwnRing(long owner, long[] slots) {
        super(slots, LONGS_PER_SLOT);
        this.owner = owner;
    }

    static long[] newSlots(int size) {
        return new long[size * LONGS_PER_SLOT];
    }

    @Override
    long writtenCount() {
        return (long) CLAIMED.getAcquire(this);
    }

    /** @return false, writing nothing, if the ring is full */
    boolean tryRecord(EventLog log, byte type, int task, long timeNanos, long threadId) {
        // Acquire: the previous write may have come from another virtual thread on this carrier.
        long sequence = (long) CLAIMED.getAcquire(this);
        if (!hasRoomFor(sequence, log)) {
            return false;
        }
        int base = (int) (sequence & mask) * LONGS_PER_SLOT;
        slots[base] = head(type, task);
        slots[base + 1] = timeNanos;
        slots[base + 2] = threadId;
        CLAIMED.setRelease(this, sequence + 1);
        return true;
    }

    /** Every sequence below the count is written. */
    @Override
    long readableEnd() {
        return writtenCount();
    }

    @Override
    boolean isPublished(long sequence) {
        return true;
    }

    @Override
    boolean deliver(long sequence, EventLog.Sink sink) {
        int base = (int) (sequence & mask) * LONGS_PER_SLOT;
        long head = slots[base];
        return sink.accept((byte) (head >>> 32), (int) head, slots[base + 1], slots[base + 2], owner);
    }
}
