package dev.loomscope.ui.views;

import dev.loomscope.ui.fx.Messages;
import javafx.util.StringConverter;

/** Axis ticks at round values (1, 2, 5 x 10^n) and their labels. */
public final class Ticks {

    private Ticks() {
    }

    /** The smallest round step at least as big as {@code rough}. */
    public static double niceStep(double rough) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(Math.max(rough, 1e-6))));
        for (double m : new double[] {1, 2, 5}) {
            if (m * magnitude >= rough) {
                return m * magnitude;
            }
        }
        return 10 * magnitude;
    }

    /**
     * A count axis from 0 to the first round step at or past {@code most} (100 tasks end at 100, not
     * at the 200 the axis's own ranging chose), in about {@code ticks} steps, labelled "1,000".
     */
    public static void countAxis(javafx.scene.chart.NumberAxis axis, double most, int ticks) {
        double unit = niceStep(Math.max(most, 1) / ticks);
        axis.setAutoRanging(false);
        axis.setLowerBound(0);
        axis.setTickUnit(unit);
        axis.setUpperBound(Math.max(unit, Math.ceil(most / unit) * unit));
        axis.setMinorTickVisible(false);
        axis.setTickLabelFormatter(COUNT);
    }

    /**
     * A value axis from 0 to a little past {@code most}, so that a line at the largest value (a ceiling) is not drawn on
     * the plot's edge, labelled "1,000" at round steps: the axis's own ranging ran a 1,000 req/s ceiling's plot to
     * 1,500; this one ends at 1,250. It is marked every half of a step of about {@code ticks} (250 there), so that its end
     * falls on a mark: JavaFX marks an axis's end wherever it falls, and a "1,080" read as data and, on a projector,
     * took the place of the "1,000" under it. Where the plot is short JavaFX labels every other mark: 0, 500, 1,000.
     */
    public static void valueAxis(javafx.scene.chart.NumberAxis axis, double most, int ticks) {
        double top = Math.max(most, 1);
        double step = niceStep(top / ticks);
        // Halves that stay whole numbers: 250 of 500, 5 of 10, 1 of 2 (not 2.5 of 5).
        double mark = step >= 10 || step == 2 ? step / 2 : step;
        axis.setAutoRanging(false);
        axis.setLowerBound(0);
        axis.setTickUnit(mark);
        axis.setUpperBound(Math.ceil(top * HEADROOM / mark) * mark);
        axis.setMinorTickVisible(false);
        axis.setTickLabelFormatter(COUNT);
    }

    /** How far past its largest value a {@linkplain #valueAxis value axis} runs, at least (then to its next mark). */
    static final double HEADROOM = 1.05;

    /**
     * An axis over a setting's values, {@code from} to {@code to}, at round whole steps (a sweep of 10 to 40 tasks is
     * marked 10, 15 ... 40, where the axis's own ranging marked 7.5, 10.0, 12.5 ... 42.5), labelled "1,000".
     */
    public static void settingAxis(javafx.scene.chart.NumberAxis axis, double from, double to, int ticks) {
        double unit = Math.max(1, niceStep((to - from) / ticks));
        axis.setAutoRanging(false);
        axis.setLowerBound(Math.floor(from / unit) * unit);
        axis.setUpperBound(Math.max(Math.ceil(to / unit) * unit, Math.floor(from / unit) * unit + unit));
        axis.setTickUnit(unit);
        axis.setMinorTickVisible(false);
        axis.setTickLabelFormatter(COUNT);
    }

    /**
     * An elapsed-time axis from 0 to {@code endMs} in about {@code ticks} round steps, labelled in
     * seconds once a step is a second or more. Ranged here, not by the axis: its own choice of ticks
     * crowds the labels of long runs.
     */
    public static void elapsedAxis(javafx.scene.chart.NumberAxis axis, double endMs, int ticks) {
        double unit = niceStep(endMs / ticks);
        axis.setAutoRanging(false);
        axis.setLowerBound(0);
        axis.setTickUnit(unit);
        axis.setUpperBound(Math.ceil(endMs / unit) * unit);
        axis.setLabel(Messages.text(unit >= 1_000 ? "chart.elapsed-s" : "chart.elapsed-ms"));
        axis.setTickLabelFormatter(unit >= 1_000 ? SECONDS : MILLIS);
    }

    /** Milliseconds labelled as milliseconds: "250". */
    static final StringConverter<Number> MILLIS = converter(1, "%,.0f");
    /** Counts: "1,000". */
    static final StringConverter<Number> COUNT = converter(1, "%,.0f");
    /** Milliseconds labelled as seconds: "2.5". */
    static final StringConverter<Number> SECONDS = converter(1_000, "%,.1f");

    private static StringConverter<Number> converter(double divisor, String format) {
        return new StringConverter<>() {
            @Override
            public String toString(Number value) {
                String text = format.formatted(value.doubleValue() / divisor);
                return text.endsWith(".0") ? text.substring(0, text.length() - 2) : text;
            }

            @Override
            public Number fromString(String text) {
                return Double.parseDouble(text.replace(",", "")) * divisor;
            }
        };
    }
}
