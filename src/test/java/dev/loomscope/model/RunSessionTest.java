package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.result.RunResult;
import dev.loomscope.launcher.Runner;
import dev.loomscope.scenario.Scenario;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A session runs comparisons one run at a time, through real runner JVMs. */
class RunSessionTest {

    private static Scenario scenario(ExecutorKind kind, int tasks, int sleepMs) {
        return Scenario.of(kind).withTasks(tasks).withPool(2).withSleepMs(sleepMs).build();
    }

    private static void waitUntilIdle(RunSession session, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (session.isRunning()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("session still running after " + timeout);
            }
            Thread.sleep(20);
        }
    }

    @Test
    void aComparisonRunsEachExecutorInTurnNeverTwoAtOnce() throws Exception {
        var session = new RunSession(new Runner(), RunOptions.DEFAULT.withoutJfr());
        List<RunModel> runs = session.start(List.of(scenario(ExecutorKind.FIXED, 8, 50), scenario(ExecutorKind.VIRTUAL, 8, 50)));
        assertThat(session.isRunning()).isTrue();
        assertThatThrownBy(() -> session.start(List.of(scenario(ExecutorKind.SINGLE, 1, 1)))).isInstanceOf(IllegalStateException.class);
        while (session.isRunning()) {
            // While the second runs, the first has finished: they never overlap.
            if (runs.get(1).phase() != RunModel.Phase.QUEUED) {
                assertThat(runs.get(0).phase()).isEqualTo(RunModel.Phase.FINISHED);
            }
            Thread.sleep(5);
        }
        assertThat(runs).allSatisfy(run -> assertThat(run.result().outcome()).isEqualTo(RunResult.Outcome.COMPLETED));
        assertThat(session.comparison()).containsExactlyElementsOf(runs);
        assertThat(session.history()).containsExactlyElementsOf(runs);
        assertThat(runs.get(0).number()).isEqualTo(1);
        assertThat(runs.get(1).title()).isEqualTo("#2 virtual");
    }

    @Test
    void stopEndsTheRunUnderWayAndDropsTheQueuedOnes() throws Exception {
        var session = new RunSession(new Runner(), RunOptions.DEFAULT.withoutJfr());
        List<RunModel> runs = session.start(List.of(scenario(ExecutorKind.SINGLE, 50, 100), scenario(ExecutorKind.VIRTUAL, 50, 100)));
        while (runs.getFirst().phase() != RunModel.Phase.RUNNING) {
            Thread.sleep(10);
        }
        session.stop();
        waitUntilIdle(session, Duration.ofSeconds(10));
        assertThat(runs.getFirst().result().outcome()).isEqualTo(RunResult.Outcome.CANCELLED);
        assertThat(runs.get(1).phase()).isEqualTo(RunModel.Phase.QUEUED);
        assertThat(session.comparison()).containsExactly(runs.getFirst());
        assertThat(session.history()).containsExactly(runs.getFirst());
    }

    @Test
    void aScenarioTooLongForThisMachineStartsNothing() {
        var session = new RunSession(new Runner(), RunOptions.DEFAULT);
        assertThatThrownBy(() -> session.start(List.of(scenario(ExecutorKind.VIRTUAL, 10, 10),
                scenario(ExecutorKind.SINGLE, 1_000_000, 5_000))))
                .isInstanceOf(InvalidScenarioException.class).hasMessageContaining("limit 1 h");
        assertThat(session.isRunning()).isFalse();
        assertThat(session.history()).isEmpty();
    }

    @Test
    void eachRunStartsOnceTheWindowsProcessHasGoneQuietAndAStopMeanwhileDropsItUnstarted() throws Exception {
        var session = new RunSession(new Runner(), RunOptions.DEFAULT.withoutJfr());
        // The first reading, then three busy steps (50 ms of CPU each), then quiet ones.
        var readings = new java.util.concurrent.atomic.AtomicInteger();
        session.settleBeforeEachRun(() -> Math.min(readings.incrementAndGet(), 4) * 50_000_000L);
        RunModel run = session.start(List.of(scenario(ExecutorKind.VIRTUAL, 2, 10))).getFirst();
        waitUntilIdle(session, Duration.ofSeconds(60));
        assertThat(run.result().outcome()).isEqualTo(RunResult.Outcome.COMPLETED);
        assertThat(readings.get()).as("the baseline, three busy steps, one quiet step").isEqualTo(5);

        // Never quiet: the run waits for the limit, and a stop meanwhile drops it before any JVM starts.
        var busy = new java.util.concurrent.atomic.AtomicLong();
        session.settleBeforeEachRun(() -> busy.addAndGet(100_000_000L));
        RunModel stopped = session.start(List.of(scenario(ExecutorKind.VIRTUAL, 2, 10))).getFirst();
        Thread.sleep(300);
        assertThat(session.current()).isSameAs(stopped);
        session.stop();
        waitUntilIdle(session, Duration.ofSeconds(10));
        assertThat(stopped.hello()).as("no runner JVM was started").isNull();
        assertThat(session.history()).doesNotContain(stopped);
        assertThat(session.comparison()).isEmpty();
    }
}
