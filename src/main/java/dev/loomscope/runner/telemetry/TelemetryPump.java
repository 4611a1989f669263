package dev.loomscope.runner.telemetry;

import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.FrameWriter;
import dev.loomscope.protocol.RunStart;
import dev.loomscope.protocol.Sample;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * The runner's one telemetry thread: drains the {@link EventLog} every few milliseconds, takes a
 * {@link Sample} every {@value #SAMPLE_PERIOD_MS} ms, and writes both as frames. Being the only
 * writer, it needs no locks; being a platform thread, it keeps running when every carrier is busy.
 */
public final class TelemetryPump {

    static final long SAMPLE_PERIOD_MS = 20;
    /**
     * Pause between drains. Draining whenever anything was there made this thread spin and send a
     * socket write per few dozen events; pausing batches them. Writers wake it early when a ring is
     * half full, so the pause never costs an overflow.
     */
    private static final long PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long WAITER_BACKSTOP_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /** Events per writer in {@link #compileEventPath}: past the JIT's thresholds for C1 and C2. */
    private static final int WARM_UP_EVENTS = 30_000;
    /** Events between two drains there: more than a 64 KB frame holds, so frames fill as in a run. */
    private static final int WARM_UP_DRAIN_EVERY = 1 << 12;
    private static final EventType[] EVENT_TYPES = EventType.values();

    private final EventLog log;
    private final FrameWriter out;
    private final ProcessReadings readings;
    private static final byte FINISHED = EventType.FINISHED.code();
    private static final byte FAILED = EventType.FAILED.code();
    private static final byte CANCELLED = EventType.CANCELLED.code();
    private final Thread thread;
    private volatile boolean stopping;
    private long rssPeak;
    private long heapPeak;
    /**
     * The most carrier threads seen alive at a sample; compensating carriers stay alive a while, so a sample sees them.
     * -1 while unknown: a JDK before 24 has no scheduler MXBean to ask, and its runs showed "0 carriers".
     */
    private int carrierPeak = -1;
    private long lastSampleNanos;
    /**
     * Counted from the events as they pass, so tasks need no shared counter. Plain fields: only
     * this thread writes them; other threads read them after {@link #stopAndFlush()} joins it, or
     * through {@link #endedTasks} and {@link #lastEndNanos}, published once per drain.
     */
    private long finished;
    private long failed;
    private long cancelled;
    /** When the latest event ending a task (FINISHED, FAILED or CANCELLED) happened (nanoseconds since the log's origin). */
    private long lastEnd = -1;
    private volatile long lastEndNanos = -1;
    private volatile long endedTasks;
    /** A thread in {@link #awaitTasksEnded}, woken once {@link #endedTasks} reaches {@link #awaitedTasks}; or null. */
    private volatile Thread waiter;
    private volatile long awaitedTasks = Long.MAX_VALUE;
    private RunStart runStart;

    /** Where JFR events come from, if the run streams JFR; null otherwise. */
    private final JfrBridge jfr;

    public TelemetryPump(EventLog log, FrameWriter out, ProcessReadings readings, JfrBridge jfr) {
        this.jfr = jfr;
        this.log = log;
        this.out = out;
        this.readings = readings;
        this.thread = Thread.ofPlatform().daemon().name("loomscope-telemetry").unstarted(this::loop);
        log.readBy(thread);
    }

    /**
     * Compiles the event path before a run's clock starts. Records events into a scratch log from
     * the calling thread (with a ring of its own, as the submitter), a virtual thread if the run's
     * tasks are virtual (as they record on their carriers; a platform pool's run then starts no
     * carrier, which would show in its platform-thread count) and a platform thread without a ring
     * of its own (as a pool's threads), and drains and encodes them as the telemetry thread does,
     * into a stream that discards them: every event type, and frames that fill up. Otherwise a
     * run's first tens of thousands of events are recorded and encoded by interpreted code, which
     * costs a short run more than all the rest of its events. The compilations it starts may finish
     * after it returns. Only LoomScope's own code and the few JDK methods it calls run here, never
     * a task.
     */
    public static void compileEventPath(boolean virtualTasks) throws InterruptedException {
        var scratch = new EventLog(1, 2 * WARM_UP_DRAIN_EVERY, 2 * WARM_UP_DRAIN_EVERY);
        scratch.giveOwnRing(Thread.currentThread());
        var pump = new TelemetryPump(scratch, new FrameWriter(OutputStream.nullOutputStream(), 1 << 16), null, null);
        Runnable record = () -> {
            long thread = Thread.currentThread().threadId();
            for (int i = 0; i < WARM_UP_EVENTS; i++) {
                scratch.record(EVENT_TYPES[i % EVENT_TYPES.length].code(), i, thread, CarrierLookup.currentCarrierId());
                if (i % WARM_UP_DRAIN_EVERY == WARM_UP_DRAIN_EVERY - 1) {
                    pump.drainQuietly();
                }
            }
            pump.drainQuietly();
        };
        record.run();
        if (virtualTasks) {
            Thread.ofVirtual().start(record).join();
        }
        Thread.ofPlatform().start(record).join();
    }

    /** Drains and encodes, for {@link #compileEventPath}: its stream discards all, so it cannot fail. */
    private void drainQuietly() {
        try {
            drainAll();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The loop's thread: LoomScope's, whatever it allocates is not the run's. */
    public long threadId() {
        return thread.threadId();
    }

    /** Starts the loop; its first frame tells the parent when the run's clock started. */
    public void start(RunStart runStart) {
        lastSampleNanos = System.nanoTime();
        this.runStart = runStart;
        thread.start();
    }

    /**
     * Stops the loop, then sends every event still in the log and a last sample.
     * After this returns the caller owns the writer.
     */
    public void stopAndFlush() throws IOException {
        stopping = true;
        LockSupport.unpark(thread);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping telemetry", e);
        }
        drainAll();
        sendJfr();
        sample();
        out.flush();
    }

    public long rssPeak() {
        return rssPeak;
    }

    public int carrierPeak() {
        return carrierPeak;
    }

    public long heapPeak() {
        return heapPeak;
    }

    /** Tasks whose FINISHED event has been sent. */
    public long finishedTasks() {
        return finished;
    }

    /** CANCELLED events sent: tasks interrupted by their scope's cancellation (or a stop), or never started. */
    public long cancelledTasks() {
        return cancelled;
    }

    /** FAILED events sent: tasks that threw, or could not be submitted. */
    public long failedTasks() {
        return failed;
    }

    /**
     * Waits, parked, until {@code tasks} tasks have ended: sent their FINISHED, FAILED or CANCELLED event (as
     * counted by this thread, so tasks share no counter) or ended without one ({@code endedUnseen}).
     * The telemetry thread wakes the caller when the count is reached; a 10 ms backstop re-reads
     * {@code endedUnseen}.
     *
     * @return the time of the latest event ending a task (nanoseconds since the log's origin),
     *         or -1 if the loop stopped first
     */
    public long awaitTasksEnded(long tasks, LongSupplier endedUnseen) throws InterruptedException {
        awaitedTasks = tasks;
        waiter = Thread.currentThread();
        try {
            while (endedTasks + endedUnseen.getAsLong() < tasks) {
                if (!thread.isAlive()) {
                    return -1;
                }
                LockSupport.parkNanos(this, WAITER_BACKSTOP_NANOS);
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
            return lastEndNanos;
        } finally {
            waiter = null;
            awaitedTasks = Long.MAX_VALUE;
        }
    }

    /** Takes and sends one sample now; the telemetry thread's own job, or the caller's once stopped. */
    public Sample sample() throws IOException {
        var sample = new Sample(System.nanoTime() - log.originNanos(), readings.rssBytes(), readings.heapUsedBytes(),
                readings.platformThreads(), readings.mountedVirtualThreads(), readings.queuedVirtualThreads(),
                finished);
        rssPeak = Math.max(rssPeak, sample.rssBytes());
        heapPeak = Math.max(heapPeak, sample.heapUsedBytes());
        carrierPeak = Math.max(carrierPeak, readings.carrierThreads());
        out.sample(sample);
        return sample;
    }

    private void loop() {
        try {
            out.started(runStart);
            out.flush();
            while (!stopping) {
                boolean wrote = drainAll() > 0;
                publishEnds();
                wrote |= sendJfr();
                long now = System.nanoTime();
                if (now - lastSampleNanos >= TimeUnit.MILLISECONDS.toNanos(SAMPLE_PERIOD_MS)) {
                    lastSampleNanos = now;
                    sample();
                    wrote = true;
                }
                if (wrote) {
                    out.flush();
                }
                LockSupport.parkNanos(PAUSE_NANOS);
            }
        } catch (IOException e) {
            // The parent is gone: nobody would see the rest of this run, so end it now rather than
            // run the workload to the end while events pile up unsent.
            Runtime.getRuntime().halt(3);
        } finally {
            LockSupport.unpark(waiter); // it sees the loop has stopped
        }
    }

    private void publishEnds() {
        lastEndNanos = lastEnd;
        long ended = finished + failed + cancelled;
        endedTasks = ended;
        Thread waiting = waiter;
        if (waiting != null && ended >= awaitedTasks) {
            LockSupport.unpark(waiting);
        }
    }

    private boolean sendJfr() throws IOException {
        if (jfr != null) {
            var events = jfr.drain();
            if (!events.isEmpty()) {
                out.jfrEvents(events);
                return true;
            }
        }
        return false;
    }

    private int drainAll() throws IOException {
        int total = 0;
        while (true) {
            out.beginEvents();
            log.drain(this::send);
            int n = out.eventsInFrame();
            if (n == 0) {
                return total;
            }
            out.endFrame();
            total += n;
        }
    }

    private boolean send(byte type, int task, long timeNanos, long threadId, long carrierId) {
        if (!out.event(type, task, timeNanos, threadId, carrierId)) {
            return false;
        }
        if (type == FINISHED) {
            finished++;
        } else if (type == FAILED) {
            failed++;
        } else if (type == CANCELLED) {
            cancelled++;
        } else {
            return true;
        }
        lastEnd = Math.max(lastEnd, timeNanos);
        return true;
    }
}
