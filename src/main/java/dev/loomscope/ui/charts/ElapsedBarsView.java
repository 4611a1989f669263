package dev.loomscope.ui.charts;

import dev.loomscope.result.RunResult;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.fx.MadeWhenNeeded;
import dev.loomscope.ui.views.FrameView;
import dev.loomscope.ui.views.EmptyHint;
import dev.loomscope.model.Comparison;
import dev.loomscope.model.Preset;
import dev.loomscope.model.RunModel;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/**
 * The comparison chart: the figure the experiment is about, one group of bars per run (elapsed
 * beside perfect world; memory beside the published figures; ThreadLocal objects and heap;
 * requests per second beside the ceiling). The bars lie down so run names read across, whatever
 * their number and the size of the type; each chart is a {@link BarsChart}, drawn on a canvas.
 */
public final class ElapsedBarsView extends StackPane implements FrameView {

    private final HBox charts = new HBox(4);
    private final Label empty = EmptyHint.label("bars");
    /**
     * The blocking-kinds experiment's verdicts, shown in place of the bars, made when that experiment's runs first end.
     * At the desk the table scrolls where the tab under the lanes is shorter than its rows, rather than losing the last
     * ones at the tab's edge; on stage it asks for all its rows ({@link #setTableWhole}), and the stage's layout gives them.
     */
    private final MadeWhenNeeded<ScrollPane> table = MadeWhenNeeded.of(this::makeTable);
    /** Whether the blocking-kinds table is shown in place of the bars: its rows take the height the charts beside it had. */
    private final ReadOnlyBooleanWrapper tableShown = new ReadOnlyBooleanWrapper(false);
    private boolean tableWhole;
    private final int cores;
    private List<Preset> presets = List.of();
    private List<Comparison.Panel> panels = List.of();
    private Comparison.Focus focus = Comparison.Focus.ELAPSED;
    /** The runs last compared, and their results then (null: none yet): the same runs with the same results show the same bars. */
    private List<RunModel> comparedRuns;
    private List<RunResult> comparedResults;

    public ElapsedBarsView(int cores) {
        this.cores = cores;
        getStyleClass().add("elapsed-bars");
        charts.setFillHeight(true);
        getChildren().addAll(charts, empty);
        charts.setVisible(false);
        show(List.of(Comparison.elapsedPanel(List.of())));
    }

    private ScrollPane makeTable() {
        var place = new ScrollPane(new CarrierMatrixView());
        place.setFitToWidth(true);
        place.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        place.getStyleClass().add("edge-to-edge");
        place.setMinSize(0, minHeight(tableWhole));
        place.setVisible(false);
        getChildren().add(1, place);
        return place;
    }

    /** Whether the table asks for the height of all its rows (on stage, where the side column makes room) or scrolls in what it gets. */
    public void setTableWhole(boolean whole) {
        tableWhole = whole;
        table.ifMade(place -> place.setMinHeight(minHeight(whole)));
    }

    private static double minHeight(boolean whole) {
        return whole ? Region.USE_PREF_SIZE : 0;
    }

    /** The classic experiments, so their runs are compared on what they are about. */
    public void setPresets(List<Preset> all) {
        presets = List.copyOf(all);
        comparedRuns = null;
    }

    @Override
    public void refresh(FrameContext frame) {
        refresh(frame.comparison());
    }

    /** Shows the comparison's finished runs; cheap when nothing changed. */
    public void refresh(List<RunModel> comparison) {
        // Asked every frame: the same runs with the same results (a run's figures come with its result) change nothing.
        var results = comparison.stream().map(RunModel::result).toList();
        if (sameRuns(comparison, results)) {
            return;
        }
        comparedRuns = List.copyOf(comparison);
        comparedResults = results;
        var measured = new ArrayList<Comparison.Measured>();
        comparison.forEach(run -> Comparison.Measured.of(run).ifPresent(measured::add));
        Comparison.Focus newFocus = Comparison.focusOf(comparison.stream().map(RunModel::scenario).toList(), presets);
        focus = newFocus;
        // Until a run of the comparison ends there is nothing to compare: the line says when bars will come.
        empty.setText(comparison.isEmpty() ? EmptyHint.text("bars") : dev.loomscope.ui.fx.Messages.text("hint.bars-pending"));
        empty.setVisible(measured.isEmpty());
        boolean asTable = newFocus == Comparison.Focus.CARRIERS;
        charts.setVisible(!measured.isEmpty() && !asTable);
        if (asTable || table.made()) {
            table.get().setVisible(!measured.isEmpty() && asTable);
        }
        tableShown.set(asTable && !measured.isEmpty());
        show(asTable ? List.of() : Comparison.panels(newFocus, measured, cores));
        if (asTable) {
            matrix().show(comparison, cores);
        }
    }

    /** Whether these are the runs last compared, each the same object with the same result object (or none yet). */
    private boolean sameRuns(List<RunModel> comparison, List<RunResult> results) {
        if (comparedRuns == null || comparedRuns.size() != comparison.size()) {
            return false;
        }
        for (int i = 0; i < comparison.size(); i++) {
            if (comparedRuns.get(i) != comparison.get(i) || comparedResults.get(i) != results.get(i)) {
                return false;
            }
        }
        return true;
    }

    private void show(List<Comparison.Panel> newPanels) {
        panels = newPanels;
        var nodes = new ArrayList<BarsChart>();
        for (Comparison.Panel panel : newPanels) {
            var chart = new BarsChart(panel);
            HBox.setHgrow(chart, Priority.ALWAYS);
            nodes.add(chart);
        }
        charts.getChildren().setAll(nodes);
    }

    /** What the chart compares now (the window's choice on stage, read by tests). */
    public Comparison.Focus focus() {
        return focus;
    }

    /** The comparisons the charts draw now (on canvases, so tests read them here). */
    public List<Comparison.Panel> panels() {
        return panels;
    }

    /** The chart titles on screen (drawn on canvases, so tests read them here). */
    public List<String> titles() {
        return charts().stream().map(chart -> chart.panel().title()).toList();
    }

    /** Whether the blocking-kinds table stands in place of the bars. */
    public ReadOnlyBooleanProperty tableShownProperty() {
        return tableShown.getReadOnlyProperty();
    }

    /** The blocking-kinds table (shown only for that experiment's runs; made now if it was not). */
    public CarrierMatrixView matrix() {
        return (CarrierMatrixView) table.get().getContent();
    }

    /** The charts on screen, each with the layout it was last drawn with. */
    public List<BarsChart> charts() {
        return charts.getChildren().stream().map(BarsChart.class::cast).toList();
    }
}
