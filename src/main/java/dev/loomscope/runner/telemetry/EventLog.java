package dev.loomscope.runner.telemetry;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Preallocated rings of lifecycle events, written by many threads and read by one.
 *
 * <p>Each carrier thread, and the submitter, gets a ring of its own that only it writes: a plain
 * write of the slot and a release store of the count, no atomic instruction. (A locked instruction
 * per event waits for the stores before it, which miss the cache when the telemetry thread has
 * just read those lines.) Every other writer, such as the threads of a platform pool, shares a set
 * of multi-producer rings keyed by its OS thread, with the scheme of the LMAX Disruptor: a writer
 * claims a sequence number with one atomic operation, fills its slot and publishes it with a
 * release store. Nothing is allocated per event and no lock is taken.
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
    /** An own ring's slot: head (type and task), time, thread id; the carrier is the ring's owner. */
    private static final int LONGS_PER_OWN_SLOT = 3;
    /** At most this many writers get a ring of their own (carriers and the submitter). */
    static final int MAX_OWN_RINGS = 32;
    private static final VarHandle PUBLISHED = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle OWN_RINGS;

    static {
        try {
            OWN_RINGS = MethodHandles.lookup().findVarHandle(EventLog.class, "ownRings", OwnRings.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Ring[] rings;
    private final int ringMask;
    private final int slotsPerOwnRing;
    /** Rings of one writing OS thread each; replaced whole, with a compare-and-set, when a writer joins. */
    private volatile OwnRings ownRings = OwnRings.EMPTY;
    private final ConcurrentLinkedQueue<long[]> overflow = new ConcurrentLinkedQueue<>();
    /** Slots allocated ahead for own rings ({@link #reserveOwnRings}), taken by the first writers. */
    private final ConcurrentLinkedQueue<long[]> spareOwnSlots = new ConcurrentLinkedQueue<>();
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

    /** A log whose shared rings and own rings have the same number of slots. */
    public EventLog(int rings, int slotsPerRing) {
        this(rings, slotsPerRing, slotsPerRing);
    }

    /**
     * @param sharedRings          how many multi-producer rings to spread other writers over, rounded
     *                             up to a power of two
     * @param slotsPerSharedRing   slots in each of those, rounded up to a power of two
     * @param slotsPerOwnRing      slots in each ring of one writer's own, rounded up to a power of two
     */
    public EventLog(int sharedRings, int slotsPerSharedRing, int slotsPerOwnRing) {
        int count = powerOfTwoAtLeast(sharedRings);
        this.rings = new Ring[count];
        for (int i = 0; i < count; i++) {
            this.rings[i] = new Ring(powerOfTwoAtLeast(slotsPerSharedRing));
        }
        this.ringMask = count - 1;
        this.slotsPerOwnRing = powerOfTwoAtLeast(slotsPerOwnRing);
        this.originNanos = System.nanoTime();
    }

    /**
     * Allocates the slots of up to {@code count} own rings now, for carriers that will claim them on
     * their first event. An own ring is large (768 KB at 32,768 slots): allocated inside a run, it is
     * a humongous allocation that can start a GC there. Never more than can still be claimed (at
     * most {@value #MAX_OWN_RINGS} own rings in all, and none where carriers cannot be told apart).
     */
    public void reserveOwnRings(int count) {
        if (!CarrierLookup.isExact()) {
            return;
        }
        int claimable = MAX_OWN_RINGS - ownRings.list.length - spareOwnSlots.size();
        for (int i = 0; i < Math.min(count, claimable); i++) {
            spareOwnSlots.add(OwnRing.newSlots(slotsPerOwnRing));
        }
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
     * <p>A virtual thread's events go to a ring of its carrier's own, written by that one OS thread
     * only: no atomic instruction, just plain stores and a release store (free on x86). That is
     * safe because a virtual thread cannot leave its carrier between reading the carrier and
     * returning from here: nothing in between blocks. A platform thread given a ring of its own
     * ({@link #giveOwnRing}) writes it when it names itself as carrier. Up to
     * {@value #MAX_OWN_RINGS} rings are made; every other writer shares the multi-producer rings.
     *
     * @param carrierId the OS thread running the caller now (itself for a platform thread), as
     *                  {@link CarrierLookup#currentCarrierId()} gives it; picks the ring
     */
    public void record(byte type, int task, long threadId, long carrierId) {
        long time = System.nanoTime() - originNanos;
        if (carrierId >= 0) {
            OwnRing own = ownRing(carrierId);
            if (own != null) {
                if (!own.tryRecord(this, type, task, time, threadId)) {
                    overflow(type, task, time, threadId, carrierId);
                }
                return;
            }
        }
        if (!rings[(int) carrierId & ringMask].tryRecord(this, type, task, time, threadId, carrierId)) {
            overflow(type, task, time, threadId, carrierId);
        }
    }

    private void overflow(byte type, int task, long time, long threadId, long carrierId) {
        overflowed.incrementAndGet();
        overflow.add(new long[] {head(type, task), time, threadId, carrierId});
    }

    /** The ring of the OS thread {@code carrierId} if the caller runs on it and may have one; null otherwise. */
    private OwnRing ownRing(long carrierId) {
        OwnRing ring = ownRings.find(carrierId);
        Thread current = Thread.currentThread();
        if (ring != null) {
            return (current.isVirtual() ? CarrierLookup.isExact() : current.threadId() == carrierId) ? ring : null;
        }
        // Carriers get a ring the first time they carry a writer; platform threads only when given one.
        return current.isVirtual() && CarrierLookup.isExact() ? addOwnRing(carrierId) : null;
    }

    /**
     * Gives a platform thread a ring of its own (the runner's submitter), so its events need no
     * atomic instruction. Only that thread, recording with its own id as carrier, writes it.
     */
    public void giveOwnRing(Thread writer) {
        if (!writer.isVirtual()) {
            addOwnRing(writer.threadId());
        }
    }

    /**
     * Adds a ring for {@code owner}, or finds the one another thread just added. Lock-free on
     * purpose: a virtual thread waiting for a lock may move to another carrier, and then it would
     * write into a ring whose owner is running someone else.
     */
    private OwnRing addOwnRing(long owner) {
        OwnRing fresh = null;
        while (true) {
            OwnRings current = ownRings;
            OwnRing existing = current.find(owner);
            if (existing != null || current.list.length >= MAX_OWN_RINGS) {
                if (fresh != null) {
                    spareOwnSlots.add(fresh.slots); // unused: the next writer takes it
                }
                return existing;
            }
            if (fresh == null) {
                long[] spare = spareOwnSlots.poll();
                fresh = new OwnRing(owner, spare != null ? spare : OwnRing.newSlots(slotsPerOwnRing));
            }
            if (OWN_RINGS.compareAndSet(this, current, current.with(fresh))) {
                return fresh;
            }
        }
    }

    private static int mix(long id) {
        long h = id * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32);
    }

    /** Events recorded so far. */
    public long recorded() {
        long total = overflowed.get();
        for (Ring ring : rings) {
            total += ring.claimedCount();
        }
        for (OwnRing ring : ownRings.list) {
            total += ring.writtenCount();
        }
        return total;
    }

    /** Own-ring slots reserved and not yet claimed by a writer. */
    int spareOwnRings() {
        return spareOwnSlots.size();
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
        for (OwnRing ring : ownRings.list) {
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
        for (OwnRing ring : ownRings.list) {
            if (ring.readSequence != ring.writtenCount()) {
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

    /** The own rings, immutable: an open-addressing table by owner for writers, a list for the reader. */
    private record OwnRings(OwnRing[] table, OwnRing[] list) {
        static final OwnRings EMPTY = new OwnRings(new OwnRing[4 * MAX_OWN_RINGS], new OwnRing[0]);

        OwnRing find(long owner) {
            int mask = table.length - 1;
            for (int i = mix(owner) & mask; ; i = (i + 1) & mask) {
                OwnRing ring = table[i];
                if (ring == null || ring.owner == owner) {
                    return ring;
                }
            }
        }

        OwnRings with(OwnRing ring) {
            OwnRing[] grown = table.clone();
            int mask = grown.length - 1;
            int i = mix(ring.owner) & mask;
            while (grown[i] != null) {
                i = (i + 1) & mask;
            }
            grown[i] = ring;
            OwnRing[] longer = java.util.Arrays.copyOf(list, list.length + 1);
            longer[list.length] = ring;
            return new OwnRings(grown, longer);
        }
    }

    /** Written by its one writer only. */
    private abstract static class OwnWriterSide extends PadBeforeWriters {
        /** Events written; the writer publishes it with a release store, the reader reads it with acquire. */
        long written;
        long consumedSeen;
        long consumedAtWake = -1;
    }

    @SuppressWarnings("unused")
    private abstract static class OwnPadBeforeReader extends OwnWriterSide {
        long p10, p11, p12, p13, p14, p15, p16, p17;
    }

    private abstract static class OwnReaderSide extends OwnPadBeforeReader {
        volatile long consumed;
        long readSequence;
    }

    @SuppressWarnings("unused")
    private abstract static class OwnPadAfterReader extends OwnReaderSide {
        long p20, p21, p22, p23, p24, p25, p26, p27;
    }

    /**
     * A single-producer, single-consumer ring: one OS thread writes it (all the virtual threads it
     * carries, one after another), the telemetry thread reads it.
     */
    private static final class OwnRing extends OwnPadAfterReader {
        private static final VarHandle WRITTEN;

        static {
            try {
                WRITTEN = MethodHandles.lookup().findVarHandle(OwnWriterSide.class, "written", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final long owner;
        private final int mask;
        private final long halfSize;
        private final long size;
        private final long[] slots;

        /** @param slots from {@link #newSlots}: a power of two of slots */
        OwnRing(long owner, long[] slots) {
            int size = slots.length / LONGS_PER_OWN_SLOT;
            this.owner = owner;
            this.mask = size - 1;
            this.size = size;
            this.halfSize = size / 2;
            this.slots = slots;
        }

        static long[] newSlots(int size) {
            return new long[size * LONGS_PER_OWN_SLOT];
        }

        long writtenCount() {
            return (long) WRITTEN.getAcquire(this);
        }

        /** @return false, writing nothing, if the ring is full */
        boolean tryRecord(EventLog log, byte type, int task, long timeNanos, long threadId) {
            // Acquire: the previous write may have come from another virtual thread on this carrier.
            long sequence = (long) WRITTEN.getAcquire(this);
            if (sequence - consumedSeen >= halfSize) {
                long reader = consumed;
                consumedSeen = reader;
                long backlog = sequence - reader;
                if (backlog >= halfSize) {
                    if (reader != consumedAtWake) {
                        consumedAtWake = reader;
                        log.wakeReader();
                    }
                    if (backlog >= size) {
                        return false;
                    }
                }
            }
            int base = (int) (sequence & mask) * LONGS_PER_OWN_SLOT;
            slots[base] = head(type, task);
            slots[base + 1] = timeNanos;
            slots[base + 2] = threadId;
            WRITTEN.setRelease(this, sequence + 1);
            return true;
        }

        /** @return events drained, or -(drained + 1) if the sink refused one */
        int drain(Sink sink) {
            long end = writtenCount();
            long next = readSequence;
            int count = 0;
            boolean refused = false;
            while (next < end) {
                int base = (int) (next & mask) * LONGS_PER_OWN_SLOT;
                long head = slots[base];
                if (!sink.accept((byte) (head >>> 32), (int) head, slots[base + 1], slots[base + 2], owner)) {
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
