package dev.loomscope.model.window;

import dev.loomscope.model.Explanation;
import dev.loomscope.model.MachineLoad;
import dev.loomscope.model.Race;
import dev.loomscope.model.Replay;
import dev.loomscope.model.RunFirstPolicy;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.SessionRuns;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Durations;
import dev.loomscope.text.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * What the window shows, without the toolkit: which run every view draws, the runs it is compared
 * with, whether the run under way is painted live or kept still (the run comes first), presentation
 * mode, the problem to show, and the status line. The shell asks it once per frame for a
 * {@link FrameContext} and hands that to every view; tests drive it with plain run models.
 */
public final class WindowState {

    /** Runs drawn in the completion chart: more would be lines nobody can tell apart. */
    public static final int CHART_RUNS = 6;
    private static final long FIGURES_LIVE_NANOS = 100_000_000L;
    private static final long TWICE_A_SECOND_NANOS = 500_000_000L;

    private final SessionRuns session;
    private final RunFirstPolicy runFirst;
    private final DoubleSupplier spareCores;

    private boolean presentation;
    private boolean animateLive = true;
    private boolean alwaysAnimate;
    private boolean playbackAfterRuns = true;
    private RunModel pinned;
    private boolean runsAreASweep;
    private Object topicOfRuns;
    private String problem;
    private String dismissedProblem;
    private int seenVersion = -1;
    private boolean wasRunning;
    private long lastFiguresNanos;
    private long lastStatusNanos;

    /** @param spareCores how much of a core the rest of the machine leaves the window now */
    public WindowState(SessionRuns session, RunFirstPolicy runFirst, DoubleSupplier spareCores) {
        this.session = session;
        this.runFirst = runFirst;
        this.spareCores = spareCores;
    }

    /** The window's usual state: the machine's load read from {@code /proc/stat}. */
    public static WindowState of(SessionRuns session) {
        var load = new MachineLoad(session.cores());
        return new WindowState(session, new RunFirstPolicy(session.cores()), () -> load.spareCores(System.nanoTime()));
    }

    // ---- the frame ----

    /**
     * Decides this frame: what is shown, compared and painted. {@code replay} and {@code race} are
     * the playback's (null when none); a race replaces the views, so the rest is then moot.
     */
    public FrameContext frame(long now, Replay replay, Race race) {
        RunModel shown = shownRun(replay);
        RunModel current = session.current();
        boolean still = shown != null && shown == current && !animateNow(current, now);
        long figuresEvery = still ? TWICE_A_SECOND_NANOS : FIGURES_LIVE_NANOS;
        boolean figuresDue = now - lastFiguresNanos > figuresEvery;
        if (figuresDue) {
            lastFiguresNanos = now;
        }
        boolean statusDue = now - lastStatusNanos > TWICE_A_SECOND_NANOS;
        if (statusDue) {
            lastStatusNanos = now;
        }
        List<RunModel> history = session.history();
        // Kept still, the frame refreshes only the figures, the history and the status: the charts' lists are not made.
        return new FrameContext(now, shown, still ? List.of() : recentRuns(history, shown), still ? List.of() : comparisonOf(shown, replay),
                history, race, !still, figuresDue, statusDue, presentation);
    }

    /** Whether the session has a run under way (or queued to follow). */
    public boolean sessionRunning() {
        return session.isRunning();
    }

    /** The run under way if this frame paints it live (not kept still, not a replay or a finished run shown instead), else null. */
    public RunModel runAnimatedLive(FrameContext frame) {
        RunModel current = session.current();
        return frame.live() && current != null && frame.shown() == current ? current : null;
    }

    /** The replay if one is going, else the run picked in the history, else the one under way, else the newest. */
    public RunModel shownRun(Replay replay) {
        if (replay != null) {
            return replay.replica();
        }
        if (pinned != null) {
            return pinned;
        }
        RunModel current = session.current();
        if (current != null) {
            return current;
        }
        List<RunModel> comparison = session.comparison();
        for (RunModel run : comparison.reversed()) {
            if (run.phase() != RunModel.Phase.QUEUED) {
                return run;
            }
        }
        return comparison.isEmpty() ? null : comparison.getFirst();
    }

    private static List<RunModel> recentRuns(List<RunModel> history, RunModel shown) {
        var recent = new ArrayList<RunModel>();
        for (RunModel run : history.reversed()) {
            if (run.phase() != RunModel.Phase.QUEUED && recent.size() < CHART_RUNS) {
                recent.addFirst(run);
            }
        }
        if (shown != null && !recent.contains(shown)) {
            recent.addLast(shown);
        }
        return recent;
    }

    private List<RunModel> comparisonOf(RunModel shown, Replay replay) {
        if (shown == null) {
            return List.of();
        }
        RunModel run = replay != null && replay.replica() == shown ? replay.source() : shown;
        List<RunModel> comparison = session.comparison();
        return comparison.contains(run) ? comparison.stream().filter(r -> r.phase() != RunModel.Phase.QUEUED).toList() : List.of(shown);
    }

