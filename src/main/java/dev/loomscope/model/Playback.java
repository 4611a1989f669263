package dev.loomscope.model;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What the window plays back, apart from any widget: a finished run's slow-motion replay or a race
 * of two, playing or paused, at a speed, on a clock the frame loop moves on. Every view draws
 * {@link #shownRun()} (or the race) while it is active. Owned by one thread (the FX thread in the
 * window): only the preparation of a replay runs elsewhere, and its result is handed back to the
 * owner through {@code deliverOn} before it shows.
 */
public final class Playback {

    /** The speeds a playback plays at, slowest first. */
    public static final List<Double> SPEEDS = Replay.SPEEDS;

    private final Executor prepareOn;
    private final Executor deliverOn;
    private Replayable clock;
    private Replay replay;
    private Race race;
    private boolean playing;
    private double speed = 0.1;
    private long lastFrameNanos = -1;
    private double pendingSeekMs = -1;

    /** Prepares replays on the common pool; {@code deliverOn} runs tasks on the owner's thread (the FX thread). */
    public Playback(Executor deliverOn) {
        this(ForkJoinPool.commonPool(), deliverOn);
    }

    public Playback(Executor prepareOn, Executor deliverOn) {
        this.prepareOn = prepareOn;
        this.deliverOn = deliverOn;
    }

    /**
     * Starts replaying a finished run from its beginning, playing. Putting a million-task run's
     * five million events in time order takes a moment, so it happens on {@code prepareOn}; the
     * returned future completes on the owner's thread once the replay is the one shown (or fails
     * there, for a run with no recording).
     */
    public CompletableFuture<Void> show(RunModel finishedRun) {
        return prepare(() -> new Replay(finishedRun), prepared -> {
            replay = prepared;
            race = null;
            start(prepared);
        });
    }

    /** Starts replaying two finished runs side by side on one clock, playing (prepared off the owner's thread too). */
    public CompletableFuture<Void> showRace(RunModel left, RunModel right) {
        return prepare(() -> new Race(left, right), prepared -> {
            race = prepared;
            replay = null;
            start(prepared);
        });
    }

    private <T> CompletableFuture<Void> prepare(Supplier<T> build, Consumer<T> install) {
        var shown = new CompletableFuture<Void>();
        CompletableFuture.supplyAsync(build, prepareOn).whenComplete((prepared, error) -> deliverOn.execute(() -> {
            if (error != null) {
                shown.completeExceptionally(error.getCause() != null ? error.getCause() : error);
            } else {
                install.accept(prepared);
                shown.complete(null);
            }
        }));
        return shown;
    }

    private void start(Replayable what) {
        clock = what;
        pendingSeekMs = -1;
        setPlaying(true);
    }

    /** Back to the live views: nothing plays back any more. The speed stays for the next one. */
    public void hide() {
        clock = null;
        replay = null;
        race = null;
        pendingSeekMs = -1;
        setPlaying(false);
    }

    public boolean isActive() {
        return clock != null;
    }

    /** The replay or race being played back, or null. */
    public Replayable current() {
        return clock;
    }

    /** The single run's replay, or null (none, or a race). */
    public Replay replay() {
        return replay;
    }

    /** The race going on, or null. */
    public Race race() {
        return race;
    }

    /** The replica the views should show, or null when no single run is replaying. */
    public RunModel shownRun() {
        return replay == null ? null : replay.replica();
    }

    /** Plays (from the start again if at the end) or pauses; playing needs something to play. */
    public void setPlaying(boolean play) {
        if (play && clock != null && clock.atEnd()) {
            clock.seek(0);
        }
        playing = play && clock != null;
        lastFrameNanos = -1;
    }

    public boolean isPlaying() {
        return playing;
    }

    public double speed() {
        return speed;
    }

    /** Any positive factor; the bar offers {@link #SPEEDS}. */
    public void setSpeed(double factor) {
        if (!(factor > 0)) {
            throw new IllegalArgumentException("a playback speed must be above 0: " + factor);
        }
        speed = factor;
    }

    /** Steps the speed {@code by} places up (positive) or down {@link #SPEEDS}, stopping at either end. */
    public void changeSpeed(int by) {
        int at = SPEEDS.indexOf(speed);
        speed = SPEEDS.get(Math.clamp(at + by, 0, SPEEDS.size() - 1));
    }

    /**
     * Asks to move to {@code ms} into the playback; it happens at the next {@link #frame}. A drag of
     * the scrubber asks many times a frame, and going back rebuilds the replay, which takes a
     * moment on big runs: only the last ask of a frame is carried out.
     */
    public void scrubTo(double ms) {
        if (clock != null) {
            pendingSeekMs = Math.max(0, ms);
        }
    }

    /** Milliseconds into the playback (0 when none). */
    public double positionMs() {
        return clock == null ? 0 : clock.positionMs();
    }

    /** How long the playback lasts in run time (0 when none). */
    public double durationMs() {
        return clock == null ? 0 : clock.durationMs();
    }

    /**
     * Once per frame: carries out the last scrub, then, when playing, moves the clock on by the
     * time since the last frame times the speed, pausing at the end.
     */
    public void frame(long nowNanos) {
        if (clock == null) {
            return;
        }
        if (pendingSeekMs >= 0) {
            clock.seek(pendingSeekMs);
            pendingSeekMs = -1;
            // The frame's time was spent getting here: it does not also move the clock on.
            lastFrameNanos = nowNanos;
        }
        if (playing) {
            if (lastFrameNanos >= 0) {
                clock.seek(clock.positionMs() + (nowNanos - lastFrameNanos) / 1e6 * speed);
            }
            lastFrameNanos = nowNanos;
            if (clock.atEnd()) {
                setPlaying(false);
            }
        }
    }
}
