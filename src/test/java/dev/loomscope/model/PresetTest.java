package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.launcher.Jdks;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import java.nio.file.Path;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

class PresetTest {

    @Test
    void everyClassicExperimentIsThereAndRunsOnATwoCoreMachine() {
        var presets = Preset.all(2);
        assertThat(presets).extracting(Preset::name).containsExactlyElementsOf(Preset.names());
        // jep-491 in both forms, whatever JDKs this machine has: with a JDK 21 to 23 found, and its own JDK alone.
        var withBoth = new ArrayList<>(presets);
        withBoth.add(Preset.jep491(null));
        withBoth.add(Preset.jep491(new Jdks.Jdk("21.0.8", 21, Path.of("/usr/lib/jvm/jdk-21"))));
        assertThat(withBoth).allSatisfy(p -> {
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
            assertThat(s.cpuMs()).as("counting the primes to a million, ms").isGreaterThan(10);
        });
        var threadLocal = Preset.named("threadlocal", 2).orElseThrow().scenarios();
        assertThat(threadLocal).extracting(Scenario::label).containsExactly("fixed(200)", "virtual");
        assertThat(threadLocal).allSatisfy(s -> assertThat(s.threadLocalKb()).isPositive());
        assertThat(Preset.named("no-such-thing", 2)).isEmpty();
    }

    @Test
    void theConnectionPoolPresetIsBoundByItsPoolNotItsThreads() {
        var runs = Preset.named("connection-pool", 2).orElseThrow().scenarios();
        assertThat(runs).extracting(Scenario::executor).containsExactly(ExecutorKind.VIRTUAL, ExecutorKind.VIRTUAL, ExecutorKind.FIXED);
        assertThat(runs).extracting(Scenario::dbPool).containsExactly(10, 100, 10);
        assertThat(runs).allSatisfy(s -> assertThat(s.blocking()).isEqualTo(BlockingMode.JDBC));
        // A thousand virtual threads wait on ten connections in 100 waves, as ten platform threads do: the pool is the bound.
        var ideals = runs.stream().map(s -> dev.loomscope.scenario.IdealTime.millis(s, 2)).toList();
        double wave = runs.getFirst().sleepMs();
        assertThat(ideals).containsExactly(100 * wave, 10 * wave, 100 * wave);
        assertThat(runs.stream().map(s -> Explanation.bound(s, 2)).toList())
                .allSatisfy(why -> assertThat(why).contains("waves"))
                .first().asString().startsWith("The pool's 10 connections -> 100 waves");
    }
}
