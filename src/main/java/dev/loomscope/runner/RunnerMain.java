package dev.loomscope.runner;

import dev.loomscope.protocol.RunnerArgs;
import dev.loomscope.protocol.RunnerChannel;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.FrameWriter;
import dev.loomscope.protocol.PoolFigures;
import dev.loomscope.runner.waits.ServiceWait;
import dev.loomscope.protocol.RunStart;
import dev.loomscope.protocol.RunSummary;
import dev.loomscope.protocol.RunnerHello;
import dev.loomscope.runner.telemetry.EventLog;
import dev.loomscope.runner.telemetry.JfrBridge;
import dev.loomscope.runner.telemetry.ProcessReadings;
import dev.loomscope.runner.telemetry.TelemetryPump;
import dev.loomscope.text.Text;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

/**
 * Entry point of a runner JVM (the child that the launcher's Runner starts): runs one {@link Scenario}
 * and streams frames to the parent over a loopback socket ({@link RunnerChannel}). Standard output
 * and error are only logs. Arguments: {@code key=value} words ({@link RunnerArgs}): the channel's
 * port and token, the {@link RunOptions} and the {@link Scenario}.
 */
public final class RunnerMain {

    /**
     * The event log's size. Carriers and the submitter write rings of their own: 32,768 slots
     * (768 KB) each hold over 15 ms of a million-task run's events between two drains. Other
     * writers, a pool's platform threads, share 16 rings of 4,096 slots (2.6 MB in all), enough for
     * a pool's event rate. The log stays small on purpose: its arrays live on the workload's heap,
     * and at 20 MB (all rings of 32,768 slots) they had G1 size that heap around them.
     */
    private static final int SHARED_RINGS = 16;
    private static final int SLOTS_PER_SHARED_RING = 1 << 12;
    private static final int SLOTS_PER_OWN_RING = 1 << 15;
    private static final byte SUBMITTED = EventType.SUBMITTED.code();
    private static final byte FAILED = EventType.FAILED.code();
    private static final byte CANCELLED = EventType.CANCELLED.code();

    private RunnerMain() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        dev.loomscope.text.Text.writeNumbersAsTheWordsDo();
        RunnerArgs values = RunnerArgs.parse(List.of(args));
        var frames = new FrameWriter(new BufferedOutputStream(RunnerChannel.connect(values), 1 << 16), 1 << 16);
        RunOptions options = RunOptions.from(values);
        Scenario scenario = Scenario.from(values);
        var readings = new ProcessReadings();
        CpuWork cpu = scenario.cpuMs() <= 0 ? CpuWork.withRate(0)
                : options.cpuUnitsPerMs() > 0 ? CpuWork.withRate(options.cpuUnitsPerMs()) : CpuWork.calibrate();

        frames.hello(new RunnerHello(ProcessHandle.current().pid(), System.getProperty("java.runtime.version"),
                Runtime.getRuntime().availableProcessors(), readings.carriers(), cpu.unitsPerMs()));
        frames.flush();

        var log = new EventLog(SHARED_RINGS, SLOTS_PER_SHARED_RING, SLOTS_PER_OWN_RING);
        log.giveOwnRing(Thread.currentThread()); // the submitter
        if (scenario.executor().isVirtual()) {
            log.reserveOwnRings(scenario.carriers()); // allocated now, not inside the run
        }
        // The service's wait opens (a pool fills, a client connects) before JFR and the baseline, never inside the timed run.
        ServiceWait serviceWait = openServiceWait(scenario, values);
        var workload = new Workload(scenario, log, cpu, options.mountEvents(), serviceWait);
        UserTasks userTasks = scenario.userTask() != null ? UserTasks.load(scenario.userTask(), log) : null;
        java.util.function.IntFunction<Runnable> taskBody = userTasks != null ? userTasks::task : workload::task;
        java.util.function.LongSupplier endsUnrecorded = userTasks != null ? userTasks::endsUnrecorded : workload::endsUnrecorded;
        boolean virtualThreadEvents = options.jfr() && scenario.executor().isVirtual()
                && scenario.tasks() <= RunOptions.MAX_TASKS_WITH_VTHREAD_EVENTS;
        // JFR takes a few hundred ms to start: before the baseline, never inside the timed run.
        JfrBridge jfr = options.jfr() ? new JfrBridge(virtualThreadEvents, options.mountEvents()) : null;
        if (jfr != null) {
            jfr.start();
        }
        TelemetryPump.compileEventPath(scenario.executor().isVirtual());
        var pump = new TelemetryPump(log, frames, readings, jfr);
        // The web experiment's service starts and warms up here, before the baseline, like JFR.
        WebRun web = scenario.isWeb() ? WebRun.start(scenario, workload, log) : null;
        if (options.threadDumpFile() != null) {
            ThreadDumps.warmUp();
        }

