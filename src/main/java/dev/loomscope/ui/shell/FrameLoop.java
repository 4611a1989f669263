package dev.loomscope.ui.shell;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.model.window.MotionSteps;

import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.views.FrameView;
import dev.loomscope.model.FrameTimes;
import dev.loomscope.model.Playback;
import dev.loomscope.model.Race;
import dev.loomscope.model.window.WindowState;
import dev.loomscope.ui.replay.ReplayBar;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongPredicate;
import javafx.animation.AnimationTimer;

/**
 * The window's one animation timer. Each frame it moves the replay clock on, lets the shell react
 * to what the session did, asks the {@link WindowState} what the frame shows, and refreshes the
 * views, each at its cadence, in the order added (a race shows alone). A view that throws does
 * not take the others down: its problem is shown once, and the rest keep drawing.
 */
final class FrameLoop {

    /** How often a view is refreshed. */
    enum Cadence {
        /** Every frame that paints the run: not while the window keeps still through one. */
        LIVE,
        /** Ten times a second live, twice a second still (changing digits cannot be read faster). */
        FIGURES,
        /** Twice a second. */
        STATUS,
        /** Every frame. */
        ALWAYS
    }

    private record Entry(String name, Cadence cadence, FrameView view) {
    }

    private static final System.Logger LOG = System.getLogger(FrameLoop.class.getName());

    private final List<Entry> views = new ArrayList<>();
    private final Set<String> broken = new HashSet<>();
    private final Consumer<String> problems;
    private final WindowState state;
    private final Playback playback;
    private final ReplayBar replayBar;
    private final FrameTimes frameTimes;
    private final Consumer<WindowState.SessionChange> sessionChanged;
    private final Consumer<Race> race;
    private final AnimationTimer pulse = new AnimationTimer() {
        @Override
        public void handle(long now) {
            frame(now);
        }
    };

    /** @param race shows the race (or, with null, the live views again) and draws it */
    FrameLoop(WindowState state, Playback playback, ReplayBar replayBar, FrameTimes frameTimes, Consumer<WindowState.SessionChange> sessionChanged,
            Consumer<Race> race, Consumer<String> problems) {
        this.state = state;
        this.playback = playback;
        this.replayBar = replayBar;
        this.frameTimes = frameTimes;
        this.sessionChanged = sessionChanged;
        this.race = race;
        this.problems = problems;
    }

    void start() {
        stopped = false;
        slow = Slow.NO;
        lastStirNanos = System.nanoTime();
        pulse.start();
    }

    void stop() {
        // For good: a tick already on its way to the FX thread, or input after the window's end, starts nothing again.
        stopped = true;
        pulse.stop();
        if (tick != null) {
            tick.cancel(false);
        }
        if (ticker != null) {
            ticker.shutdownNow();
        }
    }

    /**
     * Where nothing moves, the loop leaves JavaFX's 60 pulses a second for a slower tick: an animation timer costs the FX
     * thread a pulse every frame even when nothing is drawn, about 5 % of a core here. That is while the window keeps still
     * through a run (only the clock and the figures move; a tick {@link #SLOW_TICK_MS} ms apart), where a run of 2 busy
     * carriers on 2 cores feels every bit of it; while the run under way waits for its JVM (nothing of it moves before its
     * runner starts it, and the JVM's start, a second of CPU on two cores, gets the cores; the same tick, and a frame at once when the run starts); and while the
     * window idles (a tick {@link #IDLE_TICK_MS} ms apart): no run, replay, race, script, observation or clip, and no input
     * for {@link #IDLE_AFTER_MS} ms, where a laptop on battery feels it.
     */
    static final long SLOW_TICK_MS = 100;
    /** The idle window's tick: what work finishing in the background changed shows within a quarter second (input wakes the loop at once). */
    static final long IDLE_TICK_MS = 250;
    /** How long after the last input, movement or the start an idle window keeps its 60 pulses a second. */
    static final long IDLE_AFTER_MS = 1_500;

    private long slowTickMs = SLOW_TICK_MS;

    /** Another slow tick than {@link #SLOW_TICK_MS}, from the next time the loop slows: tests make it long, to tell a tick from what else wakes the loop. */
    void slowTick(long ms) {
        slowTickMs = ms;
    }

    /** Why the loop runs on the slow tick, if it does. */
    private enum Slow { NO, STILL_THROUGH_A_RUN, RUN_STARTING, IDLE }

    private Slow slow = Slow.NO;
    /** The run whose JVM's start the loop last waited for (it is told when the run starts). */
    private dev.loomscope.model.RunModel waitedFor;
    private boolean stopped;
    private long lastStirNanos;
    private BooleanSupplier movesElsewhere = () -> false;
    private java.util.concurrent.ScheduledExecutorService ticker;
    private java.util.concurrent.ScheduledFuture<?> tick;

    /** Whether the loop runs on the slow tick because the window keeps still through a run. */
    boolean keepsStill() {
        return slow == Slow.STILL_THROUGH_A_RUN;
    }

    /** Whether the loop runs on the slow tick because the run under way waits for its JVM. */
    boolean waitsForTheRunsJvm() {
        return slow == Slow.RUN_STARTING;
    }

    /** Whether the loop runs on the slow tick because nothing moves. */
    boolean idles() {
        return slow == Slow.IDLE;
    }

    /** What moves without the session, a replay or input knowing: a JVM observed live, a clip being recorded. */
    void movesWhile(BooleanSupplier moving) {
        this.movesElsewhere = moving;
    }

