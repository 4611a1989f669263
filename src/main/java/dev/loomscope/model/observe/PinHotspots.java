package dev.loomscope.model.observe;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Pins grouped into hotspots by their top stack frames ({@link Observation#hotspotFrames}), each
 * with its count, total and longest pinned time, reasons and blocking operations: the "why is it
 * pinned" answer, for an observed JVM and for a run alike. Not thread-safe.
 */
public final class PinHotspots {

    private final Map<List<String>, Tally> byFrames = new HashMap<>();

    /** The hotspots of {@code pins}, costliest first. */
    public static List<PinHotspot> of(Iterable<Pin> pins) {
        var hotspots = new PinHotspots();
        pins.forEach(hotspots::add);
        return hotspots.byCost();
    }

    public void add(Pin pin) {
        add(pin, 1, pin.durationMs(), pin.durationMs());
    }

    /** {@code count} pins alike in their frames, reason and operation ({@code site} is one of them), with their total and longest time. */
    public void add(Pin site, long count, double totalMs, double maxMs) {
        byFrames.computeIfAbsent(Observation.hotspotFrames(site.frames()), Tally::new).add(site, count, totalMs, maxMs);
    }

    /** Whether {@code pin} belongs to {@code hotspot}: it shares the frames the hotspot is grouped by. */
    public static boolean belongs(Pin pin, PinHotspot hotspot) {
        return Observation.hotspotFrames(pin.frames()).equals(hotspot.frames());
    }

    /** The hotspots, the most carrier time held first. */
    public List<PinHotspot> byCost() {
        var hotspots = new ArrayList<PinHotspot>();
        byFrames.values().forEach(tally -> hotspots.add(tally.hotspot()));
        hotspots.sort(Comparator.comparingDouble(PinHotspot::totalMs).reversed().thenComparing(h -> -h.count()));
        return hotspots;
    }

    private static final class Tally {
        private final List<String> frames;
        private long count;
        private double totalMs;
        private double maxMs;
        private final LinkedHashSet<String> reasons = new LinkedHashSet<>();
        private final LinkedHashSet<String> operations = new LinkedHashSet<>();

        Tally(List<String> frames) {
            this.frames = frames;
        }

        void add(Pin site, long pins, double ms, double longestMs) {
            count += pins;
            totalMs += ms;
            maxMs = Math.max(maxMs, longestMs);
            reasons.add(site.reason());
            operations.add(site.blockingOperation());
        }

        PinHotspot hotspot() {
            int caller = Observation.firstCallerIndex(frames);
            return new PinHotspot(frames, caller < 0 ? "" : frames.get(caller), count, totalMs, maxMs, List.copyOf(reasons), List.copyOf(operations));
        }
    }
}
