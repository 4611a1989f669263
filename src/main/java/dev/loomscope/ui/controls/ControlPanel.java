package dev.loomscope.ui.controls;

import dev.loomscope.launcher.Jdks;
import dev.loomscope.model.Preset;
import dev.loomscope.model.SliderSteps;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.ui.fx.Fxml;
import dev.loomscope.ui.fx.MadeElsewhere;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.theme.Icons;
import java.lang.invoke.MethodHandles;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.IntegerProperty;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The settings of a run, each control explained in its tooltip, with Run and Stop. The layout and
 * texts are in {@code ControlPanel.fxml} and the bundle; {@link #bind} binds them to the {@link ControlsViewModel}.
 * Its FXML is the window's largest: the window loads it on another thread while it makes its other
 * parts ({@link dev.loomscope.ui.fx.MadeElsewhere}), then binds it on the FX thread.
 */
public final class ControlPanel extends VBox {

    @FXML
    private ComboBox<Preset> presetBox;
    @FXML
    private CheckBox fixedBox;
    @FXML
    private CheckBox virtualBox;
    @FXML
    private CheckBox platformBox;
    @FXML
    private CheckBox forkjoinBox;
    @FXML
    private CheckBox singleBox;
    @FXML
    private CheckBox virtualLimitedBox;
    @FXML
    private CheckBox structuredBox;
    @FXML
    private ComboBox<Jdks.Jdk> jdkBox;
    @FXML
    private Button addJdkButton;
    @FXML
    private StepSlider tasksSlider;
    @FXML
    private StepSlider poolSlider;
    @FXML
    private StepSlider carriersSlider;
    @FXML
    private StepSlider sleepMsSlider;
    @FXML
    private StepSlider cpuMsSlider;
    @FXML
    private StepSlider connectionsSlider;
    @FXML
    private StepSlider permitsSlider;
    @FXML
    private ChoiceBox<BlockingMode> blockingBox;
    @FXML
    private CheckBox animateBox;
    @FXML
    private CheckBox predictBox;
    @FXML
    private VBox actionBar;
    @FXML
    private Button runButton;
    @FXML
    private Button stopButton;
    @FXML
    private Label problemLabel;
    @FXML
    private Label idealLabel;

    private final Map<ExecutorKind, CheckBox> executorBoxes = new EnumMap<>(ExecutorKind.class);
    /** By the name each shows, in the order they show. */
    private final Map<String, StepSlider> sliders = new LinkedHashMap<>();

    /** The panel bound to {@code vm}, made on the FX thread. */
    public ControlPanel(ControlsViewModel vm) {
        this();
        bind(vm);
    }

    /** The JDKs found on this machine: looked for as the panel is made, off the FX thread when the window loads it elsewhere. */
    private final Jdks jdks;

    /** The panel's nodes from its FXML, with their icons, bound to nothing yet: on any thread, before its scene is shown. */
    public ControlPanel() {
        jdks = Jdks.installed();
        Fxml.load(this);
        runButton.setGraphic(Icons.RUN.create());
        stopButton.setGraphic(Icons.STOP.create());
    }

    /**
     * Starts loading a panel on a thread of its own, to be taken and {@link #bind bound} on the FX
     * thread, which calls this. JavaFX numbers pseudo-classes ({@code :selected}, {@code :showing}...)
     * in one registry that is not thread-safe, as each control class initialises: the control classes
     * the panel's FXML makes initialise here first, so the other thread only makes objects of them
     * while the FX thread initialises classes of its own.
     */
    public static MadeElsewhere<ControlPanel> loadElsewhere() {
        var lookup = MethodHandles.lookup();
        try {
            for (Class<?> type : List.of(Button.class, CheckBox.class, ChoiceBox.class, ComboBox.class, Label.class, Slider.class)) {
                lookup.ensureInitialized(type);
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        return MadeElsewhere.start("loomscope-control-panel", ControlPanel::new);
    }

    /** Binds every control to {@code vm}, once, on the FX thread. */
    public ControlPanel bind(ControlsViewModel vm) {
        // The view model holds the list of presets; the box shows it.
        presetBox.setItems(vm.presets());
        presetBox.setConverter(new StringConverter<>() {
            @Override
            public String toString(Preset preset) {
                return preset == null ? Messages.text("controls.preset.custom") : preset.title();
            }

            @Override
            public Preset fromString(String text) {
                return null;
            }
        });
        presetBox.valueProperty().addListener((obs, old, chosen) -> {
            if (chosen != vm.presetProperty().get()) {
                vm.loadPreset(chosen);
            }
        });
        vm.presetProperty().addListener((obs, old, chosen) -> presetBox.setValue(chosen));

        executorBoxes.putAll(Map.of(ExecutorKind.FIXED, fixedBox, ExecutorKind.VIRTUAL, virtualBox, ExecutorKind.PLATFORM, platformBox,
                ExecutorKind.FORKJOIN, forkjoinBox, ExecutorKind.SINGLE, singleBox, ExecutorKind.VIRTUAL_LIMITED, virtualLimitedBox,
                ExecutorKind.STRUCTURED, structuredBox));
        if (executorBoxes.size() != ExecutorKind.values().length) {
            throw new IllegalStateException("ControlPanel.fxml needs a check box for every executor");
        }
        executorBoxes.forEach((kind, box) -> box.selectedProperty().bindBidirectional(vm.selectedProperty(kind)));

        bind(tasksSlider, SliderSteps.TASKS, vm.tasksProperty(), "controls.tasks.value");
        bind(poolSlider, SliderSteps.POOL, vm.poolProperty(), "controls.pool.value");
        bind(carriersSlider, ControlsViewModel.CARRIER_STEPS, vm.carriersProperty(), "controls.carriers.value");
        bind(sleepMsSlider, SliderSteps.SLEEP_MS, vm.sleepMsProperty(), "controls.sleepMs.value");
        bind(cpuMsSlider, SliderSteps.CPU_MS, vm.cpuMsProperty(), "controls.cpuMs.value");
        connectionsSlider.bind(SliderSteps.CONNECTIONS, vm.connectionsProperty(),
                v -> v == 0 ? Messages.text("controls.connections.off") : Messages.text("controls.connections.value", v));
        sliders.put(connectionsSlider.getName(), connectionsSlider);
        bind(permitsSlider, SliderSteps.PERMITS, vm.permitsProperty(), "controls.permits.value");

        blockingBox.getItems().setAll(BlockingMode.values());
        blockingBox.valueProperty().bindBidirectional(vm.blockingProperty());
        blockingBox.setConverter(new StringConverter<>() {
            @Override
            public String toString(BlockingMode mode) {
                return mode == null ? "" : mode.cliName();
            }

            @Override
            public BlockingMode fromString(String text) {
                return BlockingMode.fromCliName(text);
            }
        });
        JdkChoice.bind(jdkBox, addJdkButton, jdks, vm.jdkProperty());
        animateBox.selectedProperty().bindBidirectional(vm.animateLiveProperty());
        predictBox.selectedProperty().bindBidirectional(vm.predictFirstProperty());

        problemLabel.textProperty().bind(vm.problemProperty());
        problemLabel.visibleProperty().bind(vm.problemProperty().isNotNull());
        problemLabel.managedProperty().bind(problemLabel.visibleProperty());
        idealLabel.textProperty().bind(vm.idealSummaryProperty());
        return this;
    }

    /** Binds a slider whose value reads as {@code valueKey}'s text with the value filled in. */
    private void bind(StepSlider slider, SliderSteps steps, IntegerProperty property, String valueKey) {
        slider.bind(steps, property, v -> Messages.text(valueKey, v));
        sliders.put(slider.getName(), slider);
    }

    public ComboBox<Preset> presetBox() {
        return presetBox;
    }

    /** Run, Stop and why a run cannot start: the window shows them below the panel, never scrolled away. */
    public VBox actionBar() {
        return actionBar;
    }

    public Button runButton() {
        return runButton;
    }

    public Button stopButton() {
        return stopButton;
    }

    /** The slider showing {@code name} ("Tasks", "Pool size"...). */
    public StepSlider slider(String name) {
        return sliders.get(name);
    }

    public CheckBox executorBox(ExecutorKind kind) {
        return executorBoxes.get(kind);
    }

    public CheckBox animateBox() {
        return animateBox;
    }

    public Label problemLabel() {
        return problemLabel;
    }
}
