package dev.loomscope.ui;

import dev.loomscope.engine.Durations;
import dev.loomscope.engine.RunResult;
import dev.loomscope.model.RunModel;
import java.util.List;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/** Elapsed beside perfect-world time, one pair of bars per run of the comparison. */
public final class ElapsedBarsView extends StackPane {

    private final CategoryAxis runs = new CategoryAxis();
    private final NumberAxis millis = new NumberAxis();
    private final BarChart<String, Number> chart = new BarChart<>(runs, millis);
    private String shown = "";

    public ElapsedBarsView() {
        getStyleClass().add("elapsed-bars");
        millis.setLabel("ms");
        chart.setAnimated(false);
        chart.setTitle("Elapsed vs perfect world");
        chart.setBarGap(2);
        chart.setCategoryGap(18);
        getChildren().add(chart);
    }

    /** A bar that carries its value above it, so a 200 ms bar beside a 5 s one still reads. */
    private static XYChart.Data<String, Number> bar(String run, double ms) {
        var data = new XYChart.Data<String, Number>(run, ms);
        data.nodeProperty().addListener((obs, old, node) -> {
            if (node instanceof StackPane pane) {
                var value = new Label(Durations.humanMillis(ms));
                value.getStyleClass().add("bar-value");
                value.setMinWidth(Region.USE_PREF_SIZE);
                StackPane.setAlignment(value, Pos.TOP_CENTER);
                value.setTranslateY(-20);
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
        var elapsed = new XYChart.Series<String, Number>();
        elapsed.setName("elapsed");
        var ideal = new XYChart.Series<String, Number>();
        ideal.setName("perfect world");
        for (RunModel run : comparison) {
            RunResult result = run.result();
            if (result != null && result.outcome() == RunResult.Outcome.COMPLETED) {
                elapsed.getData().add(bar(run.title(), result.elapsedMs()));
                ideal.getData().add(bar(run.title(), run.idealMs()));
            }
        }
        chart.getData().setAll(List.of(elapsed, ideal));
    }
}
