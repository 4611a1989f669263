package dev.loomscope.recording;

import dev.loomscope.model.observe.ObservationExport;
import dev.loomscope.model.observe.ObservationSnapshot;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a JFR recording says about virtual threads, read in one pass. The figures it shares with
 * {@code attach} (starts, ends, pins, their reasons and hotspots, submit failures) live in
 * {@link #observation()}, filled by the same code, so both print the same fields.
 *
 * @param file              the recording
 * @param sizeBytes         its size
 * @param events            events of every type in it
 * @param observation       the shared figures, as if the recording had been observed live; its buckets are the attach view's
 * @param startsRecorded    whether jdk.VirtualThreadStart was enabled (from the recording's settings, or starts seen)
 * @param endsRecorded      whether jdk.VirtualThreadEnd was enabled
 * @param pinThresholdMs    the jdk.VirtualThreadPinned threshold the recording ran with, or -1 when it does not say
 * @param seconds           per time bucket: starts, ends, pins and pinned time (buckets of {@link #bucketSeconds()} s)
 * @param bucketSeconds     width of each bucket of {@link #seconds()}: 1, wider only for recordings over a day
 * @param pinDurations      how many pins fell in each duration bin, shortest bin first
 * @param mostPinnedThreads the threads pinned longest in all, longest first (at most {@link RecordingTally#THREADS_SHOWN})
 * @param threadsCounted    whether every pinned thread was counted (past {@link RecordingTally#THREADS_COUNTED} later ones are not)
 * @param scheduler         the scheduler's settings the recording holds: the parallelism and max pool size properties, hardware threads
 * @param carriers          carrier threads named by pins, sorted
 * @param loomscopeSlices   dev.loomscope.Mount events: a LoomScope runner's own mount slices, 0 for any other program
 * @param loomscopeCarriers carriers those slices ran on
 * @param cannotShow        what this recording cannot show, one sentence each, with how to record it next time
 */
public record RecordingSummary(Path file, long sizeBytes, long events, ObservationSnapshot observation, boolean startsRecorded,
                               boolean endsRecorded, double pinThresholdMs, List<SecondBucket> seconds, long bucketSeconds,
                               List<DurationBin> pinDurations, List<PinnedThread> mostPinnedThreads, boolean threadsCounted,
                               Map<String, Long> scheduler, List<String> carriers, long loomscopeSlices, int loomscopeCarriers,
                               List<String> cannotShow) {

    public RecordingSummary {
        seconds = List.copyOf(seconds);
        pinDurations = List.copyOf(pinDurations);
        mostPinnedThreads = List.copyOf(mostPinnedThreads);
        scheduler = Map.copyOf(scheduler);
        carriers = List.copyOf(carriers);
        cannotShow = List.copyOf(cannotShow);
    }

    /** One time bucket: what started, ended and pinned in it, from {@code startMs} since the recording began. */
    public record SecondBucket(long startMs, long started, long ended, long pins, double pinnedMs) {
    }

    /** Pins at least {@code fromMs} and shorter than {@code toMs} long ({@code toMs} infinite for the last bin). */
    public record DurationBin(double fromMs, double toMs, long pins) {
    }

    /** A thread's pins in all; {@code name} is "" for an unnamed virtual thread. */
    public record PinnedThread(long threadId, String name, long pins, double pinnedMs) {
    }

    public long durationMs() {
        return observation.elapsedMs();
    }

    /**
     * The summary as JSON fields: exactly {@code attach --json}'s first (pid, jdk, durationMs, virtualThreadStarts, ...,
     * threadDumpVirtualThreads; each of the pinHotspots has maxMs, firstCallerFrame, reasons and blockingOperations after
     * attach's frames, count and totalMs), then the recording's own: file, program (its main class or jar), sizeBytes, events, startEpochMs, startsRecorded,
     * endsRecorded, pinThresholdMs, bucketSeconds, perSecondColumns, perSecond (one row per bucket), pinDurations, mostPinnedThreads, threadsCounted, scheduler, carriers,
     * loomscopeSlices, loomscopeCarriers, cannotShow.
     */
    public Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>(ObservationExport.summary(observation));
        // attach's fields of each hotspot first, then what the window shows of it and what comparing two recordings needs.
        json.put("pinHotspots", observation.pinHotspots().stream().map(h -> {
            Map<String, Object> hotspot = new LinkedHashMap<>();
            hotspot.put("frames", h.frames());
            hotspot.put("count", h.count());
            hotspot.put("totalMs", thousandths(h.totalMs()));
            hotspot.put("maxMs", thousandths(h.maxMs()));
            hotspot.put("firstCallerFrame", h.firstCallerFrame());
            hotspot.put("reasons", h.reasons());
            hotspot.put("blockingOperations", h.blockingOperations());
            return hotspot;
        }).toList());
        json.put("file", file.toString());
        json.put("program", observation.target().name());
        json.put("sizeBytes", sizeBytes);
        json.put("events", events);
        json.put("startEpochMs", observation.startEpochMs());
        json.put("startsRecorded", startsRecorded);
        json.put("endsRecorded", endsRecorded);
        json.put("pinThresholdMs", pinThresholdMs < 0 ? null : pinThresholdMs);
        json.put("bucketSeconds", bucketSeconds);
        json.put("perSecondColumns", List.of("startMs", "started", "ended", "pins", "pinnedMs"));
        json.put("perSecond", seconds.stream().map(b -> List.of(b.startMs(), b.started(), b.ended(), b.pins(), thousandths(b.pinnedMs()))).toList());
        json.put("pinDurations", pinDurations.stream().map(b -> {
            Map<String, Object> bin = new LinkedHashMap<>();
            bin.put("fromMs", b.fromMs());
            bin.put("toMs", Double.isInfinite(b.toMs()) ? null : b.toMs());
            bin.put("pins", b.pins());
            return bin;
        }).toList());
        json.put("mostPinnedThreads", mostPinnedThreads.stream().map(t -> {
            Map<String, Object> thread = new LinkedHashMap<>();
            thread.put("threadId", t.threadId());
            thread.put("name", t.name());
            thread.put("pins", t.pins());
            thread.put("pinnedMs", thousandths(t.pinnedMs()));
            return thread;
        }).toList());
        json.put("threadsCounted", threadsCounted);
        json.put("scheduler", new java.util.TreeMap<>(scheduler));
        json.put("carriers", carriers);
        json.put("loomscopeSlices", loomscopeSlices);
        json.put("loomscopeCarriers", loomscopeCarriers);
        json.put("cannotShow", cannotShow);
        return json;
    }

    static double thousandths(double ms) {
        return Math.round(ms * 1000) / 1000.0;
    }
}
