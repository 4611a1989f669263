package dev.loomscope.ui.charts;

import dev.loomscope.ui.WindowTest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.ui.Fx;
import javafx.geometry.Side;
import javafx.scene.Scene;
import javafx.scene.chart.NumberAxis;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

@WindowTest
class CompletionChartViewTest {

    @BeforeAll
    static void startToolkit() throws Exception {
        Fx.startToolkit();
    }

    /** The y axis's title, once the chart is laid out at this size. */
    private static String yTitleAt(double width, double height) throws Exception {
        return Fx.call(() -> {
            var view = new CompletionChartView();
            new Scene(view, width, height);
            view.applyCss();
            view.layout();
            NumberAxis y = (NumberAxis) view.lookupAll(".axis").stream()
                    .filter(axis -> ((NumberAxis) axis).getSide() == Side.LEFT).findFirst().orElseThrow();
            return y.getLabel();
        });
    }

    /** The count axis ends at the most tasks shown, rounded to its step: the axis's own ranging drew 200 for 100 tasks. */
    @Test
    void theCountAxisEndsAtTheMostTasksShown() throws Exception {
        for (int tasks : new int[] {40, 100, 10_000}) {
            double upper = Fx.call(() -> {
                var view = new CompletionChartView();
                new Scene(view, 700, 400);
                var run = new dev.loomscope.model.RunModel(1, dev.loomscope.scenario.Scenario.of(dev.loomscope.scenario.ExecutorKind.VIRTUAL)
                        .withTasks(tasks).withSleepMs(10).build(), 2);
                view.refresh(java.util.List.of(run), null, 0);
                view.applyCss();
                view.layout();
                NumberAxis y = (NumberAxis) view.lookupAll(".axis").stream()
                        .filter(axis -> ((NumberAxis) axis).getSide() == Side.LEFT).findFirst().orElseThrow();
                return y.getUpperBound();
            });
            assertThat(upper).as("%d tasks", tasks).isEqualTo(tasks);
        }
    }

    /** The count axis has no title of its own, at any size: the chart's title names it, and a title beside wide tick labels was drawn over them. */
    @Test
    void theCountAxisLeavesItsNameToTheChartsTitle() throws Exception {
        assertThat(yTitleAt(700, 400)).isNull();
        assertThat(yTitleAt(700, 150)).isNull();
    }
}
