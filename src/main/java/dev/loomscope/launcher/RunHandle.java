package dev.loomscope.launcher;

import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Scenario;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** A run in progress, as {@link RunStarter#start} returned it. */
public interface RunHandle {

    Scenario scenario();

    /** The runner JVM's process id, or -1 if there is no process (it never started, or the run is not in a JVM of its own). */
    long pid();

    /** Completes once the run has ended, however it ended: completed, failed or cancelled. */
    CompletableFuture<RunResult> result();

    /** Stops the run at once; the result says how far it got. Does nothing once the run has ended. */
    void cancel();

    /** Waits for the result. */
    default RunResult await() throws InterruptedException {
        try {
            return result().get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("reading the runner failed", e.getCause());
        }
    }
}
