package dev.loomscope.model.observe.view;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.model.observe.ObservationSnapshot;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An observation's summary with the fields of {@code loomscope attach --json}, in that order, as the
 * window exports it (JSON and CSV). Figures not measured (no scheduler MXBean, no thread dump) are
 * null: absent from nothing, an empty CSV cell.
 */
public final class ObservationSummary {

    /** The fields, in order: the list for {@code attach --json}. */
    public static final List<String> FIELDS = List.of("pid", "jdk", "durationMs", "virtualThreadStarts", "virtualThreadEnds", "pinnedEvents",
            "pinnedMs", "pinnedReasons", "pinHotspots", "submitFailed", "schedulerParallelism", "schedulerPoolSizeMax", "mountedMax",
            "queuedMax", "threadDumpVirtualThreads");

    private static final ObjectMapper JSON = new ObjectMapper();

    private ObservationSummary() {
    }

    /** The summary's fields and values, in {@link #FIELDS} order. */
    public static Map<String, Object> fields(ObservationSnapshot s) {
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

    /** One JSON object, as {@code attach --json} prints it. */
    public static String json(ObservationSnapshot s) {
        try {
            return JSON.writeValueAsString(fields(s));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A header line and one row (RFC 4180 quoting); the reasons and hotspots as JSON inside their cells. */
    public static String csv(ObservationSnapshot s) {
        var cells = new java.util.ArrayList<String>();
        for (Object value : fields(s).values()) {
            String text;
            try {
                text = value == null ? "" : value instanceof Map<?, ?> || value instanceof List<?> ? JSON.writeValueAsString(value) : value.toString();
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
            cells.add(text.matches("[^,\"\r\n]*") ? text : "\"" + text.replace("\"", "\"\"") + "\"");
        }
        return String.join(",", FIELDS) + "\n" + String.join(",", cells) + "\n";
    }

    private static double thousandths(double ms) {
        return Math.round(ms * 1000) / 1000.0;
    }
}
