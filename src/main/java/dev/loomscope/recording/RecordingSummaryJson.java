package dev.loomscope.recording;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.model.observe.Coverage;
import dev.loomscope.model.observe.ObservationEnd;
import dev.loomscope.model.observe.ObservationSnapshot;
import dev.loomscope.model.observe.ObservedJvm;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.recording.RecordingSummary.DurationBin;
import dev.loomscope.recording.RecordingSummary.PinnedThread;
import dev.loomscope.recording.RecordingSummary.SecondBucket;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A {@link RecordingSummary} read back from the JSON {@link RecordingSummary#json()} writes ({@code open --json}), as the window
 * gets it from the process that read the recording. Everything that JSON holds comes back, so the summary writes the same JSON
 * again; what it does not hold (the attach view's thread buckets, the latest pins and submit failures) comes back empty: no
 * view of a recording draws them.
 */
public final class RecordingSummaryJson {

    private RecordingSummaryJson() {
    }

    /** The summary in {@code json}; an IOException when it is not one (cut short, another document). */
    public static RecordingSummary read(String json) throws IOException {
        JsonNode j = new ObjectMapper().readTree(json);
        if (j == null || !j.isObject() || !j.has("file") || !j.has("perSecond")) {
            throw new IOException(Text.get("open.child.not-summary"));
        }
        String jdk = j.path("jdk").asText("");
        var target = new ObservedJvm(j.path("pid").asLong(-1), j.path("program").asText(""), jdk, ObservedJvm.featureOf(jdk));
        Map<String, Long> reasons = new LinkedHashMap<>();
        j.path("pinnedReasons").properties().forEach(e -> reasons.put(e.getKey(), e.getValue().asLong()));
        List<PinHotspot> hotspots = list(j.path("pinHotspots"), h -> new PinHotspot(strings(h.path("frames")), h.path("firstCallerFrame").asText(""),
                h.path("count").asLong(), h.path("totalMs").asDouble(), h.path("maxMs").asDouble(), strings(h.path("reasons")),
                strings(h.path("blockingOperations"))));
        var observation = new ObservationSnapshot(target, j.path("startEpochMs").asLong(), j.path("durationMs").asLong(), ObservationEnd.DURATION_REACHED,
                Text.get("open.end-of-recording"), Coverage.NOT_CONNECTED, List.of(), 1000, List.of(), j.path("virtualThreadStarts").asLong(),
                j.path("virtualThreadEnds").asLong(), -1, List.of(), orMinusOne(j, "schedulerParallelism"), orMinusOne(j, "schedulerPoolSizeMax"),
                orMinusOne(j, "mountedMax"), orMinusOne(j, "queuedMax"), j.path("pinnedEvents").asLong(), j.path("pinnedMs").asDouble(), reasons,
                List.of(), hotspots, j.path("submitFailed").asLong(), List.of(), null, 0);
        List<SecondBucket> seconds = list(j.path("perSecond"),
                r -> new SecondBucket(r.get(0).asLong(), r.get(1).asLong(), r.get(2).asLong(), r.get(3).asLong(), r.get(4).asDouble()));
        List<DurationBin> bins = list(j.path("pinDurations"), b -> new DurationBin(b.path("fromMs").asDouble(),
                b.path("toMs").isNull() ? Double.POSITIVE_INFINITY : b.path("toMs").asDouble(), b.path("pins").asLong()));
        List<PinnedThread> threads = list(j.path("mostPinnedThreads"),
                t -> new PinnedThread(t.path("threadId").asLong(), t.path("name").asText(""), t.path("pins").asLong(), t.path("pinnedMs").asDouble()));
        Map<String, Long> scheduler = new LinkedHashMap<>();
        j.path("scheduler").properties().forEach(e -> scheduler.put(e.getKey(), e.getValue().asLong()));
        return new RecordingSummary(Path.of(j.path("file").asText()), j.path("sizeBytes").asLong(), j.path("events").asLong(), observation,
                j.path("startsRecorded").asBoolean(), j.path("endsRecorded").asBoolean(),
                j.path("pinThresholdMs").isNull() ? -1 : j.path("pinThresholdMs").asDouble(), seconds, j.path("bucketSeconds").asLong(1), bins,
                threads, j.path("threadsCounted").asBoolean(true), scheduler, strings(j.path("carriers")), j.path("loomscopeSlices").asLong(),
                j.path("loomscopeCarriers").asInt(), strings(j.path("cannotShow")));
    }

    private static int orMinusOne(JsonNode json, String field) {
        return json.path(field).isNumber() ? json.path(field).asInt() : -1;
    }

    private static List<String> strings(JsonNode array) {
        return list(array, JsonNode::asText);
    }

    private static <T> List<T> list(JsonNode array, Function<JsonNode, T> element) {
        var list = new ArrayList<T>(array.size());
        array.forEach(node -> list.add(element.apply(node)));
        return list;
    }
}
