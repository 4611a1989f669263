package dev.loomscope.model.window;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.Replay;
import dev.loomscope.model.RunFirstPolicy;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.SessionRuns;
import dev.loomscope.result.Delivery;
import dev.loomscope.result.RunResult;
import dev.loomscope.result.VmEvents;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the window shows, decided without a toolkit: the same questions the views used to ask the shell. */
class WindowStateTest {

    private static final int CORES = 2;
    private static final long MS = 1_000_000L;
    private static final Scenario POOL_10K = Scenario.of(ExecutorKind.FIXED).withCarriers(CORES).build();
    private static final Scenario VIRTUAL_10K = POOL_10K.withExecutor(ExecutorKind.VIRTUAL);

    /** A session as the window reads it, its runs set by the test. */
    private static final class Runs implements SessionRuns {
        int version;
        RunModel current;
        List<RunModel> comparison = List.of();
        final List<RunModel> history = new ArrayList<>();
        String problem;

        void started(RunModel... runs) {
            comparison = List.of(runs);
            history.addAll(comparison);
            current = runs[0];
            version++;
        }

        void ended() {
            current = null;
            version++;
        }

        public int version() { return version; }
        public boolean isRunning() { return current != null; }
        public RunModel current() { return current; }
        public List<RunModel> comparison() { return comparison; }
        public List<RunModel> history() { return List.copyOf(history); }
        public String problem() { return problem; }
        public int cores() { return CORES; }
    }

    private final Runs session = new Runs();
    private double spareCores = 2.0;
    private final WindowState state = new WindowState(session, new RunFirstPolicy(CORES), () -> spareCores);

    private static RunModel run(int number, Scenario s) {
        return new RunModel(number, s, CORES);
    }

    private static RunModel finished(RunModel run, double elapsedMs) {
        Scenario s = run.scenario();
        run.finish(new RunResult(s, RunResult.Outcome.COMPLETED, "", null, elapsedMs, IdealTime.millis(s, CORES), s.tasks(), s.tasks(), 0,
                1, 1, 10, 100, Delivery.NONE, VmEvents.NONE, 0, 0, 0));
        return run;
    }

    @Test
    void theShownRunIsTheReplayElseThePickElseTheRunUnderWayElseTheNewest() {
        assertThat(state.frame(0, null, null).shown()).as("before any run").isNull();
        RunModel pool = run(1, POOL_10K);
        RunModel burst = run(2, VIRTUAL_10K);
        session.started(pool, burst);
        assertThat(state.frame(0, null, null).shown()).isSameAs(pool);
        finished(pool, 5_100);
        session.current = burst;
        assertThat(state.frame(0, null, null).shown()).isSameAs(burst);
        state.pin(pool);
        assertThat(state.frame(0, null, null).shown()).as("the history's pick wins over the run under way").isSameAs(pool);
        assertThat(state.frame(0, null, null).live()).isTrue();
        assertThat(state.runAnimatedLive(state.frame(0, null, null))).as("a finished run painted instead: not the run under way").isNull();
        finished(burst, 200);
        session.ended();
        var replay = new Replay(burst);
        FrameContext replaying = state.frame(0, replay, null);
        assertThat(replaying.shown()).as("a replay wins over all").isSameAs(replay.replica());
        assertThat(replaying.comparison()).as("the replica stands for its run: the chart keeps the whole comparison")
                .containsExactly(pool, burst);
        assertThat(state.explanation(replaying.shown())).as("a replay is of a run that ended: its Why line all along")
                .isNotEmpty().isEqualTo(state.explanation(burst));
        state.runsStarted(null, false);
        assertThat(state.frame(0, null, null).shown()).as("new runs drop the pick; with none under way, the newest shows")
                .isSameAs(burst);
    }

    @Test
    void aBurstTooShortToWatchIsNotPaintedLiveItsFiguresMoveTwiceASecondAndItsEventsWaitForItsEnd() {
        RunModel burst = run(1, VIRTUAL_10K);
        session.started(burst);
        assertThat(state.defersEventsOf(VIRTUAL_10K)).isTrue();
        assertThat(state.defersEventsOf(POOL_10K)).as("5 s of waves are watched live").isFalse();
        FrameContext first = state.frame(1_000 * MS, null, null);
        assertThat(first.live()).isFalse();
        assertThat(first.recent()).as("no chart is drawn while still: their lists are not made").isEmpty();
        assertThat(first.comparison()).isEmpty();
        assertThat(first.figuresDue()).isTrue();
        assertThat(state.frame(1_200 * MS, null, null).figuresDue()).as("200 ms later: not yet").isFalse();
        assertThat(state.frame(1_600 * MS, null, null).figuresDue()).isTrue();
        assertThat(state.statusLine(burst)).contains("Running #1 virtual").contains("the window keeps still, too short to watch live");
    }

