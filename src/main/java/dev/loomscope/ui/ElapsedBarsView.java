package dev.loomscope.ui;

import dev.loomscope.engine.Durations;
import dev.loomscope.engine.RunResult;
import dev.loomscope.model.RunModel;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/**
 * Elapsed beside perfect-world time, one pair of bars per run of the comparison. The bars lie
 * down so run names read across, whatever their number and the size of the type.
 */
public final class ElapsedBarsView extends StackPane {

    private final NumberAxis millis = new NumberAxis();
    private final CategoryAxis runs = new CategoryAxis();
    private final BarChart<Number, String> chart = new BarChart<>(millis, runs);
    private String shown = "";

    public ElapsedBarsView() {
        getStyleClass().add("elapsed-bars");
        millis.setLabel("ms");
        // Ranged here, from the first frame on: the axis's own ticks crowd an empty chart.
        millis.setAutoRanging(false);
        millis.setUpperBound(100);
        millis.setTickUnit(25);
        chart.setAnimated(false);
        chart.setTitle("Elapsed vs perfect world");
        chart.setBarGap(1);
        chart.setCategoryGap(10);
        getChildren().add(chart);
    }

    /**
     * A bar, with {@code text} past its end if given, so a 200 ms bar beside a 5 s one still reads.
     * Only the elapsed bar carries one ("5.1 s, ideal 5.0 s"): two labels on thin bars would collide.
     */
    private static XYChart.Data<Number, String> bar(String run, double ms, String text) {
        var data = new XYChart.Data<Number, String>(ms, run);
        data.nodeProperty().addListener((obs, old, node) -> {
            if (node instanceof StackPane pane && text != null) {
                var value = new Label(text);
                value.getStyleClass().add("bar-value");
                value.setMinWidth(Region.USE_PREF_SIZE);
                StackPane.setAlignment(value, Pos.CENTER_LEFT);
                value.translateXProperty().bind(pane.widthProperty().add(4));
                pane.getChildren().add(value);
            }
        });
        return data;
    }

    /** Shows the comparison's finished runs; cheap when nothing changed. */
    public void refresh(List<RunModel> comparison) {
        var key = new StringBuilder();
        for (RunModel run : comparison) {
            RunResult result = run.result();
            key.append(run.number()).append(result == null ? "-" : result.elapsedMs()).append(';');
        }
        if (key.toString().equals(shown)) {
            return;
        }
        shown = key.toString();
        var elapsed = new XYChart.Series<Number, String>();
        elapsed.setName("elapsed");
        var ideal = new XYChart.Series<Number, String>();
        ideal.setName("perfect world");
        double longest = 100;
        // Listed top to bottom in the order they ran: a category axis lists from the bottom up.
        for (RunModel run : comparison.reversed()) {
            RunResult result = run.result();
            if (result != null && result.outcome() == RunResult.Outcome.COMPLETED) {
                elapsed.getData().add(bar(run.title(), result.elapsedMs(), "%s (ideal %s)".formatted(
                        Durations.humanMillis(result.elapsedMs()), Durations.humanMillis(run.idealMs()))));
                ideal.getData().add(bar(run.title(), run.idealMs(), null));
                longest = Math.max(longest, Math.max(result.elapsedMs(), run.idealMs()));
            }
        }
        // Room past the longest bar for its label ("1.1 s (ideal 1.0 s)").
        double unit = Ticks.niceStep(longest * 2.2 / 4);
        millis.setAutoRanging(false);
        millis.setLowerBound(0);
        millis.setTickUnit(unit);
        millis.setUpperBound(Math.ceil(longest * 2.2 / unit) * unit);
        chart.getData().setAll(List.of(elapsed, ideal));
    }
}
