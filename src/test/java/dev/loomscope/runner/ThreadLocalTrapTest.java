package dev.loomscope.runner;

import dev.loomscope.launcher.RunListener;
import dev.loomscope.launcher.Runner;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The ThreadLocal trap, measured in real runner JVMs: a cache per thread is a cache per task on virtual threads. */
class ThreadLocalTrapTest {

    private static RunResult run(ExecutorKind kind) throws InterruptedException {
        var scenario = new Scenario(kind, 40, 4, 2, 5, 0, BlockingMode.SLEEP, 20, 8);
        return new Runner().run(scenario, RunOptions.DEFAULT.withoutJfr(), RunListener.NONE);
    }

    @Test
    void aPoolMakesOneObjectPerThreadAndVirtualThreadsOnePerTask() throws Exception {
        RunResult pool = run(ExecutorKind.FIXED);
        RunResult virtual = run(ExecutorKind.VIRTUAL);
        assertThat(pool.isCompleted()).isTrue();
        assertThat(pool.threadLocalsCreated()).isEqualTo(4);
        assertThat(virtual.threadLocalsCreated()).isEqualTo(40);
    }

    @Test
    void withoutTheCacheNothingIsCountedAndTheSizeIsChecked() throws Exception {
        var plain = new Runner().run(new Scenario(ExecutorKind.FIXED, 10, 2, 2, 1, 0, BlockingMode.SLEEP, 20),
                RunOptions.DEFAULT.withoutJfr(), RunListener.NONE);
        assertThat(plain.threadLocalsCreated()).isZero();
        assertThatThrownBy(() -> new Scenario(ExecutorKind.FIXED, 10, 2, 2, 1, 0, BlockingMode.SLEEP, 20, 4_096))
                .hasMessageContaining("thread-local-kb must be between 0 and 1,024");
        var scenario = new Scenario(ExecutorKind.VIRTUAL, 10, 2, 2, 1, 0, BlockingMode.SLEEP, 20, 16);
        assertThat(Scenario.fromArgs(scenario.toArgs())).isEqualTo(scenario);
    }
}
