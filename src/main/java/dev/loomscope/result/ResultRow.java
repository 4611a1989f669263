package dev.loomscope.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;

/**
 * One run's result as a flat row with stable field names for scripts: a line of {@code run --json},
 * or a CSV row with the same fields in the same order (the window's result export).
 */
public record ResultRow(String executor, String label, String outcome, String message, int tasks, int pool, int carriers,
                  int sleepMs, int cpuMs, String blocking, int permits, double elapsedMs, double idealMs,
                  double overheadPct, long submitted, long completed, long failed, double rssDeltaMb, double heapDeltaMb,
                  int peakPlatformThreads, double cpuTimeMs, long eventsEmitted, long eventsReceived,
                  double eventLatencyP50Ms, double eventLatencyMaxMs, long eventsOverflowed, long pinnedEvents, double pinnedMs,
                  java.util.Map<String, Long> pinnedReasons, long virtualThreadStarts, long virtualThreadEnds,
                  long gcPauses, double gcPauseMs, Double cpuWaitMs, Double otherCpuMs, Double submitMs, int threadDumpVirtualThreads, long mounts, long unmounts, int threadLocalKb,
                  long threadLocalsCreated, int connections, int repeats, String jdk, int cores, Double cpuUnitsPerMs,
                  String sharing, long cancelled, int failAtMs) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static ResultRow of(RunResult r, int repeats) {
        var s = r.scenario();
        return new ResultRow(s.executor().cliName(), s.label(), r.outcome().name().toLowerCase(), r.message(), s.tasks(),
                s.pool(), r.carriers(), s.sleepMs(), s.cpuMs(), s.blocking().cliName(), s.permits(), round(r.elapsedMs()),
                round(r.idealMs()), round(r.overhead() * 100), r.submitted(), r.completed(), r.failed(),
                round(r.rssDeltaMb()), round(r.heapDeltaMb()), r.peakPlatformThreads(), round(r.cpuTimeMs()),
                r.delivery().eventsEmitted(), r.delivery().eventsReceived(), round(r.delivery().latencyP50Ms()),
                round(r.delivery().latencyMaxMs()), r.delivery().eventsOverflowed(), r.vm().pinnedEvents(), round(r.vm().pinnedMs()), r.vm().pinnedReasons(),
                r.vm().virtualThreadStarts(), r.vm().virtualThreadEnds(), r.vm().gcPauses(), round(r.vm().gcPauseMs()),
                roundOrNull(r.cpuWaitMs()), roundOrNull(r.otherCpuMs()), roundOrNull(r.submitMs()),
                r.vm().threadDumpVirtualThreads(), r.mounts(), r.unmounts(), s.threadLocalKb(), r.threadLocalsCreated(), s.connections(), repeats, r.runner() != null ? r.runner().javaVersion() : null,
                r.runner() != null ? r.runner().cores() : 0,
                r.runner() != null && r.runner().cpuUnitsPerMs() > 0 ? r.runner().cpuUnitsPerMs() : null, s.sharing().cliName(),
                r.cancelled(), s.failAtMs());
    }

    public String toJsonLine() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The CSV header: the field names, in order. */
    public static String csvHeader() {
        return String.join(",", java.util.Arrays.stream(ResultRow.class.getRecordComponents()).map(java.lang.reflect.RecordComponent::getName).toList());
    }

    /** The fields as one CSV line (RFC 4180 quoting); pinned reasons as "reason=count; ...". */
    public String toCsvLine() {
        var cells = new java.util.ArrayList<String>();
        for (var component : ResultRow.class.getRecordComponents()) {
            Object value;
            try {
                value = component.getAccessor().invoke(this);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
            String text = value == null ? ""
                    : value instanceof java.util.Map<?, ?> map ? String.join("; ", map.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList())
                    : value.toString();
            cells.add(text.matches("[^,\"\r\n]*") ? text : "\"" + text.replace("\"", "\"\"") + "\"");
        }
        return String.join(",", cells);
    }

    /** Null (absent in JSON, an empty CSV cell) where the figure was not measured. */
    private static Double roundOrNull(double value) {
        return value < 0 ? null : round(value);
    }

    private static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }
}
