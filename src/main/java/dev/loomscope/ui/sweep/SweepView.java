package dev.loomscope.ui.sweep;

import dev.loomscope.ui.theme.Icons;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.Sweep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * A slider swept over a range: every point runs every selected executor (the other settings as
 * the sliders say), one run at a time, and the chart plots elapsed, throughput or memory against
 * the setting, each executor beside its perfect-world curve. Shows progress; Stop stops it.
 */
public final class SweepView extends BorderPane {

    private final ChoiceBox<String> setting = new ChoiceBox<>();
    private final Spinner<Integer> from = new Spinner<>(0, 100_000, 0);
    private final Spinner<Integer> to = new Spinner<>(0, 100_000, 40);
    private final Spinner<Integer> points = new Spinner<>(2, Sweep.MAX_POINTS, 5);
    private final ChoiceBox<String> metric = new ChoiceBox<>();
    private final Button sweepButton = new Button("Sweep", Icons.RUN.create());
    private final Label progress = new Label("Choose a setting and a range, then Sweep.");
    private final NumberAxis valueAxis = new NumberAxis();
    private final NumberAxis metricAxis = new NumberAxis();
    private final LineChart<Number, Number> chart = new LineChart<>(valueAxis, metricAxis);
    private final Supplier<List<Scenario>> bases;
    private final Function<List<Scenario>, List<RunModel>> start;
    private final int cores;
    private final java.util.function.BooleanSupplier running;
    private String sweptSetting;
    private List<Sweep.Point> sweepPoints = List.of();
    private List<RunModel> runs = List.of();
    private String drawnKey = "";
    private boolean stopped;
    /** Tasks a sweep in the window may run in all. */
    static final long MAX_TASKS_IN_ALL = 5_000_000;

