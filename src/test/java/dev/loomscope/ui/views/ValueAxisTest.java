package dev.loomscope.ui.views;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.chart.Axis;
import javafx.scene.layout.Pane;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The web tab's value axes: a little past the highest line, every mark a round number, the axis's end among them. */
@WindowTest
class ValueAxisTest {

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    /** Bounds, step and the labelled marks' values of an axis for this largest value, laid out this tall. */
    private static List<Object> axisFor(double most, double height) throws Exception {
        return Fx.call(() -> {
            var axis = new javafx.scene.chart.NumberAxis();
            Ticks.valueAxis(axis, most, 3);
            axis.setSide(javafx.geometry.Side.LEFT);
            axis.setManaged(false);
            new Scene(new Pane(axis), 400, 400);
            axis.resize(60, height);
            axis.applyCss();
            axis.layout();
            return List.of(axis.getLowerBound(), axis.getUpperBound(), axis.getTickUnit(),
                    axis.getTickMarks().stream().filter(Axis.TickMark::isTextVisible).map(mark -> mark.getValue().doubleValue()).toList());
        });
    }

    @Test
    void aThousandRequestsASecondEndsTheAxisAt1250MarkedEvery250() throws Exception {
        assertThat(axisFor(1_000, 300)).containsExactly(0.0, 1_250.0, 250.0, List.of(0.0, 250.0, 500.0, 750.0, 1_000.0, 1_250.0));
        // A short plot (a 720p stage) labels every other mark, from 0: 1,000 keeps its label, the axis's end gives way.
        assertThat(axisFor(1_000, 60)).containsExactly(0.0, 1_250.0, 250.0, List.of(0.0, 500.0, 1_000.0));
        // Steps whose halves are not whole are not halved: a largest value of 12 is marked every 5, to 15.
        assertThat(axisFor(12, 300)).containsExactly(0.0, 15.0, 5.0, List.of(0.0, 5.0, 10.0, 15.0));
    }
}
