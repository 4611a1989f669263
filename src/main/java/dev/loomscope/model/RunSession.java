package dev.loomscope.model;

import dev.loomscope.engine.InvalidScenarioException;
import dev.loomscope.engine.RunHandle;
import dev.loomscope.engine.RunOptions;
import dev.loomscope.engine.RunResult;
import dev.loomscope.engine.Runner;
import dev.loomscope.engine.Scenario;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The runs of one window session. A comparison of several executors runs them one after another,
 * never at once, so no run shares the cores with another and each number stays honest. Runs go
 * through the same {@link Runner} as the command line. Nothing here blocks: the window polls
 * {@link #version()} once per frame.
 */
public final class RunSession {

    /** Older runs are dropped from the history (a million-task run holds tens of megabytes). */
    public static final int HISTORY_KEPT = 12;

    private final Runner runner;
    private final RunOptions options;
    private final List<RunModel> history = new CopyOnWriteArrayList<>();
    private final Deque<RunModel> queue = new ArrayDeque<>();
    private List<RunModel> comparison = List.of();
    private RunHandle currentHandle;
    private volatile RunModel current;
    private volatile String problem;
    private volatile int version;
    private int nextNumber = 1;

    public RunSession(Runner runner, RunOptions options) {
        this.runner = runner;
        this.options = options;
    }

    public int cores() {
        return runner.cores();
    }

    /**
     * Queues the scenarios and starts the first. Every scenario is checked first, so a comparison
     * either starts whole or not at all.
     *
     * @throws InvalidScenarioException naming the first scenario that cannot run on this machine
     * @throws IllegalStateException    if runs are already going
     */
    public synchronized List<RunModel> start(List<Scenario> scenarios) {
        if (isRunning()) {
            throw new IllegalStateException("a run is already going; stop it first");
        }
        scenarios.forEach(s -> s.checkDuration(runner.cores()));
        var models = new ArrayList<RunModel>();
        for (Scenario scenario : scenarios) {
            var model = new RunModel(nextNumber++, scenario, runner.cores());
            models.add(model);
            queue.add(model);
            history.add(model);
        }
        while (history.size() > HISTORY_KEPT) {
            history.removeFirst();
        }
        comparison = List.copyOf(models);
        problem = null;
        startNext();
        return comparison;
    }

    private synchronized void startNext() {
        RunModel next = queue.poll();
        current = next;
        currentHandle = null;
        if (next != null) {
            RunHandle handle = runner.start(next.scenario(), options, next);
            currentHandle = handle;
            handle.result().whenComplete((result, error) -> finished(next, result, error));
        }
        version++;
    }

    private void finished(RunModel model, RunResult result, Throwable error) {
        RunResult outcome = result != null ? result
                : RunResult.failed(model.scenario(), model.idealMs(), "Reading the runner failed: " + error);
        model.finish(outcome);
        synchronized (this) {
            if (outcome.outcome() == RunResult.Outcome.FAILED) {
                problem = model.title() + ": " + outcome.message();
            }
            startNext();
        }
    }

    /** Stops the run under way (its runner JVM is killed at once) and drops the ones queued after it. */
    public synchronized void stop() {
        for (RunModel skipped : queue) {
            history.remove(skipped);
        }
        queue.clear();
        if (currentHandle != null) {
            currentHandle.cancel();
        }
        version++;
    }

    public boolean isRunning() {
        return current != null;
    }

    /** The run under way, else null. */
    public RunModel current() {
        return current;
    }

    /** The runs started by the last {@link #start}, in order. */
    public synchronized List<RunModel> comparison() {
        return comparison;
    }

    /** The runs of this session, oldest first (at most {@link #HISTORY_KEPT}). */
    public List<RunModel> history() {
        return List.copyOf(history);
    }

    /** The last run that failed, in plain words, or null; cleared when new runs start. */
    public String problem() {
        return problem;
    }

    public void clearProblem() {
        problem = null;
        version++;
    }

    /** Changes whenever runs start, end or are stopped. */
    public int version() {
        return version;
    }
}