    /**
     * @param bases  the scenarios the sliders describe now (one per selected executor)
     * @param start  starts runs in the window's session, returning their models (or throws with a reason)
     */
    public SweepView(Supplier<List<Scenario>> bases, Function<List<Scenario>, List<RunModel>> start,
                     java.util.function.BooleanSupplier running, int cores) {
        this.bases = bases;
        this.start = start;
        this.running = running;
        this.cores = cores;
        getStyleClass().add("sweep-view");
        setting.getItems().setAll(Sweep.SETTINGS);
        // Each setting's spinners allow its own range (tasks up to ten million, carriers up to 256...).
        setting.valueProperty().addListener((obs, old, name) -> {
            var range = Sweep.rangeOf(name);
            for (Spinner<Integer> spinner : List.of(from, to)) {
                var factory = (javafx.scene.control.SpinnerValueFactory.IntegerSpinnerValueFactory) spinner.getValueFactory();
                factory.setMin(range.min());
                factory.setMax(range.max());
            }
        });
        setting.setValue("cpu-ms");
        metric.getItems().setAll("elapsed (ms)", "throughput (tasks/s)", "memory (RSS +MB)");
        metric.setValue("elapsed (ms)");
        metric.valueProperty().addListener((obs, old, now) -> drawnKey = "");
        for (Spinner<Integer> spinner : List.of(from, to, points)) {
            spinner.setEditable(true);
            spinner.setPrefWidth(90);
            spinner.setMinWidth(Region.USE_PREF_SIZE);
        }
        setting.setTooltip(new Tooltip("The slider to sweep; the others stay as they are"));
        points.setTooltip(new Tooltip("How many values from the start to the end of the range, both included"));
        sweepButton.getStyleClass().add("accent");
        sweepButton.setTooltip(new Tooltip("Run every point for every selected executor, one run at a time (Stop stops the sweep)"));
        sweepButton.setOnAction(e -> sweep());
        var bar = new HBox(10, label("Vary"), setting, label("from"), from, label("to"), to, label("points"), points,
                sweepButton, label("plot"), metric, progress);
        for (var control : List.of(setting, metric, sweepButton)) {
            control.setMinWidth(Region.USE_PREF_SIZE);
        }
        progress.setMinWidth(0);
        HBox.setHgrow(progress, javafx.scene.layout.Priority.ALWAYS);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6));
        chart.setAnimated(false);
        chart.setCreateSymbols(true);
        chart.setTitle("Sweep");
        valueAxis.setForceZeroInRange(false);
        setTop(bar);
        setCenter(chart);
    }

    /** Whether the progress line shows why the last Sweep was refused. */
    private boolean refused;
    private long endedWhenRefused;

    /** Starts the sweep; false (and the reason in the progress line) if it cannot. */
    public boolean sweep() {
        try {
            var sweep = Sweep.parse("%s=%d..%d:%d".formatted(setting.getValue(), from.getValue(), to.getValue(), points.getValue()));
            var planned = sweep.points(bases.get(), cores);
            long tasksInAll = planned.stream().mapToLong(p -> p.scenario().tasks()).sum();
            if (tasksInAll > MAX_TASKS_IN_ALL) {
                // Every run of a sweep keeps its tasks' states for the chart and the history.
                throw new InvalidScenarioException("vary", "this sweep runs %,d tasks in all; the window keeps at most %,d: use fewer points or tasks, or 'loomscope sweep'"
                        .formatted(tasksInAll, MAX_TASKS_IN_ALL));
            }
            runs = start.apply(planned.stream().map(Sweep.Point::scenario).toList());
            sweepPoints = planned;
            sweptSetting = sweep.setting();
            drawnKey = "";
            stopped = false;
            refused = false;
            return true;
        } catch (InvalidScenarioException | IllegalStateException e) {
            progress.setText(e.getMessage());
            refused = true;
            endedWhenRefused = runs.stream().filter(r -> r.phase() == RunModel.Phase.FINISHED).count();
            return false;
        }
    }

    /** Once per frame: progress, and the chart when a run of the sweep has ended. */
    public void refresh() {
        if (runs.isEmpty()) {
            return;
        }
        long done = runs.stream().filter(r -> r.result() != null && r.result().isCompleted()).count();
        long ended = runs.stream().filter(r -> r.phase() == RunModel.Phase.FINISHED).count();
        // Stop drops the runs not yet started: they never finish, and the sweep stays stopped.
        stopped |= ended < runs.size() && !running.getAsBoolean();
        // A refused sweep's reason stays up (the last sweep's "Done" must not cover it on the next frame),
        // until the runs under way move on.
        if (ended != endedWhenRefused) {
            refused = false;
        }
        String text = refused ? progress.getText() : ended == runs.size() && !stopped ? "Done: %d runs.".formatted(runs.size())
                : stopped ? "Stopped after %d of %d runs.".formatted(done, runs.size())
                : "Run %d of %d...".formatted(ended + 1, runs.size());
        if (!text.equals(progress.getText())) {
            progress.setText(text);
        }
        String key = metric.getValue() + done;
        if (key.equals(drawnKey)) {
            return;
        }
        drawnKey = key;
        Map<String, XYChart.Series<Number, Number>> measured = new LinkedHashMap<>();
        Map<String, XYChart.Series<Number, Number>> ideal = new LinkedHashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            RunResult result = runs.get(i).result();
            Sweep.Point point = sweepPoints.get(i);
            Scenario swept = point.scenario();
            String name = swept.label().replaceAll("\\(.*\\)", "")
                    + (swept.blocking() == dev.loomscope.scenario.BlockingMode.SLEEP ? "" : ", " + swept.blocking().cliName());
            var series = measured.computeIfAbsent(name, n -> named(n));
            var perfect = ideal.computeIfAbsent(name, n -> named("perfect world, " + n));
            double idealMs = IdealTime.millis(point.scenario(), cores);
            if (metric.getValue().startsWith("elapsed")) {
                perfect.getData().add(new XYChart.Data<>(point.value(), idealMs));
            } else if (metric.getValue().startsWith("throughput")) {
                perfect.getData().add(new XYChart.Data<>(point.value(), point.scenario().tasks() / (idealMs / 1_000)));
            }
            if (result != null && result.isCompleted()) {
                series.getData().add(new XYChart.Data<>(point.value(), value(result)));
            }
        }
        var all = new ArrayList<XYChart.Series<Number, Number>>(measured.values());
        ideal.values().stream().filter(s -> !s.getData().isEmpty()).forEach(all::add);
        valueAxis.setLabel(sweptSetting);
        metricAxis.setLabel(metric.getValue());
        chart.getData().setAll(all);
        for (var series : ideal.values()) {
            if (series.getNode() != null) {
                series.getNode().getStyleClass().add("ideal-curve");
            }
        }
    }

    private double value(RunResult result) {
        return switch (metric.getValue()) {
            case "throughput (tasks/s)" -> result.completed() / Math.max(1e-3, result.elapsedMs() / 1_000);
            case "memory (RSS +MB)" -> result.rssDeltaMb();
            default -> result.elapsedMs();
        };
    }

    /** A label that keeps its text whole when the bar runs short (the progress text gives way). */
    private static Label label(String text) {
        var label = new Label(text);
        label.setMinWidth(Region.USE_PREF_SIZE);
        return label;
    }

    private static XYChart.Series<Number, Number> named(String name) {
        var series = new XYChart.Series<Number, Number>();
        series.setName(name);
        return series;
    }

    public void setRange(String name, int low, int high, int count) {
        setting.setValue(name);
        from.getValueFactory().setValue(low);
        to.getValueFactory().setValue(high);
        points.getValueFactory().setValue(count);
    }

    public LineChart<Number, Number> chart() {
        return chart;
    }

    public String progressText() {
        return progress.getText();
    }

    public Button sweepButton() {
        return sweepButton;
    }
}
