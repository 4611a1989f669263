package dev.loomscope.ui.charts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Labeled;
import javafx.scene.layout.Pane;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

@WindowTest
class NamedLinesChartTest {

    @BeforeAll
    static void startToolkit() throws Exception {
        Fx.startToolkit();
    }

    private static final String WINDOW_CSS = NamedLinesChart.class.getResource("/dev/loomscope/ui/theme/loomscope.css").toExternalForm();

    /** A chart of a line per name, in a scene, keeping the size it is given (unmanaged), as the window's tabs give it theirs. On the FX thread. */
    private static NamedLinesChart chartOf(List<String> names) {
        var chart = new NamedLinesChart(new NumberAxis(), new NumberAxis());
        chart.setAnimated(false);
        chart.setTitle("tasks completed");
        for (String name : names) {
            var series = new XYChart.Series<Number, Number>();
            series.setName(name);
            series.getData().addAll(List.of(new XYChart.Data<>(0, 0), new XYChart.Data<>(100, 10)));
            chart.getData().add(series);
        }
        chart.setManaged(false);
        // The window's own stylesheet: a legend beside the plot is styled tighter there.
        new Scene(new Pane(chart), 2000, 2000).getStylesheets().add(WINDOW_CSS);
        return chart;
    }

    /** Where the legend stands after a chart of these names is laid out at each of these sizes in turn. */
    private static List<String> legendAt(List<String> names, double[][] sizes) throws Exception {
        return Fx.call(() -> {
            var chart = chartOf(names);
            var seen = new ArrayList<String>();
            for (double[] size : sizes) {
                chart.resize(size[0], size[1]);
                // As the window's pulses would: a side chosen in one layout is styled and measured in the next.
                for (int pass = 0; pass < 4; pass++) {
                    chart.applyCss();
                    chart.layout();
                }
                Node legend = chart.lookup(".chart-legend");
                Bounds plot = chart.lookup(".chart-plot-background").localToScene(chart.lookup(".chart-plot-background").getLayoutBounds());
                Bounds drawn = legend.localToScene(legend.getLayoutBounds());
                Bounds whole = chart.localToScene(chart.getLayoutBounds());
                boolean clear = !drawn.intersects(plot) && whole.contains(drawn);
                // Every name in sight: in the legend's bounds and the chart's.
                boolean cut = ((javafx.scene.Parent) legend).getChildrenUnmodifiable().stream()
                        .map(name -> name.localToScene(name.getLayoutBounds()))
                        .anyMatch(name -> !whole.contains(name) || !drawn.contains(name));
                seen.add(legend.isVisible() ? chart.getLegendSide() + (clear ? "" : " over the plot") + (cut ? " cut" : "") : "hidden");
            }
            return seen;
        });
    }

    private static final List<String> SIX_RUNS = List.of("#1 virtual", "#2 fixed(200)", "#3 platform", "#4 virtual, jdbc(10)",
            "#5 virtual, synchronized", "perfect world, #5");

    @Test
    void theLegendStandsUnderAPlotThatHasRoomAndBesideAShortOne() throws Exception {
        assertThat(legendAt(SIX_RUNS, new double[][] {{900, 600}, {900, 230}, {900, 600}}))
                .containsExactly("BOTTOM", "RIGHT", "BOTTOM");
    }

