package dev.loomscope.launcher;

import dev.loomscope.protocol.RunnerChannel;
import dev.loomscope.result.RunResult;
import dev.loomscope.result.VmEvents;
import dev.loomscope.scenario.Durations;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.protocol.EventBatch;
import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.FrameReader;
import dev.loomscope.protocol.ProtocolException;
import dev.loomscope.protocol.RunStart;
import dev.loomscope.protocol.RunSummary;
import dev.loomscope.protocol.RunnerHello;
import dev.loomscope.text.Text;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A run in a runner JVM: reads the JVM's frames on a thread of its own, keeps the tail of its
 * standard error, and completes {@link #result()} once the JVM is gone. Stopping kills the JVM.
 */
final class JvmRun implements RunHandle {

    private static final int LOG_LINES_KEPT = 40;
    private static final int EXIT_GRACE_SECONDS = 10;
    /** How long a runner whose stream ended mid-frame gets to be seen dead before it is taken for alive and ended. */
    private static final int DEATH_GRACE_MS = 1_000;
    private static final EventType[] EVENT_TYPES = EventType.values();

    private final Scenario scenario;
    private final double idealMs;
    private final Process process;
    private final RunnerChannel channel;
    private final RunListener listener;
    private final CompletableFuture<RunResult> result = new CompletableFuture<>();
    private final Deque<String> logTail = new ArrayDeque<>();
    private final long startNanos = System.nanoTime();
    private final long[] eventsByType = new long[EventType.values().length];
    private volatile boolean cancelled;
    /** Set when Stop found the runner frozen (SIGSTOP, a debugger): it could not have answered anything but SIGKILL. */
    private volatile boolean frozenWhenStopped;
    /** Set when the runner was ended because its frames could not be read. */
    private volatile boolean endedForItsStream;
    /** Set when a listener threw: the run was stopped because of it, not by the runner's fault. */
    private String listenerFailure;
    private Thread logReader;
    private volatile RunnerHello hello;
    private RunStart runStart;
    private long eventsReceived;
    private final DeliveryMeter latency = new DeliveryMeter();
    private Runnable afterExit = () -> {};
    private final VmEventTally vmEvents = new VmEventTally();

    private JvmRun(Scenario scenario, double idealMs, Process process, RunnerChannel channel, RunListener listener) {
        this.scenario = scenario;
        this.idealMs = idealMs;
        this.process = process;
        this.channel = channel;
        this.listener = listener;
    }

    static JvmRun attach(Process process, RunnerChannel channel, Scenario scenario, double idealMs, RunListener listener) {
        return attach(process, channel, scenario, idealMs, listener, () -> {});
    }

    /** @param afterExit run once the runner JVM is gone, before the result completes (stops the run's services) */
    static JvmRun attach(Process process, RunnerChannel channel, Scenario scenario, double idealMs, RunListener listener, Runnable afterExit) {
        var handle = new JvmRun(scenario, idealMs, process, channel, listener);
        handle.afterExit = afterExit;
        handle.logReader = Thread.ofPlatform().daemon().name("loomscope-runner-log-" + process.pid()).start(handle::readLog);
        Thread.ofPlatform().daemon().name("loomscope-runner-reader-" + process.pid()).start(handle::readFramesToTheEnd);
        return handle;
    }

    static JvmRun failedToStart(Scenario scenario, double idealMs, String message) {
        var handle = new JvmRun(scenario, idealMs, null, null, RunListener.NONE);
        handle.result.complete(handle.resultWithoutSummary(RunResult.Outcome.FAILED, message));
        return handle;
    }

    @Override
    public Scenario scenario() {
        return scenario;
    }

    @Override
    public long pid() {
        return process == null ? -1 : process.pid();
    }

    @Override
    public CompletableFuture<RunResult> result() {
        return result;
    }

    /**
     * Kills the runner JVM at once (SIGKILL, which even a frozen process cannot ignore, where SIGTERM
     * would wait until it is continued); the result says how far it got, and whether it was frozen.
     */
    @Override
    public void cancel() {
        if (process == null || result.isDone()) {
            return;
        }
        frozenWhenStopped = isFrozen(process.pid());
        cancelled = true;
        process.destroyForcibly();
    }

    /** Whether the process is stopped by a signal or a tracer (state T or t in /proc/PID/stat); false where there is no /proc. */
    static boolean isFrozen(long pid) {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc", Long.toString(pid), "stat"));
            // "PID (command) STATE ...": the command may hold spaces and parentheses, the last ')' ends it.
            int end = stat.lastIndexOf(')');
            char state = end >= 0 && end + 2 < stat.length() ? stat.charAt(end + 2) : '?';
            return state == 'T' || state == 't';
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Whatever happens while reading, the result completes and the runner JVM does not outlive it. */
    private void readFramesToTheEnd() {
        try {
            readFrames();
        } catch (Throwable e) {
            process.destroyForcibly();
            runAfterExit();
            result.completeExceptionally(e);
        }
    }

    private void readFrames() {
        RunSummary summary = null;
        String streamError = null;
        try (channel) {
            InputStream stream = channel.accept(process);
            if (stream == null && process.isAlive()) {
                streamError = Text.get("launcher.never-connected");
                process.destroyForcibly();
            }
            var reader = new FrameReader(stream != null ? stream : InputStream.nullInputStream());
            for (var frame = reader.next(); frame != null; frame = reader.next()) {
                switch (frame.type()) {
                    case HELLO -> {
                        hello = frame.json(RunnerHello.class);
                        listener.onHello(hello);
                    }
                    case STARTED -> {
                        runStart = frame.runStart();
                        listener.onStarted(runStart);
                    }
                    case EVENTS -> onEvents(frame.events());
                    case JFR -> {
                        var events = frame.jfrEvents();
                        events.forEach(vmEvents::add);
                        listener.onJfrEvents(events);
                    }
                    case SAMPLE -> listener.onSample(frame.sample());
                    case SUMMARY -> summary = frame.json(RunSummary.class);
                }
            }
        } catch (IOException | ProtocolException e) {
            if (!cancelled) {
                streamError = e.getMessage();
                endBecauseTheStreamBroke(e);
            }
        } catch (RuntimeException e) {
            listenerFailure = e.toString();
            process.destroyForcibly();
        }
        try {
            // A runner that closed its stream exits at once; one that does not is ended here.
            if (!process.waitFor(EXIT_GRACE_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            int exit = process.waitFor();
            runAfterExit();
            result.complete(finish(summary, exit, streamError));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result.completeExceptionally(e);
        }
    }

    /** Once only, whatever it throws: the result completes either way. */
    private void runAfterExit() {
        Runnable action = afterExit;
        afterExit = () -> {};
        try {
            action.run();
        } catch (RuntimeException e) {
            // A service that failed to stop leaves nothing the result depends on.
        }
    }

    /**
     * A runner whose stream broke would otherwise run its whole workload unseen: it is ended. A
     * stream that merely ended (inside a frame, or reset) is what a runner that died mid-write
     * leaves: it gets a moment to be seen dead first, so that its own death is what the result names.
     */
    private void endBecauseTheStreamBroke(Exception e) {
        boolean mayBeDying = !(e instanceof ProtocolException p) || p.endedEarly();
        try {
            if (mayBeDying && process.waitFor(DEATH_GRACE_MS, TimeUnit.MILLISECONDS)) {
                return;
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        if (process.isAlive()) {
            endedForItsStream = true;
            process.destroyForcibly();
        }
    }

    private void onEvents(EventBatch batch) {
        long arrived = System.nanoTime();
        // Tallied from the frame's header: millions of events cost nothing here unless a listener reads them.
        for (EventType type : EVENT_TYPES) {
            eventsByType[type.ordinal()] += batch.count(type);
        }
        if (runStart != null && batch.size() > 0) {
            latency.add(arrived - (runStart.monotonicNanos() + batch.oldestTimeNanos()));
        }
        eventsReceived += batch.size();
        listener.onEvents(batch);
    }

    private RunResult finish(RunSummary summary, int exitCode, String streamError) {
        if (listenerFailure != null) {
            return resultWithoutSummary(RunResult.Outcome.FAILED, Text.get("launcher.showing-failed",
                    finishedTasks(), scenario.tasks(), listenerFailure));
        }
        if (cancelled && (summary == null || exitCode != 0)) {
            return resultWithoutSummary(RunResult.Outcome.CANCELLED, Text.get("launcher.stopped",
                    finishedTasks(), scenario.tasks(), Durations.humanMillis(wallMillis()), frozenWhenStopped
                            ? Text.get("launcher.stopped.frozen") : ""));
        }
        if (summary == null) {
            return resultWithoutSummary(RunResult.Outcome.FAILED, explainDeath(exitCode, streamError));
        }
        boolean clean = summary.failure() == null;
        String message = clean ? "" : summary.failure() + ". " + (summary.completed() > 0
                ? Text.get("launcher.failed.rest-finished", summary.completed()) : "");
        if (summary.threadDumpError() != null) {
            message = (message + " " + summary.threadDumpError() + ".").strip();
        }
        if (summary.jfrFileError() != null) {
            message = (message + " " + summary.jfrFileError()).strip();
        }
        if (summary.taskError() != null) {
            // The user's code threw: what and where, or they would see only a count of failed tasks.
            RunSummary.TaskError thrown = summary.taskError();
            String said = thrown.where() == null
                    ? Text.get("run.task-threw", thrown.task() + 1, thrown.exception())
                    : Text.get("run.task-threw.at", thrown.task() + 1, thrown.exception(), thrown.where());
            message = (message + " " + said).strip();
        }
        VmEvents vm = vmEvents.result(summary.virtualThreadEventsRecorded(), summary.threadDumpVirtualThreads(),
                summary.clockAlignmentErrorMs());
        return new RunResult(scenario, clean ? RunResult.Outcome.COMPLETED : RunResult.Outcome.FAILED, message.strip(),
                hello, summary.elapsedNanos() / 1e6, idealMs, summary.submitted(), summary.completed(), summary.failed(),
                mb(summary.rssPeakBytes() - summary.rssBaselineBytes()),
                mb(summary.heapPeakBytes() - summary.heapBaselineBytes()),
                summary.peakPlatformThreads(), summary.cpuTimeNanos() / 1e6, latency.result(summary.eventsEmitted(), eventsReceived, summary.eventsOverflowed()),
                vm, mounts(vm), unmounts(vm), summary.threadLocalsCreated(),
                new RunResult.Overheads(millisOrAbsent(summary.cpuWaitNanos()), millisOrAbsent(summary.otherCpuNanos()),
                        millisOrAbsent(summary.submitNanos())),
                summary.cancelled(), summary.carrierPeak(), summary.dbPool(), summary.allocatedBytes() < 0 ? -1 : mb(summary.allocatedBytes()));
    }

    private String explainDeath(int exitCode, String streamError) {
        String progress = Text.get("launcher.died.progress",
                eventsByType[EventType.STARTED.ordinal()], scenario.tasks(), finishedTasks());
        String cause = lastMeaningfulStderrLine();
        if (endedForItsStream) {
            return Text.get("launcher.died.unreadable", streamError, progress);
        }
        if (exitCode > 128) {
            int signal = exitCode - 128;
            return Text.get("launcher.died.signal", signal, signalName(signal), progress,
                    cause.isEmpty() ? "" : Text.get("launcher.died.last-words", cause));
        }
        if (cause.contains("OutOfMemoryError")) {
            return Text.get("launcher.died.memory", progress, cause);
        }
        return Text.get("launcher.died.exit", exitCode, progress,
                !cause.isEmpty() ? ": " + cause : streamError != null ? ": " + streamError : ".");
    }

    private RunResult resultWithoutSummary(RunResult.Outcome outcome, String message) {
        return new RunResult(scenario, outcome, message, hello, wallMillis(), idealMs,
                eventsByType[EventType.SUBMITTED.ordinal()], finishedTasks(), eventsByType[EventType.FAILED.ordinal()],
                0, 0, 0, 0, latency.result(eventsReceived, eventsReceived, 0), VmEvents.NONE, 0, 0, 0, RunResult.Overheads.UNMEASURED,
                eventsByType[EventType.CANCELLED.ordinal()]);
    }

    /**
     * Mounts, counted from the probes: a task mounts when it starts and when it resumes after
     * blocking, except where JFR saw the blocking pin the carrier (then it never let go). A platform
     * thread holds its task from start to end.
     */
    private long mounts(VmEvents vm) {
        long starts = count(EventType.STARTED);
        return scenario.executor().isVirtual() ? Math.max(starts, starts + count(EventType.RESUMED) - vm.pinnedEvents()) : starts;
    }

    private long unmounts(VmEvents vm) {
        long ends = java.util.Arrays.stream(EventType.values()).filter(EventType::endsTask).mapToLong(this::count).sum();
        return scenario.executor().isVirtual() ? Math.max(ends, ends + count(EventType.BLOCKED) - vm.pinnedEvents()) : ends;
    }

    private long count(EventType type) {
        return eventsByType[type.ordinal()];
    }

    private long finishedTasks() {
        return eventsByType[EventType.FINISHED.ordinal()];
    }

    private double wallMillis() {
        return (System.nanoTime() - startNanos) / 1e6;
    }

    /** Keeps the tail of the runner's stdout and stderr (merged), to explain a death. */
    private void readLog() {
        try (var reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                synchronized (logTail) {
                    if (logTail.size() == LOG_LINES_KEPT) {
                        logTail.removeFirst();
                    }
                    logTail.addLast(line);
                }
            }
        } catch (IOException e) {
            // The runner is gone; what was read is all there is.
        }
    }

    /** The last line that says something: an exception, an error, not a JVM warning or a stack frame. */
    private String lastMeaningfulStderrLine() {
        // The log ends with the process; let its reader take the last lines in.
        try {
            if (logReader != null) {
                logReader.join(TimeUnit.SECONDS.toMillis(2));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (logTail) {
            var lines = logTail.reversed();
            for (String line : lines) {
                String s = line.strip();
                if (s.isEmpty() || s.startsWith("at ") || s.startsWith("...") || s.startsWith("WARNING")
                        || s.startsWith("Error: A fatal exception") || s.startsWith("Error: Could not create the Java Virtual Machine")) {
                    continue;
                }
                return s;
            }
            return "";
        }
    }

    private static String signalName(int signal) {
        return switch (signal) {
            case 9 -> Text.get("launcher.signal.kill");
            case 15 -> Text.get("launcher.signal.term");
            case 6 -> Text.get("launcher.signal.abort");
            case 11 -> Text.get("launcher.signal.segv");
            default -> "";
        };
    }

    private static double millisOrAbsent(long nanos) {
        return nanos < 0 ? -1 : nanos / 1e6;
    }

    private static double mb(long bytes) {
        return bytes / (1024.0 * 1024.0);
    }
}
