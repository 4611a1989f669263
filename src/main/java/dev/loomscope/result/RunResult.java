package dev.loomscope.result;

import dev.loomscope.scenario.Scenario;
import dev.loomscope.protocol.PoolFigures;
import dev.loomscope.protocol.RunnerHello;

/**
 * What one run of one executor measured. Memory figures are increases over a baseline taken just
 * before the first task (without a GC), at the highest sample while tasks ran.
 *
 * @param message          plain words for the person at the screen: what happened, if not a clean run
 * @param runner           the runner JVM's description; null if it never started
 * @param delivery         how many lifecycle events the runner recorded, reached this process, and how late
 * @param vm               what JFR saw: pinning, submit failures, virtual-thread starts and ends, GC
 * @param mounts           times a task was put on a carrier (virtual) or began on its thread (platform)
 * @param unmounts         times a task gave its carrier back: blocking that did not pin, or its end
 * @param threadLocalsCreated  values the tasks' ThreadLocal cache created (0 without one)
 * @param overheads        what the machine and the submitting cost the timed run, as measured
 * @param cancelled        tasks that ended cancelled (a structured scope's cancellation, or a stop): neither completed nor failed
 * @param carrierPeak      the most carrier threads alive at once, sampled; above the carriers asked for, the scheduler
 *                         compensated for a blocked carrier; -1 for platform threads or where unmeasured
 * @param dbPool           the jdbc mode's connection pool: its size, fill time and the tasks' waits for a connection; null otherwise
 * @param allocatedMb      MB the run allocated on the heap, garbage included, LoomScope's own threads left out: what the tasks
 *                         made, steady from one run to the next where the heap's growth is not; -1 where unmeasured
 */
public record RunResult(Scenario scenario, Outcome outcome, String message, RunnerHello runner,
                        double elapsedMs, double idealMs, long submitted, long completed, long failed,
                        double rssDeltaMb, double heapDeltaMb, int peakPlatformThreads, double cpuTimeMs,
                        Delivery delivery, VmEvents vm, long mounts, long unmounts, long threadLocalsCreated,
                        Overheads overheads, long cancelled, int carrierPeak, PoolFigures dbPool, double allocatedMb) {

    /**
     * Overheads measured over the timed run, each negative where it could not be measured (no
     * /proc, or a web run's submitting).
     *
     * @param cpuWaitMs   time the runner's threads waited for a CPU (Linux run-queue delay), summed over
     *                    threads; a lower bound: threads that ended during the run are not seen
     * @param otherCpuMs  CPU time the rest of the machine used meanwhile (other programs)
     * @param submitMs    from the clock's start until the last task was submitted
     */
    public record Overheads(double cpuWaitMs, double otherCpuMs, double submitMs) {

        public static final Overheads UNMEASURED = new Overheads(-1, -1, -1);

        public boolean hasCpuWait() {
            return cpuWaitMs >= 0;
        }
    }

    /** A result without a carrier peak or a connection pool. */
    public RunResult(Scenario scenario, Outcome outcome, String message, RunnerHello runner,
            double elapsedMs, double idealMs, long submitted, long completed, long failed,
            double rssDeltaMb, double heapDeltaMb, int peakPlatformThreads, double cpuTimeMs,
            Delivery delivery, VmEvents vm, long mounts, long unmounts, long threadLocalsCreated,
            Overheads overheads, long cancelled) {
        this(scenario, outcome, message, runner, elapsedMs, idealMs, submitted, completed, failed, rssDeltaMb, heapDeltaMb,
                peakPlatformThreads, cpuTimeMs, delivery, vm, mounts, unmounts, threadLocalsCreated, overheads, cancelled, -1, null, -1);
    }

    /** A result without its allocation measured. */
    public RunResult(Scenario scenario, Outcome outcome, String message, RunnerHello runner,
            double elapsedMs, double idealMs, long submitted, long completed, long failed,
            double rssDeltaMb, double heapDeltaMb, int peakPlatformThreads, double cpuTimeMs,
            Delivery delivery, VmEvents vm, long mounts, long unmounts, long threadLocalsCreated,
            Overheads overheads, long cancelled, int carrierPeak, PoolFigures dbPool) {
        this(scenario, outcome, message, runner, elapsedMs, idealMs, submitted, completed, failed, rssDeltaMb, heapDeltaMb,
                peakPlatformThreads, cpuTimeMs, delivery, vm, mounts, unmounts, threadLocalsCreated, overheads, cancelled, carrierPeak, dbPool, -1);
    }

    /** A result without measured overheads. */
    public RunResult(Scenario scenario, Outcome outcome, String message, RunnerHello runner,
            double elapsedMs, double idealMs, long submitted, long completed, long failed,
            double rssDeltaMb, double heapDeltaMb, int peakPlatformThreads, double cpuTimeMs,
            Delivery delivery, VmEvents vm, long mounts, long unmounts, long threadLocalsCreated) {
        this(scenario, outcome, message, runner, elapsedMs, idealMs, submitted, completed, failed, rssDeltaMb, heapDeltaMb,
                peakPlatformThreads, cpuTimeMs, delivery, vm, mounts, unmounts, threadLocalsCreated, Overheads.UNMEASURED, 0);
    }

    public RunResult {
        overheads = overheads == null ? Overheads.UNMEASURED : overheads;
    }

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

    /** Time the runner's threads waited for a CPU, summed over threads; negative if unmeasured. */
    public double cpuWaitMs() {
        return overheads.cpuWaitMs();
    }

    /** CPU time other programs used during the run; negative if unmeasured. */
    public double otherCpuMs() {
        return overheads.otherCpuMs();
    }

    /** From the clock's start until the last task was submitted; negative if unmeasured. */
    public double submitMs() {
        return overheads.submitMs();
    }

    public int carriers() {
        return runner != null ? runner.carriers() : scenario.carriers();
    }
}
