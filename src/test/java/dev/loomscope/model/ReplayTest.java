package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.testing.Poll;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A replay of a run ends where the run ended, and shows the run part-way in between. The runs
 * come from a fake runner: a stream like a runner JVM's, only roughly in time order as the runner's
 * rings deliver it, without starting a JVM.
 */
class ReplayTest {

    private static RunModel finishedRun(Scenario scenario) throws Exception {
        var session = new RunSession(new FakeRunner(), RunOptions.DEFAULT);
        RunModel run = session.start(List.of(scenario)).getFirst();
        Poll.until("the run ended", Duration.ofSeconds(10), () -> !session.isRunning());
        return run;
    }

    @Test
    void replayingToTheEndReachesTheSameStateAsTheLiveRun() throws Exception {
        RunModel live = finishedRun(Scenario.of(ExecutorKind.FIXED).withTasks(40).withPool(4).withSleepMs(20).build());
        var replay = new Replay(live);
        assertThat(replay.eventsRecorded()).isEqualTo(40 * 5);
        assertThat(replay.durationMs()).isGreaterThanOrEqualTo(200);

        // Half-way: a fixed pool of 4 has done about half its 10 waves.
        replay.seek(replay.durationMs() / 2);
        RunModel replica = replay.replica();
        assertThat(replica.figures(0).completed()).isBetween(1L, 39L);
        assertThat(replica.figures(0).elapsedMs()).isEqualTo(replay.durationMs() / 2);

        replay.seek(replay.durationMs());
        assertThat(replay.atEnd()).isTrue();
        assertThat(replica.phase()).isEqualTo(RunModel.Phase.FINISHED);
        assertThat(replica.states()).isEqualTo(live.states());
        assertThat(replica.figures(0).completed()).isEqualTo(40);
        assertThat(replica.curve().total()).isEqualTo(live.curve().total());
        float[] liveLanes = live.lanes().occupancy(0, (long) (replay.durationMs() * 1e6), 4, null);
        float[] replayedLanes = replica.lanes().occupancy(0, (long) (replay.durationMs() * 1e6), 4, null);
        for (int i = 0; i < liveLanes.length; i++) {
            assertThat(replayedLanes[i]).as("lane share " + i).isCloseTo(liveLanes[i], within(0.02f));
        }
    }

    @Test
    void goingBackRebuildsTheRunAsItWasThen() throws Exception {
        RunModel live = finishedRun(Scenario.of(ExecutorKind.SINGLE).withTasks(10).withSleepMs(20).build());
        var replay = new Replay(live);
        replay.seek(replay.durationMs());
        replay.seek(replay.durationMs() * 0.3);
        long early = replay.replica().figures(0).completed();
        assertThat(early).isLessThan(10);
        replay.seek(replay.durationMs());
        assertThat(replay.replica().figures(0).completed()).isEqualTo(10);
    }

    @Test
    void aRunWithoutItsRecordingCannotBeReplayed() throws Exception {
        RunModel live = finishedRun(Scenario.of(ExecutorKind.VIRTUAL).withTasks(5).withSleepMs(1).build());
        live.dropRecording();
        assertThatThrownBy(() -> new Replay(live)).hasMessageContaining("no recording");
    }

    @Test
    void aRaceRunsTwoReplaysOnOneClockForAsLongAsTheSlowerOne() throws Exception {
        RunModel slow = finishedRun(Scenario.of(ExecutorKind.FIXED).withTasks(20).withPool(2).withSleepMs(20).build());
        RunModel fast = finishedRun(Scenario.of(ExecutorKind.VIRTUAL).withTasks(20).withSleepMs(20).build());
        var race = new Race(slow, fast);
        assertThat(race.durationMs()).isEqualTo(Math.max(new Replay(slow).durationMs(), new Replay(fast).durationMs()));
        // When the virtual run is done, the pool of 2 is still working through its 10 waves.
        race.seek(new Replay(fast).durationMs());
        assertThat(race.replays().get(1).replica().figures(0).completed()).isEqualTo(20);
        assertThat(race.replays().get(0).replica().figures(0).completed()).isLessThan(20);
        race.seek(race.durationMs());
        assertThat(race.atEnd()).isTrue();
        assertThat(race.replays().get(0).replica().states()).isEqualTo(slow.states());
        assertThat(race.replays().get(1).replica().states()).isEqualTo(fast.states());
    }
}
