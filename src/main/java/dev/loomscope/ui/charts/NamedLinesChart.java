package dev.loomscope.ui.charts;

import dev.loomscope.ui.fx.TextWidth;
import java.util.List;
import java.util.function.Consumer;
import java.util.Objects;
import javafx.geometry.Side;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.shape.Rectangle;

/**
 * A line chart that keeps its lines' names on screen. JavaFX hides a legend under the plot whenever it would leave the
 * plot less than 200 px, and says nothing: in a short tab (the default window at the desk, a 720p stage) the curves of
 * a comparison had no names. Here, on every layout, the legend goes under the plot where it fits there, and beside the
 * plot where it does not, where a wide tab has room to spare.
 *
 * <p>The side is decided from the chart's size on each layout, not from the legend's visibility: JavaFX sets that on
 * every layout, so a legend hidden a second time fires no change, and a legend that reacted to the change stayed
 * hidden under a plot that had room for it beside.
 */
public final class NamedLinesChart extends LineChart<Number, Number> {

    /** How far past the plot a point may show: a point's radius and its outline. */
    static final double EDGE = 7;
    /** The plot's content's clip, set at the first layout. */
    private Rectangle wholePoints;

    /** What JavaFX's {@code Chart} leaves the plot, at the least, before it hides the legend. */
    private static final double LEAST_PLOT = 200;

    /** The chart's size and lines when the legend last did not fit under the plot; under it again once any changed. */
    private double notUnderWidth = -1;
    private double notUnderHeight = -1;
    private List<String> notUnderNames = List.of();
    /** Told after each layout that kept the legend's side whether the lines' names are on screen. */
    private Consumer<Boolean> namesShown = shown -> {
    };

    public NamedLinesChart(NumberAxis x, NumberAxis y) {
        super(x, y);
        // Beside the plot it keeps clear of the time axis's last label, which reaches past the plot's edge.
        legendSideProperty().addListener((side, was, now) -> {
            Node legend = getLegend();
            if (legend != null) {
                legend.getStyleClass().remove("beside");
                if (now == Side.RIGHT) {
                    legend.getStyleClass().add("beside");
                }
            }
        });
    }

    @Override
    protected void layoutChildren() {
        Node legend = getLegend();
        Side before = getLegendSide();
        if (legend != null && isLegendVisible()) {
            placeLegend(legend);
            keysLikeTheirLines(legend);
        }
        super.layoutChildren();
        // A legend just moved is styled for its new side only in the next pass, which the move asked for: told then.
        if (getLegendSide() == before) {
            namesShown.accept(namesShown());
        }
    }

    /** The style classes a line's key in the legend takes from the line: the perfect world's curve is dashed and grey. */
    static final List<String> KEYED_STYLES = List.of("ideal-curve");

    /**
     * Gives each key in the legend its line's {@link #KEYED_STYLES}: JavaFX colours a key by the series' place alone, so
     * the grey dashed perfect world had a green or pink dot. The legend holds one entry a series, in their order.
     */
    private void keysLikeTheirLines(Node legend) {
        if (!(legend instanceof javafx.scene.Parent entries)) {
            return;
        }
        var items = entries.getChildrenUnmodifiable();
        var data = getData();
        for (int i = 0; i < Math.min(items.size(), data.size()); i++) {
            Node line = data.get(i).getNode();
            if (items.get(i) instanceof javafx.scene.control.Label item && item.getGraphic() != null && line != null) {
                var keyStyles = item.getGraphic().getStyleClass();
                for (String style : KEYED_STYLES) {
                    boolean on = line.getStyleClass().contains(style);
                    if (keyStyles.contains(style) != on) {
                        if (on) {
                            keyStyles.add(style);
                        } else {
                            keyStyles.removeAll(style);
                        }
                    }
                }
            }
        }
    }

