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

    /** At most this many writers get a ring of their own (carriers and the submitter). */
    static final int MAX_OWN_RINGS = 32;
    private static final VarHandle OWN_RINGS;

    static {
        try {
            OWN_RINGS = MethodHandles.lookup().findVarHandle(EventLog.class, "ownRings", OwnRings.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final SharedRing[] rings;
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
        this.rings = new SharedRing[count];
        for (int i = 0; i < count; i++) {
            this.rings[i] = new SharedRing(powerOfTwoAtLeast(slotsPerSharedRing));
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
        int claimable = MAX_OWN_RINGS - ownRings.list().length - spareOwnSlots.size();
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
        overflow.add(new long[] {EventRing.head(type, task), time, threadId, carrierId});
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
            if (existing != null || current.list().length >= MAX_OWN_RINGS) {
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

    /** Events recorded so far. */
    public long recorded() {
        return overflowed.get() + writtenCount(rings) + writtenCount(ownRings.list());
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
        int count = drain(rings, sink);
        if (count < 0) {
            return -count - 1;
        }
        int own = drain(ownRings.list(), sink);
        if (own < 0) {
            return count + (-own - 1);
        }
        count += own;
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
        return isDrained(rings) && isDrained(ownRings.list()) && overflow.isEmpty();
    }

    /** @return events drained from {@code group}, or -(drained + 1) if the sink refused one */
    private static int drain(EventRing[] group, Sink sink) {
        int count = 0;
        for (EventRing ring : group) {
            int drained = ring.drain(sink);
            if (drained < 0) {
                return -(count + (-drained - 1)) - 1;
            }
            count += drained;
        }
        return count;
    }

    private static boolean isDrained(EventRing[] group) {
        for (EventRing ring : group) {
            if (!ring.isDrained()) {
                return false;
            }
        }
        return true;
    }

    private static long writtenCount(EventRing[] group) {
        long total = 0;
        for (EventRing ring : group) {
            total += ring.writtenCount();
        }
        return total;
    }

    /** Wakes the reader thread, if it is named: a ring is filling up. */
    void wakeReader() {
        Thread thread = reader;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    private static int powerOfTwoAtLeast(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }
}