    /**
     * Hidden where it fits on neither side, then shown again once it fits on one: before, a legend hidden beside a
     * narrow plot went back under it when the chart grew a little taller, was hidden there again, a change JavaFX
     * does not fire, and stayed hidden beside a plot that now had room for it.
     */
    @Test
    void aLegendHiddenWhereItDidNotFitComesBackWhereItFits() throws Exception {
        assertThat(legendAt(SIX_RUNS, new double[][] {{300, 220}, {900, 230}}))
                .containsExactly("hidden", "RIGHT");
        // A chart first laid out at no size at all, as a tab not yet shown lays out its content.
        assertThat(legendAt(SIX_RUNS, new double[][] {{0, 0}, {900, 230}, {900, 240}, {900, 600}}))
                .containsExactly("hidden", "RIGHT", "RIGHT", "BOTTOM");
        // A window made shorter, then a little taller, then narrower than the legend beside leaves room for.
        assertThat(legendAt(SIX_RUNS, new double[][] {{900, 600}, {900, 220}, {900, 235}, {320, 235}, {900, 235}}))
                .containsExactly("BOTTOM", "RIGHT", "RIGHT", "hidden", "RIGHT");
    }

    /** More lines make the legend taller under the plot: a chart that had room for two names moves six beside. */
    @Test
    void newLinesAreMeasuredWhereTheyWouldStand() throws Exception {
        assertThat(legendAt(SIX_RUNS.subList(0, 1), new double[][] {{500, 290}})).containsExactly("BOTTOM");
        assertThat(legendAt(SIX_RUNS, new double[][] {{500, 290}})).containsExactly("RIGHT");
    }

    /**
     * Lines renamed as a new run renames them (as many, none narrower): the legend stays beside the plot through every
     * pass, where sent under it to be measured it was hidden for a frame. Fewer lines are measured under it again.
     */
    @Test
    void renamedLinesKeepTheLegendBesideInEveryPass() throws Exception {
        // A height where six names go beside the plot and one fits under it, whatever the fonts measure.
        double tall = 0;
        for (double height = 230; height < 400 && tall == 0; height += 5) {
            if (legendAt(SIX_RUNS, new double[][] {{900, height}}).equals(List.of("RIGHT"))
                    && legendAt(SIX_RUNS.subList(0, 1), new double[][] {{900, height}}).equals(List.of("BOTTOM"))) {
                tall = height;
            }
        }
        assertThat(tall).as("a height for six names beside and one under").isPositive();
        double height = tall;
        List<String> seen = Fx.call(() -> {
            var chart = chartOf(SIX_RUNS);
            chart.resize(900, height);
            var states = new ArrayList<String>();
            Runnable passes = () -> {
                for (int pass = 0; pass < 4; pass++) {
                    chart.applyCss();
                    chart.layout();
                    states.add(chart.lookup(".chart-legend").isVisible() ? chart.getLegendSide().toString() : "hidden");
                }
            };
            passes.run();
            states.clear();
            var renamed = List.of("#7 virtual", "#8 fixed(200)", "#9 platform", "#10 virtual, jdbc(10)", "#11 virtual, synchronized",
                    "perfect world, #11");
            for (int i = 0; i < renamed.size(); i++) {
                chart.getData().get(i).setName(renamed.get(i));
            }
            passes.run();
            chart.getData().remove(1, chart.getData().size());
            passes.run();
            return states;
        });
        assertThat(seen.subList(0, 4)).containsOnly("RIGHT");
        assertThat(seen.getLast()).isEqualTo("BOTTOM");
    }

    /**
     * What the chart tells after its layouts: nothing in a pass that moved the legend (styled for its new side only in
     * the next), so a legend on its way beside the plot is never reported hidden; then whether it is shown.
     */
    @Test
    void itTellsWhetherTheNamesAreShownOnlyOnceTheLegendHasSettled() throws Exception {
        List<List<Boolean>> told = Fx.call(() -> {
            var chart = chartOf(SIX_RUNS);
            var reports = new ArrayList<Boolean>();
            chart.setOnNamesShown(reports::add);
            var bySize = new ArrayList<List<Boolean>>();
            for (double[] size : new double[][] {{900, 600}, {900, 230}, {320, 230}}) {
                reports.clear();
                chart.resize(size[0], size[1]);
                for (int pass = 0; pass < 4; pass++) {
                    chart.applyCss();
                    chart.layout();
                }
                bySize.add(List.copyOf(reports));
            }
            return bySize;
        });
        assertThat(told.get(0)).isNotEmpty().containsOnly(true);
        // Under the plot, then beside it: the pass that moved it tells nothing, the next that the names are shown.
        assertThat(told.get(1)).isNotEmpty().containsOnly(true);
        // Too narrow for it beside the plot too: hidden, and told so.
        assertThat(told.get(2)).isNotEmpty().last().isEqualTo(false);
    }