    /**
     * Clips the plot's content {@link #EDGE} past each side of the plot, where JavaFX clips it to the plot itself: a
     * sweep's first and last points lie on the plot's left and right edges and were drawn as half circles. The lines stay
     * within the axes' ranges, and the grid lines and row fills stop at the plot, so nothing else shows past it. The axes
     * are placed before this is called, and their bounds are the plot's. JavaFX sets its clip on the plot area once and
     * resizes it on every layout; the plot area gets one of ours instead, which JavaFX leaves alone.
     */
    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        if (wholePoints == null) {
            Node content = lookup(".plot-content");
            if (content == null || content.getParent() == null) {
                return;
            }
            wholePoints = new Rectangle();
            content.getParent().setClip(wholePoints);
        }
        var x = getXAxis();
        var y = getYAxis();
        wholePoints.setX(x.getLayoutX() - EDGE);
        wholePoints.setY(y.getLayoutY() - EDGE);
        wholePoints.setWidth(x.getWidth() + 2 * EDGE + 1);
        wholePoints.setHeight(y.getHeight() + 2 * EDGE + 1);
    }

    /** Whether the lines' names are on screen, as last laid out: a chart with no lines has none to name (nor a legend). */
    public boolean namesShown() {
        Node legend = getLegend();
        return getData().isEmpty() || legend != null && legend.isVisible();
    }

    /**
     * Called after each layout that kept the legend's side with whether the lines' names are on screen (the legend
     * fitted under or beside the plot): a property would say nothing when a chart put back where they did not fit
     * fails to fit them again.
     */
    public void setOnNamesShown(Consumer<Boolean> namesShown) {
        this.namesShown = Objects.requireNonNull(namesShown);
    }

    /**
     * Under the plot if it fits there as it is styled now; beside it otherwise. Beside, it is measured as JavaFX will
     * measure it only once it is styled and turned for that side (a later pass), so it goes back under the plot
     * whenever the chart or its lines changed since it last did not fit there, and is measured there again.
     */
    private void placeLegend(Node legend) {
        double width = getWidth() - snappedLeftInset() - snappedRightInset();
        double height = getHeight() - snappedTopInset() - snappedBottomInset() - titleHeight(width);
        List<String> names = getData().stream().map(XYChart.Series::getName).map(Objects::toString).toList();
        if (getLegendSide() == Side.BOTTOM) {
            if (height - snapSizeY(legend.prefHeight(width)) < LEAST_PLOT) {
                notUnderWidth = width;
                notUnderHeight = height;
                notUnderNames = names;
                setLegendSide(Side.RIGHT);
            }
        } else if (getLegendSide() == Side.RIGHT && (width > notUnderWidth || height > notUnderHeight || !asLongAs(names, notUnderNames, legend))) {
            setLegendSide(Side.BOTTOM);
        }
    }

    /**
     * Whether {@code names} need at least the room under the plot that {@code before} needed there: as many, the widest as
     * wide. Under the plot the legend sets its keys in columns as wide as the widest, so then they do not fit there either,
     * and the legend stays beside. A new run renames the lines ("#3 virtual" for "#1 virtual"): sent under the plot to be
     * measured, the legend was hidden for a frame, and the plot laid out twice at two widths, in the run's first frames.
     */
    static boolean asLongAs(List<String> names, List<String> before, Node legend) {
        if (names.equals(before)) {
            return true;
        }
        if (names.size() < before.size() || !(legend instanceof javafx.scene.Parent keys)
                || !(keys.getChildrenUnmodifiable().stream().filter(javafx.scene.control.Label.class::isInstance).findFirst().orElse(null) instanceof javafx.scene.control.Label key)) {
            return false;
        }
        return widest(names, key.getFont()) >= widest(before, key.getFont());
    }

    private static double widest(List<String> names, javafx.scene.text.Font font) {
        return names.stream().mapToDouble(name -> TextWidth.of(name, font)).max().orElse(0);
    }

    private double titleHeight(double width) {
        Node title = getTitle() == null ? null : lookup(".chart-title");
        return title == null ? 0 : snapSizeY(title.prefHeight(width));
    }
}
