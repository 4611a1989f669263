package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/** The playback's clock with no toolkit: runs made of synthesised events, frames at chosen times. */
class PlaybackTest {

    private static final long MS = 1_000_000L;
    private static final long START = 5_000 * MS;
    /** Prepares and hands over at once, on the test's thread. */
    private static final Executor AT_ONCE = Runnable::run;

    private static Playback showing(RunModel run) throws Exception {
        var playback = new Playback(AT_ONCE, AT_ONCE);
        playback.show(run).get();
        return playback;
    }

    private static long done(RunModel replica) {
        return replica.figures(0).completed();
    }

    @Test
    void aShownRunPlaysFromItsStartAtTheChosenSpeed() throws Exception {
        RunModel run = FinishedRuns.twoWaves();
        var playback = showing(run);
        assertThat(playback.isActive()).isTrue();
        assertThat(playback.isPlaying()).isTrue();
        assertThat(playback.replay().source()).isSameAs(run);
        assertThat(playback.current()).isSameAs(playback.replay());
        assertThat(playback.shownRun()).isSameAs(playback.replay().replica());
        assertThat(playback.race()).isNull();
        assertThat(playback.durationMs()).isEqualTo(200);
        assertThat(playback.speed()).as("slow motion by default").isEqualTo(0.1);

        playback.setSpeed(0.5);
        playback.frame(START);
        assertThat(playback.positionMs()).as("the first frame only starts the clock").isZero();
        playback.frame(START + 100 * MS);
        assertThat(playback.positionMs()).isCloseTo(50, within(1e-9));
        assertThat(done(playback.shownRun())).as("the first wave ends at 100 ms").isZero();

        playback.changeSpeed(1);
        assertThat(playback.speed()).isEqualTo(1.0);
        playback.frame(START + 200 * MS);
        assertThat(playback.positionMs()).isCloseTo(150, within(1e-9));
        assertThat(done(playback.shownRun())).isEqualTo(2);
    }

    @Test
    void pausedTheClockStandsStillAndResumingDoesNotJumpOverThePause() throws Exception {
        var playback = showing(FinishedRuns.twoWaves());
        playback.setSpeed(1.0);
        playback.frame(START);
        playback.frame(START + 40 * MS);
        playback.setPlaying(false);
        playback.frame(START + 90 * MS);
        assertThat(playback.isPlaying()).isFalse();
        assertThat(playback.positionMs()).isCloseTo(40, within(1e-9));

        playback.setPlaying(true);
        playback.frame(START + 1_000 * MS);
        assertThat(playback.positionMs()).as("the pause is not played").isCloseTo(40, within(1e-9));
        playback.frame(START + 1_010 * MS);
        assertThat(playback.positionMs()).isCloseTo(50, within(1e-9));
    }

    @Test
    void aScrubHappensAtTheNextFrameOnlyTheLastOfAFrameAndGoingBackShowsTheRunAsItWasThen() throws Exception {
        var playback = showing(FinishedRuns.twoWaves());
        playback.setPlaying(false);
        playback.scrubTo(30);
        playback.scrubTo(150);
        assertThat(playback.positionMs()).as("not before the frame").isZero();
        playback.frame(START);
        assertThat(playback.positionMs()).isEqualTo(150);
        assertThat(done(playback.shownRun())).isEqualTo(2);

        playback.scrubTo(20);
        playback.frame(START + 10 * MS);
        assertThat(playback.positionMs()).isEqualTo(20);
        assertThat(done(playback.shownRun())).as("the replica rebuilt to 20 ms").isZero();

        // Playing, the frame that carries out a scrub does not also add its time.
        playback.setSpeed(1.0);
        playback.setPlaying(true);
        playback.frame(START + 20 * MS);
        playback.scrubTo(120);
        playback.frame(START + 70 * MS);
        assertThat(playback.positionMs()).isEqualTo(120);
        playback.frame(START + 80 * MS);
        assertThat(playback.positionMs()).isCloseTo(130, within(1e-9));
    }

    @Test
    void atItsEndThePlaybackPausesShowingTheWholeRunAndPlayAgainStartsOver() throws Exception {
        RunModel run = FinishedRuns.twoWaves();
        var playback = showing(run);
        playback.setSpeed(2.0);
        playback.frame(START);
        playback.frame(START + 60 * MS);
        assertThat(playback.isPlaying()).isTrue();
        playback.frame(START + 500 * MS);
        assertThat(playback.positionMs()).isEqualTo(200);
        assertThat(playback.isPlaying()).isFalse();
        assertThat(playback.shownRun().phase()).isEqualTo(RunModel.Phase.FINISHED);
        assertThat(playback.shownRun().states()).isEqualTo(run.states());

        playback.setPlaying(true);
        assertThat(playback.positionMs()).isZero();
        assertThat(done(playback.shownRun())).isZero();
        assertThat(playback.isPlaying()).isTrue();
    }

