package dev.loomscope.runner;

import dev.loomscope.launcher.RunListener;
import dev.loomscope.launcher.Runner;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The ThreadLocal trap, measured in real runner JVMs: a cache per thread is a cache per task on virtual threads. */
class ThreadLocalTrapTest {

    private static RunResult run(ExecutorKind kind) throws InterruptedException {
        var scenario = Scenario.of(kind).withTasks(40).withPool(4).withSleepMs(5).withThreadLocalKb(8).build();
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
        var plain = new Runner().run(Scenario.of(ExecutorKind.FIXED).withTasks(10).withPool(2).withSleepMs(1).build(),
                RunOptions.DEFAULT.withoutJfr(), RunListener.NONE);
        assertThat(plain.threadLocalsCreated()).isZero();
        assertThatThrownBy(() -> Scenario.of(ExecutorKind.FIXED).withTasks(10).withPool(2).withSleepMs(1).withThreadLocalKb(4_096).build())
                .hasMessageContaining("thread-local-kb must be between 0 and 1,024");
        var scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(10).withSleepMs(1).withThreadLocalKb(16).build();
        assertThat(Scenario.fromArgs(scenario.toArgs())).isEqualTo(scenario);
    }
}
