package dev.loomscope.ui.charts;

import dev.loomscope.ui.fx.PaintTurns;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.views.Ticks;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.views.FrameView;
import dev.loomscope.ui.views.EmptyHint;
import dev.loomscope.model.CompletionCurve;
import dev.loomscope.model.IdealCurve;
import dev.loomscope.model.RunModel;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.function.Consumer;
import java.util.Objects;
import java.util.Map;
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

    /**
     * Made after the window's first frame (or for the first run shown, if sooner): hidden until a run, its 32
     * nodes need not be made and styled for that frame.
     */
    private NumberAxis time;
    private NumberAxis completed;
    private NamedLinesChart chart;
    private final RunsRedraw redraw;
    private FrameContext.RunsDrawn ofHistory = new FrameContext.RunsDrawn(0, 0);
    private final javafx.scene.control.Label empty = EmptyHint.label(
            "completion");

    private Consumer<Boolean> namesShown = shown -> {
    };
    private Consumer<List<String>> namesChanged = names -> {
    };
    private List<String> namesDrawn = List.of();

    /** Told after each settled layout of the chart whether its curves' names are on screen ({@link NamedLinesChart}). */
    public void setOnNamesShown(Consumer<Boolean> namesShown) {
        this.namesShown = Objects.requireNonNull(namesShown);
    }

    /** Told the curves' names when they change (a run joined or left the curves, or is emphasised): new names may fit where the old did not. */
    public void setOnNamesChanged(Consumer<List<String>> namesChanged) {
        this.namesChanged = Objects.requireNonNull(namesChanged);
    }

    /** The curves' names, as last drawn. */
    public List<String> names() {
        return namesDrawn;
    }

    /** Whether the curves' names are on screen, as last laid out (true before the chart is made: nothing to name). */
    public boolean namesShown() {
        return chart == null || chart.namesShown();
    }

    /** A chart that takes no turns with other views. */
    public CompletionChartView() {
        this(new PaintTurns());
    }

    /** @param turns the turns this chart takes with the other views redrawn while a run streams in */
    public CompletionChartView(PaintTurns turns) {
        redraw = new RunsRedraw(200_000_000L, turns);
        getStyleClass().add("completion-chart");
        getChildren().add(empty);
    }

    /** The chart, made (hidden, behind the empty hint, until there are runs to draw) when first needed. */
    public LineChart<Number, Number> chart() {
        if (chart == null) {
            time = new NumberAxis();
            completed = new NumberAxis();
            chart = new NamedLinesChart(time, completed);
            time.setLabel(Messages.text("chart.elapsed-ms"));
            // No title on the count axis: the chart's title names it, and a rotated title beside tick labels
            // as wide as "10,000" was drawn over them on a 1080p stage (and cut to "comp..." on a short one).
            // Ranged here, not by the axis: its own choice of ticks crowds the labels of long runs.
            time.setAutoRanging(false);
            time.setMinorTickVisible(false);
            chart.setCreateSymbols(false);
            chart.setAnimated(false);
            chart.setLegendVisible(true);
            retitle();
            chart.setVisible(false);
            // It takes the room the tab has, however little (a 720p desk): at its own minimum it ran past the tab's edge
            // and made the comparison beside it as tall, its table's last rows out of reach of its scrolling.
            chart.setMinSize(0, 0);
            chart.setOnNamesShown(shown -> namesShown.accept(shown));
            getChildren().addFirst(chart);
        }
        return chart;
    }

    @Override
    public void refresh(FrameContext frame) {
        refresh(frame.recent(), frame.shown(), frame.now(), frame.recentOfHistory());
    }

    /**
     * Redraws when runs changed, at most every 200 ms. A run's series is made once and then updated
     * in place, and only while its run moves on: rebuilding every series on each redraw made the
     * chart new path nodes, legend entries and their styles five times a second, the FX thread's
     * largest cost during a big run (and a third of what it allocated).
     */
    public void refresh(List<RunModel> runs, RunModel emphasise, long nowNanos, FrameContext.RunsDrawn ofHistory) {
        // Retitled in any frame that changes the counts, not only when the curves are due: never stale.
        if (!ofHistory.equals(this.ofHistory)) {
            this.ofHistory = ofHistory;
            if (chart != null) {
                retitle();
            }
        }
        if (!redraw.due(runs, emphasise, nowNanos)) {
            return;
        }
        // Empty, the chart's bare axes would only cross the line that says what will appear.
        empty.setVisible(runs.isEmpty());
        if (runs.isEmpty() && chart == null) {
            return;
        }
        chart().setVisible(!runs.isEmpty());
        var series = new ArrayList<XYChart.Series<Number, Number>>();
        var shown = new IdentityHashMap<RunModel, Drawn>();
        double end = 100;
        for (RunModel run : runs) {
            Drawn drawn = this.drawn.get(run);
            if (drawn == null) {
                drawn = new Drawn(new XYChart.Series<>());
            }
            if (drawn.version != run.version()) {
                drawn.version = run.version();
                drawn.end = setPoints(drawn.series, run.curve().points(MAX_POINTS));
            }
            rename(drawn.series, run.title());
            shown.put(run, drawn);
            series.add(drawn.series);
            end = Math.max(end, drawn.end);
        }
        this.drawn.clear();
        this.drawn.putAll(shown);
        if (emphasise != null) {
            double idealMs = emphasise.idealMs();
            if (emphasise != idealOf || idealMs != idealMsDrawn) {
                idealOf = emphasise;
                idealMsDrawn = idealMs;
                idealEnd = setPoints(ideal, IdealCurve.points(emphasise.scenario(), idealMs, MAX_POINTS / 2));
            }
            rename(ideal, Messages.text("chart.perfect-world", emphasise.number()));
            series.add(ideal);
            // At least 100 ms wide: an empty chart (or a run just started) keeps readable whole-ms ticks.
            end = Math.max(end, idealEnd);
        } else {
            idealOf = null;
        }
        Ticks.elapsedAxis(time, end, 7);
        // The count axis ends at the most tasks of a run shown: a finished curve touches its top.
        double most = 0;
        for (RunModel run : runs) {
            most = Math.max(most, run.scenario().tasks());
        }
        Ticks.countAxis(completed, most, 5);
        keepOnly(chart.getData(), series);
        drawnInOrder(chart.getData());
        List<String> names = series.stream().map(XYChart.Series::getName).toList();
        if (!names.equals(namesDrawn)) {
            namesDrawn = names;
            namesChanged.accept(names);
        }
        // Styles after the series exist: the ideal curve is dashed, the emphasised run drawn thicker.
        for (int i = 0; i < runs.size(); i++) {
            style(series.get(i), "emphasised", runs.get(i) == emphasise);
            style(series.get(i), "ideal-curve", false);
        }
        if (emphasise != null) {
            style(ideal, "emphasised", false);
            style(ideal, "ideal-curve", true);
        }
    }

    /**
     * The chart's title, with how many of the runs the history keeps it draws where it leaves some out
     * (it draws the last {@link dev.loomscope.model.window.WindowState#CHART_RUNS}): a preset of nine runs
     * showed six curves, and nothing said where the first three had gone.
     */
    private void retitle() {
        String title = ofHistory.leavesSomeOut()
                ? Messages.text("chart.completion.title.some", ofHistory.drawn(), ofHistory.ran())
                : Messages.text("chart.completion.title");
        if (!title.equals(chart.getTitle())) {
            chart.setTitle(title);
        }
    }

    /** A run's series as drawn: its run's version then, and the time of its last point. */
    private static final class Drawn {
        final XYChart.Series<Number, Number> series;
        int version = -1;
        double end;

        Drawn(XYChart.Series<Number, Number> series) {
            this.series = series;
        }
    }

    private final Map<RunModel, Drawn> drawn = new IdentityHashMap<>();
    private final XYChart.Series<Number, Number> ideal = new XYChart.Series<>();
    private RunModel idealOf;
    private double idealMsDrawn;
    private double idealEnd;

    /** Sets the series' points, reusing its data items (and their nodes): returns the last point's time, 0 with none. */
    private static double setPoints(XYChart.Series<Number, Number> series, CompletionCurve.Points points) {
        var data = series.getData();
        int n = points.size();
        if (data.size() > n) {
            data.remove(n, data.size());
        }
        double end = 0;
        for (int i = 0; i < n; i++) {
            double x = points.timesMs()[i];
            double y = points.completed()[i];
            end = Math.max(end, x);
            if (i < data.size()) {
                var item = data.get(i);
                if (item.getXValue().doubleValue() != x) {
                    item.setXValue(x);
                }
                if (item.getYValue().doubleValue() != y) {
                    item.setYValue(y);
                }
            }
        }
        if (data.size() < n) {
            var more = new ArrayList<XYChart.Data<Number, Number>>(n - data.size());
            for (int i = data.size(); i < n; i++) {
                more.add(new XYChart.Data<>(points.timesMs()[i], points.completed()[i]));
            }
            data.addAll(more);
        }
        return end;
    }

    private static void rename(XYChart.Series<Number, Number> series, String name) {
        if (!name.equals(series.getName())) {
            series.setName(name);
        }
    }

    /**
     * Makes {@code drawn} hold {@code wanted}, in its order, keeping the series it already holds: a new run's curve is added
     * and a run no longer shown removed, where setting them all again made JavaFX make every curve's node anew, with the
     * next free colour, in a new run's first frames. A series keeps its node and colour while it is shown.
     */
    static <T> void keepOnly(javafx.collections.ObservableList<T> drawn, List<T> wanted) {
        var kept = java.util.Collections.newSetFromMap(new IdentityHashMap<T, Boolean>());
        kept.addAll(wanted);
        drawn.removeIf(series -> !kept.contains(series));
        for (int i = 0; i < wanted.size(); i++) {
            T series = wanted.get(i);
            if (i < drawn.size() && drawn.get(i) == series) {
                continue;
            }
            if (drawn.subList(i, drawn.size()).stream().anyMatch(already -> already == series)) {
                // In another order: rarely, and simplest set again.
                drawn.setAll(wanted);
                return;
            }
            drawn.add(i, series);
        }
    }

    /**
     * Draws the curves over each other in their series' order, the perfect world's last, on top: JavaFX puts a curve added
     * over all the others, so a new run's curve, added before the perfect world kept from the last, hid its dashed line.
     */
    private static void drawnInOrder(List<XYChart.Series<Number, Number>> series) {
        int last = -1;
        boolean inOrder = true;
        for (var each : series) {
            var node = each.getNode();
            int at = node == null || node.getParent() == null ? -1 : node.getParent().getChildrenUnmodifiable().indexOf(node);
            inOrder &= at > last;
            last = at;
        }
        if (!inOrder) {
            series.stream().map(XYChart.Series::getNode).filter(Objects::nonNull).forEach(javafx.scene.Node::toFront);
        }
    }

    /** Adds or removes a style class only when it changes: each change restyles the curve. */
    private static void style(XYChart.Series<Number, Number> series, String styleClass, boolean on) {
        var node = series.getNode();
        if (node != null && node.getStyleClass().contains(styleClass) != on) {
            if (on) {
                node.getStyleClass().add(styleClass);
            } else {
                node.getStyleClass().removeAll(styleClass);
            }
        }
    }
}
