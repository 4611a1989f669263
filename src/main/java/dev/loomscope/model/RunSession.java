package dev.loomscope.model;

import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.launcher.RunHandle;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.result.RunResult;
import dev.loomscope.launcher.RunStarter;
import dev.loomscope.launcher.Runner;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.text.Text;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The runs of one window session. A comparison of several executors runs them one after another,
 * never at once, so no run shares the cores with another and each number stays honest. Runs go
 * through the same {@link Runner} as the command line (or, in tests, any other {@link RunStarter}).
 * Nothing here blocks: the window polls {@link #version()} once per frame.
 */
public final class RunSession implements SessionRuns {

    /** Older runs are dropped from the history (a million-task run holds tens of megabytes). */
    public static final int HISTORY_KEPT = 12;
    /** Runs that keep their recording (every event, for replay and timeline export). */
    public static final int RECORDINGS_KEPT = 4;

    private final RunStarter runner;
    private final RunOptions options;
    private final Path jfrFolder;
    private final List<RunModel> history = new CopyOnWriteArrayList<>();
    private final Deque<RunModel> queue = new ArrayDeque<>();
    private volatile List<RunModel> comparison = List.of();
    private RunHandle currentHandle;
    private RunModel stopWhenStarted;
    private volatile RunModel current;
    private volatile String problem;
    private volatile int version;
    private int nextNumber = 1;
    private volatile java.util.function.Predicate<Scenario> deferEvents = scenario -> false;

    public RunSession(RunStarter runner, RunOptions options) {
        this(runner, options, null);
    }

    /** @param jfrFolder where each run saves its JFR recording (deleted on exit), or null for none */
    public RunSession(RunStarter runner, RunOptions options, Path jfrFolder) {
        this.runner = runner;
        this.options = options;
        this.jfrFolder = jfrFolder;
        // Made now, with the session: a runner JVM inherits the priority of the thread that starts it,
        // and the window later lowers most of its own threads' priority, never this one's (see ui.app.Priorities).
        Thread.ofPlatform().daemon().name("loomscope-run-starter").start(this::startRunsAsAsked);
    }

    /** Runner JVMs start one at a time, from one thread: starting a JVM takes a while, and must not be on the caller's. */
    private static final System.Logger LOG = System.getLogger(RunSession.class.getName());

    private final java.util.concurrent.BlockingQueue<Runnable> starts = new java.util.concurrent.LinkedBlockingQueue<>();

    private void startRunsAsAsked() {
        while (true) {
            try {
                starts.take().run();
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // startNext reports its own failures as results; anything else must not end the starter.
                LOG.log(System.Logger.Level.ERROR, "Starting a run failed", e);
            }
        }
    }

    /** A fresh temporary folder for the session's recordings, removed when the JVM exits; null if none can be made. */
    public static Path temporaryJfrFolder() {
        try {
            Path folder = java.nio.file.Files.createTempDirectory("loomscope-jfr");
            folder.toFile().deleteOnExit();
            return folder;
        } catch (java.io.IOException e) {
            return null;
        }
    }

    @Override
    public int cores() {
        return runner.cores();
    }

    /**
     * Which runs keep their events for their end instead of applying them as they come: those the
     * window will not animate live (see {@link RunModel#deferEventsUntilTheEnd}). Decided as runs start.
     */
    public void deferEventsWhen(java.util.function.Predicate<Scenario> defer) {
        this.deferEvents = defer;
    }

    /**
     * Queues the scenarios and starts the first. Every scenario is checked first, so a comparison
     * either starts whole or not at all.
     *
     * @throws InvalidScenarioException naming the first scenario that cannot run on this machine
     * @throws IllegalStateException    if runs are already going
     */
    public List<RunModel> start(List<Scenario> scenarios) {
        scenarios.forEach(s -> s.checkDuration(runner.cores()));
        List<RunModel> started;
        synchronized (this) {
            if (isRunning()) {
                throw new IllegalStateException("a run is already going; stop it first");
            }
            var models = new ArrayList<RunModel>();
            for (Scenario scenario : scenarios) {
                var model = new RunModel(nextNumber++, scenario, runner.cores());
                if (deferEvents.test(scenario)) {
                    model.deferEventsUntilTheEnd();
                }
                models.add(model);
                queue.add(model);
                history.add(model);
            }
            while (history.size() > HISTORY_KEPT) {
                // Out of the history, out of replay: it keeps no recording (a long sweep would hold them all).
                history.removeFirst().dropRecording();
            }

            started = List.copyOf(models);
            comparison = started;
            problem = null;
            current = queue.peek();
            version++;
        }
        // Starting a JVM takes tens of milliseconds: not on the caller's (the window's) thread.
        starts.add(this::startNext);
        return started;
    }

    /** Quiet: this JVM used less than this share of a core over a {@link #SETTLE_STEP_MS} step. */
    static final double QUIET_SHARE = 0.2;
    static final long SETTLE_STEP_MS = 100;
    static final long SETTLE_LIMIT_MS = 1_500;
    private java.util.function.LongSupplier ownCpuNanos = () -> -1;

    /**
     * The window's process CPU time, read between runs: a run starts once the window has finished
     * what the last run's end set off (its last frames, the JIT compiling them, a collection).
     * Unset (the default), runs start at once.
     */
    public void settleBeforeEachRun(java.util.function.LongSupplier processCpuNanos) {
        this.ownCpuNanos = processCpuNanos;
    }

    /**
     * Waits, at most {@link #SETTLE_LIMIT_MS}, until this JVM has used under {@link #QUIET_SHARE} of
     * a core for one step, or until {@code next} is no longer due (a stop dropped it).
     */
    private void settle(RunModel next) {
        long last = ownCpuNanos.getAsLong();
        if (last < 0) {
            return;
        }
        for (long waited = 0; waited < SETTLE_LIMIT_MS; waited += SETTLE_STEP_MS) {
            try {
                Thread.sleep(SETTLE_STEP_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            synchronized (this) {
                if (queue.peek() != next) {
                    return;
                }
            }
            long now = ownCpuNanos.getAsLong();
            if (now - last < QUIET_SHARE * SETTLE_STEP_MS * 1_000_000) {
                return;
            }
            last = now;
        }
    }

    /**
     * Starts the next queued run, if any. Starting a JVM takes a while, so it happens outside the
     * lock: the window reads this session every frame and must never wait for a process to start.
     */
    private void startNext() {
        RunModel next;
        synchronized (this) {
            next = queue.peek();
            current = next;
            currentHandle = null;
            version++;
        }
        if (next == null) {
            return;
        }
        settle(next);
        synchronized (this) {
            if (queue.peek() != next) {
                // Stopped while it settled: it never ran (stop dropped it with the rest of the queue).
                current = null;
                stopWhenStarted = null;
                version++;
                return;
            }
            queue.poll();
        }
        RunHandle handle;
        try {
            handle = runner.start(next.scenario(), optionsFor(next), next);
        } catch (RuntimeException e) {
            finished(next, null, e);
            return;
        }
        boolean stopped;
        synchronized (this) {
            currentHandle = handle;
            stopped = stopWhenStarted == next;
            stopWhenStarted = null;
        }
        if (stopped) {
            handle.cancel();
        }
        handle.result().whenComplete((result, error) -> {
            // A future swallows what its callbacks throw: whatever escapes here is logged, never lost.
            try {
                finished(next, result, error);
            } catch (Throwable unexpected) {
                LOG.log(System.Logger.Level.ERROR, "A run's end could not be taken in", unexpected);
            }
        });
    }

    /**
     * With a folder for recordings, each run saves its JFR recording there (for export). Without
     * LoomScope's per-mount events: the window's runs must cost what the command line's do
     * (the recording is written after the timed run, like the CLI's summary).
     */
    private RunOptions optionsFor(RunModel run) {
        if (jfrFolder == null || !options.jfr()) {
            return options;
        }
        Path file = jfrFolder.resolve("run-" + run.number() + ".jfr");
        file.toFile().deleteOnExit();
        run.setJfrFile(file);
        return options.withJfrFile(file, false);
    }

    /** The run ended, however it ended; the next queued run starts whatever happens here. */
    private void finished(RunModel model, RunResult result, Throwable error) {
        RunResult outcome = null;
        try {
            outcome = result != null ? result
                    : RunResult.failed(model.scenario(), model.idealMs(), Text.get("session.could-not-go-on", reason(error)));
            model.finish(outcome);
            dropOldRecordings();
        } catch (Throwable e) {
            // An Error too (out of memory while trimming): the run must still end, saying why.
            LOG.log(System.Logger.Level.ERROR, "The result of " + model.title() + " could not be taken in", e);
            outcome = RunResult.failed(model.scenario(), model.idealMs(), Text.get("session.result-lost", reason(e)));
            model.endAs(outcome);
        } finally {
            if (outcome == null || outcome.outcome() == RunResult.Outcome.FAILED) {
                synchronized (this) {
                    problem = model.title() + ": " + (outcome != null ? outcome.message() : Text.get("session.end-lost"));
                }
            }
            // Whatever became of this run's result, the queued runs still start (else the session never ends).
            starts.add(() -> {
                try {
                    afterEachRun.run();
                } finally {
                    startNext();
                }
            });
        }
    }

    /** What went wrong, in the failure's own words; a run that ended with neither result nor failure says so. */
    private static String reason(Throwable error) {
        if (error == null) {
            return Text.get("session.no-result");
        }
        Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    }

    private volatile Runnable afterEachRun = () -> {};

    /**
     * Runs {@code compact} on the run starter after each run has ended, before the next starts (and
     * before the next waits for the window to go quiet): the window compacts its heap there.
     */
    public void compactAfterEachRun(Runnable compact) {
        this.afterEachRun = compact;
    }

    /** Replays and timelines need recordings, which are big: the newest finished runs keep theirs. */
    private void dropOldRecordings() {
        List<RunModel> finished = history.stream().filter(r -> r.phase() == RunModel.Phase.FINISHED).toList();
        for (int i = 0; i < finished.size() - RECORDINGS_KEPT; i++) {
            finished.get(i).dropRecording();
        }
    }

    /** Deletes the session's saved JFR recordings (the window closes). */
    public void deleteRecordings() {
        history.forEach(RunModel::dropRecording);
        if (jfrFolder != null) {
            try (var files = java.nio.file.Files.list(jfrFolder)) {
                for (Path file : files.toList()) {
                    java.nio.file.Files.deleteIfExists(file);
                }
                java.nio.file.Files.deleteIfExists(jfrFolder);
            } catch (java.io.IOException ignored) {
                // Temporary files: deleteOnExit is the second chance.
            }
        }
    }

    /**
     * Stops the run under way (its runner JVM is killed at once) and drops the ones queued after
     * it, from the history and the comparison alike.
     */
    public void stop() {
        RunHandle handle;
        synchronized (this) {
            for (RunModel skipped : queue) {
                history.remove(skipped);
            }
            var kept = new ArrayList<>(comparison);
            kept.removeAll(queue);
            comparison = List.copyOf(kept);
            queue.clear();
            handle = currentHandle;
            // A run whose JVM is still starting is cancelled as soon as its handle exists.
            stopWhenStarted = handle == null ? current : null;
            version++;
        }
        if (handle != null) {
            handle.cancel();
        }
    }

    @Override
    public boolean isRunning() {
        return current != null;
    }

    /** The run under way, else null. */
    @Override
    public RunModel current() {
        return current;
    }

    /** The runs started by the last {@link #start} and not dropped by {@link #stop}, in order. */
    @Override
    public List<RunModel> comparison() {
        return comparison;
    }

    /** The runs of this session, oldest first (at most {@link #HISTORY_KEPT}). */
    @Override
    public List<RunModel> history() {
        return List.copyOf(history);
    }

    /** The last run that failed, in plain words, or null; cleared when new runs start. */
    @Override
    public String problem() {
        return problem;
    }

    /** Changes whenever runs start, end or are stopped. */
    @Override
    public int version() {
        return version;
    }
}
