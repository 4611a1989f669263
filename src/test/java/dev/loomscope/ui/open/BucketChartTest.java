package dev.loomscope.ui.open;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.fx.Messages;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A recording's small charts keep their legend in their width: the virtual threads' chart of a recording without
 * starts and ends, at the width a 1280 px window gives it, printed "ended: not recor" at its edge.
 */
@WindowTest(lane = WindowTest.Lane.GEOMETRY)
class BucketChartTest {

    @BeforeAll
    static void startToolkit() throws Exception {
        Fx.startToolkit();
    }

    @ParameterizedTest(name = "{0} px wide")
    @ValueSource(ints = {180, 300, 640})
    void everyLegendEntryIsWholeAndApartFromTheOthers(int width) throws Exception {
        List<Bounds> places = Fx.call(() -> {
            var chart = new BucketChart();
            chart.show(Messages.text("open.chart.threads", "per second"), List.of(BucketChart.Series.notRecorded(Messages.text("open.chart.started")),
                    BucketChart.Series.notRecorded(Messages.text("open.chart.ended"))), "0 s", "3 s", "");
            var root = new StackPane(chart);
            var scene = new Scene(root, width, 190);
            root.applyCss();
            root.layout();
            assertThat(scene.getWidth()).isEqualTo(width);
            return chart.legendPlaces();
        });
        assertThat(places).hasSize(2);
        for (Bounds place : places) {
            assertThat(place.getMinX()).as("an entry's left, in the chart").isGreaterThanOrEqualTo(0);
            assertThat(place.getMaxX()).as("an entry's right, in the chart's %d px", width).isLessThanOrEqualTo(width + 0.5);
        }
        Bounds a = places.get(0);
        Bounds b = places.get(1);
        boolean overlap = a.getMinX() < b.getMaxX() && b.getMinX() < a.getMaxX() && a.getMinY() < b.getMaxY() && b.getMinY() < a.getMaxY();
        assertThat(overlap).as("the two entries apart: %s and %s", a, b).isFalse();
    }
}
