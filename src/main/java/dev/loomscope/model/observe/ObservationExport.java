package dev.loomscope.model.observe;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * An observation written out: the summary that {@code loomscope attach --json} prints (and the
 * window's JSON export), and CSV tables of its series. One source for both faces of the app.
 */
public final class ObservationExport {

    private ObservationExport() {
    }

    /**
     * The summary's fields, in order: pid, jdk, durationMs, virtualThreadStarts, virtualThreadEnds,
     * pinnedEvents, pinnedMs, pinnedReasons, pinHotspots (frames, count, totalMs), submitFailed,
     * schedulerParallelism, schedulerPoolSizeMax, mountedMax, queuedMax, threadDumpVirtualThreads.
     * A figure that was not measured (no scheduler MXBean, no thread dump) is null, not 0.
     */
    public static Map<String, Object> summary(ObservationSnapshot s) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("pid", s.target().pid());
        json.put("jdk", s.target().jdkVersion());
        json.put("durationMs", s.elapsedMs());
        json.put("virtualThreadStarts", s.virtualThreadStarts());
        json.put("virtualThreadEnds", s.virtualThreadEnds());
        json.put("pinnedEvents", s.pinnedEvents());
        json.put("pinnedMs", thousandths(s.pinnedMs()));
        json.put("pinnedReasons", s.pinnedReasons());
        json.put("pinHotspots", s.pinHotspots().stream().map(h -> {
            Map<String, Object> hotspot = new LinkedHashMap<>();
            hotspot.put("frames", h.frames());
            hotspot.put("count", h.count());
            hotspot.put("totalMs", thousandths(h.totalMs()));
            return hotspot;
        }).toList());
        json.put("submitFailed", s.submitFailed());
        json.put("schedulerParallelism", s.schedulerParallelism() < 0 ? null : s.schedulerParallelism());
        json.put("schedulerPoolSizeMax", s.schedulerPoolSizeMax() < 0 ? null : s.schedulerPoolSizeMax());
        json.put("mountedMax", s.mountedMax() < 0 ? null : s.mountedMax());
        json.put("queuedMax", s.queuedMax() < 0 ? null : s.queuedMax());
        json.put("threadDumpVirtualThreads", s.threadDump() == null ? null : s.threadDump().virtualThreads());
        return json;
    }

    /** {@link #summary} as one line of JSON. */
    public static String summaryJson(ObservationSnapshot s) {
        try {
            return new ObjectMapper().writeValueAsString(summary(s));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of numbers, strings and lists always writes", e);
        }
    }

    /** Virtual threads per bucket: startMs, started, ended, alive. */
    public static String threadsCsv(ObservationSnapshot s) {
        return csv(List.of("startMs", "started", "ended", "alive"),
                s.threadBuckets().stream().map(b -> List.<Object>of(b.startMs(), b.started(), b.ended(), b.alive())));
    }

    /** Scheduler readings: timeMs, mounted, parallelism, poolSize, queued (no rows without the MXBean). */
    public static String schedulerCsv(ObservationSnapshot s) {
        return csv(List.of("timeMs", "mounted", "parallelism", "poolSize", "queued"), s.schedulerSamples().stream()
                .map(x -> List.<Object>of(x.timeMs(), x.mounted(), x.parallelism(), x.poolSize(), x.queued())));
    }

    /** The kept pins, oldest first; frames innermost first, joined by " | ". */
    public static String pinsCsv(ObservationSnapshot s) {
        return csv(List.of("timeMs", "durationMs", "virtualThreadId", "carrier", "carrierId", "reason", "blockingOperation", "frames"),
                s.pins().stream().map(p -> List.<Object>of(p.timeMs(), thousandths(p.durationMs()), p.virtualThreadId(), p.carrierName(),
                        p.carrierId(), p.reason(), p.blockingOperation(), String.join(" | ", p.frames()))));
    }

    /** The hotspots, costliest first. */
    public static String hotspotsCsv(ObservationSnapshot s) {
        return csv(List.of("count", "totalMs", "maxMs", "firstCallerFrame", "reasons", "blockingOperations", "frames"),
                s.pinHotspots().stream().map(h -> List.<Object>of(h.count(), thousandths(h.totalMs()), thousandths(h.maxMs()),
                        h.firstCallerFrame(), String.join(" | ", h.reasons()), String.join(" | ", h.blockingOperations()),
                        String.join(" | ", h.frames()))));
    }

    private static double thousandths(double ms) {
        return Math.round(ms * 1000) / 1000.0;
    }

    private static String csv(List<String> header, Stream<List<Object>> rows) {
        return Stream.concat(Stream.of(String.join(",", header)),
                rows.map(row -> row.stream().map(ObservationExport::cell).collect(Collectors.joining(","))))
                .collect(Collectors.joining("\n", "", "\n"));
    }

    /** RFC 4180: a cell with a comma, quote or line break goes in quotes, its quotes doubled. */
    private static String cell(Object value) {
        String text = String.valueOf(value);
        return text.contains(",") || text.contains("\"") || text.contains("\n") ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }
}
