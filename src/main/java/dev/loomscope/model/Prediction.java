package dev.loomscope.model;

import dev.loomscope.text.Text;
import dev.loomscope.scenario.Durations;
import java.util.List;

/**
 * A learner's guess before a run, and how it compares after: three choices an order of magnitude
 * apart around the perfect-world time ("about 50 s / about 5 s / well under 1 s"), or a number.
 */
public final class Prediction {

    private Prediction() {
    }

    /** A choice: what it says and the time it stands for. */
    public record Choice(String label, double ms) {
    }

    /** Three choices, ten times apart, one of them near {@code idealMs}, shortest last. */
    public static List<Choice> choices(double idealMs) {
        // At least 10 ms in the middle, so the shortest choice is still a distinct 1 ms.
        double near = Math.max(10, idealMs);
        return List.of(choice(near * 10), choice(near), choice(near / 10));
    }

    private static Choice choice(double ms) {
        double rounded = round(ms);
        if (rounded < 1_000 && rounded >= 100) {
            return new Choice(Text.get("predict.choice.under-a-second", Durations.humanMillis(rounded)), rounded);
        }
        return new Choice(Text.get("predict.choice.about", Durations.humanMillis(rounded)), rounded);
    }

    /** Rounds to one significant digit: a guess, not a measurement. */
    static double round(double ms) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(Math.max(ms, 1))));
        return Math.max(1, Math.round(ms / magnitude) * magnitude);
    }

    /** How a guess compares with what the run measured, in words. */
    public static String score(double predictedMs, double actualMs) {
        double ratio = predictedMs / Math.max(actualMs, 1e-3);
        if (ratio >= 0.67 && ratio <= 1.5) {
            return Text.get("predict.score.spot-on", Durations.humanMillis(predictedMs), Durations.humanMillis(actualMs));
        }
        if (ratio >= 0.2 && ratio <= 5) {
            return Text.get("predict.score.order", Durations.humanMillis(predictedMs), Durations.humanMillis(actualMs));
        }
        return Text.get("predict.score.off", ratio > 1 ? ratio : 1 / ratio,
                Durations.humanMillis(predictedMs), Durations.humanMillis(actualMs));
    }
}
