package dev.loomscope.ui.views;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.RunModel;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Scene;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

@WindowTest
class CarrierLaneViewTest {

    @BeforeAll
    static void startToolkit() throws Exception {
        Fx.startToolkit();
    }

    /** An axis that reaches a second says every mark in seconds; a shorter one every mark in milliseconds. */
    @Test
    void theTimeAxisSpeaksOneUnit() {
        var longAxis = java.util.stream.IntStream.rangeClosed(0, 3).mapToObj(i -> CarrierLaneView.formatTime(i * 500, 500, true)).toList();
        assertThat(longAxis).containsExactly("0 s", "0.5 s", "1 s", "1.5 s");
        assertThat(CarrierLaneView.formatTime(1_050, 50, true)).isEqualTo("1.05 s");
        // Zoomed in around a second, the marks 5 ms apart stay apart.
        var zoomed = java.util.stream.IntStream.rangeClosed(0, 2).mapToObj(i -> CarrierLaneView.formatTime(995 + i * 5, 5, true)).toList();
        assertThat(zoomed).containsExactly("0.995 s", "1 s", "1.005 s");
        assertThat(CarrierLaneView.formatTime(20_000, 10_000, true)).isEqualTo("20 s");
        var shortAxis = java.util.stream.IntStream.rangeClosed(0, 3).mapToObj(i -> CarrierLaneView.formatTime(i * 200, 200, false)).toList();
        assertThat(shortAxis).containsExactly("0 ms", "200 ms", "400 ms", "600 ms");
    }

    /** A time on the axis at the plot's right end (200 ms of 0-200 ms) moves left, whole, rather than be cut by the view's edge. */
    @Test
    void theTimeAtThePlotsRightEndIsDrawnWholeInsideTheView() throws Exception {
        for (double scale : new double[] {1, 1.5}) {
            var drawn = Fx.call(() -> {
                var view = new CarrierLaneView();
                new Scene(view, 600, 200);
                view.setTextScale(scale);
                view.applyCss();
                view.layout();
                view.showUpTo(200_000_000L);
                view.refresh(new RunModel(1, Scenario.of(ExecutorKind.VIRTUAL).withTasks(10).withCarriers(2).build(), 2), 0);
                return new Object[] {view.getWidth(), view.timeLabelBounds()};
            });
            double width = (double) drawn[0];
            @SuppressWarnings("unchecked")
            List<Bounds> times = (List<Bounds>) drawn[1];
            assertThat(times).as("0, 50, 100, 150 and 200 ms at scale %s", scale).hasSizeGreaterThanOrEqualTo(3);
            for (Bounds time : times) {
                assertThat(time.getMinX()).as("scale %s", scale).isGreaterThanOrEqualTo(0);
                assertThat(time.getMaxX()).as("a time cut by the right edge at scale %s", scale).isLessThanOrEqualTo(width);
            }
        }
    }
}