        // No System.gc() for the baselines: G1 would shrink the heap to what is live, and the run
        // would then pay for more young collections than a plain program that just started.
        // A web run's service threads started above and its clients start during it: what it allocated is not measured.
        long[] notTheRuns = web != null ? null : ProcessReadings.notTheRunsThreads(Thread.currentThread(), pump.threadId());
        long rssBaseline = readings.settledRssBytes();
        long heapBaseline = readings.heapUsedBytes();
        ProcessReadings.CpuReading cpuAtStart = readings.cpuReading();
        long cpuBaseline = readings.processCpuNanos();
        Instant startWallClock = Instant.now();
        long start = log.startClock();
        if (jfr != null) {
            jfr.runStartsAt(start);
        }
        long startEpochNanos = startWallClock.getEpochSecond() * 1_000_000_000L + startWallClock.getNano();
        pump.start(new RunStart(start, startEpochNanos));
        readings.resetPeakPlatformThreads();
        // Read once the telemetry thread has started (its allocations are LoomScope's, as the other listed threads' are).
        ProcessReadings.AllocationStart allocationStart = notTheRuns == null ? null : readings.allocationStart(notTheRuns);
        long allocatedBytes = -1;
        long allocatedByDump = 0;

        long submitted = 0;
        String failure = null;
        boolean submitFailed = false;
        ThreadDumps.Result threadDump = ThreadDumps.Result.NONE;
        long submitter = Thread.currentThread().threadId();
        ExecutorService executor = null;
        StructuredFanOut structured = null;
        long notTheRunsNanos = 0;
        long submitNanos = -1;
        ProcessReadings.CpuReading cpuAtEnd = null;
        try {
            if (web != null) {
                var dump = new java.util.concurrent.atomic.AtomicReference<>(ThreadDumps.Result.NONE);
                // Once the last request is out, the dump is written on a thread of its own while the requests go on (as a plain run's is).
                Thread dumper = options.threadDumpFile() == null ? null
                        : Thread.ofPlatform().name("loomscope-thread-dump").unstarted(() -> dump.set(ThreadDumps.write(options.threadDumpFile())));
                try {
                    WebRun.Outcome outcome = web.run(dumper == null ? () -> {} : dumper::start);
                    submitted = outcome.sent();
                    failure = outcome.failure();
                } catch (RuntimeException | Error e) {
                    // Out of threads for the clients, say: a result that says so, and a runner that still exits.
                    failure = Text.get("runner.web-failed", e);
                }
                if (dumper != null && dumper.getState() != Thread.State.NEW) {
                    dumper.join();
                }
                threadDump = dump.get();
            } else {
                structured = scenario.executor() == ExecutorKind.STRUCTURED ? new StructuredFanOut(scenario.tasks()) : null;
                executor = structured == null ? ScenarioExecutors.create(scenario) : null;
                for (int task = 0; task < scenario.tasks(); task++) {
                    log.record(SUBMITTED, task, submitter, submitter);
                    try {
                        if (structured != null) {
                            structured.fork(task, taskBody.apply(task), workload.fails(task));
                        } else {
                            executor.execute(taskBody.apply(task));
                        }
                    } catch (OutOfMemoryError | RejectedExecutionException e) {
                        log.record(FAILED, task, submitter, submitter);
                        failure = describeSubmitFailure(e, task, scenario, readings);
                        submitFailed = true;
                        break;
                    }
                    submitted++;
                }
                submitNanos = System.nanoTime() - start;
                if (options.threadDumpFile() != null) {
                    // The dump is LoomScope's, written on the submitting thread: what it allocates is not the run's.
                    long before = readings.ownAllocatedBytes();
                    threadDump = ThreadDumps.write(options.threadDumpFile());
                    allocatedByDump = Math.max(0, readings.ownAllocatedBytes() - before);
                }
                if (structured != null) {
                    // join() returns once every subtask succeeded, or once one failed and the scope
                    // cancelled the rest; closing waits for their threads. A subtask forked after the
                    // cancellation never started: it ends as cancelled, now.
                    structured.join();
                    StructuredFanOut scope = structured;
                    structured = null;
                    scope.closeThen(task -> log.record(CANCELLED, task, submitter, submitter));
                }
                // Shut the executor down only once every task has ended, as a loop that waited for
                // its tasks would. Closing it while a million tasks sleep (what try-with-resources
                // does) flips the JDK's "shut down?" check in ThreadPerTaskExecutor.taskComplete, which
                // the JIT compiled as never true into frames on those tasks' stacks: each task then
                // deoptimizes as it ends, one by one, for seconds of extra CPU in some runs. Done for
                // every executor alike. The moment between the last task's end and this thread
                // hearing of it is LoomScope's, not the run's: it is left out of the elapsed time.
                long lastEnd = pump.awaitTasksEnded(submitted + (submitFailed ? 1 : 0), endsUnrecorded);
                // Read while a pool's threads are still alive (close() ends them), in the time
                // after the last task's end that the elapsed time leaves out.
                cpuAtEnd = readings.cpuReading();
                allocatedBytes = readings.runAllocatedBytesSince(allocationStart, allocatedByDump);
                if (lastEnd >= 0 && endsUnrecorded.getAsLong() == 0) {
                    notTheRunsNanos = Math.max(0, System.nanoTime() - start - lastEnd);
                }
            }
        } finally {
            if (executor != null) {
                executor.close();
            }
            if (structured != null) {
                structured.close();
            }
        }
        long elapsed = System.nanoTime() - start - notTheRunsNanos;
        if (cpuAtEnd == null) {
            cpuAtEnd = readings.cpuReading();
            allocatedBytes = readings.runAllocatedBytesSince(allocationStart, allocatedByDump);
        }
        if (web != null) {
            web.close(); // after the clock: stopping the service is not part of the run
        }
        PoolFigures dbPool = serviceWait != null ? serviceWait.poolFigures() : null;
        if (serviceWait != null) {
            serviceWait.close();
        }
        int peakThreads = readings.peakPlatformThreads();
        long cpuNanos = readings.processCpuNanos() - cpuBaseline;

