package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.Poll;
import dev.loomscope.testing.TestJvms;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A real pinning run in a runner JVM: every task JFR saw pinned is shown pinned. JFR's stream sent most of such a run's
 * pins without their thread (1,157 of 2,000: from about the 730th task on), and those tasks were shown done, not "done, was pinned".
 */
class PinnedTasksTest {

    @Test
    void everyTaskOfANativePinningRunIsShownPinnedAndEachPinNamesItsOwnThread() throws Exception {
        int tasks = 2_000;
        var session = new RunSession(TestJvms.runner(), RunOptions.DEFAULT);
        var scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(tasks).withSleepMs(5).withBlocking(BlockingMode.NATIVE).build();
        RunModel run = session.start(List.of(scenario)).getFirst();
        Poll.until("the run ended", Duration.ofSeconds(120), () -> !session.isRunning());

        assertThat(run.result().isCompleted()).as(run.result().message()).isTrue();
        assertThat(run.pins().size()).isEqualTo(tasks);
        byte[] states = run.states();
        for (int task = 0; task < tasks; task++) {
            assertThat(TaskState.pinned(states[task])).as("task %d shown pinned", task).isTrue();
        }
        var threads = new java.util.HashSet<Long>();
        for (int i = 0; i < tasks; i++) {
            threads.add(run.pins().get(i).event().threadId());
        }
        assertThat(threads).hasSize(tasks).doesNotContain(-1L);
    }
}
