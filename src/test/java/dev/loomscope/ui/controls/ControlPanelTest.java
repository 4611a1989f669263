package dev.loomscope.ui.controls;

import dev.loomscope.ui.WindowTest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.Preset;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.fx.Messages;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The settings panel comes from its FXML at run time, every control under its fx:id and wired to the view model. */
@WindowTest
class ControlPanelTest {

    private ControlsViewModel vm;
    private ControlPanel panel;
    private javafx.scene.layout.VBox root;

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    @BeforeEach
    void panel() throws Exception {
        Fx.run(() -> {
            vm = new ControlsViewModel(2);
            vm.presets().setAll(Preset.all(2));
            panel = new ControlPanel(vm);
            // As the window places them: the settings, and below them Run and Stop.
            root = new javafx.scene.layout.VBox(panel, panel.actionBar());
            new Scene(root);
        });
    }

    static <T extends Node> T find(Parent root, String id, Class<T> type) {
        Node node = root.lookup("#" + id);
        assertThat(node).as("#" + id).isInstanceOf(type);
        return type.cast(node);
    }

    @Test
    void everyControlIsLoadedFromTheFxmlUnderItsIdWithItsTextFromTheBundle() throws Exception {
        Fx.run(() -> {
            var run = find(root, "runButton", Button.class);
            assertThat(run).isSameAs(panel.runButton());
            assertThat(run.getText()).isEqualTo("Run").isEqualTo(Messages.text("controls.run"));
            assertThat(run.getStyleClass()).contains("button", "accent");
            assertThat(run.isDefaultButton()).isTrue();
            assertThat(dev.loomscope.ui.fx.Tooltips.getText(run)).as("the shell gives Run the action table's tooltip, keys and all").isNull();
            assertThat(run.getGraphic()).as("the icon added in code").isNotNull();
            assertThat(find(root, "stopButton", Button.class)).isSameAs(panel.stopButton());
            assertThat(find(root, "presetBox", ComboBox.class)).isSameAs(panel.presetBox());
            assertThat(panel.presetBox().getItems()).hasSameSizeAs(Preset.all(2));
            assertThat(find(root, "animateBox", CheckBox.class)).isSameAs(panel.animateBox());
            assertThat(find(root, "problemLabel", Label.class)).isSameAs(panel.problemLabel());

            for (ExecutorKind kind : ExecutorKind.values()) {
                String id = kind == ExecutorKind.VIRTUAL_LIMITED ? "virtualLimitedBox" : kind.cliName() + "Box";
                var box = find(root, id, CheckBox.class);
                assertThat(box).isSameAs(panel.executorBox(kind));
                assertThat(box.getText()).as("the FXML names " + kind + " as the command line does").startsWith(kind.cliName());
                // A preview API says so where it is chosen.
                assertThat(box.getText().endsWith(" (preview)")).as(kind + " is a preview").isEqualTo(kind.isPreview());
            }
            for (String id : new String[] {"tasksSlider", "poolSlider", "carriersSlider", "sleepMsSlider", "cpuMsSlider", "connectionsSlider", "permitsSlider"}) {
                var slider = find(root, id, StepSlider.class);
                assertThat(panel.slider(slider.getName())).as(id).isSameAs(slider);
            }
            assertThat(find(root, "tasksSlider", StepSlider.class).getName()).isEqualTo("Tasks");
            assertThat(find(root, "poolSlider", StepSlider.class).getExplanation()).isEqualTo(Messages.text("controls.pool.tooltip"));
        });
    }

    @Test
    void slidersAndTheViewModelFollowEachOther() throws Exception {
        Fx.run(() -> {
            var tasks = find(root, "tasksSlider", StepSlider.class);
            assertThat(vm.tasksProperty().get()).isEqualTo(10_000);
            tasks.step(1);
            assertThat(vm.tasksProperty().get()).isEqualTo(20_000);
            assertThat(((Label) tasks.lookup(".control-value")).getText()).isEqualTo(Messages.text("controls.tasks.value", 20_000));

            var pool = find(root, "poolSlider", StepSlider.class);
            vm.poolProperty().set(4);
            assertThat(pool.slider().getValue()).isEqualTo(3);
            assertThat(((Label) pool.lookup(".control-value")).getText()).isEqualTo(Messages.text("controls.pool.value", 4));

            var connections = find(root, "connectionsSlider", StepSlider.class);
            assertThat(((Label) connections.lookup(".control-value")).getText()).isEqualTo("off");
            connections.step(2);
            assertThat(vm.connectionsProperty().get()).isEqualTo(2);
        });
    }

    @Test
    void checkBoxesChoicesAndPresetsWriteTheViewModel() throws Exception {
        Fx.run(() -> {
            find(root, "fixedBox", CheckBox.class).fire();
            assertThat(vm.selectedProperty(ExecutorKind.FIXED).get()).isFalse();
            @SuppressWarnings("unchecked")
            ChoiceBox<BlockingMode> blocking = find(root, "blockingBox", ChoiceBox.class);
            assertThat(blocking.getItems()).containsExactly(BlockingMode.values())
                    .contains(BlockingMode.JDBC, BlockingMode.HTTP, BlockingMode.FILE, BlockingMode.LOCK, BlockingMode.WAIT);
            blocking.setValue(BlockingMode.JDBC);
            assertThat(vm.blockingProperty().get()).isEqualTo(BlockingMode.JDBC);
            blocking.setValue(BlockingMode.NATIVE);
            assertThat(vm.blockingProperty().get()).isEqualTo(BlockingMode.NATIVE);
            boolean animating = vm.animateLiveProperty().get();
            find(root, "animateBox", CheckBox.class).fire();
            assertThat(vm.animateLiveProperty().get()).isEqualTo(!animating);
            boolean predicting = vm.predictFirstProperty().get();
            find(root, "predictBox", CheckBox.class).fire();
            assertThat(vm.predictFirstProperty().get()).isEqualTo(!predicting);

            var pinning = panel.presetBox().getItems().stream().filter(p -> p.name().equals("pinning")).findFirst().orElseThrow();
            panel.presetBox().setValue(pinning);
            assertThat(vm.presetProperty().get()).isSameAs(pinning);
            assertThat(vm.tasksProperty().get()).isEqualTo(40);
            // Moving a slider makes the settings one's own: the box says so.
            find(root, "tasksSlider", StepSlider.class).step(1);
            assertThat(panel.presetBox().getValue()).isNull();
            assertThat(panel.presetBox().getConverter().toString(null)).isEqualTo("Custom settings");
        });
    }

    @Test
    void aProblemShowsUnderTheButtonsOnlyWhileThereIsOne() throws Exception {
        Fx.run(() -> {
            var problem = find(root, "problemLabel", Label.class);
            assertThat(problem.isVisible()).isFalse();
            find(root, "fixedBox", CheckBox.class).fire();
            find(root, "virtualBox", CheckBox.class).fire();
            assertThat(problem.isVisible()).isTrue();
            assertThat(problem.getText()).isEqualTo("Choose at least one executor to run.");
            assertThat(find(root, "idealLabel", Label.class).getText()).isEmpty();
        });
    }
}
