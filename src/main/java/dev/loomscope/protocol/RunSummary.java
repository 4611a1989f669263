package dev.loomscope.protocol;

/**
 * Last frame from a runner JVM: the totals it measured. Memory peaks are the highest sample seen
 * while tasks ran; baselines are taken after a GC, just before the first task was submitted.
 *
 * @param failure  null when every task was submitted; otherwise why submission stopped
 *                 (for example "unable to create native thread")
 * @param virtualThreadEventsRecorded  whether JFR recorded virtual-thread starts and ends
 * @param threadDumpVirtualThreads     virtual threads in the thread dump, -1 if none was asked for
 * @param threadDumpError              why the thread dump could not be written, or null
 * @param clockAlignmentErrorMs        uncertainty of placing JFR events on the timeline, NaN without JFR
 * @param eventsOverflowed             events that found their ring full (the telemetry thread fell behind)
 * @param threadLocalsCreated          values the tasks' ThreadLocal cache created (one per thread that ran a task), 0 without it
 */
public record RunSummary(long elapsedNanos, long startEpochNanos, long submitted, long completed, long failed,
                         long rssBaselineBytes, long rssPeakBytes, long heapBaselineBytes, long heapPeakBytes,
                         int peakPlatformThreads, long cpuTimeNanos, long eventsEmitted, String failure,
                         boolean virtualThreadEventsRecorded, int threadDumpVirtualThreads, String threadDumpError,
                         double clockAlignmentErrorMs, long eventsOverflowed, long threadLocalsCreated) {
}
