package dev.loomscope.ui.views;

import dev.loomscope.model.RunModel;
import dev.loomscope.model.TaskLifecycle;
import dev.loomscope.ui.fx.FxThread;
import java.util.concurrent.CompletableFuture;

/**
 * The one task being followed, if any: chosen by a click on its cell or on a lane where it ran,
 * highlighted in the waves and the lanes (live and in replay) and described by the
 * {@link LifecycleCard}. A task is followed by its index in a run's scenario, so it stays followed
 * in that run's replay. Its lifecycle is read off the FX thread once the run has ended (a
 * million-task run's recording takes a moment to search). FX thread only.
 */
public final class TaskFollower {

    private RunModel run;
    private int task = -1;
    private TaskLifecycle lifecycle;
    private boolean reading;
    private int version;

    /** Follows {@code task} of {@code run} (a replay's source, or the run itself). */
    public void follow(RunModel run, int task) {
        if (run == null || task < 0) {
            clear();
            return;
        }
        this.run = run;
        this.task = task;
        lifecycle = null;
        reading = false;
        version++;
    }

    /** Follows whatever task ran on {@code lane} at {@code timeNanos} of a finished run (a click on the lanes). */
    public void followAt(RunModel run, int lane, long timeNanos) {
        if (run == null || run.phase() != RunModel.Phase.FINISHED) {
            return;
        }
        CompletableFuture.supplyAsync(() -> TaskLifecycle.taskRunningAt(run, lane, timeNanos))
                .thenAccept(found -> FxThread.later(() -> {
                    if (found >= 0) {
                        follow(run, found);
                    }
                }));
    }

    public void clear() {
        run = null;
        task = -1;
        lifecycle = null;
        version++;
    }

    /** The followed task's index, or -1. */
    public int task() {
        return task;
    }

    /** The run the followed task belongs to, or null. */
    public RunModel run() {
        return run;
    }

    /** Whether {@code shown} shows the followed task: its own run, or a replica of it (the same scenario). */
    public boolean shows(RunModel shown) {
        return task >= 0 && shown != null && (shown == run || shown.scenario().equals(run.scenario()));
    }

    /** The followed task's lifecycle, or null until its run has ended and it has been read. */
    public TaskLifecycle lifecycle() {
        if (task >= 0 && lifecycle == null && !reading && run.phase() == RunModel.Phase.FINISHED) {
            reading = true;
            RunModel from = run;
            int which = task;
            CompletableFuture.supplyAsync(() -> TaskLifecycle.of(from, which)).thenAccept(read -> FxThread.later(() -> {
                if (from == run && which == task) {
                    lifecycle = read;
                    version++;
                }
            }));
        }
        return lifecycle;
    }

    /** Changes with every change of task or lifecycle: views redraw their highlight when it does. */
    public int version() {
        return version;
    }
}
