package dev.loomscope.ui.controls;

import dev.loomscope.ui.theme.Icons;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.model.Preset;
import dev.loomscope.model.SliderSteps;
import java.util.EnumMap;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/** The settings of a run, each control explained in its tooltip, with Run and Stop. */
public final class ControlPanel extends VBox {

    private final javafx.scene.control.ComboBox<Preset> presets = new javafx.scene.control.ComboBox<>();
    private final Map<ExecutorKind, CheckBox> executorBoxes = new EnumMap<>(ExecutorKind.class);
    private final Map<String, StepSlider> sliders = new java.util.LinkedHashMap<>();
    private final Button run = new Button("Run", Icons.RUN.create());
    private final Button stop = new Button("Stop", Icons.STOP.create());
    private final Label problem = new Label();
    private final Label ideal = new Label();
    private final CheckBox animate;

    public ControlPanel(ControlsViewModel vm, java.util.List<Preset> presetList) {
        getStyleClass().add("control-panel");
        setSpacing(10);
        setPadding(new Insets(12));

        var presetTitle = new Label("Experiment");
        presetTitle.getStyleClass().add("section-title");
        presets.getItems().setAll(presetList);
        presets.setPromptText("Custom settings");
        presets.setMaxWidth(Double.MAX_VALUE);
        presets.setConverter(new StringConverter<>() {
            @Override
            public String toString(Preset preset) {
                return preset == null ? "Custom settings" : preset.title();
            }

            @Override
            public Preset fromString(String text) {
                return null;
            }
        });
        presets.setTooltip(tooltip("The classic experiments, one click each (Page Down / Page Up for the next and previous). "
                + "Moving a slider afterwards makes the settings your own."));
        presets.valueProperty().addListener((obs, old, chosen) -> {
            if (chosen != vm.presetProperty().get()) {
                vm.loadPreset(chosen);
            }
        });
        vm.presetProperty().addListener((obs, old, chosen) -> presets.setValue(chosen));
        getChildren().addAll(presetTitle, presets);

        var executorsTitle = new Label("Executors");
        executorsTitle.getStyleClass().add("section-title");
        var executorGrid = new GridPane(10, 6);
        int i = 0;
        for (ExecutorKind kind : ExecutorKind.values()) {
            var box = new CheckBox(kind.cliName());
            box.selectedProperty().bindBidirectional(vm.selectedProperty(kind));
            box.setTooltip(tooltip(executorExplanation(kind)));
            executorBoxes.put(kind, box);
            executorGrid.add(box, i % 2, i / 2);
            i++;
        }

        var settingsTitle = new Label("Workload");
        settingsTitle.getStyleClass().add("section-title");
        slider("Tasks", SliderSteps.TASKS, vm.tasksProperty(), v -> "%,d".formatted(v),
                "How many tasks to run, from 10 to a million (a logarithmic scale). Each task computes for the CPU time, then blocks for the sleep time.");
        slider("Pool size", SliderSteps.POOL, vm.poolProperty(), v -> "%,d threads".formatted(v),
                "Platform threads in the fixed pool and the ForkJoinPool. 10,000 tasks on a pool of 200 run in 50 waves.");
        slider("Carriers", ControlsViewModel.CARRIER_STEPS, vm.carriersProperty(), v -> "%d".formatted(v),
                "Carrier threads that run virtual threads (the scheduler's parallelism). The runner JVM starts with this many.");
        slider("Sleep per task", SliderSteps.SLEEP_MS, vm.sleepMsProperty(), v -> v + " ms",
                "How long each task waits (like a call to a slow service). Waiting is where virtual threads shine.");
        slider("CPU per task", SliderSteps.CPU_MS, vm.cpuMsProperty(), v -> v + " ms",
                "How long each task computes (real prime counting, calibrated on this machine). CPU work is no cheaper on virtual threads.");
        slider("Connections", SliderSteps.CONNECTIONS, vm.connectionsProperty(), v -> v == 0 ? "off" : "%,d (HTTP)".formatted(v),
                "Off: every task is submitted at once. Above 0: the web experiment. The runner serves HTTP with each executor, and a "
                        + "closed loop of this many connections sends each task as one request, like ab -c or wrk -c. Throughput then "
                        + "cannot beat connections / (sleep + CPU): see the Web service tab.");
        slider("Permits", SliderSteps.PERMITS, vm.permitsProperty(), v -> "%,d".formatted(v),
                "For virtual-limited: a semaphore lets this many tasks wait at once, like a connection pool in front of a scarce service.");

        var blocking = new ChoiceBox<BlockingMode>();
        blocking.getItems().setAll(BlockingMode.values());
        blocking.valueProperty().bindBidirectional(vm.blockingProperty());
        blocking.setConverter(new StringConverter<>() {
            @Override
            public String toString(BlockingMode mode) {
                return mode == null ? "" : mode.cliName();
            }

            @Override
            public BlockingMode fromString(String text) {
                return BlockingMode.fromCliName(text);
            }
        });
        blocking.setTooltip(tooltip("How a task waits. sleep: plain Thread.sleep. synchronized: sleeps holding a lock "
                + "(no longer pins since JDK 24). native: sleeps inside a native call (pins the carrier). "
                + "class-init: sleeps in a static initializer (pins the carrier)."));
        blocking.setMaxWidth(Double.MAX_VALUE);
        var blockingLabel = new Label("Blocking");
        blockingLabel.getStyleClass().add("control-name");

        var animate = new CheckBox("Animate while running");
        animate.selectedProperty().bindBidirectional(vm.animateLiveProperty());
        animate.setTooltip(tooltip("On: watch the tasks and carriers as the run goes. Off: the window stays still until the run "
                + "ends, then shows all of it. On a machine with few cores the animation takes CPU from the run; off, the "
                + "numbers match the command line's."));
        this.animate = animate;

        run.getStyleClass().add("accent");
        run.setDefaultButton(true);
        run.setMaxWidth(Double.MAX_VALUE);
        run.setTooltip(tooltip("Run each selected executor in turn, each in a fresh JVM (Ctrl+R or F5)."));
        stop.getStyleClass().add("danger");
        stop.setMaxWidth(Double.MAX_VALUE);
        stop.setTooltip(tooltip("Stop now: the runner JVM is killed at once (Esc)."));
        HBox.setHgrow(run, Priority.ALWAYS);
        HBox.setHgrow(stop, Priority.ALWAYS);
        var buttons = new HBox(8, run, stop);

        problem.getStyleClass().add("problem");
        problem.setWrapText(true);
        problem.textProperty().bind(vm.problemProperty());
        problem.visibleProperty().bind(vm.problemProperty().isNotNull());
        problem.managedProperty().bind(problem.visibleProperty());
        ideal.getStyleClass().add("ideal-preview");
        ideal.setWrapText(true);
        ideal.textProperty().bind(vm.idealSummaryProperty());
        ideal.setTooltip(tooltip("The time a perfect world would take: waves of tasks, each as long as sleep + CPU, no overhead."));

        getChildren().addAll(executorsTitle, executorGrid, settingsTitle);
        getChildren().addAll(sliders.values());
        var predict = new CheckBox("Predict first (presets)");
        predict.selectedProperty().bindBidirectional(vm.predictFirstProperty());
        predict.setTooltip(tooltip("Before a preset's runs, guess how long each will take; afterwards see your guess beside "
                + "the perfect world and the measured time."));
        getChildren().addAll(new VBox(4, blockingLabel, blocking), animate, predict, buttons, problem, ideal);
    }

