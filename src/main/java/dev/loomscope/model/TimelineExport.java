package dev.loomscope.model;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.JfrEvent;
import dev.loomscope.text.Text;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A run's timeline for other tools: every recorded event as CSV or JSON, and a Chrome/Perfetto
 * trace (open it at ui.perfetto.dev) with one track per carrier or thread, a slice per mount and,
 * for platform threads, per wait that held the thread, plus JFR's pins. Streams, so a million-task
 * run does not need its whole file in memory.
 */
public final class TimelineExport {

    private static final EventType[] TYPES = EventType.values();

    private TimelineExport() {
    }

    /** {@code time_ms,task,event,thread,carrier}, one row per event, in time order. */
    public static void csv(RunModel run, Writer out) throws IOException {
        csv(run, recordingOf(run), out);
    }

    public static void csv(RunModel run, Recording recording, Writer out) throws IOException {
        var writer = new BufferedWriter(out, 1 << 16);
        writer.write("time_ms,task,event,thread,carrier\n");
        for (int i : recording.timeOrder()) {
            writer.write(String.format(Locale.ROOT, "%.6f,%d,%s,%d,%d%n", recording.timeNanos(i) / 1e6, recording.task(i),
                    name(recording.typeCode(i)), recording.threadId(i), recording.carrierId(i)));
        }
        writer.flush();
    }

    /** {"run": {settings}, "events": [{"timeMs", "task", "event", "thread", "carrier"}, ...]}. */
    public static void json(RunModel run, OutputStream out) throws IOException {
        json(run, recordingOf(run), out);
    }

    public static void json(RunModel run, Recording recording, OutputStream out) throws IOException {
        try (JsonGenerator json = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            json.writeStartObject();
            json.writeObjectFieldStart("run");
            writeScenario(json, run);
            json.writeEndObject();
            json.writeArrayFieldStart("events");
            for (int i : recording.timeOrder()) {
                json.writeStartObject();
                json.writeNumberField("timeMs", recording.timeNanos(i) / 1e6);
                json.writeNumberField("task", recording.task(i));
                json.writeStringField("event", name(recording.typeCode(i)));
                json.writeNumberField("thread", recording.threadId(i));
                json.writeNumberField("carrier", recording.carrierId(i));
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        }
    }

    /**
     * The Chrome trace event format: complete ("X") slices in microseconds on one track (tid) per
     * carrier or platform thread, named after their task; metadata names the tracks.
     */
    public static void perfetto(RunModel run, OutputStream out) throws IOException {
        perfetto(run, recordingOf(run), out);
    }

    public static void perfetto(RunModel run, Recording recording, OutputStream out) throws IOException {
        boolean virtual = run.scenario().executor().isVirtual();
        try (JsonGenerator json = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            json.writeStartObject();
            json.writeStringField("displayTimeUnit", "ms");
            json.writeObjectFieldStart("otherData");
            writeScenario(json, run);
            json.writeEndObject();
            json.writeArrayFieldStart("traceEvents");
            // Per task, the open slice: since when and on which track (-1: none).
            Map<Integer, long[]> open = new HashMap<>();
            Map<Long, Integer> trackNumbers = new HashMap<>();
            for (int i : recording.timeOrder()) {
                int task = recording.task(i);
                long t = recording.timeNanos(i);
                long track = recording.carrierId(i);
                switch (TYPES[recording.typeCode(i)]) {
                    case STARTED, RESUMED -> {
                        closeSlice(json, open.remove(task), task, t);
                        open.put(task, new long[] {t, track, 0});
                        trackNumbers.computeIfAbsent(track, k -> trackNumbers.size() + 1);
                    }
                    case BLOCKED -> {
                        closeSlice(json, open.remove(task), task, t);
                        if (!virtual) {
                            open.put(task, new long[] {t, track, 1});
                        }
                    }
                    case FINISHED, FAILED, CANCELLED -> closeSlice(json, open.remove(task), task, t);
                    default -> {
                    }
                }
            }
            PinLog pins = run.pins();
            for (int i = 0, count = pins.size(); i < count; i++) {
                JfrEvent e = pins.get(i).event();
                if (e.carrierId() >= 0) {
                    slice(json, Text.get("timeline-export.pinned", e.reason()), "jfr", e.timeNanos(), e.durationNanos(), e.carrierId());
                }
            }
            for (var entry : trackNumbers.entrySet()) {
                json.writeStartObject();
                json.writeStringField("ph", "M");
                json.writeStringField("name", "thread_name");
                json.writeNumberField("pid", 1);
                json.writeNumberField("tid", entry.getKey());
                json.writeObjectFieldStart("args");
                json.writeStringField("name", Text.get(virtual ? "timeline-export.track.carrier" : "timeline-export.track.thread", entry.getValue()));
                json.writeEndObject();
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        }
    }

    private static void closeSlice(JsonGenerator json, long[] slice, int task, long end) throws IOException {
        if (slice != null && end >= slice[0]) {
            String name = Text.get(slice[2] == 1 ? "timeline-export.task.held" : "timeline-export.task", task + 1);
            slice(json, name, slice[2] == 1 ? "held" : "running", slice[0], end - slice[0], slice[1]);
        }
    }

    private static void slice(JsonGenerator json, String name, String category, long startNanos, long durationNanos, long track)
            throws IOException {
        json.writeStartObject();
        json.writeStringField("name", name);
        json.writeStringField("cat", category);
        json.writeStringField("ph", "X");
        json.writeNumberField("ts", startNanos / 1e3);
        json.writeNumberField("dur", durationNanos / 1e3);
        json.writeNumberField("pid", 1);
        json.writeNumberField("tid", track);
        json.writeEndObject();
    }

    private static void writeScenario(JsonGenerator json, RunModel run) throws IOException {
        Scenario s = run.scenario();
        json.writeStringField("title", run.title());
        for (var entry : s.asMap().entrySet()) {
            json.writeStringField(entry.getKey(), entry.getValue());
        }
        if (run.result() != null) {
            json.writeNumberField("elapsedMs", run.result().elapsedMs());
        }
        json.writeNumberField("idealMs", run.idealMs());
    }

    private static String name(byte code) {
        return TYPES[code].name().toLowerCase(Locale.ROOT);
    }

    private static Recording recordingOf(RunModel run) {
        Recording recording = run.recording();
        if (recording == null) {
            throw new IllegalArgumentException(Text.get(run.phase() == RunModel.Phase.FINISHED ? "timeline-export.none.dropped" : "timeline-export.none.running",
                    run.title()));
        }
        return recording;
    }
}