    /**
     * Whether to paint the run under way this frame. "Animate while running" off: never. On: as the
     * run-first policy says (a run too short to watch, a CPU-bound run, or a machine with no core to
     * spare gets only its clock), unless a benchmark of the painting itself asked for every frame.
     */
    private boolean animateNow(RunModel current, long now) {
        if (!animateLive) {
            return false;
        }
        boolean live = runFirst.animate(current, spareCores.getAsDouble(), now);
        // Its events wait for its end: until then there is nothing to draw but the clock.
        return !current.defersEvents() && (live || alwaysAnimate);
    }

    /** Whether a run of this scenario may skip applying its events until it ends: the window will not paint it live. */
    public boolean defersEventsOf(dev.loomscope.scenario.Scenario scenario) {
        return !alwaysAnimate && (!animateLive || !RunFirstPolicy.watchableLive(scenario, session.cores()));
    }

    // ---- what the session did since the last frame ----

    /** What changed in the session since it was last asked: null when nothing did. */
    public SessionChange sessionChange() {
        int version = session.version();
        if (version == seenVersion) {
            return null;
        }
        seenVersion = version;
        boolean running = session.isRunning();
        boolean ended = wasRunning && !running;
        wasRunning = running;
        RunModel playBack = null;
        if (ended && animateLive) {
            List<RunModel> comparison = session.comparison();
            RunModel unseen = runFirst.playbackOf(comparison);
            runFirst.forget(comparison);
            if (unseen != null && playbackAfterRuns && !alwaysAnimate && !runsAreASweep && pinned == null && unseen.recording() != null) {
                playBack = unseen;
            }
        }
        String failed = session.problem();
        if (failed != null && !failed.equals(dismissedProblem)) {
            problem = failed;
        }
        return new SessionChange(running, ended, playBack, !running ? topicOfRuns : null);
    }

    /**
     * @param running   whether runs are under way
     * @param ended     the runs have just ended
     * @param playBack  the run the window kept still through, to play back now in slow motion, or null
     * @param doneTopic what the runs that are done were started for (a preset), or null
     */
    public record SessionChange(boolean running, boolean ended, RunModel playBack, Object doneTopic) {
    }

    /** New runs started: the views follow them (the history's pick is dropped). */
    public void runsStarted(Object topic, boolean sweep) {
        topicOfRuns = topic;
        runsAreASweep = sweep;
        pinned = null;
    }

    // ---- the status line and the explanation ----

    /** The status line: the run under way and why the window keeps still, or what the shown run took. Null keeps the last. */
    public String statusLine(RunModel shown) {
        RunModel current = session.current();
        if (current != null) {
            var hello = current.hello();
            String still = runFirst.mode().reason() == null || !animateLive ? ""
                    : Text.get("status.running.still", runFirst.mode().reason());
            return Text.get("status.running", current.title(),
                    hello == null ? "" : Text.get("status.running.runner", hello.pid(), hello.javaVersion()), still);
        }
        if (shown == null || shown.result() == null) {
            return null;
        }
        RunResult result = shown.result();
        return switch (result.outcome()) {
            case COMPLETED -> Text.get("status.completed", shown.title(),
                    Durations.humanMillis(result.elapsedMs()), Durations.humanMillis(shown.idealMs()));
            case CANCELLED -> shown.title() + ": " + result.message();
            case FAILED -> Text.get("status.failed", shown.title(), result.message());
        };
    }

    /** The status line of a playback that follows the runs. */
    public static String playbackLine(RunModel run, double speed) {
        return Text.get("status.playback", run.title(),
                Durations.humanMillis(run.result().elapsedMs()), speed < 1 ? String.valueOf(speed) : "%.0f".formatted(speed));
    }

    /** One plain sentence on why the shown run took as long as it did, once it has ended (a replay's, all along); empty before. */
    public String explanation(RunModel shown) {
        var result = shown == null ? null : shown.original().result();
        return result == null ? "" : Text.get("status.why", Explanation.of(result, session.cores()));
    }

    // ---- the problem banner ----

    /** The problem to show in the banner, or null. */
    public String problem() {
        return problem;
    }

    public void showProblem(String message) {
        problem = message;
    }

    /** Closed by the user: the same message from the session does not come back. */
    public void dismissProblem() {
        dismissedProblem = problem;
        problem = null;
    }

    // ---- settings ----

    public void pin(RunModel run) {
        pinned = run;
    }

    public RunModel pinned() {
        return pinned;
    }

    public void setPresentation(boolean on) {
        presentation = on;
    }

    public void setAnimateLive(boolean on) {
        animateLive = on;
    }

    /** For the frame-time benchmark: paint every frame of every run, whatever the run-first policy says. */
    public void setAlwaysAnimate(boolean always) {
        alwaysAnimate = always;
    }

    /** Scripts that take a picture of the end state turn the slow-motion playback after the runs off. */
    public void setPlaybackAfterRuns(boolean playback) {
        playbackAfterRuns = playback;
    }

    public SessionRuns session() {
        return session;
    }
}
