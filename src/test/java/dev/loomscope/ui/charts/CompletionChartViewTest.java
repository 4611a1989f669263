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

    /** Every run of the history drawn: the plain title. */
    private static final dev.loomscope.model.window.FrameContext.RunsDrawn ALL_DRAWN = new dev.loomscope.model.window.FrameContext.RunsDrawn(0, 0);

    @BeforeAll
    static void startToolkit() throws Exception {
        Fx.startToolkit();
    }

    /** The y axis's title, once the chart is laid out at this size. */
    private static String yTitleAt(double width, double height) throws Exception {
        return Fx.call(() -> {
            var view = new CompletionChartView();
            // Made as for a first run (before one, the view shows its empty hint alone).
            view.chart();
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
                view.refresh(java.util.List.of(run), null, 0, ALL_DRAWN);
                view.applyCss();
                view.layout();
                NumberAxis y = (NumberAxis) view.lookupAll(".axis").stream()
                        .filter(axis -> ((NumberAxis) axis).getSide() == Side.LEFT).findFirst().orElseThrow();
                return y.getUpperBound();
            });
            assertThat(upper).as("%d tasks", tasks).isEqualTo(tasks);
        }
    }

    /** The perfect world's key in the legend is styled as its curve (dashed, grey), the runs' keys as theirs. */
    @Test
    void thePerfectWorldsKeyIsStyledAsItsCurve() throws Exception {
        var keys = Fx.call(() -> {
            var view = new CompletionChartView();
            new Scene(view, 900, 500);
            var scenario = dev.loomscope.scenario.Scenario.of(dev.loomscope.scenario.ExecutorKind.VIRTUAL).withTasks(10).withSleepMs(10).build();
            var first = new dev.loomscope.model.RunModel(1, scenario, 2);
            var second = new dev.loomscope.model.RunModel(2, scenario, 2);
            view.refresh(java.util.List.of(first, second), second, 0, ALL_DRAWN);
            for (int pass = 0; pass < 2; pass++) {
                view.applyCss();
                view.layout();
            }
            var styled = new java.util.TreeMap<String, Boolean>();
            for (var node : view.lookupAll(".chart-legend-item")) {
                var item = (javafx.scene.control.Label) node;
                styled.put(item.getText(), item.getGraphic().getStyleClass().contains("ideal-curve"));
            }
            return styled;
        });
        assertThat(keys).containsEntry("perfect world, #2", true).containsEntry("#1 virtual", false).containsEntry("#2 virtual", false);
    }

    /** The count axis has no title of its own, at any size: the chart's title names it, and a title beside wide tick labels was drawn over them. */
    @Test
    void theCountAxisLeavesItsNameToTheChartsTitle() throws Exception {
        assertThat(yTitleAt(700, 400)).isNull();
        assertThat(yTitleAt(700, 150)).isNull();
    }

    /** A redraw updates the curves in place: a run that did not move keeps its curve's node, and the moving run's curve follows its events. */
    @Test
    void aRedrawKeepsTheCurvesNodes() throws Exception {
        Fx.call(() -> {
            var view = new CompletionChartView();
            new Scene(view, 700, 400);
            var scenario = dev.loomscope.scenario.Scenario.of(dev.loomscope.scenario.ExecutorKind.VIRTUAL).withTasks(10).withSleepMs(10).build();
            var still = new dev.loomscope.model.RunModel(1, scenario, 2);
            var moving = new dev.loomscope.model.RunModel(2, scenario, 2);
            var runs = java.util.List.of(still, moving);
            view.refresh(runs, moving, 0, ALL_DRAWN);
            view.applyCss();
            view.layout();
            var stillCurve = view.chart().getData().get(0).getNode();
            var movingCurve = view.chart().getData().get(1).getNode();
            int movingPoints = view.chart().getData().get(1).getData().size();

            var events = new dev.loomscope.testing.Events();
            for (int task = 0; task < 10; task++) {
                events.add(dev.loomscope.protocol.EventType.STARTED, task, 1.0, 100 + task, 1)
                        .add(dev.loomscope.protocol.EventType.FINISHED, task, 5.0 + task, 100 + task, 1);
            }
            moving.onEvents(events.batch());
            view.refresh(runs, moving, 1_000_000_000L, ALL_DRAWN);
            view.applyCss();
            view.layout();

            assertThat(view.chart().getData().get(0).getNode()).isSameAs(stillCurve);
            assertThat(view.chart().getData().get(1).getNode()).isSameAs(movingCurve);
            var drawn = view.chart().getData().get(1).getData();
            assertThat(drawn.size()).isGreaterThan(movingPoints);
            assertThat(drawn.getLast().getYValue().doubleValue()).isEqualTo(10);
            return null;
        });
    }

    /**
     * A new run adds its curve and a run no longer shown takes its own away: the curves still shown keep their nodes and
     * colours, in the runs' order, the perfect world's last. Setting every series again made each curve anew.
     */
    @Test
    void aNewRunKeepsTheCurvesStillShown() throws Exception {
        Fx.call(() -> {
            var view = new CompletionChartView();
            new Scene(view, 700, 400);
            var scenario = dev.loomscope.scenario.Scenario.of(dev.loomscope.scenario.ExecutorKind.VIRTUAL).withTasks(10).withSleepMs(10).build();
            var first = new dev.loomscope.model.RunModel(1, scenario, 2);
            var second = new dev.loomscope.model.RunModel(2, scenario, 2);
            var third = new dev.loomscope.model.RunModel(3, scenario, 2);
            view.refresh(java.util.List.of(first, second), second, 0, ALL_DRAWN);
            view.applyCss();
            view.layout();
            var data = view.chart().getData();
            var secondCurve = data.get(1).getNode();
            var secondColour = colourOf(secondCurve);
            var perfectWorld = data.get(2).getNode();

            view.refresh(java.util.List.of(second, third), third, 1_000_000_000L, ALL_DRAWN);
            view.applyCss();
            view.layout();

            assertThat(data.stream().map(javafx.scene.chart.XYChart.Series::getName)).containsExactly("#2 virtual", "#3 virtual", "perfect world, #3");
            assertThat(data.get(0).getNode()).isSameAs(secondCurve);
            assertThat(colourOf(data.get(0).getNode())).isEqualTo(secondColour);
            assertThat(data.get(2).getNode()).isSameAs(perfectWorld);
            assertThat(colourOf(data.get(1).getNode())).isNotEqualTo(secondColour);
            // Drawn in the series' order: the perfect world's dashed line over the runs' curves, the new run's too.
            var drawn = perfectWorld.getParent().getChildrenUnmodifiable();
            assertThat(drawn.indexOf(perfectWorld)).isGreaterThan(drawn.indexOf(data.get(1).getNode())).isGreaterThan(drawn.indexOf(secondCurve));
            return null;
        });
    }

    private static String colourOf(javafx.scene.Node curve) {
        return curve.getStyleClass().stream().filter(style -> style.startsWith("default-color")).findFirst().orElseThrow();
    }

    /** The series kept in place where they can be; in another order, all set again in the wanted one. */
    @Test
    void keepOnlyAddsRemovesAndReorders() {
        var drawn = javafx.collections.FXCollections.observableArrayList("a", "b", "ideal");
        var changes = new java.util.concurrent.atomic.AtomicInteger();
        drawn.addListener((javafx.collections.ListChangeListener<String>) change -> changes.incrementAndGet());
        CompletionChartView.keepOnly(drawn, java.util.List.of("a", "b", "ideal"));
        assertThat(changes).hasValue(0);
        CompletionChartView.keepOnly(drawn, java.util.List.of("b", "c", "ideal"));
        assertThat(drawn).containsExactly("b", "c", "ideal");
        CompletionChartView.keepOnly(drawn, java.util.List.of("ideal", "b"));
        assertThat(drawn).containsExactly("ideal", "b");
        CompletionChartView.keepOnly(drawn, java.util.List.of());
        assertThat(drawn).isEmpty();
    }

    /** Where the chart leaves some of the history's runs out, its title says how many of how many it draws; else it is the plain title. */
    @Test
    void theTitleSaysWhenRunsAreLeftOut() throws Exception {
        Fx.call(() -> {
            var scenario = dev.loomscope.scenario.Scenario.of(dev.loomscope.scenario.ExecutorKind.VIRTUAL).withTasks(4).withSleepMs(10).build();
            var runs = new java.util.ArrayList<dev.loomscope.model.RunModel>();
            for (int number = 4; number <= 9; number++) {
                runs.add(new dev.loomscope.model.RunModel(number, scenario, 2));
            }
            var view = new CompletionChartView();
            new Scene(view, 700, 400);
            view.refresh(runs, runs.getLast(), 0, new dev.loomscope.model.window.FrameContext.RunsDrawn(6, 9));
            assertThat(view.chart().getTitle()).isEqualTo("Completed over time: 6 of 9 runs");

            view.refresh(runs, runs.getLast(), 0, new dev.loomscope.model.window.FrameContext.RunsDrawn(6, 6));
            assertThat(view.chart().getTitle()).as("retitled in a frame whose curves were not due").isEqualTo("Completed over time");
            return null;
        });
    }
}
