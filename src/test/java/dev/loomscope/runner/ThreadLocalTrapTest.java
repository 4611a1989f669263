package dev.loomscope.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomscope.runner.telemetry.EventLog;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.scenario.Sharing;
import java.util.List;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.Test;

/**
 * The ThreadLocal trap, in the tasks' own code on the executors a runner makes: a cache per thread
 * is a cache per task on virtual threads. That the count reaches the result through a runner JVM,
 * for every executor, is checked in the launcher's RunnerTest.
 */
class ThreadLocalTrapTest {

    /** Runs {@code scenario}'s tasks to their end on its executor, as the runner does, and counts the objects its cache made. */
    private static long objectsMade(Scenario scenario) {
        var workload = new Workload(scenario, new EventLog(4, 1_024), CpuWork.withRate(0), false);
        try (ExecutorService executor = ScenarioExecutors.create(scenario)) {
            for (int task = 0; task < scenario.tasks(); task++) {
                executor.execute(workload.task(task));
            }
        }
        return workload.threadLocalsCreated();
    }

    private static Scenario withCache(ExecutorKind kind) {
        return Scenario.of(kind).withTasks(40).withPool(4).withSleepMs(5).withThreadLocalKb(8).build();
    }

    @Test
    void aPoolMakesOneObjectPerThreadAndVirtualThreadsOnePerTask() {
        assertThat(objectsMade(withCache(ExecutorKind.FIXED))).isEqualTo(4);
        assertThat(objectsMade(withCache(ExecutorKind.VIRTUAL))).isEqualTo(40);
    }

    @Test
    void aScopedValueMakesOneObjectForEveryTaskOnEveryExecutor() {
        for (ExecutorKind kind : List.of(ExecutorKind.FIXED, ExecutorKind.VIRTUAL, ExecutorKind.PLATFORM)) {
            var scoped = withCache(kind).withSharing(Sharing.SCOPED_VALUE);
            assertThat(objectsMade(scoped)).as(kind.cliName()).isEqualTo(1);
            assertThat(Scenario.fromArgs(scoped.toArgs())).as("the runner reads it back").isEqualTo(scoped);
        }
        assertThat(Scenario.fromArgs(withCache(ExecutorKind.VIRTUAL).toArgs()).sharing()).isEqualTo(Sharing.THREAD_LOCAL);
    }

    @Test
    void withoutTheCacheNothingIsCountedAndTheSizeIsChecked() {
        assertThat(objectsMade(withCache(ExecutorKind.FIXED).withThreadLocalKb(0))).isZero();
        assertThatThrownBy(() -> withCache(ExecutorKind.FIXED).withThreadLocalKb(4_096))
                .hasMessageContaining("thread-local-kb must be between 0 and 1,024");
        var scenario = withCache(ExecutorKind.VIRTUAL).withThreadLocalKb(16);
        assertThat(Scenario.fromArgs(scenario.toArgs())).isEqualTo(scenario);
    }
}
