package dev.loomscope.ui.charts;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.views.Ticks;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.views.FrameView;
import dev.loomscope.ui.views.EmptyHint;
import dev.loomscope.model.CompletionCurve;
import dev.loomscope.model.IdealCurve;
import dev.loomscope.model.RunModel;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.layout.StackPane;

/**
 * Tasks completed over time: the shown run over the session's other recent runs and over its
 * perfect-world curve. A fixed pool climbs in steps (one per wave), virtual threads in one jump.
 * Curves are reduced to a few hundred points, and redrawn a few times a second, not per event.
 */
public final class CompletionChartView extends StackPane implements FrameView {

    private static final int MAX_POINTS = 400;

    private final NumberAxis time = new NumberAxis();
    private final NumberAxis completed = new NumberAxis();
    private final LineChart<Number, Number> chart = new LineChart<>(time, completed);
    private final RunsRedraw redraw = new RunsRedraw(200_000_000L);
    private final javafx.scene.control.Label empty = EmptyHint.label(
            "completion");

    public CompletionChartView() {
        getStyleClass().add("completion-chart");
        time.setLabel(Messages.text("chart.elapsed-ms"));
        // No title on the count axis: the chart's title names it, and a rotated title beside tick labels
        // as wide as "10,000" was drawn over them on a 1080p stage (and cut to "comp..." on a short one).
        // Ranged here, not by the axis: its own choice of ticks crowds the labels of long runs.
        time.setAutoRanging(false);
        time.setMinorTickVisible(false);
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        chart.setTitle(Messages.text("chart.completion.title"));
        chart.setLegendVisible(true);
        getChildren().addAll(chart, empty);
    }

    @Override
    public void refresh(FrameContext frame) {
        refresh(frame.recent(), frame.shown(), frame.now());
    }

    /** Redraws when runs changed, at most every 200 ms. */
    public void refresh(List<RunModel> runs, RunModel emphasise, long nowNanos) {
        if (!redraw.due(runs, emphasise, nowNanos)) {
            return;
        }
        // Empty, the chart's bare axes would only cross the line that says what will appear.
        empty.setVisible(runs.isEmpty());
        chart.setVisible(!runs.isEmpty());
        var series = new ArrayList<XYChart.Series<Number, Number>>();
        for (RunModel run : runs) {
            series.add(series(run.title(), run.curve().points(MAX_POINTS)));
        }
        if (emphasise != null) {
            series.add(series(Messages.text("chart.perfect-world", emphasise.title()),
                    IdealCurve.points(emphasise.scenario(), emphasise.idealMs(), MAX_POINTS / 2)));
        }
        // At least 100 ms wide: an empty chart (or a run just started) keeps readable whole-ms ticks.
        double end = 100;
        for (var each : series) {
            for (var point : each.getData()) {
                end = Math.max(end, point.getXValue().doubleValue());
            }
        }
        Ticks.elapsedAxis(time, end, 7);
        // The count axis ends at the most tasks of a run shown: a finished curve touches its top.
        double most = 0;
        for (RunModel run : runs) {
            most = Math.max(most, run.scenario().tasks());
        }
        Ticks.countAxis(completed, most, 5);
        chart.getData().setAll(series);
        // Styles after the series exist: the ideal curve is dashed, the emphasised run drawn thicker.
        for (int i = 0; i < runs.size(); i++) {
            var node = series.get(i).getNode();
            if (node != null) {
                node.getStyleClass().removeAll("emphasised", "ideal-curve");
                if (runs.get(i) == emphasise) {
                    node.getStyleClass().add("emphasised");
                }
            }
        }
        if (emphasise != null && series.getLast().getNode() != null) {
            series.getLast().getNode().getStyleClass().add("ideal-curve");
        }
    }

    private static XYChart.Series<Number, Number> series(String name, CompletionCurve.Points points) {
        var data = new ArrayList<XYChart.Data<Number, Number>>(points.size());
        for (int i = 0; i < points.size(); i++) {
            data.add(new XYChart.Data<>(points.timesMs()[i], points.completed()[i]));
        }
        var series = new XYChart.Series<Number, Number>();
        series.setName(name);
        series.getData().setAll(data);
        return series;
    }

    public LineChart<Number, Number> chart() {
        return chart;
    }
}
