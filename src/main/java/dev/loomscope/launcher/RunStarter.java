package dev.loomscope.launcher;

import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;

/**
 * Starts runs and streams them to a listener. {@link Runner} starts each in a runner JVM; a test
 * can start them anywhere else (a synthesised or recorded stream) and everything above this
 * interface (the session, the window, the command line) cannot tell.
 */
public interface RunStarter {

    /** Cores of this machine, which the runs share; ideal times are computed for this many. */
    int cores();

    /**
     * Starts a run observed as {@code options} say and returns at once. The listener hears the run
     * on a thread of the starter's (never the caller's), one call at a time; the handle's result
     * completes after the last call, however the run ended.
     *
     * @throws InvalidScenarioException if the run would be absurdly long on this machine
     */
    RunHandle start(Scenario scenario, RunOptions options, RunListener listener);

    /**
     * This starter with its runs on {@code jdk} (null: the default, this process's JDK). A run that needs
     * a later JDK than that ({@link dev.loomscope.scenario.JdkNeeds}) ends before any runner starts,
     * saying so. A starter that starts no JVM keeps its runs where they were.
     */
    default RunStarter on(Jdks.Jdk jdk) {
        return this;
    }

    default RunHandle start(Scenario scenario, RunListener listener) {
        return start(scenario, RunOptions.DEFAULT, listener);
    }

    /** Runs to the end on the calling thread. */
    default RunResult run(Scenario scenario, RunListener listener) throws InterruptedException {
        return start(scenario, listener).await();
    }

    default RunResult run(Scenario scenario, RunOptions options, RunListener listener) throws InterruptedException {
        return start(scenario, options, listener).await();
    }
}
