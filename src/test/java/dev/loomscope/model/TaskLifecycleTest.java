package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.testing.Poll;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class TaskLifecycleTest {

    private static RunModel finished(Scenario scenario) throws Exception {
        var session = new RunSession(new FakeRunner(), RunOptions.DEFAULT);
        RunModel run = session.start(List.of(scenario)).getFirst();
        Poll.until("the run ended", Duration.ofSeconds(20), () -> !session.isRunning());
        return run;
    }

    @Test
    void aPooledTaskQueuesThenHoldsItsThreadWhileItWaits() throws Exception {
        // 12 tasks on a pool of 2: the last ones queue for waves before a thread takes them.
        RunModel run = finished(Scenario.of(ExecutorKind.FIXED).withTasks(12).withPool(2).withSleepMs(20).build());
        TaskLifecycle last = TaskLifecycle.of(run, 11);
        assertThat(last.steps()).extracting(TaskLifecycle.Step::what)
                .containsSubsequence("submitted", "blocked, holding its thread", "finished");
        assertThat(last.steps().get(1).what()).startsWith("started on thread");
        assertThat(last.queuedMs()).as("five waves of 20 ms before it").isGreaterThanOrEqualTo(80);
        assertThat(last.waitingMs()).isGreaterThanOrEqualTo(15);
        assertThat(last.slices()).hasSize(2).allMatch(slice -> slice.lane() >= 0);
        assertThat(last.carriersUsed()).as("a platform thread runs its task to the end").isEqualTo(1);
        assertThat(last.complete()).isTrue();
        double stepsInOrder = last.steps().stream().mapToDouble(TaskLifecycle.Step::atMs).reduce(-1, (a, b) -> b >= a ? b : Double.NaN);
        assertThat(stepsInOrder).as("in time order").isNotNaN();
    }

    @Test
    void aClickOnALaneFindsTheTaskRunningThereThen() throws Exception {
        RunModel run = finished(Scenario.of(ExecutorKind.FIXED).withTasks(12).withPool(2).withSleepMs(20).build());
        for (int task = 0; task < 12; task++) {
            for (var slice : TaskLifecycle.of(run, task).slices()) {
                if (slice.toNanos() > slice.fromNanos() + 1) {
                    assertThat(TaskLifecycle.taskRunningAt(run, slice.lane(), (slice.fromNanos() + slice.toNanos()) / 2))
                            .as("task %d's slice on %s", task, slice.laneName()).isEqualTo(task);
                }
            }
        }
        assertThat(TaskLifecycle.taskRunningAt(run, 0, -5)).as("before anything ran").isEqualTo(-1);
        assertThat(TaskLifecycle.of(run, 12)).as("no such task").isNull();
    }
}
