package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomscope.launcher.RunHandle;
import dev.loomscope.launcher.RunListener;
import dev.loomscope.launcher.RunStarter;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.testing.Poll;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A session runs comparisons one run at a time; on a fake runner that holds each run part-way, every step can be seen. */
class RunSessionTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private static Scenario scenario(ExecutorKind kind, int tasks, int sleepMs) {
        return Scenario.of(kind).withTasks(tasks).withPool(2).withSleepMs(sleepMs).build();
    }

    private static void awaitIdle(RunSession session) throws Exception {
        Poll.until("the session idle", WAIT, () -> !session.isRunning());
    }

    @Test
    void aComparisonRunsEachExecutorInTurnNeverTwoAtOnce() throws Exception {
        var runner = new FakeRunner().holdingAt(0.5);
        var session = new RunSession(runner, RunOptions.DEFAULT.withoutJfr());
        var fixed = scenario(ExecutorKind.FIXED, 8, 50);
        var virtual = scenario(ExecutorKind.VIRTUAL, 8, 50);
        List<RunModel> runs = session.start(List.of(fixed, virtual));

        Poll.until("the first run under way", WAIT, () -> runner.heldNow() == 1);
        assertThat(session.isRunning()).isTrue();
        assertThat(runs).extracting(RunModel::phase).containsExactly(RunModel.Phase.RUNNING, RunModel.Phase.QUEUED);
        assertThatThrownBy(() -> session.start(List.of(scenario(ExecutorKind.SINGLE, 1, 1)))).isInstanceOf(IllegalStateException.class);

        runner.release();
        Poll.until("the second run under way", WAIT, () -> runner.heldNow() == 1 && runs.get(1).phase() == RunModel.Phase.RUNNING);
        assertThat(runs.getFirst().phase()).as("the first ended before the second began").isEqualTo(RunModel.Phase.FINISHED);
        runner.release();
        awaitIdle(session);

        assertThat(runner.mostAtOnce()).isEqualTo(1);
        assertThat(runner.started()).extracting(FakeRunner.Started::scenario).containsExactly(fixed, virtual);
        assertThat(runs).allSatisfy(run -> assertThat(run.result().outcome()).isEqualTo(RunResult.Outcome.COMPLETED));
        assertThat(session.comparison()).containsExactlyElementsOf(runs);
        assertThat(session.history()).containsExactlyElementsOf(runs);
        assertThat(runs.get(0).number()).isEqualTo(1);
        assertThat(runs.get(1).title()).isEqualTo("#2 virtual");
    }

    @Test
    void stopEndsTheRunUnderWayAndDropsTheQueuedOnes() throws Exception {
        var runner = new FakeRunner().holdingAt(0.5);
        var session = new RunSession(runner, RunOptions.DEFAULT.withoutJfr());
        List<RunModel> runs = session.start(List.of(scenario(ExecutorKind.SINGLE, 50, 100), scenario(ExecutorKind.VIRTUAL, 50, 100)));
        Poll.until("the first run under way", WAIT, () -> runner.heldNow() == 1);

        session.stop();
        awaitIdle(session);
        assertThat(runs.getFirst().result().outcome()).isEqualTo(RunResult.Outcome.CANCELLED);
        assertThat(runs.getFirst().result().message()).startsWith("Stopped after");
        assertThat(runs.get(1).phase()).isEqualTo(RunModel.Phase.QUEUED);
        assertThat(runner.started()).as("the queued run never started").hasSize(1);
        assertThat(session.comparison()).containsExactly(runs.getFirst());
        assertThat(session.history()).containsExactly(runs.getFirst());
    }

    @Test
    void aScenarioTooLongForThisMachineStartsNothing() {
        var runner = new FakeRunner();
        var session = new RunSession(runner, RunOptions.DEFAULT);
        assertThatThrownBy(() -> session.start(List.of(scenario(ExecutorKind.VIRTUAL, 10, 10),
                scenario(ExecutorKind.SINGLE, 1_000_000, 5_000))))
                .isInstanceOf(InvalidScenarioException.class).hasMessageContaining("limit 1 h");
        assertThat(session.isRunning()).isFalse();
        assertThat(session.history()).isEmpty();
        assertThat(runner.started()).isEmpty();
    }

    @Test
    void eachRunStartsOnceTheWindowsProcessHasGoneQuietAndAStopMeanwhileDropsItUnstarted() throws Exception {
        var runner = new FakeRunner();
        var session = new RunSession(runner, RunOptions.DEFAULT.withoutJfr());
        // The first reading, then three busy steps (50 ms of CPU each), then quiet ones.
        var readings = new AtomicInteger();
        session.settleBeforeEachRun(() -> Math.min(readings.incrementAndGet(), 4) * 50_000_000L);
        RunModel run = session.start(List.of(scenario(ExecutorKind.VIRTUAL, 2, 10))).getFirst();
        awaitIdle(session);
        assertThat(run.result().outcome()).isEqualTo(RunResult.Outcome.COMPLETED);
        assertThat(readings.get()).as("the baseline, three busy steps, one quiet step").isEqualTo(5);

        // Never quiet: the run waits (up to the limit), and a stop meanwhile drops it before it starts.
        var busyReadings = new AtomicInteger();
        var cpu = new AtomicLong();
        session.settleBeforeEachRun(() -> {
            busyReadings.incrementAndGet();
            return cpu.addAndGet(100_000_000L);
        });
        RunModel stopped = session.start(List.of(scenario(ExecutorKind.VIRTUAL, 2, 10))).getFirst();
        Poll.until("the session waiting for its process to go quiet", WAIT, () -> busyReadings.get() >= 2);
        assertThat(session.current()).isSameAs(stopped);
        session.stop();
        int readingsAtStop = busyReadings.get();
        awaitIdle(session);
        assertThat(busyReadings.get() - readingsAtStop).as("the wait ends at the stop, not at its limit").isLessThanOrEqualTo(1);
        assertThat(runner.started()).as("only the first run ever started").hasSize(1);
        assertThat(stopped.hello()).isNull();
        assertThat(session.history()).doesNotContain(stopped);
        assertThat(session.comparison()).isEmpty();
    }

    @Test
    void theWindowCompactsAfterEachRunHasEndedAndBeforeTheNextStarts() throws Exception {
        var runner = new FakeRunner();
        var session = new RunSession(runner, RunOptions.DEFAULT.withoutJfr());
        var seen = new java.util.concurrent.CopyOnWriteArrayList<String>();
        session.compactAfterEachRun(() -> seen.add("compact after " + session.history().stream()
                .filter(run -> run.phase() == RunModel.Phase.FINISHED).count() + " finished, " + runner.started().size() + " started"));

        session.start(List.of(scenario(ExecutorKind.VIRTUAL, 2, 10), scenario(ExecutorKind.FIXED, 2, 10)));
        awaitIdle(session);
        Poll.until("the compaction after the last run", WAIT, () -> seen.size() >= 2);

        assertThat(seen).containsExactly("compact after 1 finished, 1 started", "compact after 2 finished, 2 started");
    }

    @Test
    void aCompactionThatFailsStillLetsTheQueuedRunsStartAndTheSessionEnd() throws Exception {
        var runner = new FakeRunner();
        var session = new RunSession(runner, RunOptions.DEFAULT.withoutJfr());
        session.compactAfterEachRun(() -> {
            throw new IllegalStateException("no compaction here");
        });

        var runs = session.start(List.of(scenario(ExecutorKind.VIRTUAL, 2, 10), scenario(ExecutorKind.FIXED, 2, 10)));
        awaitIdle(session);

        assertThat(runner.started()).hasSize(2);
        assertThat(runs).allSatisfy(run -> assertThat(run.phase()).isEqualTo(RunModel.Phase.FINISHED));
    }

    /** A runner whose run ends with neither a result nor a failure: the run still ends, says so, and the next one starts. */
    @Test
    void aRunThatEndsWithNoResultStillEndsAndTheQueuedRunsStart() throws Exception {
        var started = new AtomicInteger();
        RunStarter nothingBack = new RunStarter() {
            @Override
            public int cores() {
                return 2;
            }

            @Override
            public RunHandle start(Scenario scenario, RunOptions options, RunListener listener) {
                started.incrementAndGet();
                var result = new CompletableFuture<RunResult>();
                Thread.ofPlatform().daemon().start(() -> result.complete(null));
                return new RunHandle() {
                    @Override
                    public Scenario scenario() {
                        return scenario;
                    }

                    @Override
                    public long pid() {
                        return -1;
                    }

                    @Override
                    public CompletableFuture<RunResult> result() {
                        return result;
                    }

                    @Override
                    public void cancel() {
                    }
                };
            }
        };
        var session = new RunSession(nothingBack, RunOptions.DEFAULT.withoutJfr());

        var runs = session.start(List.of(scenario(ExecutorKind.VIRTUAL, 2, 10), scenario(ExecutorKind.FIXED, 2, 10)));
        awaitIdle(session);

        assertThat(started).hasValue(2);
        assertThat(runs).allSatisfy(run -> {
            assertThat(run.phase()).isEqualTo(RunModel.Phase.FINISHED);
            assertThat(run.result().message()).isEqualTo("The run could not go on: its runner ended with no result");
        });
    }

    @Test
    void aRunFedByItsRunnerEndsWithEveryTaskDoneOnItsLanesAndCurve() throws Exception {
        var session = new RunSession(new FakeRunner(), RunOptions.DEFAULT);
        RunModel run = session.start(List.of(Scenario.of(ExecutorKind.FIXED).withTasks(40).withPool(4).withSleepMs(20).build())).getFirst();
        awaitIdle(session);
        assertThat(run.states()).containsOnly(TaskState.DONE);
        assertThat(run.curve().total()).isEqualTo(40);
        assertThat(run.figures(0).completed()).isEqualTo(40);
        assertThat(run.lanes().laneCount()).isEqualTo(4);
        assertThat(run.recording().size()).isEqualTo(40 * 5);
    }
}
