package dev.loomscope.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.launcher.Jdks;
import dev.loomscope.model.Preset;
import dev.loomscope.scenario.Scenario;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run's name is how a learner tells its figures from the next run's, in the window, the predictions, the notes,
 * the command line's table and the exports. Before it had one source, the predictions named the ScopedValue
 * experiment's two runs "virtual" and "virtual", and `loomscope run` printed nine rows of "virtual" for blocking-kinds.
 */
class RunLabelTest {

    private static final Jdks.Jdk JDK_21 = new Jdks.Jdk("21.0.8", 21, Path.of("/usr/lib/jvm/jdk-21"));

    @Test
    void noTwoRunsOfAnExperimentShareAName() {
        for (Preset preset : Preset.all(2)) {
            List<String> names = preset.scenarios().stream().map(RunLabel::of).toList();
            assertThat(names).as("the runs of %s", preset.name()).doesNotHaveDuplicates();
        }
    }

    @Test
    void aNameSaysWhatSetsTheRunApart() {
        assertThat(labelsOf("connection-pool")).containsExactly("virtual, jdbc(10)", "virtual, jdbc(100)", "fixed(10), jdbc(10)");
        assertThat(labelsOf("scopedvalue")).containsExactly("virtual", "virtual, ScopedValue");
        assertThat(labelsOf("pinning")).containsExactly("virtual, synchronized", "virtual, native");
        // jep-491 as on a machine with a JDK 21 (CI fetches one) and without: its own JDK's run is named alike in both.
        assertThat(Preset.jep491(JDK_21).scenarios()).extracting(RunLabel::of).containsExactly("virtual, synchronized \u00b7 JDK\u00a021",
                "virtual, synchronized");
        assertThat(Preset.jep491(null).scenarios()).extracting(RunLabel::of).containsExactly("virtual, synchronized");
        assertThat(labelsOf("schedulers")).containsExactly("single", "fixed(2)", "forkjoin(2)", "platform", "virtual");
    }

    @Test
    void aFinishedRunIsNamedByTheJdkItsRunnerSaidItWas() {
        Scenario later = Preset.named("jep-491", 2).orElseThrow().scenarios().getLast();
        assertThat(RunLabel.of(later, "21.0.8+9-LTS")).isEqualTo("virtual, synchronized \u00b7 JDK\u00a021");
        assertThat(RunLabel.of(later, Runtime.version().toString())).isEqualTo("virtual, synchronized");
    }

    /**
     * A sweep's line keeps one name while the swept setting changes, and keeps every other part: before, its names were
     * cut by hand, so a sweep of tasks named a fixed(200) line "fixed" and a jdbc(10) line "virtual, jdbc".
     */
    @Test
    void aSweepsLineLeavesOutTheSweptSettingAlone() {
        var pooled = Preset.named("connection-pool", 2).orElseThrow().scenarios().getLast();
        assertThat(RunLabel.without(pooled, dev.loomscope.model.Sweep.swept("tasks"))).isEqualTo("fixed(10), jdbc(10)");
        assertThat(RunLabel.without(pooled, dev.loomscope.model.Sweep.swept("pool"))).isEqualTo("fixed, jdbc(10)");
        assertThat(RunLabel.without(pooled, dev.loomscope.model.Sweep.swept("db-pool"))).isEqualTo("fixed(10), jdbc");
        Scenario older = Preset.named("jep-491", 2).orElseThrow().scenarios().getLast().withJdk("21");
        assertThat(RunLabel.without(older, dev.loomscope.model.Sweep.swept("carriers"))).isEqualTo("virtual, synchronized \u00b7 JDK\u00a021");
        assertThat(RunLabel.without(older, dev.loomscope.model.Sweep.swept("jdk"))).isEqualTo("virtual, synchronized");
        // "structured scope" has no pool in brackets to leave out.
        var structured = Preset.named("structured", 2).orElseThrow().scenarios().getFirst();
        assertThat(RunLabel.without(structured, dev.loomscope.model.Sweep.swept("pool"))).isEqualTo(RunLabel.of(structured));
    }

    private static List<String> labelsOf(String preset) {
        return Preset.named(preset, 2).orElseThrow().scenarios().stream().map(RunLabel::of).toList();
    }
}
