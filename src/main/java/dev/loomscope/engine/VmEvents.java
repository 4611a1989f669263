package dev.loomscope.engine;

import dev.loomscope.protocol.JfrEvent;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What JFR saw during a run, totalled: pinning (count, time, reasons), submit failures,
 * virtual-thread starts and ends (-1 when not recorded), GC pauses, and the thread dump's size.
 */
public record VmEvents(long pinnedEvents, double pinnedMs, Map<String, Long> pinnedReasons, long submitFailed,
                       long virtualThreadStarts, long virtualThreadEnds, long gcPauses, double gcPauseMs,
                       int threadDumpVirtualThreads, double clockAlignmentErrorMs) {

    public static final VmEvents NONE = new VmEvents(0, 0, Map.of(), 0, -1, -1, 0, 0, -1, Double.NaN);

    /** Adds up JFR events as they arrive; one reader thread only. */
    static final class Tally {
        private long pinned;
        private long pinnedNanos;
        private final Map<String, Long> reasons = new TreeMap<>();
        private long submitFailed;
        private long starts;
        private long ends;
        private long gcPauses;
        private long gcNanos;

        void add(JfrEvent e) {
            if (e.timeNanos() < 0) {
                return; // before the run began: JFR's own start-up, a GC before the clock
            }
            switch (e.kind()) {
                case JfrEvent.PINNED -> {
                    pinned++;
                    pinnedNanos += e.durationNanos();
                    reasons.merge(reasonKey(e.reason()), 1L, Long::sum);
                }
                case JfrEvent.SUBMIT_FAILED -> submitFailed++;
                case JfrEvent.VTHREAD_START -> starts++;
                case JfrEvent.VTHREAD_END -> ends++;
                case JfrEvent.GC -> {
                    gcPauses++;
                    gcNanos += e.durationNanos();
                }
                default -> { }
            }
        }

        /** Groups reasons that differ only by a hidden class's address ("Foo/0x7910...0800.<clinit>"). */
        static String reasonKey(String reason) {
            return reason.isEmpty() ? "(no reason given)" : reason.replaceAll("/0x[0-9a-fA-F]+", "");
        }

        VmEvents result(boolean lifecycleRecorded, int threadDumpVirtualThreads, double alignmentErrorMs) {
            return new VmEvents(pinned, pinnedNanos / 1e6, Collections.unmodifiableMap(new TreeMap<>(reasons)), submitFailed,
                    lifecycleRecorded ? starts : -1, lifecycleRecorded ? ends : -1, gcPauses, gcNanos / 1e6,
                    threadDumpVirtualThreads, alignmentErrorMs);
        }
    }
}