    /**
     * A point on the plot's edge (a sweep's first and last, at the ends of its axis) is drawn whole: JavaFX clips the
     * plot's content to the plot, which cut them to half circles.
     */
    @Test
    void pointsOnThePlotsEdgesAreDrawnWhole() throws Exception {
        List<String> cut = Fx.call(() -> {
            var x = new NumberAxis(0, 100, 20);
            var y = new NumberAxis(0, 10, 2);
            var chart = new NamedLinesChart(x, y);
            chart.setAnimated(false);
            chart.setCreateSymbols(true);
            var series = new XYChart.Series<Number, Number>();
            series.setName("fixed(200)");
            series.getData().addAll(List.of(new XYChart.Data<>(0, 0), new XYChart.Data<>(50, 5), new XYChart.Data<>(100, 10)));
            chart.getData().add(series);
            chart.setManaged(false);
            new Scene(new Pane(chart), 1000, 1000);
            chart.resize(600, 400);
            for (int pass = 0; pass < 3; pass++) {
                chart.applyCss();
                chart.layout();
            }
            var found = new ArrayList<String>();
            for (XYChart.Data<Number, Number> point : series.getData()) {
                Node symbol = point.getNode();
                Node clipped = symbol.getParent();
                while (clipped != null && clipped.getClip() == null) {
                    clipped = clipped.getParent();
                }
                Bounds drawn = clipped.sceneToLocal(symbol.localToScene(symbol.getBoundsInLocal()));
                if (drawn.getWidth() <= 0 || !clipped.getClip().getBoundsInLocal().contains(drawn)) {
                    found.add(point.getXValue() + ": " + drawn + " outside " + clipped.getClip().getBoundsInLocal());
                }
            }
            return found;
        });
        assertThat(cut).isEmpty();
    }

    /**
     * Under the plot, a name ends well before the next entry's dot: JavaFX sets the entries 5 px apart, the same as a dot
     * from its own name, and on stage "#2 structured scope ● perfect world, #2" read as one entry.
     */
    @Test
    void eachNameUnderThePlotStandsClearOfTheNextEntry() throws Exception {
        var names = List.of("#1 virtual", "#2 structured scope", "perfect world, #2");
        var gaps = Fx.call(() -> {
            var chart = chartOf(names);
            chart.resize(900, 600);
            for (int pass = 0; pass < 4; pass++) {
                chart.applyCss();
                chart.layout();
            }
            assertThat(chart.getLegendSide()).isEqualTo(javafx.geometry.Side.BOTTOM);
            var entries = ((javafx.scene.Parent) chart.lookup(".chart-legend")).getChildrenUnmodifiable().stream().map(Labeled.class::cast).toList();
            var found = new ArrayList<double[]>();
            for (int i = 0; i + 1 < entries.size(); i++) {
                Bounds one = entries.get(i).getBoundsInParent();
                Bounds next = entries.get(i + 1).getBoundsInParent();
                if (Math.abs(one.getMinY() - next.getMinY()) < 0.5) {
                    found.add(new double[] {next.getMinX() - one.getMaxX(), entries.get(i).getGraphicTextGap()});
                }
            }
            return found;
        });
        assertThat(gaps).as("entries side by side").isNotEmpty();
        for (double[] gap : gaps) {
            assertThat(gap[0]).as("a name to the next entry, against a dot to its own name (%.0f px)", gap[1]).isGreaterThanOrEqualTo(3 * gap[1]);
        }
    }
}
