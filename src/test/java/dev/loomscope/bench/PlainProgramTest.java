package dev.loomscope.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.scenario.Scenario;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlainProgramTest {

    /**
     * The yardstick runs with the runner's flags, and the benchmark reads its elapsed time from
     * standard output: any line a flag printed there (a CompileCommand does, unless quiet) would
     * break every comparison.
     */
    @Test
    void runsWithTheRunnersFlagsAndReportsOnlyItsElapsedTime() throws Exception {
        var twoWaves = Scenario.of(ExecutorKind.FIXED).withTasks(4).withPool(2).withSleepMs(50).build();
        double ms = new FidelityBenchmark(1, System.out, JvmLauncher.standard()).runPlain(twoWaves);
        // Two waves of 50 ms on a pool of 2.
        assertThat(ms).isGreaterThanOrEqualTo(100).isLessThan(5_000);
    }

    /**
     * The yardstick for what a run allocated: with a ThreadLocal cache of 16 KB objects, a pool of 2 makes 2 of them and a
     * virtual thread per task one a task, and the plain program's own count says so.
     */
    @Test
    void itCountsWhatItsTasksAllocated() throws Exception {
        var bench = new FidelityBenchmark(1, System.out, JvmLauncher.standard());
        var pooled = Scenario.of(ExecutorKind.FIXED).withTasks(200).withPool(2).withSleepMs(1).withThreadLocalKb(16).build();
        double objectMb = 16.0 / 1024; // MB of 2^20 bytes, as LoomScope counts them
        assertThat(bench.plain(pooled).allocatedMb()).as("2 objects, and the pool's own a task: far from one a task").isLessThan(20 * objectMb);
        assertThat(bench.plain(pooled.withExecutor(ExecutorKind.VIRTUAL)).allocatedMb()).as("an object a task").isBetween(200 * objectMb, 200 * objectMb + 2);
    }

    @Test
    void theBenchmarksJvmOptionsReachThePlainProgramToo() {
        var launcher = new JvmLauncher(List.of(), List.of("-XX:+NoSuchFlagAnywhere"));
        var scenario = Scenario.of(ExecutorKind.FIXED).withTasks(1).withPool(1).withCarriers(1).withSleepMs(1).build();
        assertThatThrownBy(() -> new FidelityBenchmark(1, System.out, launcher).runPlain(scenario))
                .isInstanceOf(IOException.class).hasMessageContaining("plain program failed");
    }
}
