package dev.loomscope.protocol;

/**
 * First frame from a runner JVM: what it is running on.
 *
 * @param pid             the runner's process id
 * @param javaVersion     {@code java.runtime.version} of the runner
 * @param cores           processors the runner JVM sees
 * @param carriers        virtual-thread scheduler parallelism actually in force
 * @param cpuUnitsPerMs   calibrated prime-counting units per millisecond (0 when the task has no CPU part)
 */
public record RunnerHello(long pid, String javaVersion, int cores, int carriers, double cpuUnitsPerMs) {
}
