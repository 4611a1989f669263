package dev.loomscope.engine;

import dev.loomscope.protocol.RunnerHello;

/**
 * What one run of one executor measured. Memory figures are increases over a baseline taken after
 * a GC just before the first task, at the highest sample while tasks ran.
 *
 * @param message          plain words for the person at the screen: what happened, if not a clean run
 * @param runner           the runner JVM's description; null if it never started
 * @param delivery         how many lifecycle events the runner recorded, reached this process, and how late
 * @param vm               what JFR saw: pinning, submit failures, virtual-thread starts and ends, GC
 * @param mounts           times a task was put on a carrier (virtual) or began on its thread (platform)
 * @param unmounts         times a task gave its carrier back: blocking that did not pin, or its end
 * @param threadLocalsCreated  values the tasks' ThreadLocal cache created (0 without one)
 */
public record RunResult(Scenario scenario, Outcome outcome, String message, RunnerHello runner,
                        double elapsedMs, double idealMs, long submitted, long completed, long failed,
                        double rssDeltaMb, double heapDeltaMb, int peakPlatformThreads, double cpuTimeMs,
                        Delivery delivery, VmEvents vm, long mounts, long unmounts, long threadLocalsCreated) {

    public enum Outcome {
        /** Every task was submitted and the executor shut down. */
        COMPLETED,
        /** The runner could not finish: it ran out of threads, crashed or was killed. */
        FAILED,
        /** Stopped on request. */
        CANCELLED
    }

    /** A run that produced nothing to measure, only a reason. */
    public static RunResult failed(Scenario scenario, double idealMs, String message) {
        return new RunResult(scenario, Outcome.FAILED, message, null, 0, idealMs, 0, 0, 0, 0, 0, 0, 0,
                Delivery.NONE, VmEvents.NONE, 0, 0, 0);
    }

    public boolean isCompleted() {
        return outcome == Outcome.COMPLETED;
    }

    /** Elapsed over ideal, minus one: 0.05 is 5 % slower than a perfect world. */
    public double overhead() {
        return idealMs > 0 ? elapsedMs / idealMs - 1 : 0;
    }

    public int carriers() {
        return runner != null ? runner.carriers() : scenario.carriers();
    }
}
