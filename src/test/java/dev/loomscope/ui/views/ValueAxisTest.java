package dev.loomscope.ui.views;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import java.util.List;
import javafx.scene.chart.NumberAxis;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The web tab's value axes: just past the highest line, marked at round steps, the axis's own end unlabelled. */
@WindowTest
class ValueAxisTest {

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    @Test
    void aThousandRequestsASecondEndsTheAxisAt1250MarkedEvery500() throws Exception {
        List<Object> seen = Fx.call(() -> {
            var axis = new NumberAxis();
            Ticks.valueAxis(axis, 1_000, 3);
            var labels = axis.getTickLabelFormatter();
            return List.of(axis.getLowerBound(), axis.getUpperBound(), axis.getTickUnit(), labels.toString(1_000), labels.toString(1_250),
                    labels.toString(0));
        });
        assertThat(seen).containsExactly(0.0, 1_250.0, 500.0, "1,000", "", "0");
    }

    /** Redrawn four times a second: the same step keeps its formatter, so the axis does not make its labels again each time. */
    @Test
    void theSameStepKeepsItsFormatter() throws Exception {
        assertThat(Fx.call(() -> {
            var axis = new NumberAxis();
            Ticks.valueAxis(axis, 950, 3);
            var first = axis.getTickLabelFormatter();
            Ticks.valueAxis(axis, 990, 3);
            boolean kept = axis.getTickLabelFormatter() == first;
            Ticks.valueAxis(axis, 90, 3);
            return List.of(kept, axis.getTickLabelFormatter() == first);
        })).containsExactly(true, false);
    }
}
