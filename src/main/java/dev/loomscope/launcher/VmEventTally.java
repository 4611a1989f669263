package dev.loomscope.launcher;

import dev.loomscope.protocol.JfrEvent;
import dev.loomscope.result.VmEvents;
import dev.loomscope.text.Text;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** Adds up JFR events as they arrive, for the run's {@link VmEvents}; one reader thread only. */
final class VmEventTally {
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
            case JfrEvent.VTHREAD_START -> starts += e.count();
            case JfrEvent.VTHREAD_END -> ends += e.count();
            case JfrEvent.GC -> {
                gcPauses++;
                gcNanos += e.durationNanos();
            }
            default -> {}
        }
    }

    static String reasonKey(String reason) {
        return reason.isEmpty() ? Text.get("pin.no-reason") : reason.replaceAll("/0x[0-9a-fA-F]+", "");
    }

    VmEvents result(boolean lifecycleRecorded, int threadDumpVirtualThreads, double alignmentErrorMs) {
        return new VmEvents(pinned, pinnedNanos / 1e6, Collections.unmodifiableMap(new TreeMap<>(reasons)), submitFailed,
                lifecycleRecorded ? starts : -1, lifecycleRecorded ? ends : -1, gcPauses, gcNanos / 1e6,
                threadDumpVirtualThreads, alignmentErrorMs);
    }
}
