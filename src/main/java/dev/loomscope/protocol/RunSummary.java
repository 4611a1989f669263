package dev.loomscope.protocol;

/**
 * Last frame from a runner JVM: the totals it measured. Memory peaks are the highest sample seen
 * while tasks ran; baselines are taken after a GC, just before the first task was submitted.
 *
 * @param failure  null when every task was submitted; otherwise why submission stopped
 *                 (for example "unable to create native thread")
 */
public record RunSummary(long elapsedNanos, long startEpochNanos, long submitted, long completed, long failed,
                         long rssBaselineBytes, long rssPeakBytes, long heapBaselineBytes, long heapPeakBytes,
                         int peakPlatformThreads, long cpuTimeNanos, long eventsEmitted, String failure) {
}
