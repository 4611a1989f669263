package dev.loomscope.runner.telemetry;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What the {@link EventLog}'s two kinds of ring share: the padded fields ({@link RingLayout}), the
 * check a writer makes before it writes (is the backlog past half the ring: wake the reader; is the
 * ring full: write nothing), and the reader's drain loop. Its subclasses are final and their
 * writers call only final methods here, so the write path has no virtual call.
 */
abstract class EventRing extends RingLayout.PadAfterReader {

    /** {@link RingLayout.WriterSide#claimed}, for the accesses with an explicit ordering. */
    static final VarHandle CLAIMED;

    static {
        try {
            CLAIMED = MethodHandles.lookup().findVarHandle(RingLayout.WriterSide.class, "claimed", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int mask;
    final long halfSize;
    final long size;
    final long[] slots;

    /** @param slots {@code size * longsPerSlot} longs, {@code size} a power of two */
    EventRing(long[] slots, int longsPerSlot) {
        int size = slots.length / longsPerSlot;
        this.mask = size - 1;
        this.size = size;
        this.halfSize = size / 2;
        this.slots = slots;
    }

    /** Events written to this ring so far, as the reader sees them. */
    abstract long writtenCount();

    /** Whether the event of {@code sequence} is in its slot, for the reader; {@code sequence} is below {@link #readableEnd()}. */
    abstract boolean isPublished(long sequence);

    /** Sequences below this may be readable (the reader checks each with {@link #isPublished}). */
    abstract long readableEnd();

    /** Hands the event of {@code sequence} to {@code sink}; returns what the sink returned. */
    abstract boolean deliver(long sequence, EventLog.Sink sink);

    /**
     * Whether a writer may write {@code sequence}: false if the ring is full. Past half full it
     * wakes the reader, once per position of the reader.
     */
    final boolean hasRoomFor(long sequence, EventLog log) {
        // One method, the slow path included, as the write path had it inline before: a call past
        // half full would cost every event while the reader is behind.
        if (sequence - consumedSeen >= halfSize) {
            long reader = consumed;
            consumedSeen = reader;
            long backlog = sequence - reader;
            if (backlog >= halfSize) {
                if (reader != consumedAtWake) {
                    // Once per crossing: unpark takes the reader's lock, and a million
                    // writers calling it per event would fight over that lock.
                    consumedAtWake = reader;
                    log.wakeReader();
                }
                return backlog < size;
            }
        }
        return true;
    }

    /** Whether the reader has taken every event written so far. Reader thread only. */
    final boolean isDrained() {
        return readSequence == writtenCount();
    }

    /**
     * Hands the events written so far to {@code sink}, oldest first, until it refuses one. Reader thread only.
     *
     * @return events drained, or -(drained + 1) if the sink refused one
     */
    final int drain(EventLog.Sink sink) {
        long end = readableEnd();
        long next = readSequence;
        int count = 0;
        boolean refused = false;
        while (next < end && isPublished(next)) {
            if (!deliver(next, sink)) {
                refused = true;
                break;
            }
            next++;
            count++;
        }
        if (count > 0) {
            readSequence = next;
            consumed = next;
        }
        return refused ? -(count + 1) : count;
    }

    /** An event's type and task, in one long. */
    static long head(byte type, int task) {
        return ((long) type << 32) | (task & 0xFFFF_FFFFL);
    }
}
