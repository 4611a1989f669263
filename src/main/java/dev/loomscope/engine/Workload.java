package dev.loomscope.engine;

import dev.loomscope.protocol.EventType;
import dev.loomscope.telemetry.CarrierLookup;
import dev.loomscope.telemetry.EventLog;
import dev.loomscope.telemetry.MountEvents;
import java.util.concurrent.Semaphore;

/**
 * The body of every task in a run: compute for the scenario's CPU time, then block for its sleep
 * time in its blocking mode, recording each step in the {@link EventLog}. Runs inside the runner JVM.
 */
final class Workload {

    private static final byte STARTED = EventType.STARTED.code();
    private static final byte BLOCKED = EventType.BLOCKED.code();
    private static final byte RESUMED = EventType.RESUMED.code();
    private static final byte FINISHED = EventType.FINISHED.code();
    private static final byte FAILED = EventType.FAILED.code();

    private final EventLog log;
    private final long cpuUnits;
    private final int sleepMs;
    private final BlockingMode blocking;
    /** Non-null for virtual-limited: only this many tasks may be in their blocking part at once. */
    private final Semaphore permits;

    /**
     * Whether to commit mount JFR events. Checked before creating them: a disabled event object
     * still costs an allocation, as it lives across the blocking call where escape analysis gives up.
     */
    private final boolean mountEvents;
    /** The ThreadLocal trap, when the scenario asks for it; null otherwise (the hot path stays as it was). */
    private final ExpensiveThreadLocal threadLocalCache;

    /**
     * An "expensive" object (a buffer of the given size) cached per thread, as code written for
     * pools does. The count is an AtomicLong, not a LongAdder: a LongAdder keys its cells on a
     * per-thread probe and thrashes with a million new threads.
     */
    private static final class ExpensiveThreadLocal extends ThreadLocal<byte[]> {
        private final int bytes;
        private final java.util.concurrent.atomic.AtomicLong created = new java.util.concurrent.atomic.AtomicLong();

        ExpensiveThreadLocal(int bytes) {
            this.bytes = bytes;
        }

        @Override
        protected byte[] initialValue() {
            created.incrementAndGet();
            return new byte[bytes];
        }

        /** Uses the cached object a little, so the work is not optimised away. */
        void use(int task) {
            byte[] buffer = get();
            buffer[task % buffer.length]++;
        }
    }

    /** How many objects the tasks' ThreadLocal cache created: one per thread that ran a task. */
    long threadLocalsCreated() {
        return threadLocalCache == null ? 0 : threadLocalCache.created.get();
    }

    Workload(Scenario scenario, EventLog log, CpuWork cpu, boolean mountEvents) {
        this.mountEvents = mountEvents;
        this.log = log;
        this.cpuUnits = cpu.unitsFor(scenario.cpuMs());
        this.sleepMs = scenario.sleepMs();
        this.blocking = scenario.blocking();
        this.permits = scenario.executor() == ExecutorKind.VIRTUAL_LIMITED ? new Semaphore(scenario.permits()) : null;
        this.threadLocalCache = scenario.threadLocalKb() > 0 ? new ExpensiveThreadLocal(scenario.threadLocalKb() * 1_024) : null;
        // Load and initialize everything a task touches now, outside the timed run: class loading
        // inside the first tasks would show up as pinning the run did not cause.
        if (scenario.executor().isVirtual()) {
            // On a virtual thread, where the carrier lookup and JFR events take other paths. This also
            // starts the carriers before the timer (the plain program starts them on its first
            // submit): about a millisecond in LoomScope's favour, documented in the README.
            onAVirtualThread(Workload::touchWhatTasksTouch);
        } else {
            touchWhatTasksTouch();
        }
        switch (blocking) {
            case NATIVE -> NativeBlocking.prepare(sleepMs);
            case CLASS_INIT -> ClassInitBlocking.prepare(sleepMs);
            default -> { }
        }
    }

    /** Loads and links what a task's probes use, so that never happens inside a task. */
    private static void touchWhatTasksTouch() {
        CarrierLookup.currentCarrierId();
        endMount(new MountEvents.Mount(), -1, -1, -1, true);
        new MountEvents.Unmount().shouldCommit();
    }

    private static void onAVirtualThread(Runnable action) {
        try {
            Thread.ofVirtual().start(action).join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    Runnable task(int id) {
        return () -> run(id);
    }

    private void run(int id) {
        long threadId = Thread.currentThread().threadId();
        long carrier = CarrierLookup.currentCarrierId();
        log.record(STARTED, id, threadId, carrier);
        MountEvents.Mount mount = beginMount();
        try {
            if (threadLocalCache != null) {
                threadLocalCache.use(id);
            }
            if (cpuUnits > 0) {
                CpuWork.burn(cpuUnits);
            }
            if (sleepMs > 0) {
                carrier = CarrierLookup.currentCarrierId();
                log.record(BLOCKED, id, threadId, carrier);
                endMount(mount, id, threadId, carrier, false);
                if (permits != null) {
                    permits.acquire();
                }
                try {
                    block();
                } finally {
                    if (permits != null) {
                        permits.release();
                    }
                }
                carrier = CarrierLookup.currentCarrierId();
                log.record(RESUMED, id, threadId, carrier);
                mount = beginMount();
            }
            // No shared counter here: the telemetry thread counts FINISHED and FAILED events.
            // (A LongAdder, keyed by a per-thread probe, thrashes with a million fresh threads.)
            carrier = CarrierLookup.currentCarrierId();
            log.record(FINISHED, id, threadId, carrier);
            endMount(mount, id, threadId, carrier, true);
        } catch (Throwable e) {
            log.record(FAILED, id, threadId, CarrierLookup.currentCarrierId());
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private MountEvents.Mount beginMount() {
        if (!mountEvents) {
            return null;
        }
        var mount = new MountEvents.Mount();
        mount.begin();
        return mount;
    }

    /** Commits the mount slice and the unmount as JFR events, when a recording wants them. */
    private static void endMount(MountEvents.Mount mount, int task, long threadId, long carrier, boolean ended) {
        if (mount != null && mount.shouldCommit()) {
            mount.task = task;
            mount.virtualThread = threadId;
            mount.carrier = carrier;
            mount.commit();
            var unmount = new MountEvents.Unmount();
            unmount.task = task;
            unmount.virtualThread = threadId;
            unmount.carrier = carrier;
            unmount.ended = ended;
            unmount.commit();
        }
    }

    private void block() throws InterruptedException {
        switch (blocking) {
            case SLEEP -> Thread.sleep(sleepMs);
            case SYNCHRONIZED -> {
                Object monitor = new Object();
                synchronized (monitor) {
                    Thread.sleep(sleepMs);
                }
            }
            case NATIVE -> NativeBlocking.sleepInNativeFrame();
            case CLASS_INIT -> ClassInitBlocking.sleepInStaticInitializer();
        }
    }
}
