package dev.loomscope.model.observe;

/**
 * One reading of the target's {@code jdk.management.VirtualThreadSchedulerMXBean} (JDK 24+).
 *
 * @param timeMs       when it was read, in ms since the observation began
 * @param mounted      virtual threads mounted on a carrier (an estimate, says the MXBean)
 * @param parallelism  carriers the scheduler aims to keep busy
 * @param poolSize     carrier threads that exist, busy or idle (may exceed parallelism while some are pinned or compensate)
 * @param queued       virtual threads queued to run but not mounted (an estimate)
 */
public record SchedulerSample(long timeMs, int mounted, int parallelism, int poolSize, long queued) {
}
