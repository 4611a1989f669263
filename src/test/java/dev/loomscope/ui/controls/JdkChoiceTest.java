package dev.loomscope.ui.controls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.launcher.Jdks;
import dev.loomscope.model.Preset;
import dev.loomscope.model.RunModel;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.Jdk21;
import dev.loomscope.testing.NeedsJdk21;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.NodeProbe;
import dev.loomscope.ui.WindowTest;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.layout.VBox;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The settings' JDK choice lists the JDKs found, LoomScope's own first; a run on another JDK says so in its name. */
@WindowTest
class JdkChoiceTest {

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    @NeedsJdk21
    @Test
    @SuppressWarnings("unchecked")
    void choosingJdk21MakesRunsOnItNamedSo() throws Exception {
        Jdks.Jdk jdk21 = Jdk21.required();
        var vm = new ControlsViewModel(2);
        List<Scenario>[] scenarios = new List[2];
        Fx.run(() -> {
            vm.presets().setAll(Preset.all(2));
            var panel = new ControlPanel(vm);
            var root = new VBox(panel, panel.actionBar());
            new Scene(root);
            ComboBox<Jdks.Jdk> box = NodeProbe.lookup(root, "#jdkBox", ComboBox.class);
            assertThat(NodeProbe.lookup(root, "#addJdkButton", Button.class).getText()).isEqualTo("Add a JDK…");
            assertThat(box.getItems().getFirst().feature()).as("LoomScope's own JDK, the default").isEqualTo(Runtime.version().feature());
            assertThat(box.getConverter().toString(box.getValue())).endsWith("(default)");
            scenarios[0] = vm.scenarios();
            box.setValue(box.getItems().stream().filter(j -> j.home().equals(jdk21.home())).findFirst().orElseThrow());
            scenarios[1] = vm.scenarios();
        });

        assertThat(scenarios[0]).allSatisfy(s -> assertThat(s.jdk()).isEmpty());
        assertThat(scenarios[1]).isNotEmpty().allSatisfy(s -> assertThat(s.jdk()).isEqualTo(jdk21.home().toString()));
        Scenario onJdk21 = scenarios[1].getLast();
        assertThat(new RunModel(2, onJdk21, 2).title()).isEqualTo("#2 " + onJdk21.label() + " · JDK\u00a021");
        assertThat(new RunModel(1, scenarios[0].getLast(), 2).title()).isEqualTo("#1 " + onJdk21.label());
    }
}
