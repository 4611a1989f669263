package dev.loomscope.model.observe;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * An immutable copy of an {@link Observation} at one moment: everything the window draws and the
 * command line prints. Taken with {@link Observation#snapshot()}; all times are ms since the
 * observation began (the observer's wall clock, which JFR's timestamps share on one machine).
 *
 * @param target                the observed JVM
 * @param startEpochMs          when the observation began (epoch ms)
 * @param elapsedMs             how long it has run (until its end, once ended)
 * @param end                   why it ended, or null while it runs
 * @param endMessage            one line on how it ended ("the target exited"), or "" while it runs
 * @param coverage              the events enabled, the MXBeans found, and what is missing
 * @param notes                 things the user should know that happened along the way (a thread dump that failed), oldest first
 * @param bucketMs              the width of each {@link ThreadBucket}; doubles as a long observation grows (at most {@link Observation#MAX_BUCKETS})
 * @param threadBuckets         virtual threads started, ended and alive per bucket, from 0 to the last bucket with time in it
 * @param virtualThreadStarts   jdk.VirtualThreadStart events in all
 * @param virtualThreadEnds     jdk.VirtualThreadEnd events in all
 * @param aliveBaseline         virtual threads alive when the observation began (from a thread dump), or -1 if not known
 * @param schedulerSamples      scheduler readings over time, empty without the MXBean (at most {@link Observation#SCHEDULER_SAMPLES_KEPT}; the older half thinned when full)
 * @param schedulerParallelism  the scheduler's parallelism at its latest reading, or -1 without readings
 * @param schedulerPoolSizeMax  the largest carrier pool read, or -1
 * @param mountedMax            the most virtual threads read mounted at once, or -1
 * @param queuedMax             the most virtual threads read queued at once, or -1
 * @param pinnedEvents          jdk.VirtualThreadPinned events in all
 * @param pinnedMs              carrier time those pins held, in all
 * @param pinnedReasons         pins per pinnedReason ("" when the JDK does not record one), most first
 * @param pins                  the latest pins (at most {@link Observation#PINS_KEPT}), oldest first
 * @param pinHotspots           every pin grouped by its top frames, most carrier time first
 * @param submitFailed          jdk.VirtualThreadSubmitFailed events in all
 * @param submitFailures        the latest of them (at most {@link Observation#SUBMIT_FAILURES_KEPT}), oldest first
 * @param threadDump            the latest thread dump taken, or null if none was
 * @param version               bumped on every change: equal versions mean equal contents
 */
public record ObservationSnapshot(ObservedJvm target, long startEpochMs, long elapsedMs, ObservationEnd end, String endMessage,
                                  Coverage coverage, List<String> notes, long bucketMs, List<ThreadBucket> threadBuckets,
                                  long virtualThreadStarts, long virtualThreadEnds, long aliveBaseline,
                                  List<SchedulerSample> schedulerSamples, int schedulerParallelism, int schedulerPoolSizeMax, int mountedMax,
                                  long queuedMax, long pinnedEvents, double pinnedMs, Map<String, Long> pinnedReasons, List<Pin> pins,
                                  List<PinHotspot> pinHotspots, long submitFailed, List<SubmitFailure> submitFailures, ThreadDump threadDump,
                                  long version) {

    public boolean running() {
        return end == null;
    }

    /** The carriers named by the kept pins, sorted: one lane each. */
    public List<String> pinnedCarriers() {
        var names = new TreeSet<String>();
        pins.forEach(p -> names.add(p.carrierName()));
        return List.copyOf(names);
    }

    /** The latest scheduler reading, or null without any. */
    public SchedulerSample latestSchedulerSample() {
        return schedulerSamples.isEmpty() ? null : schedulerSamples.getLast();
    }
}
