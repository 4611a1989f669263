package dev.loomscope.recording;

import dev.loomscope.model.observe.ObservationSnapshot;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.text.Text;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Two recordings' figures side by side ("before" and "after" a change), with the differences. */
public final class RecordingComparison {

    /**
     * One figure of both recordings; {@code key} is its JSON name, and its label's key is "open.figure." + key. A side
     * whose recording left the figure's events out is {@code NaN}, written "off", never 0.
     */
    public record Figure(String key, double before, double after) {
        public double difference() {
            return after - before;
        }

        /** The difference as the window and the command line write it: "+913", "-83.2", "+0.05"; "-" where a side is off. */
        public String differenceText() {
            return Double.isNaN(difference()) ? "-" : (difference() > 0 ? "+" : "") + text(difference());
        }
    }

    /**
     * A figure as both recordings' columns write it: a count whole ("1,268"); else to three significant digits, and never
     * fewer than its whole part ("2,019", "115", "32.3", "0.054"). Read off a table, "2,019.32 ms" claimed a precision the
     * recording does not have. A figure that rounds to nothing is "0", never "-0.00".
     */
    public static String text(double value) {
        if (Double.isNaN(value)) {
            return Text.get("open.tile.off");
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return "%,d".formatted((long) value);
        }
        if (!Double.isFinite(value)) {
            return String.valueOf(value);
        }
        BigDecimal exact = new BigDecimal(value);
        BigDecimal rounded = exact.round(new MathContext(3, RoundingMode.HALF_UP));
        if (rounded.signum() == 0) {
            return "0";
        }
        int decimals = Math.max(0, rounded.stripTrailingZeros().scale());
        return ("%,." + decimals + "f").formatted(exact.setScale(decimals, RoundingMode.HALF_UP));
    }

    public static List<Figure> of(RecordingSummary before, RecordingSummary after) {
        return List.of(
                new Figure("durationMs", before.durationMs(), after.durationMs()),
                new Figure("events", before.events(), after.events()),
                new Figure("virtualThreadStarts", starts(before), starts(after)),
                new Figure("virtualThreadEnds", ends(before), ends(after)),
                new Figure("startsPerSecond", perSecond(before, starts(before)), perSecond(after, starts(after))),
                new Figure("pinnedEvents", before.observation().pinnedEvents(), after.observation().pinnedEvents()),
                new Figure("pinnedMs", before.observation().pinnedMs(), after.observation().pinnedMs()),
                new Figure("pinsPerSecond", perSecond(before, before.observation().pinnedEvents()), perSecond(after, after.observation().pinnedEvents())),
                new Figure("pinnedMsPerSecond", perSecond(before, before.observation().pinnedMs()), perSecond(after, after.observation().pinnedMs())),
                new Figure("longestPinMs", longestPin(before.observation()), longestPin(after.observation())),
                new Figure("pinHotspots", before.observation().pinHotspots().size(), after.observation().pinHotspots().size()),
                new Figure("submitFailed", before.observation().submitFailed(), after.observation().submitFailed()));
    }

    /** As JSON: before and after (each recording's whole summary), and differences (after minus before, per figure). */
    public static Map<String, Object> json(RecordingSummary before, RecordingSummary after) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("before", before.json());
        json.put("after", after.json());
        Map<String, Object> differences = new LinkedHashMap<>();
        // A figure one recording left out has no difference: null, not a number computed from its 0.
        of(before, after).forEach(f -> differences.put(f.key(), Double.isNaN(f.difference()) ? null : RecordingSummary.thousandths(f.difference())));
        json.put("differences", differences);
        return json;
    }

    /** Starts and ends are counted only where the recording had their events on (the JDK's default leaves them off). */
    private static double starts(RecordingSummary s) {
        return s.startsRecorded() ? s.observation().virtualThreadStarts() : Double.NaN;
    }

    private static double ends(RecordingSummary s) {
        return s.endsRecorded() ? s.observation().virtualThreadEnds() : Double.NaN;
    }

    private static double perSecond(RecordingSummary s, double value) {
        return Double.isNaN(value) || s.durationMs() > 0 ? value * 1000.0 / s.durationMs() : 0;
    }

    private static double longestPin(ObservationSnapshot s) {
        return s.pinHotspots().stream().mapToDouble(PinHotspot::maxMs).max().orElse(0);
    }
}
