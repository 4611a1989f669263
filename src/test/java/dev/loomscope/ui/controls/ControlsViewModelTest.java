package dev.loomscope.ui.controls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The settings' view model, without a toolkit: properties work without one. */
class ControlsViewModelTest {

    private final ControlsViewModel vm = new ControlsViewModel(2);

    @Test
    void theDefaultsAreTheClassicExperiment() {
        List<Scenario> scenarios = vm.scenarios();
        assertThat(scenarios).extracting(Scenario::label).containsExactly("fixed(200)", "virtual");
        assertThat(scenarios).allSatisfy(s -> {
            assertThat(s.tasks()).isEqualTo(10_000);
            assertThat(s.sleepMs()).isEqualTo(100);
            assertThat(s.carriers()).isEqualTo(2);
        });
        assertThat(vm.problemProperty().get()).isNull();
        assertThat(vm.idealSummaryProperty().get()).isEqualTo("Perfect world: fixed(200) 5.0 s; virtual 100 ms");
    }

    @Test
    void thePerfectWorldNamesEachRunAsTheWindowDoes() {
        vm.loadPreset(dev.loomscope.model.Preset.named("pinning", 2).orElseThrow());
        assertThat(vm.idealSummaryProperty().get()).isEqualTo("Perfect world: virtual, synchronized 50 ms; virtual, native 1.0 s");
    }

    @Test
    void noExecutorOrAnHourLongRunIsAProblemInPlainWords() {
        vm.selectedProperty(ExecutorKind.FIXED).set(false);
        vm.selectedProperty(ExecutorKind.VIRTUAL).set(false);
        assertThat(vm.problemProperty().get()).isEqualTo("Choose at least one executor to run.");

        vm.selectedProperty(ExecutorKind.SINGLE).set(true);
        vm.tasksProperty().set(1_000_000);
        assertThat(vm.problemProperty().get()).contains("single would take at least 27 h 46 min").contains("limit 1 h");
        assertThat(vm.idealSummaryProperty().get()).isEmpty();

        vm.tasksProperty().set(100);
        assertThat(vm.problemProperty().get()).isNull();
    }

    @Test
    void aPinningBlockingModeNeverLeavesSleepAtZero() {
        vm.sleepMsProperty().set(0);
        vm.blockingProperty().set(BlockingMode.NATIVE);
        assertThat(vm.sleepMsProperty().get()).isEqualTo(1);
        vm.sleepMsProperty().set(0);
        assertThat(vm.sleepMsProperty().get()).isEqualTo(1);
        assertThat(vm.problemProperty().get()).isNull();
    }

    @Test
    void loadingScenariosPutsThemOnTheControls() {
        var scenario = Scenario.of(ExecutorKind.VIRTUAL_LIMITED).withTasks(500).withPool(4).withCarriers(1).withSleepMs(20).withCpuMs(5)
                .withBlocking(BlockingMode.SYNCHRONIZED).withPermits(10).build();
        vm.load(List.of(scenario, scenario.withExecutor(ExecutorKind.FORKJOIN)));
        assertThat(vm.selectedExecutors()).containsExactly(ExecutorKind.FORKJOIN, ExecutorKind.VIRTUAL_LIMITED);
        assertThat(vm.scenarios()).extracting(Scenario::label).containsExactly("forkjoin(4)", "virtual-limited(10)");
        assertThat(vm.scenarios().getLast()).isEqualTo(scenario);
    }

    @Test
    void aPresetIsWhatRunStartsUntilASliderMoves() {
        var pinning = dev.loomscope.model.Preset.named("pinning", 2).orElseThrow();
        vm.loadPreset(pinning);
        assertThat(vm.presetProperty().get()).isSameAs(pinning);
        assertThat(vm.scenarios()).isEqualTo(pinning.scenarios());
        assertThat(vm.tasksProperty().get()).isEqualTo(40);
        assertThat(vm.selectedExecutors()).containsExactly(ExecutorKind.VIRTUAL);

        vm.tasksProperty().set(100);
        assertThat(vm.presetProperty().get()).isNull();
        assertThat(vm.scenarios()).singleElement().satisfies(s -> assertThat(s.tasks()).isEqualTo(100));
    }

    @Test
    void pageDownAndPageUpStepThroughTheListedPresetsAndWrapAround() {
        var pinning = dev.loomscope.model.Preset.named("pinning", 2).orElseThrow();
        var memory = dev.loomscope.model.Preset.named("memory", 2).orElseThrow();
        var semaphore = dev.loomscope.model.Preset.named("semaphore", 2).orElseThrow();
        vm.stepPreset(1);
        assertThat(vm.presetProperty().get()).as("nothing listed yet: nothing to step to").isNull();
        vm.presets().setAll(List.of(semaphore, pinning, memory));
        vm.stepPreset(1);
        assertThat(vm.presetProperty().get()).as("from custom settings, Page Down starts at the first").isSameAs(semaphore);
        vm.stepPreset(1);
        assertThat(vm.presetProperty().get()).isSameAs(pinning);
        assertThat(vm.tasksProperty().get()).as("the preset's settings are on the sliders").isEqualTo(40);
        vm.stepPreset(-1);
        vm.stepPreset(-1);
        assertThat(vm.presetProperty().get()).as("Page Up before the first wraps to the last").isSameAs(memory);
        vm.tasksProperty().set(3);
        vm.stepPreset(-1);
        assertThat(vm.presetProperty().get()).as("from custom settings, Page Up starts at the last").isSameAs(memory);
    }
}
