package dev.loomscope.ui.charts;

import dev.loomscope.ui.views.Ticks;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.views.FrameView;
import dev.loomscope.ui.views.EmptyHint;
import dev.loomscope.model.Comparison;
import dev.loomscope.model.Preset;
import dev.loomscope.model.RunModel;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/**
 * The comparison chart: the figure the experiment is about, one group of bars per run (elapsed
 * beside perfect world; memory beside the published figures; ThreadLocal objects and heap;
 * requests per second beside the ceiling). The bars lie down so run names read across, whatever
 * their number and the size of the type.
 */
public final class ElapsedBarsView extends StackPane implements FrameView {

    private final HBox charts = new HBox(4);
    private final Label empty = EmptyHint.label("bars");
    private final int cores;
    private List<Preset> presets = List.of();
    private List<Comparison.Panel> panels = List.of();
    private Comparison.Focus focus = Comparison.Focus.ELAPSED;
    private String shown;

    public ElapsedBarsView(int cores) {
        this.cores = cores;
        getStyleClass().add("elapsed-bars");
        charts.setFillHeight(true);
        getChildren().addAll(charts, empty);
        charts.setVisible(false);
        show(List.of(Comparison.elapsedPanel(List.of())));
    }

    /** The classic experiments, so their runs are compared on what they are about. */
    public void setPresets(List<Preset> all) {
        presets = List.copyOf(all);
        shown = null;
    }

    @Override
    public void refresh(FrameContext frame) {
        refresh(frame.comparison());
    }

    /** Shows the comparison's finished runs; cheap when nothing changed. */
    public void refresh(List<RunModel> comparison) {
        var measured = new ArrayList<Comparison.Measured>();
        comparison.forEach(run -> Comparison.Measured.of(run).ifPresent(measured::add));
        Comparison.Focus newFocus = Comparison.focusOf(comparison.stream().map(RunModel::scenario).toList(), presets);
        String key = comparison.size() + Comparison.key(newFocus, measured);
        if (key.equals(shown)) {
            return;
        }
        shown = key;
        focus = newFocus;
        // Until a run of the comparison ends there is nothing to compare: the line says when bars will come.
        empty.setText(comparison.isEmpty() ? EmptyHint.text("bars") : dev.loomscope.ui.fx.Messages.text("hint.bars-pending"));
        empty.setVisible(measured.isEmpty());
        charts.setVisible(!measured.isEmpty());
        show(Comparison.panels(newFocus, measured, cores));
    }

    private void show(List<Comparison.Panel> newPanels) {
        panels = newPanels;
        var nodes = new ArrayList<BarChart<Number, String>>();
        for (Comparison.Panel panel : newPanels) {
            nodes.add(chart(panel));
        }
        charts.getChildren().setAll(nodes);
    }

    private static BarChart<Number, String> chart(Comparison.Panel panel) {
        var values = new NumberAxis();
        var runs = new CategoryAxis();
        var chart = new BarChart<>(values, runs);
        values.setLabel(panel.unit());
        chart.setAnimated(false);
        chart.setTitle(panel.title());
        chart.setBarGap(1);
        chart.setCategoryGap(8);
        chart.setMinWidth(0);
        HBox.setHgrow(chart, Priority.ALWAYS);
        var all = new ArrayList<XYChart.Series<Number, String>>();
        for (Comparison.Series series : panel.series()) {
            var bars = new XYChart.Series<Number, String>();
            bars.setName(series.name());
            // Listed top to bottom in the order they ran: a category axis lists from the bottom up.
            for (Comparison.Bar bar : series.bars().reversed()) {
                bars.getData().add(bar(bar, series.reference()));
            }
            all.add(bars);
        }
        // Room past the longest bar for its label ("1.1 s (ideal 1.0 s)"); ranged by hand, as the axis's own ticks crowd.
        double longest = Math.max(panel.longest(), 1);
        double unit = Ticks.niceStep(longest * 2.6 / 4);
        values.setAutoRanging(false);
        values.setLowerBound(0);
        values.setTickUnit(unit);
        values.setUpperBound(Math.ceil(longest * 2.6 / unit) * unit);
        chart.getData().setAll(all);
        // Where every bar carries its name ("RSS +64 MB"), a legend would only repeat it.
        chart.setLegendVisible(panel.series().stream().anyMatch(series -> series.bars().stream().anyMatch(bar -> bar.text() == null)));
        return chart;
    }

    /**
     * A bar, with its text past its end if given, so a 200 ms bar beside a 5 s one still reads.
     * A reference bar (a published figure) is drawn as an outline, so it never passes for a measurement.
     */
    private static XYChart.Data<Number, String> bar(Comparison.Bar bar, boolean reference) {
        // "#2 virtual, ScopedValue" on two lines: a run's name must not take the bars' width on a 720p stage.
        var data = new XYChart.Data<Number, String>(bar.value(), bar.run().replace(", ", "\n"));
        data.nodeProperty().addListener((obs, old, node) -> {
            if (node instanceof StackPane pane) {
                if (reference) {
                    // Inline: the chart resets a bar's style classes after handing it over.
                    pane.setStyle("-fx-bar-fill: transparent; -fx-background-color: transparent; -fx-border-color: -color-fg-muted; "
                            + "-fx-border-width: 2; -fx-border-style: segments(6, 4);");
                }
                if (bar.text() != null) {
                    var value = new Label(bar.text());
                    value.getStyleClass().addAll("bar-value", reference ? "reference-value" : "measured-value");
                    value.setMinWidth(Region.USE_PREF_SIZE);
                    StackPane.setAlignment(value, Pos.CENTER_LEFT);
                    value.translateXProperty().bind(pane.widthProperty().add(4));
                    pane.getChildren().add(value);
                }
            }
        });
        return data;
    }

    /** What the chart compares now (for tests). */
    public Comparison.Focus focus() {
        return focus;
    }

    /** The charts shown now (for tests). */
    public List<Comparison.Panel> panels() {
        return panels;
    }

    /** The chart titles on screen (for tests). */
    public List<String> titles() {
        return charts.getChildren().stream().map(node -> ((BarChart<?, ?>) node).getTitle()).toList();
    }
}