    /**
     * Input came (a key, the pointer, a resize, in any of the app's windows), or something the loop would see only
     * at its next tick (a palette, a script's step): an idle loop is back to every frame at once, a still one stays still.
     */
    void wake() {
        lastStirNanos = System.nanoTime();
        if (slow == Slow.IDLE && !stopped) {
            runSlowly(Slow.NO);
        }
    }

    private void runSlowly(Slow why) {
        if (why == slow || stopped) {
            return;
        }
        Slow was = slow;
        slow = why;
        if (tick != null) {
            tick.cancel(false);
        }
        if (why == Slow.NO) {
            frameTimes.pause();
            pulse.start();
            return;
        }
        if (was == Slow.NO) {
            pulse.stop();
        }
        if (ticker == null) {
            // Started from the FX thread, so it runs at the window's lowered priority.
            ticker = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
                    task -> Thread.ofPlatform().daemon().name("window-slow-tick").unstarted(task));
        }
        long every = why == Slow.IDLE ? IDLE_TICK_MS : slowTickMs;
        tick = ticker.scheduleAtFixedRate(() -> dev.loomscope.ui.fx.FxThread.later(() -> {
            if (slow != Slow.NO && !stopped) {
                frame(System.nanoTime());
            }
        }), every, every, java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    private void frame(long now) {
        if (slow == Slow.NO) {
            // A slow loop makes no frames to time: its ticks would read as 100 ms frames.
            frameTimes.frame(now);
        }
        safely("replay", () -> {
            playback.frame(now);
            replayBar.refresh();
        });
        var change = state.sessionChange();
        if (change != null) {
            sessionChanged.accept(change);
        }
        FrameContext frame = state.frame(now, playback.replay(), playback.race());
        safely("race", () -> race.accept(frame.race()));
        if (frame.race() == null) {
            refresh(frame);
        }
        var phase = frame.race() == null && !playback.isActive() && frame.shown() != null ? frame.shown().phase() : null;
        boolean stillThroughARun = !frame.live() && phase == dev.loomscope.model.RunModel.Phase.RUNNING;
        // The run under way waiting for its JVM moves nothing yet: the JVM starting gets the cores its frames would take.
        // Not a queued run picked in the history while another moves, nor while a script's step or an observed JVM waits.
        boolean runStarting = phase == dev.loomscope.model.RunModel.Phase.QUEUED && frame.shown() == state.session().current()
                && watchers.isEmpty() && !movesElsewhere.getAsBoolean();
        if (!runStarting) {
            // Not kept: a run stopped while it waited, and dropped from the history, would be kept alive here.
            waitedFor = null;
        } else if (frame.shown() != waitedFor) {
            // Its first frame as soon as it starts, not at the next slow tick: its first waves came up to 100 ms late.
            waitedFor = frame.shown();
            waitedFor.onceUnderWay(() -> dev.loomscope.ui.fx.FxThread.later(() -> {
                if (slow == Slow.RUN_STARTING && !stopped) {
                    frame(System.nanoTime());
                }
            }));
        }
        // A replay or race paused at its end moves no more than a finished run shown.
        boolean moving = change != null || playback.isPlaying() || state.sessionRunning() || !watchers.isEmpty() || movesElsewhere.getAsBoolean();
        if (moving) {
            // Idle only once it has stopped a moment: a run's last frames and what settles after it still move.
            lastStirNanos = now;
        }
        boolean idle = !moving && now - lastStirNanos > IDLE_AFTER_MS * 1_000_000;
        runSlowly(stillThroughARun ? Slow.STILL_THROUGH_A_RUN : runStarting ? Slow.RUN_STARTING : idle ? Slow.IDLE : Slow.NO);
        // A watcher may add another as it ends (the next step of a script): they are asked from a copy.
        for (LongPredicate watcher : List.copyOf(watchers)) {
            if (watcher.test(now)) {
                watchers.remove(watcher);
            }
        }
    }

    private final List<LongPredicate> watchers = new ArrayList<>();

    /** Asks {@code watcher} at the end of each frame (given the frame's time) until it answers true: it is done. */
    void watch(LongPredicate watcher) {
        watchers.add(watcher);
        // A script's next step (a screenshot, a run) is asked every frame from now, not on an idle tick.
        wake();
    }

    /** @param name the view's name as the bundle's {@code view.NAME} has it, for the line that says its drawing failed */
    FrameLoop add(String name, Cadence cadence, FrameView view) {
        views.add(new Entry(name, cadence, view));
        return this;
    }

    private final MotionSteps motion = new MotionSteps();

    /** Reduced motion: the task waves, lanes and charts change in steps twice a second, not as an animation. */
    void setReducedMotion(boolean on) {
        motion.setReduced(on);
    }

    boolean reducedMotion() {
        return motion.reduced();
    }

    void refresh(FrameContext frame) {
        boolean live = motion.due(frame.now(), frame.live());
        for (Entry entry : views) {
            boolean due = switch (entry.cadence()) {
                case LIVE -> live;
                case FIGURES -> frame.figuresDue();
                case STATUS -> frame.statusDue();
                case ALWAYS -> true;
            };
            if (due) {
                safely(entry.name(), () -> entry.view().refresh(frame));
            }
        }
    }

    void safely(String name, Runnable refresh) {
        try {
            refresh.run();
        } catch (RuntimeException e) {
            if (broken.add(name)) {
                String message = Messages.text("status.drawing-failed", Messages.text("view." + name), e);
                LOG.log(System.Logger.Level.ERROR, message, e);
                problems.accept(message);
            }
        }
    }
}
