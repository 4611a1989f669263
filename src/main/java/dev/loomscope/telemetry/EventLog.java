package dev.loomscope.telemetry;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Preallocated rings of lifecycle events, written by many threads and read by one. Each ring uses
 * the multi-producer scheme of the LMAX Disruptor: a writer claims a sequence number with one
 * atomic operation, fills its slot and publishes it with a release store.
 *
 * <p>Writers are spread over several rings by the OS thread that runs them (the carrier, for a
 * virtual thread), so the submitting thread and each carrier mostly write rings of their own: no
 * shared counter and no shared cache lines on the hot path. Nothing is allocated per event and no
 * lock is taken.
 *
 * <p>A writer never waits. When its ring is half full it wakes the reader; when the ring is full
 * (the reader was descheduled through a burst) the event goes to an unbounded overflow queue, which
 * allocates but loses nothing. Waiting was tried and is worse: a million virtual threads parking
 * and re-parking, or queueing on a lock, take the very CPU the reader needs to empty the rings.
 *
 * <p>Order: events of one OS thread come out in the order they were recorded, unless a burst sent
 * some to the overflow queue; across threads, order by time.
 */
public final class EventLog {

    private static final int LONGS_PER_SLOT = 4;
    private static final VarHandle PUBLISHED = MethodHandles.arrayElementVarHandle(long[].class);

    private final Ring[] rings;
    private final int ringMask;
    private final ConcurrentLinkedQueue<long[]> overflow = new ConcurrentLinkedQueue<>();
    private final AtomicLong overflowed = new AtomicLong();
    /** Set once by {@link #startClock()}, before any task can record. */
    private volatile long originNanos;
    /** The reader, woken when a ring fills up; null until {@link #readBy(Thread)}. */
    private volatile Thread reader;

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

    /** Names the thread that drains this log, so writers can wake it when a ring fills up. */
    public void readBy(Thread thread) {
        this.reader = thread;
    }

    /**
     * Records an event now, on the calling thread.
     *
     * @param carrierId the OS thread running the caller (itself for a platform thread); picks the ring
     */
    public void record(byte type, int task, long threadId, long carrierId) {
        long time = System.nanoTime() - originNanos;
        if (!rings[(int) carrierId & ringMask].tryRecord(this, type, task, time, threadId, carrierId)) {
            overflowed.incrementAndGet();
            overflow.add(new long[] {head(type, task), time, threadId, carrierId});
        }
    }

    /** Events recorded so far. */
    public long recorded() {
        long total = overflowed.get();
        for (Ring ring : rings) {
            total += ring.claimedCount();
        }
        return total;
    }

    /** Events that found their ring full and went through the overflow queue. */
    public long overflowed() {
        return overflowed.get();
    }

    /**
     * Hands the events recorded so far to {@code sink}, ring by ring and then the overflow queue,
     * until it refuses one. Only the reader thread may call this.
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
        for (long[] event = overflow.peek(); event != null; event = overflow.peek()) {
            if (!sink.accept((byte) (event[0] >>> 32), (int) event[0], event[1], event[2], event[3])) {
                break;
            }
            overflow.poll();
            count++;
        }
        return count;
    }

    /** Whether every recorded event has been drained. The reader's view: call it on the reader thread, or after joining it. */
    public boolean isDrained() {
        for (Ring ring : rings) {
            if (ring.readSequence != ring.claimedCount()) {
                return false;
            }
        }
        return overflow.isEmpty();
    }

    private void wakeReader() {
        Thread thread = reader;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    private static long head(byte type, int task) {
        return ((long) type << 32) | (task & 0xFFFF_FFFFL);
    }

    private static int powerOfTwoAtLeast(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }

    /*
     * Ring fields are split into three cache-line-padded groups (superclass fields are laid out
     * first, so the padding holds): what writers contend on, what the reader writes, and what
     * nobody writes. Without the split the reader's every drain invalidated the line that writers
     * read on every event.
     */

    @SuppressWarnings("unused")
    private abstract static class PadBeforeWriters {
        long p00, p01, p02, p03, p04, p05, p06, p07;
    }

    /** Written by writers: the next sequence to claim, and their last look at the reader's position. */
    private abstract static class WriterSide extends PadBeforeWriters {
        volatile long claimed;
        /** A lower bound of {@code consumed}; writers read the real one only when this says the ring is filling. */
        long consumedSeen;
        /** {@code consumed} when a writer last woke the reader: no need to wake it again until it has moved. */
        long consumedAtWake = -1;
    }

    @SuppressWarnings("unused")
    private abstract static class PadBeforeReader extends WriterSide {
        long p10, p11, p12, p13, p14, p15, p16, p17;
    }

    /** Written by the reader only. */
    private abstract static class ReaderSide extends PadBeforeReader {
        volatile long consumed;
        long readSequence;
    }

    @SuppressWarnings("unused")
    private abstract static class PadAfterReader extends ReaderSide {
        long p20, p21, p22, p23, p24, p25, p26, p27;
    }

    /** One multi-producer, single-consumer ring. */
    private static final class Ring extends PadAfterReader {
        private static final VarHandle CLAIMED;

        static {
            try {
                CLAIMED = MethodHandles.lookup().findVarHandle(WriterSide.class, "claimed", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final int mask;
        private final long halfSize;
        private final long size;
        private final long[] slots;
        /** published[i] holds sequence + 1 once slot i carries that sequence's event. */
        private final long[] published;

        Ring(int size) {
            this.mask = size - 1;
            this.size = size;
            this.halfSize = size / 2;
            this.slots = new long[size * LONGS_PER_SLOT];
            this.published = new long[size];
        }

        long claimedCount() {
            return claimed;
        }

        /** @return false, claiming nothing, if the ring is full */
        boolean tryRecord(EventLog log, byte type, int task, long timeNanos, long threadId, long carrierId) {
            long sequence;
            do {
                sequence = claimed;
                if (sequence - consumedSeen >= halfSize) {
                    long reader = refreshConsumed();
                    long backlog = sequence - reader;
                    if (backlog >= halfSize) {
                        if (reader != consumedAtWake) {
                            // Once per crossing: unpark takes the reader's lock, and a million
                            // writers calling it per event would fight over that lock.
                            consumedAtWake = reader;
                            log.wakeReader();
                        }
                        if (backlog >= size) {
                            return false;
                        }
                    }
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

        private long refreshConsumed() {
            long now = consumed;
            consumedSeen = now;
            return now;
        }

        /** @return events drained, or -(drained + 1) if the sink refused one */
        int drain(Sink sink) {
            int count = 0;
            boolean refused = false;
            long next = readSequence;
            while (true) {
                int slot = (int) (next & mask);
                if ((long) PUBLISHED.getAcquire(published, slot) != next + 1) {
                    break;
                }
                int base = slot * LONGS_PER_SLOT;
                long head = slots[base];
                if (!sink.accept((byte) (head >>> 32), (int) head, slots[base + 1], slots[base + 2], slots[base + 3])) {
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
    }
}