    @Test
    void aWatchableRunIsPaintedLiveUntilTheMachineHasNoCoreToSpare() {
        RunModel pool = run(1, POOL_10K);
        session.started(pool);
        FrameContext live = state.frame(1_000 * MS, null, null);
        assertThat(live.live()).isTrue();
        assertThat(state.runAnimatedLive(live)).as("the run whose JVM steps below the frames").isSameAs(pool);
        assertThat(state.frame(1_150 * MS, null, null).figuresDue()).as("ten times a second live").isTrue();
        spareCores = 0.2;
        FrameContext still = state.frame(1_200 * MS, null, null);
        assertThat(still.live()).isFalse();
        assertThat(state.runAnimatedLive(still)).as("kept still: the run keeps its priority").isNull();
        state.setAnimateLive(false);
        spareCores = 2.0;
        assertThat(state.frame(5_000 * MS, null, null).live()).as("animation off: never live").isFalse();
        state.setAlwaysAnimate(true);
        state.setAnimateLive(true);
        assertThat(state.defersEventsOf(VIRTUAL_10K)).as("the painting benchmark paints everything").isFalse();
    }

    @Test
    void whenTheRunsEndTheBurstTheWindowKeptStillThroughIsPlayedBackButNotAfterASweepOrInAScript() {
        RunModel pool = run(1, POOL_10K);
        RunModel burst = run(2, VIRTUAL_10K);
        session.started(pool, burst);
        assertThat(state.sessionChange().running()).isTrue();
        assertThat(state.sessionChange()).as("nothing new").isNull();
        state.frame(0, null, null);
        finished(pool, 5_100);
        session.current = burst;
        state.frame(MS, null, null);
        finished(burst, 200);
        session.ended();
        var change = state.sessionChange();
        assertThat(change.ended()).isTrue();
        assertThat(change.playBack()).isSameAs(burst);

        RunModel sweptBurst = run(3, VIRTUAL_10K);
        state.runsStarted(null, true);
        session.started(sweptBurst);
        state.sessionChange();
        state.frame(2 * MS, null, null);
        finished(sweptBurst, 200);
        session.ended();
        assertThat(state.sessionChange().playBack()).as("a sweep's point is its plot").isNull();

        RunModel scriptedBurst = run(4, VIRTUAL_10K);
        state.runsStarted(null, false);
        state.setPlaybackAfterRuns(false);
        session.started(scriptedBurst);
        state.sessionChange();
        state.frame(3 * MS, null, null);
        finished(scriptedBurst, 200);
        session.ended();
        assertThat(state.sessionChange().playBack()).as("a script's picture is of the end").isNull();
    }

    @Test
    void theRunsTopicIsReportedOnceTheyAreDoneSoTheStoryCanRevealItsNotice() {
        Object preset = "waiting-10k";
        state.runsStarted(preset, false);
        session.started(run(1, POOL_10K));
        assertThat(state.sessionChange().doneTopic()).isNull();
        session.ended();
        assertThat(state.sessionChange().doneTopic()).isSameAs(preset);
    }

    @Test
    void aProblemTheUserClosedDoesNotComeBackButANewOneDoes() {
        session.problem = "#1 fixed(200) failed: the runner JVM died";
        session.version++;
        state.sessionChange();
        assertThat(state.problem()).isEqualTo(session.problem);
        state.dismissProblem();
        assertThat(state.problem()).isNull();
        session.version++;
        state.sessionChange();
        assertThat(state.problem()).as("the same message again").isNull();
        session.problem = "#2 virtual failed: out of memory";
        session.version++;
        state.sessionChange();
        assertThat(state.problem()).isEqualTo(session.problem);
    }

    @Test
    void theStatusLineAndTheExplanationSayWhatTheShownRunTook() {
        RunModel pool = finished(run(1, POOL_10K), 5_100);
        assertThat(state.statusLine(pool)).isEqualTo("#1 fixed(200) took 5.1 s; a perfect world would take 5.0 s.");
        assertThat(state.explanation(pool)).startsWith("Why: ");
        assertThat(state.explanation(run(2, POOL_10K))).as("not before it ends").isEmpty();
        assertThat(state.statusLine(null)).isNull();
    }

    @Test
    void theCompletionChartComparesTheLastSixRunsThatRanAndTheShownOne() {
        for (int i = 1; i <= 8; i++) {
            session.started(finished(run(i, POOL_10K), 5_000));
            session.ended();
        }
        RunModel first = session.history.getFirst();
        state.pin(first);
        FrameContext frame = state.frame(0, null, null);
        assertThat(frame.recent()).hasSize(WindowState.CHART_RUNS + 1).endsWith(first);
        assertThat(frame.comparison()).as("an old run alone, outside the last comparison").containsExactly(first);
    }

    /** The completion chart's count of what it draws: the last six of the history's runs that ran, the pinned one too, a queued one in neither count. */
    @Test
    void theFrameCountsTheRunsTheCompletionChartLeavesOut() {
        for (int i = 1; i <= 9; i++) {
            session.started(finished(run(i, POOL_10K), 5_000));
            session.ended();
        }
        assertThat(state.frame(0, null, null).recentOfHistory()).isEqualTo(new FrameContext.RunsDrawn(6, 9));

        state.pin(session.history.getFirst());
        assertThat(state.frame(0, null, null).recentOfHistory()).as("an old run pinned").isEqualTo(new FrameContext.RunsDrawn(7, 9));

        state.pin(null);
        session.started(run(10, POOL_10K));
        FrameContext queued = state.frame(0, null, null);
        assertThat(queued.recent()).as("the queued run shown").endsWith(session.current);
        assertThat(queued.recentOfHistory()).isEqualTo(new FrameContext.RunsDrawn(6, 9));
        assertThat(queued.recentOfHistory().leavesSomeOut()).isTrue();
    }
}
