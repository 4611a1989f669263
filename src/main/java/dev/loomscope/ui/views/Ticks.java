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
     * the plot's edge, marked at round steps (about {@code ticks}), labelled "1,000": the axis's own ranging ran a
     * 1,000 req/s ceiling's plot to 1,500; this one ends at 1,250, with 0, 500 and 1,000 marked.
     */
    public static void valueAxis(javafx.scene.chart.NumberAxis axis, double most, int ticks) {
        double top = Math.max(most, 1);
        axis.setAutoRanging(false);
        axis.setLowerBound(0);
        double unit = niceStep(top / ticks);
        axis.setTickUnit(unit);
        // A half step past the largest value at least: room for the round step's label under the axis's end.
        axis.setUpperBound(Math.ceil(top * HEADROOM / (unit / 2)) * (unit / 2));
        axis.setMinorTickVisible(false);
        // The axis also marks its upper bound, which is no round step: that mark keeps no label ("1,080" read as data).
        // Made again only for a new step: a new formatter has the axis make every tick's label again, four times a second.
        if (!(axis.getTickLabelFormatter() instanceof RoundSteps steps && steps.unit() == unit)) {
            axis.setTickLabelFormatter(new RoundSteps(unit));
        }
    }

    /** Labels the ticks at whole steps of {@code unit} as {@link #COUNT} does, and no other. */
    private static final class RoundSteps extends StringConverter<Number> {

        private final double unit;

        RoundSteps(double unit) {
            this.unit = unit;
        }

        double unit() {
            return unit;
        }

        @Override
        public String toString(Number value) {
            double steps = value.doubleValue() / unit;
            return Math.abs(steps - Math.rint(steps)) < 1e-6 ? COUNT.toString(value) : "";
        }

        @Override
        public Number fromString(String text) {
            return COUNT.fromString(text);
        }
    }

    /** How far past its largest value a {@linkplain #valueAxis value axis} runs, at least (then to a half step). */
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
