package dev.loomscope.runner;

import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.protocol.EventType;
import dev.loomscope.runner.laterjdk.LaterJdk;
import dev.loomscope.runner.laterjdk.LaterJdkBlocking;
import dev.loomscope.runner.telemetry.CarrierLookup;
import dev.loomscope.runner.telemetry.EventLog;
import dev.loomscope.runner.telemetry.MountEvents;
import dev.loomscope.runner.waits.ServiceWait;
import dev.loomscope.text.Text;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntConsumer;

/**
 * The body of every task in a run: compute for the scenario's CPU time, then block for its sleep
 * time in its blocking mode, recording each step in the {@link EventLog}. Runs inside the runner JVM.
 */
public final class Workload {

    private static final byte STARTED = EventType.STARTED.code();
    private static final byte BLOCKED = EventType.BLOCKED.code();
    private static final byte RESUMED = EventType.RESUMED.code();
    private static final byte FINISHED = EventType.FINISHED.code();
    private static final byte FAILED = EventType.FAILED.code();
    private static final byte CANCELLED = EventType.CANCELLED.code();

    /** The failure of the scenario's failing task (fail-at-ms), planned: no stack trace to fill in. */
    static final class PlannedFailure extends RuntimeException {
        PlannedFailure(int task) {
            super(Text.get("runner.planned-failure", task), null, false, false);
        }
    }

    private final EventLog log;
    private final long cpuUnits;
    private final int sleepMs;
    private final BlockingMode blocking;
    /** The task that fails {@link #failAtMs} into its wait, or -1. */
    private final int failingTask;
    private final int failAtMs;
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

    /**
     * What replaces the cache when every task is a new thread: one object shared, bound for each
     * task's run by a ScopedValue (final in JDK 25, so in {@code runner.jdk25.ScopedSharing}); null otherwise.
     */
    private final IntConsumer scopedSharing;

    /** How many objects the tasks' cache created: one per thread that ran a task, or the one shared object. */
    long threadLocalsCreated() {
        return threadLocalCache != null ? threadLocalCache.created.get() : scopedSharing != null ? 1 : 0;
    }

    /** The native and class-init modes' code (FFM, the ClassFile API: compiled for JDK 25); null for other modes. */
    private final LaterJdkBlocking laterJdkBlocking;
    /** The wait on a service outside the runner (jdbc, http, file), opened before the run; null for other modes. */
    private final ServiceWait serviceWait;
    /** The lock mode's lock: every task waits on its condition, which nobody signals, for the sleep time. */
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition neverSignalled = lock.newCondition();

    Workload(Scenario scenario, EventLog log, CpuWork cpu, boolean mountEvents) {
        this(scenario, log, cpu, mountEvents, null);
    }

    Workload(Scenario scenario, EventLog log, CpuWork cpu, boolean mountEvents, ServiceWait serviceWait) {
        if (scenario.blocking().needsService() && serviceWait == null) {
            throw new IllegalArgumentException("blocking " + scenario.blocking().cliName() + " needs its service's wait");
        }
        this.serviceWait = serviceWait;
        this.mountEvents = mountEvents;
        this.log = log;
        this.cpuUnits = cpu.unitsFor(scenario.cpuMs());
        this.sleepMs = scenario.sleepMs();
        this.blocking = scenario.blocking();
        this.failingTask = scenario.failingTask();
        this.failAtMs = scenario.failAtMs();
        this.permits = scenario.executor() == ExecutorKind.VIRTUAL_LIMITED ? new Semaphore(scenario.permits()) : null;
        boolean scoped = scenario.sharing() == dev.loomscope.scenario.Sharing.SCOPED_VALUE;
        this.threadLocalCache = scenario.threadLocalKb() > 0 && !scoped ? new ExpensiveThreadLocal(scenario.threadLocalKb() * 1_024) : null;
        this.scopedSharing = scenario.threadLocalKb() > 0 && scoped
                ? LaterJdk.create("ScopedSharing", IntConsumer.class, new Class<?>[] {byte[].class}, (Object) new byte[scenario.threadLocalKb() * 1_024])
                : null;
        this.laterJdkBlocking = switch (blocking) {
            case NATIVE -> LaterJdk.create("NativeBlocking", LaterJdkBlocking.class, new Class<?>[0]);
            case CLASS_INIT -> LaterJdk.create("ClassInitBlocking", LaterJdkBlocking.class, new Class<?>[0]);
            default -> null;
        };
        // Load and initialize everything a task touches now, outside the timed run: class loading
        // inside the first tasks would show up as pinning the run did not cause.
        if (scenario.executor().isVirtual()) {
            // On a virtual thread, where the carrier lookup and JFR events take other paths. This also
            // starts the carriers before the timer (the plain program starts them on its first
            // submit): about a millisecond in LoomScope's favour, documented in docs/measuring.md.
            onAVirtualThread(this::touchWhatTasksTouch);
        } else {
            touchWhatTasksTouch();
        }
        if (laterJdkBlocking != null) {
            laterJdkBlocking.prepare(sleepMs);
        }
    }

    /**
     * Loads and links what a task's probes use, so that never happens inside a task. The mount events
     * only when they are recorded: JFR's registration of an event class (its annotations read, its
     * bytecode instrumented) is about a sixth of a small run's CPU, and tasks never touch them otherwise.
     */
    private void touchWhatTasksTouch() {
        CarrierLookup.currentCarrierId();
        if (mountEvents) {
            endMount(new MountEvents.Mount(), -1, -1, -1, true);
            new MountEvents.Unmount().shouldCommit();
        }
    }

