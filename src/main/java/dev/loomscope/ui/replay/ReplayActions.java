package dev.loomscope.ui.replay;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.model.Playback;
import dev.loomscope.model.RunFirstPolicy;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.SessionRuns;
import dev.loomscope.model.window.WindowState;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Replay and race, as the keys and buttons ask for them: only after the runs (while one runs, a
 * replay would take CPU from what is measured), only of runs that ended and kept their events.
 */
public final class ReplayActions {

    private final Playback playback;
    private final SessionRuns session;
    private final Supplier<RunModel> shownRun;
    private final Consumer<String> status;
    private final Consumer<String> problem;

    public ReplayActions(Playback playback, SessionRuns session, Supplier<RunModel> shownRun, Consumer<String> status,
            Consumer<String> problem) {
        this.playback = playback;
        this.session = session;
        this.shownRun = shownRun;
        this.status = status;
        this.problem = problem;
    }

    /** Replays the shown run in slow motion (or pauses and resumes a replay going on). */
    public void replay() {
        if (playback.isActive()) {
            playback.setPlaying(!playback.isPlaying());
            return;
        }
        if (session.isRunning()) {
            problem.accept(Messages.text("replay.after-the-run"));
            return;
        }
        RunModel run = shownRun.get();
        if (run == null || run.phase() != RunModel.Phase.FINISHED) {
            problem.accept(Messages.text("replay.needs-ended-run"));
            return;
        }
        status.accept(Messages.text("replay.preparing", run.title()));
        playback.show(run).exceptionally(this::failed);
    }

    /** Races the last two finished runs of the session (a comparison of two: fixed against virtual). */
    public void race() {
        if (session.isRunning()) {
            problem.accept(Messages.text("replay.race.after-the-run"));
            return;
        }
        List<RunModel> finished = session.history().stream()
                .filter(r -> r.phase() == RunModel.Phase.FINISHED && r.recording() != null).toList();
        if (finished.size() < 2) {
            problem.accept(Messages.text("replay.race.needs-two-runs"));
            return;
        }
        playback.showRace(finished.get(finished.size() - 2), finished.getLast()).exceptionally(this::failed);
    }

    /**
     * Once the runs end: the run the window kept still through plays back in slow motion (as slow
     * as fits in a few seconds), so the audience sees the burst it could not watch live.
     */
    public void playBack(RunModel unseen) {
        if (playback.isActive()) {
            return;
        }
        double speed = RunFirstPolicy.playbackSpeed(unseen.result().elapsedMs());
        playback.setSpeed(speed);
        playback.show(unseen).thenRun(() -> status.accept(WindowState.playbackLine(unseen, speed))).exceptionally(this::failed);
    }

    public void close() {
        playback.hide();
    }

    private Void failed(Throwable error) {
        problem.accept(error.getMessage());
        return null;
    }
}
