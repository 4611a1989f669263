package dev.loomscope.model.observe.view;

import dev.loomscope.model.observe.ObservationExport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.model.observe.ObservationSnapshot;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * An observation's summary with the fields of {@code loomscope attach --json}, in that order, as the
 * window exports it (JSON and CSV). Figures not measured (no scheduler MXBean, no thread dump) are
 * null: absent from nothing, an empty CSV cell.
 */
public final class ObservationSummary {

    /** The fields, in order: what {@code attach --json} prints, a contract for the scripts that read it (docs/observing.md). */
    public static final List<String> FIELDS = List.of("pid", "jdk", "durationMs", "virtualThreadStarts", "virtualThreadEnds", "pinnedEvents",
            "pinnedMs", "pinnedReasons", "pinHotspots", "submitFailed", "schedulerParallelism", "schedulerPoolSizeMax", "mountedMax",
            "queuedMax", "threadDumpVirtualThreads");

    private static final ObjectMapper JSON = new ObjectMapper();

    private ObservationSummary() {
    }

    /** The summary's fields and values, in {@link #FIELDS} order: the one summary {@code attach --json} prints too. */
    public static Map<String, Object> fields(ObservationSnapshot s) {
        return ObservationExport.summary(s);
    }

    /** One JSON object, as {@code attach --json} prints it. */
    public static String json(ObservationSnapshot s) {
        return ObservationExport.summaryJson(s);
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
}