    private static void onAVirtualThread(Runnable action) {
        try {
            Thread.ofVirtual().start(action).join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The task method holding everything after the block, as a CompileCommand names it (see {@link Task}). */
    public static final String AFTER_BLOCKING = Task.class.getName() + "::afterBlocking";

    /**
     * Tasks that ended without an event to say so: their FAILED could not be recorded either (out
     * of memory, say). Counted so the runner never waits for an end it will not see.
     */
    private final java.util.concurrent.atomic.AtomicLong endsUnrecorded = new java.util.concurrent.atomic.AtomicLong();

    /** Task {@code id} of the run. */
    Runnable task(int id) {
        return new Task(id);
    }

    /** Whether task {@code id} is the one that fails (fail-at-ms). */
    boolean fails(int id) {
        return id == failingTask;
    }

    long endsUnrecorded() {
        return endsUnrecorded.get();
    }

    /** The permits of a virtual-limited run, null for any other executor (for tests). */
    Semaphore permits() {
        return permits;
    }

    /**
     * One task, shaped for the parked stack. A million of these park at once, and each parked stack
     * is copied by every young GC and copied back when it resumes, so the frame on it must be as
     * small as a plain program's lambda: one frame, nothing but {@code this} kept across the block,
     * and the event recorder out of line (see the launcher's JvmLauncher#runFlags). Everything after the
     * block sits in {@link #afterBlocking}, also out of line: code the JIT compiles before any task
     * has woken has never seen that part run, so every branch in it would be an uncommon trap, and
     * each of the parked tasks whose frame holds that code would deoptimize on waking, one by one.
     * The object itself stays as small as the lambda it replaced (24 bytes).
     */
    private final class Task implements Runnable {
        private final int id;
        /** The mount slice in progress, when mount events are recorded; null otherwise. */
        private MountEvents.Mount mount;

        Task(int id) {
            this.id = id;
        }

        @Override
        public void run() {
            try {
                start();
                if (sleepMs > 0) {
                    beforeBlocking();
                    if (id == failingTask) {
                        Thread.sleep(failAtMs);
                        throw new PlannedFailure(id);
                    }
                    if (permits != null) {
                        blockHoldingAPermit();
                    } else if (blocking == BlockingMode.SLEEP) {
                        Thread.sleep(sleepMs); // the common case, from this frame, as a plain program sleeps
                    } else {
                        block(id);
                    }
                    afterBlocking();
                } else {
                    finish();
                }
            } catch (Throwable e) {
                fail(e);
            }
        }

        /** Everything after the block; kept out of line (see the class comment). */
        private void afterBlocking() {
            recordEvent(RESUMED);
            mount = beginMount();
            finish();
        }

        private void start() {
            recordEvent(STARTED);
            mount = beginMount();
            if (threadLocalCache != null) {
                threadLocalCache.use(id);
            } else if (scopedSharing != null) {
                scopedSharing.accept(id);
            }
            if (cpuUnits > 0) {
                CpuWork.burn(cpuUnits);
            }
        }

        /** Records the blocking and ends the mount slice. */
        private void beforeBlocking() {
            long carrier = recordEvent(BLOCKED);
            endMount(mount, id, Thread.currentThread().threadId(), carrier, false);
            mount = null;
        }

        /** virtual-limited: only as many tasks as there are permits block at once. */
        private void blockHoldingAPermit() throws Exception {
            permits.acquire();
            try {
                block(id);
            } finally {
                permits.release();
            }
        }

        private void finish() {
            // No shared counter here: the telemetry thread counts the events that end tasks.
            // (A LongAdder, keyed by a per-thread probe, thrashes with a million fresh threads.)
            long carrier = recordEvent(FINISHED);
            endMount(mount, id, Thread.currentThread().threadId(), carrier, true);
        }

        /** Records how the task ended without finishing: interrupted (its scope cancelled, or the run stopped) or failed. */
        private void fail(Throwable e) {
            try {
                recordEvent(e instanceof InterruptedException ? CANCELLED : FAILED);
            } catch (Throwable recordingFailed) {
                endsUnrecorded.incrementAndGet();
            }
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }

        /** Records an event of this task on the current thread and carrier; returns the carrier. */
        private long recordEvent(byte type) {
            long carrier = CarrierLookup.currentCarrierId();
            log.record(type, id, Thread.currentThread().threadId(), carrier);
            return carrier;
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

    private void block(int task) throws Exception {
        switch (blocking) {
            case SLEEP -> Thread.sleep(sleepMs);
            case SYNCHRONIZED -> {
                Object monitor = new Object();
                synchronized (monitor) {
                    Thread.sleep(sleepMs);
                }
            }
            case NATIVE, CLASS_INIT -> laterJdkBlocking.block();
            case JDBC, HTTP, FILE -> serviceWait.await(task);
            case LOCK -> awaitUnsignalled();
            case WAIT -> waitOnAMonitor();
        }
    }

    /** The lock mode: a timed wait on a condition nobody signals, looped over spurious wake-ups until the time is up. */
    private void awaitUnsignalled() throws InterruptedException {
        lock.lock();
        try {
            long left = TimeUnit.MILLISECONDS.toNanos(sleepMs);
            while (left > 0) {
                left = neverSignalled.awaitNanos(left);
            }
        } finally {
            lock.unlock();
        }
    }

    /** The wait mode: {@code Object.wait} inside {@code synchronized}, nobody notifying, looped over spurious wake-ups. */
    private void waitOnAMonitor() throws InterruptedException {
        Object monitor = new Object();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(sleepMs);
        synchronized (monitor) {
            for (long left = sleepMs; left > 0; left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime() + 999_999)) {
                monitor.wait(left);
            }
        }
    }
}
