package dev.loomscope.ui.charts;

import java.util.Objects;
import javafx.geometry.Side;
import javafx.scene.Node;
import javafx.scene.chart.Chart;

/**
 * Keeps a chart's legend on screen. JavaFX hides a legend under the plot whenever it would leave the plot less than
 * 200 px, and says nothing: in a short tab (the default window at the desk, a 720p stage) the curves of the comparison
 * had no names. There the legend moves beside the plot, where a wide tab has room to spare, and back under it once the
 * chart is taller than where it last did not fit.
 */
public final class LegendBeside {

    private LegendBeside() {
    }

    /** To call once the chart is made (its legend is one of its children from then on). */
    public static void whenShort(Chart chart) {
        Node legend = Objects.requireNonNull(chart.lookup(".chart-legend"), ".chart-legend");
        // The chart's height when the legend last did not fit under its plot: under it again only when taller.
        double[] tooShortAt = {0};
        legend.visibleProperty().addListener((visible, was, shown) -> {
            if (!shown && chart.isLegendVisible() && chart.getLegendSide() == Side.BOTTOM) {
                tooShortAt[0] = chart.getHeight();
                chart.setLegendSide(Side.RIGHT);
            }
        });
        // Beside the plot it keeps clear of the time axis's last label, which reaches past the plot's edge.
        chart.legendSideProperty().addListener((side, was, now) -> {
            legend.getStyleClass().remove("beside");
            if (now == Side.RIGHT) {
                legend.getStyleClass().add("beside");
            }
        });
        chart.heightProperty().addListener((height, was, now) -> {
            if (chart.getLegendSide() == Side.RIGHT && now.doubleValue() > tooShortAt[0]) {
                chart.setLegendSide(Side.BOTTOM);
            }
        });
    }
}