        String jfrFileError = null;
        if (jfr != null) {
            try {
                jfr.stop(options.jfrFile());
            } catch (IOException e) {
                // The user's disk or folder refused the file: the run itself is whole, and its result says so.
                jfrFileError = e.getMessage();
            }
        }
        try {
            pump.stopAndFlush();
            frames.summary(new RunSummary(elapsed, startEpochNanos,
                    submitted, pump.finishedTasks(), pump.failedTasks() - (submitFailed ? 1 : 0), pump.cancelledTasks(), rssBaseline, pump.rssPeak(), heapBaseline,
                    pump.heapPeak(), peakThreads, cpuNanos, log.recorded(), failure, virtualThreadEvents,
                    threadDump.virtualThreads(), threadDump.error(), jfr != null ? jfr.alignmentErrorMs() : Double.NaN,
                    log.overflowed(), workload.threadLocalsCreated(), cpuAtEnd.cpuWaitNanosSince(cpuAtStart),
                    cpuAtEnd.otherCpuNanosSince(cpuAtStart), submitNanos, jfrFileError,
                    scenario.executor().isVirtual() ? pump.carrierPeak() : -1, dbPool,
                    userTasks != null ? userTasks.firstError() : null, allocatedBytes));
            frames.flush();
        } catch (IOException e) {
            // The parent went away; nobody is left to tell.
            Runtime.getRuntime().halt(3);
        }
        System.exit(0);
    }

    /** The scenario's wait on an outside service, or null; a service that cannot be reached ends the runner with a sentence saying why. */
    private static ServiceWait openServiceWait(Scenario scenario, RunnerArgs values) {
        try {
            return ServiceWait.open(scenario, values);
        } catch (ServiceWait.ServiceUnavailableException e) {
            System.err.println(e.getMessage());
            System.exit(1);
            return null;
        }
    }

    private static String describeSubmitFailure(Throwable e, int task, Scenario scenario, ProcessReadings readings) {
        String what = e instanceof OutOfMemoryError && String.valueOf(e.getMessage()).contains("native thread")
                ? Text.get("runner.submit.no-threads") : Text.get("runner.submit.failed");
        return Text.get("runner.submit", what, task + 1, scenario.tasks(), readings.platformThreads(), e);
    }
}
