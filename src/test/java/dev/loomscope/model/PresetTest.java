package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import org.junit.jupiter.api.Test;

class PresetTest {

    @Test
    void everyClassicExperimentIsThereAndRunsOnATwoCoreMachine() {
        var presets = Preset.all(2);
        assertThat(presets).extracting(Preset::name).containsExactlyElementsOf(Preset.names());
        assertThat(presets).allSatisfy(p -> {
            assertThat(p.scenarios()).isNotEmpty().allSatisfy(s -> s.checkDuration(2));
            assertThat(p.predict()).endsWith("?");
            assertThat(p.notice()).isNotBlank();
        });
    }

    @Test
    void thePresetsCompareWhatTheClassicExperimentsCompared() {
        assertThat(Preset.named("waiting-10k", 2).orElseThrow().scenarios()).extracting(Scenario::label).containsExactly("fixed(200)", "virtual");
        assertThat(Preset.named("schedulers", 4).orElseThrow().scenarios()).extracting(Scenario::label)
                .containsExactly("single", "fixed(4)", "forkjoin(4)", "platform", "virtual");
        assertThat(Preset.named("semaphore", 2).orElseThrow().scenarios()).extracting(Scenario::label)
                .containsExactly("fixed(20)", "virtual-limited(20)");
        var pinning = Preset.named("pinning", 2).orElseThrow().scenarios();
        assertThat(pinning).extracting(Scenario::blocking).containsExactly(BlockingMode.SYNCHRONIZED, BlockingMode.NATIVE);
        assertThat(pinning).extracting(Scenario::executor).containsOnly(ExecutorKind.VIRTUAL);
        // 48 tasks counting primes to a million: the work is measured here, not made up.
        var cpu = Preset.named("cpu-48", 2).orElseThrow().scenarios();
        assertThat(cpu).allSatisfy(s -> {
            assertThat(s.tasks()).isEqualTo(48);
            assertThat(s.sleepMs()).isZero();
            assertThat(s.cpuMs()).isPositive();
        });
        var threadLocal = Preset.named("threadlocal", 2).orElseThrow().scenarios();
        assertThat(threadLocal).extracting(Scenario::label).containsExactly("fixed(200)", "virtual");
        assertThat(threadLocal).allSatisfy(s -> assertThat(s.threadLocalKb()).isPositive());
        assertThat(Preset.named("no-such-thing", 2)).isEmpty();
    }
}
