package dev.loomscope.result;

import java.util.Map;

/**
 * What JFR saw during a run, totalled: pinning (count, time, reasons), submit failures,
 * virtual-thread starts and ends (-1 when not recorded), GC pauses, and the thread dump's size.
 */
public record VmEvents(long pinnedEvents, double pinnedMs, Map<String, Long> pinnedReasons, long submitFailed,
                       long virtualThreadStarts, long virtualThreadEnds, long gcPauses, double gcPauseMs,
                       int threadDumpVirtualThreads, double clockAlignmentErrorMs) {

    public static final VmEvents NONE = new VmEvents(0, 0, Map.of(), 0, -1, -1, 0, 0, -1, Double.NaN);

}
