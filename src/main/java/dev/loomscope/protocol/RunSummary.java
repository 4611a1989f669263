package dev.loomscope.protocol;

/**
 * Last frame from a runner JVM: the totals it measured. Memory peaks are the highest sample seen
 * while tasks ran; baselines are taken just before the first task was submitted, without a GC.
 *
 * @param cancelled  tasks that ended cancelled: interrupted by their scope's cancellation, or never started
 * @param failure  null when every task was submitted; otherwise why submission stopped
 *                 (for example "unable to create native thread")
 * @param virtualThreadEventsRecorded  whether JFR recorded virtual-thread starts and ends
 * @param threadDumpVirtualThreads     virtual threads in the thread dump, -1 if none was asked for
 * @param threadDumpError              why the thread dump could not be written (a sentence without its full stop), or null
 * @param clockAlignmentErrorMs        uncertainty of placing JFR events on the timeline, NaN without JFR
 * @param eventsOverflowed             events that found their ring full (the telemetry thread fell behind)
 * @param threadLocalsCreated          values the tasks' ThreadLocal cache created (one per thread that ran a task), 0 without it
 * @param cpuWaitNanos                 time the runner's threads spent waiting for a CPU (run queue), summed
 *                                     over threads alive at the end; -1 where the OS does not say
 * @param otherCpuNanos                CPU time the rest of the machine used meanwhile; -1 where the OS does not say
 * @param submitNanos                  from the clock's start until the last task was submitted; -1 for a web run
 * @param jfrFileError                 why the .jfr file asked for could not be written ("Could not write FILE: REASON."), or null
 * @param carrierPeak                  the most carrier threads alive at once, as sampled (above the parallelism: the
 *                                     scheduler compensated for a blocked carrier); -1 for a run of platform threads
 * @param dbPool                       what the jdbc mode's connection pool measured, null for other modes
 * @param taskError                    what the first of the user's tasks to throw threw ({@code --task-file}): the task's
 *                                     number, the exception with its message, and the frame of the user's code it left;
 *                                     null when none threw (the others are only counted)
 * @param allocatedBytes               bytes the run allocated on the heap from the clock's start until its last task
 *                                     ended, garbage included, LoomScope's and the JVM's own threads left out; -1 unmeasured
 */
public record RunSummary(long elapsedNanos, long startEpochNanos, long submitted, long completed, long failed, long cancelled,
                         long rssBaselineBytes, long rssPeakBytes, long heapBaselineBytes, long heapPeakBytes,
                         int peakPlatformThreads, long cpuTimeNanos, long eventsEmitted, String failure,
                         boolean virtualThreadEventsRecorded, int threadDumpVirtualThreads, String threadDumpError,
                         double clockAlignmentErrorMs, long eventsOverflowed, long threadLocalsCreated,
                         long cpuWaitNanos, long otherCpuNanos, long submitNanos, String jfrFileError,
                         int carrierPeak, PoolFigures dbPool,
                         TaskError taskError, long allocatedBytes) {

    /** The first exception a user's task threw: {@code where} is the top frame in their class, or null if none was. */
    public record TaskError(long task, String exception, String where) {
    }
}