    @Test
    void aRaceRunsBothRunsOnOneClockUntilTheSlowerEnds() throws Exception {
        RunModel pool = FinishedRuns.twoWaves();
        RunModel virtual = FinishedRuns.oneWave();
        var playback = new Playback(AT_ONCE, AT_ONCE);
        playback.showRace(pool, virtual).get();
        assertThat(playback.race()).isNotNull();
        assertThat(playback.current()).isSameAs(playback.race());
        assertThat(playback.replay()).isNull();
        assertThat(playback.shownRun()).as("a race has no single run for the views").isNull();
        assertThat(playback.durationMs()).isEqualTo(200);

        playback.setSpeed(1.0);
        playback.frame(START);
        playback.frame(START + 150 * MS);
        var replays = playback.race().replays();
        assertThat(done(replays.get(1).replica())).as("virtual threads are done").isEqualTo(4);
        assertThat(done(replays.get(0).replica())).as("the pool is in its second wave").isEqualTo(2);

        playback.frame(START + 250 * MS);
        assertThat(playback.isPlaying()).isFalse();
        assertThat(replays.get(0).replica().states()).isEqualTo(pool.states());
        assertThat(replays.get(1).replica().states()).isEqualTo(virtual.states());
    }

    @Test
    void aReplayIsPreparedOffTheOwnersThreadAndShowsOnlyOnceHandedBack() throws Exception {
        Queue<Runnable> preparing = new ArrayDeque<>();
        Queue<Runnable> handedBack = new ArrayDeque<>();
        var playback = new Playback(preparing::add, handedBack::add);
        var shown = playback.show(FinishedRuns.twoWaves());
        assertThat(playback.isActive()).isFalse();

        preparing.remove().run();
        assertThat(shown).isNotDone();
        assertThat(playback.isActive()).as("prepared, not yet handed to the owner").isFalse();

        handedBack.remove().run();
        assertThat(shown).isCompleted();
        assertThat(playback.isActive()).isTrue();
        assertThat(playback.isPlaying()).isTrue();
    }

    @Test
    void aRunWithoutItsRecordingFailsTheFutureAndLeavesThePlaybackAsItWas() throws Exception {
        var playback = showing(FinishedRuns.twoWaves());
        var stillRunning = new RunModel(3, FinishedRuns.twoWaves().scenario(), 2);
        var shown = playback.show(stillRunning);
        assertThatThrownBy(shown::get).isInstanceOf(ExecutionException.class).hasRootCauseInstanceOf(IllegalArgumentException.class)
                .rootCause().hasMessageContaining("no recording");
        assertThat(playback.replay().source().number()).isEqualTo(1);
    }

    @Test
    void hiddenNothingPlaysAndTheSpeedStaysForTheNextOne() throws Exception {
        var playback = showing(FinishedRuns.twoWaves());
        playback.setSpeed(0.25);
        playback.hide();
        assertThat(playback.isActive()).isFalse();
        assertThat(playback.isPlaying()).isFalse();
        assertThat(playback.current()).isNull();
        assertThat(playback.replay()).isNull();
        assertThat(playback.shownRun()).isNull();
        assertThat(playback.positionMs()).isZero();
        playback.setPlaying(true);
        assertThat(playback.isPlaying()).as("nothing to play").isFalse();
        playback.frame(START);

        playback.show(FinishedRuns.oneWave()).get();
        assertThat(playback.speed()).isEqualTo(0.25);
    }

    @Test
    void theSpeedStepsAlongItsListAndStopsAtEitherEnd() {
        var playback = new Playback(AT_ONCE, AT_ONCE);
        playback.changeSpeed(-1);
        assertThat(playback.speed()).isEqualTo(Playback.SPEEDS.getFirst());
        playback.changeSpeed(2);
        assertThat(playback.speed()).isEqualTo(Playback.SPEEDS.get(2));
        playback.changeSpeed(10);
        assertThat(playback.speed()).isEqualTo(Playback.SPEEDS.getLast());
        assertThatThrownBy(() -> playback.setSpeed(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