    private void slider(String name, SliderSteps steps, javafx.beans.property.IntegerProperty property,
                        java.util.function.IntFunction<String> format, String explanation) {
        sliders.put(name, new StepSlider(name, steps, property, format, explanation));
    }

    private static Tooltip tooltip(String text) {
        var tooltip = new Tooltip(text);
        tooltip.setWrapText(true);
        tooltip.setMaxWidth(360);
        return tooltip;
    }

    static String executorExplanation(ExecutorKind kind) {
        return switch (kind) {
            case FIXED -> "A fixed pool of platform threads (Pool size). Extra tasks queue until a thread is free: 10,000 tasks on 200 threads run in 50 waves.";
            case VIRTUAL -> "A new virtual thread per task. While a task waits it lets go of its carrier, so all tasks can wait at once.";
            case PLATFORM -> "A new platform (OS) thread per task: no queue, but each thread costs memory and start-up time.";
            case FORKJOIN -> "A ForkJoinPool of Pool size threads, the work-stealing pool behind parallel streams.";
            case SINGLE -> "One thread runs every task, one after another.";
            case VIRTUAL_LIMITED -> "A virtual thread per task, with a semaphore of Permits around the waiting part: limit a scarce resource, not threads.";
        };
    }

    public javafx.scene.control.ComboBox<Preset> presetBox() {
        return presets;
    }

    public Button runButton() {
        return run;
    }

    public Button stopButton() {
        return stop;
    }

    public StepSlider slider(String name) {
        return sliders.get(name);
    }

    public CheckBox executorBox(ExecutorKind kind) {
        return executorBoxes.get(kind);
    }

    public CheckBox animateBox() {
        return animate;
    }

    public Label problemLabel() {
        return problem;
    }
}
