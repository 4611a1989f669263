package dev.loomscope.ui.sweep;

import dev.loomscope.ui.fx.TextWidth;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.Sweep;
import dev.loomscope.result.RunLabel;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.ui.charts.NamedLinesChart;
import dev.loomscope.ui.fx.Fxml;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.views.Ticks;
import dev.loomscope.ui.theme.Icons;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.fxml.FXML;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.layout.BorderPane;
import javafx.util.StringConverter;

/**
 * A slider swept over a range: every point runs every selected executor (the other settings as
 * the sliders say), one run at a time, and the chart plots elapsed, throughput or memory against
 * the setting, each executor beside its perfect-world curve. Shows progress; Stop stops it. The
 * bar above the chart is laid out in {@code SweepView.fxml}; the chart is made and drawn here.
 */
public final class SweepView extends BorderPane {

    /** What the chart plots against the swept setting. */
    enum Measure {
        ELAPSED("sweep.measure.elapsed"),
        THROUGHPUT("sweep.measure.throughput"),
        MEMORY("sweep.measure.memory");

        private final String key;

        Measure(String key) {
            this.key = key;
        }

        String text() {
            return Messages.text(key);
        }
    }

    @FXML
    private ChoiceBox<String> settingBox;
    @FXML
    private Spinner<Integer> fromSpinner;
    @FXML
    private Spinner<Integer> toSpinner;
    @FXML
    private Spinner<Integer> pointsSpinner;
    @FXML
    private ChoiceBox<Measure> measureBox;
    @FXML
    private Button sweepButton;
    @FXML
    private Label progressLabel;
    private final NumberAxis valueAxis = new NumberAxis();
    private final NumberAxis metricAxis = new NumberAxis();
    private final NamedLinesChart chart = new NamedLinesChart(valueAxis, metricAxis);
    private final Supplier<List<Scenario>> bases;
    private final Function<List<Scenario>, List<RunModel>> start;
    private final int cores;
    private final java.util.function.BooleanSupplier running;
    private String sweptSetting;
    private List<Sweep.Point> sweepPoints = List.of();
    private List<RunModel> runs = List.of();
    private String drawnKey = "";
    private boolean stopped;
    /** The room beyond its length an axis name needs to come back once it gave way. */
    private static final double AXIS_NAME_SPARE = 8;

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
        Fxml.load(this);
        chart.setAnimated(false);
        chart.setCreateSymbols(true);
        // The chart takes the room the tab has left under the bar, however little: at its own minimum it ran past the
        // tab's bottom edge, its time axis cut off.
        chart.setMinSize(0, 0);
        valueAxis.setForceZeroInRange(false);
        metricAxis.heightProperty().addListener((height, was, now) -> nameMetricAxis());
        setCenter(chart);
        // Before a sweep the empty plot is the one the bar plans: the setting across its range, the measure up its side
        // (with no values to mark yet). The axes' own ranging drew 0 to 100 against 0 to 125 whatever the bar said.
        for (var planned : List.of(settingBox.valueProperty(), fromSpinner.valueProperty(), toSpinner.valueProperty(), measureBox.valueProperty())) {
            planned.addListener((obs, old, now) -> showPlan());
        }
        showPlan();
    }

    /** The axes of the sweep the bar describes, until a sweep draws its own. */
    private void showPlan() {
        if (sweptSetting != null || fromSpinner.getValue() == null || toSpinner.getValue() == null) {
            return;
        }
        valueAxis.setLabel(axisName(settingBox.getValue()));
        Ticks.settingAxis(valueAxis, Math.min(fromSpinner.getValue(), toSpinner.getValue()), Math.max(fromSpinner.getValue(), toSpinner.getValue()), 6);
        metricAxis.setTickLabelsVisible(false);
        nameMetricAxis();
    }

    /**
     * The measure's name along its axis where the axis is as long as the name: in the 80-90 px plot of a 720p window it
     * was cut to "elapsed (...". The measure box above the plot names it in full. Named again only with a few px to
     * spare, so that the axis's width, which the name changes, cannot turn it on and off from one layout to the next.
     */
    private void nameMetricAxis() {
        if (measureBox.getValue() == null) {
            return;
        }
        String name = measureBox.getValue().text();
        var label = (Labeled) metricAxis.lookup(".axis-label");
        double needs = label == null ? 0 : TextWidth.of(name, label.getFont()) + label.snappedLeftInset() + label.snappedRightInset();
        double room = metricAxis.getHeight() <= 0 ? Double.MAX_VALUE : metricAxis.getHeight();
        boolean named = metricAxis.getLabel() != null;
        metricAxis.setLabel(needs <= room - (named ? 0 : AXIS_NAME_SPARE) ? name : null);
    }

    @FXML
    private void initialize() {
        sweepButton.setGraphic(Icons.RUN.create());
        pointsValues().setMax(Sweep.MAX_POINTS);
        settingBox.getItems().setAll(Sweep.SETTINGS);
        // Named in words, as the sidebar names its sliders; the command line's names ("cpu-ms") stay the values.
        settingBox.setConverter(new StringConverter<>() {
            @Override
            public String toString(String setting) {
                return setting == null ? "" : settingName(setting);
            }

            @Override
            public String fromString(String text) {
                return Sweep.SETTINGS.stream().filter(setting -> settingName(setting).equals(text)).findFirst().orElse(null);
            }
        });
        // Each setting's spinners allow its own range (tasks up to ten million, carriers up to 256...).
        settingBox.valueProperty().addListener((obs, old, name) -> {
            var range = Sweep.rangeOf(name);
            for (Spinner<Integer> spinner : List.of(fromSpinner, toSpinner)) {
                var factory = (SpinnerValueFactory.IntegerSpinnerValueFactory) spinner.getValueFactory();
                factory.setMin(range.min());
                factory.setMax(range.max());
            }
        });
        for (Spinner<Integer> spinner : List.of(fromSpinner, toSpinner)) {
            var editor = spinner.getEditor();
            var factory = (SpinnerValueFactory.IntegerSpinnerValueFactory) spinner.getValueFactory();
            javafx.beans.InvalidationListener fit = o -> fitToLargest(spinner);
            // The type (on stage it is larger), the padding and the setting's range all change the width needed.
            editor.fontProperty().addListener(fit);
            editor.paddingProperty().addListener(fit);
            factory.maxProperty().addListener(fit);
            // The arrows' width counts too: it is known once the skin is made, and changes with the type (on stage).
            spinner.skinProperty().addListener((skin, was, now) -> {
                if (spinner.lookup(".increment-arrow-button") instanceof javafx.scene.layout.Region arrows) {
                    arrows.widthProperty().addListener(fit);
                }
                fitToLargest(spinner);
            });
        }
        settingBox.setValue("cpu-ms");
        measureBox.getItems().setAll(Measure.values());
        measureBox.setConverter(new StringConverter<>() {
            @Override
            public String toString(Measure measure) {
                return measure == null ? "" : measure.text();
            }

            @Override
            public Measure fromString(String text) {
                return java.util.Arrays.stream(Measure.values()).filter(m -> m.text().equals(text)).findFirst().orElse(null);
            }
        });
        measureBox.setValue(Measure.ELAPSED);
        measureBox.valueProperty().addListener((obs, old, now) -> drawnKey = "");
    }

    /** A setting as the bar names it, short so that the bar keeps one line at the desk: "CPU per task" for {@code cpu-ms}. */
    static String settingName(String setting) {
        return Messages.text("sweep.setting." + setting);
    }

    /** One point of a sweep in words: "CPU per task 40 ms", "tasks 1,000". */
    static String pointName(String setting, int value) {
        return (setting.endsWith("-ms") ? "%s %,d ms" : "%s %,d").formatted(settingName(setting), value);
    }

    /** A setting as the chart's axis names it, with its unit: "CPU per task (ms)". */
    static String axisName(String setting) {
        return setting.endsWith("-ms") ? Messages.text("sweep.axis.ms", settingName(setting)) : settingName(setting);
    }

    /** The box as wide as its setting's largest value in its own type, so a range end is never cut ("100(" for 100000). */
    private static void fitToLargest(Spinner<Integer> spinner) {
        var editor = spinner.getEditor();
        var largest = new javafx.scene.text.Text(Integer.toString(((SpinnerValueFactory.IntegerSpinnerValueFactory) spinner.getValueFactory()).getMax()));
        largest.setFont(editor.getFont());
        // The spinner is as wide as its editor and draws its arrows over the editor's right end: they are added. And a
        // pixel more than the text itself, where the caret stands after the last digit.
        double arrows = spinner.lookup(".increment-arrow-button") instanceof javafx.scene.layout.Region button ? button.prefWidth(-1) : 0;
        editor.setPrefWidth(Math.ceil(largest.getLayoutBounds().getWidth() + editor.getPadding().getLeft() + editor.getPadding().getRight() + arrows + 2));
    }

    private SpinnerValueFactory.IntegerSpinnerValueFactory pointsValues() {
        return (SpinnerValueFactory.IntegerSpinnerValueFactory) pointsSpinner.getValueFactory();
    }

    @FXML
    private void sweepPressed() {
        sweep();
    }

    /** Whether the progress line shows why the last Sweep was refused. */
    private boolean refused;
    private long endedWhenRefused;

    /** Starts the sweep; false (and the reason in the progress line) if it cannot. */
    public boolean sweep() {
        try {
            String setting = settingBox.getValue();
            int from = fromSpinner.getValue();
            int to = toSpinner.getValue();
            // Refused in the bar's words: the command line's own refusal names its --vary option.
            if (to <= from) {
                throw new InvalidScenarioException("vary", Messages.text("sweep.range.grows", from, to));
            }
            var sweep = Sweep.parse("%s=%d..%d:%d".formatted(setting, from, to, pointsSpinner.getValue()));
            var planned = sweep.points(bases.get(), cores, settingName(setting), value -> pointName(setting, value));
            long tasksInAll = planned.stream().mapToLong(p -> p.scenario().tasks()).sum();
            if (tasksInAll > MAX_TASKS_IN_ALL) {
                // Every run of a sweep keeps its tasks' states for the chart and the history.
                throw new InvalidScenarioException("vary", Messages.text("sweep.tooManyTasks", tasksInAll, MAX_TASKS_IN_ALL));
            }
            runs = start.apply(planned.stream().map(Sweep.Point::scenario).toList());
            sweepPoints = planned;
            sweptSetting = sweep.setting();
            drawnKey = "";
            stopped = false;
            refused = false;
            return true;
        } catch (InvalidScenarioException | IllegalStateException e) {
            progressLabel.setText(e.getMessage());
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
        String text = refused ? progressLabel.getText() : ended == runs.size() && !stopped ? Messages.text("sweep.progress.done", runs.size())
                : stopped ? Messages.text("sweep.progress.stopped", done, runs.size())
                : Messages.text("sweep.progress.running", ended + 1, runs.size());
        if (!text.equals(progressLabel.getText())) {
            progressLabel.setText(text);
        }
        Measure measure = measureBox.getValue();
        String key = measure.name() + done;
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
            // One name for each line as the swept setting changes: the run's name without that setting.
            String name = RunLabel.without(swept, Sweep.swept(sweptSetting));
            var series = measured.computeIfAbsent(name, n -> named(n));
            var perfect = ideal.computeIfAbsent(name, n -> named(Messages.text("sweep.series.perfectWorld", n)));
            double idealMs = IdealTime.millis(point.scenario(), cores);
            // Memory has no perfect world to plot.
            switch (measure) {
                case ELAPSED -> perfect.getData().add(new XYChart.Data<>(point.value(), idealMs));
                case THROUGHPUT -> perfect.getData().add(new XYChart.Data<>(point.value(), point.scenario().tasks() / (idealMs / 1_000)));
                case MEMORY -> {
                }
            }
            if (result != null && result.isCompleted()) {
                series.getData().add(new XYChart.Data<>(point.value(), value(measure, result)));
            }
        }
        var all = new ArrayList<XYChart.Series<Number, Number>>(measured.values());
        ideal.values().stream().filter(s -> !s.getData().isEmpty()).forEach(all::add);
        valueAxis.setLabel(axisName(sweptSetting));
        metricAxis.setTickLabelsVisible(true);
        Ticks.settingAxis(valueAxis, sweepPoints.stream().mapToDouble(Sweep.Point::value).min().orElse(0),
                sweepPoints.stream().mapToDouble(Sweep.Point::value).max().orElse(1), 6);
        nameMetricAxis();
        chart.getData().setAll(all);
        for (var series : ideal.values()) {
            if (series.getNode() != null) {
                series.getNode().getStyleClass().add("ideal-curve");
            }
        }
    }

    private static double value(Measure measure, RunResult result) {
        return switch (measure) {
            case THROUGHPUT -> result.completed() / Math.max(1e-3, result.elapsedMs() / 1_000);
            case MEMORY -> result.rssDeltaMb();
            case ELAPSED -> result.elapsedMs();
        };
    }

    private static XYChart.Series<Number, Number> named(String name) {
        var series = new XYChart.Series<Number, Number>();
        series.setName(name);
        return series;
    }

    public void setRange(String name, int low, int high, int count) {
        settingBox.setValue(name);
        fromSpinner.getValueFactory().setValue(low);
        toSpinner.getValueFactory().setValue(high);
        pointsSpinner.getValueFactory().setValue(count);
    }

    public LineChart<Number, Number> chart() {
        return chart;
    }

    public String progressText() {
        return progressLabel.getText();
    }

    public Button sweepButton() {
        return sweepButton;
    }
}
