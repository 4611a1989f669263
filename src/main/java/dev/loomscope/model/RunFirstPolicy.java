package dev.loomscope.model;

import dev.loomscope.scenario.IdealTime;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.text.Text;
import java.util.List;
import java.util.Set;

/**
 * The run comes first, the animation second. The window shares the machine with the runner it
 * measures, and on two cores every frame it paints while the runner wants both is taken from the
 * run. So, frame by frame, this decides whether the window may animate the run under way or must
 * keep still (its clock ticking, nothing else), and which run to play back in slow motion once the
 * runs have ended, so the audience still sees what they could not have watched.
 *
 * <p>Still from the start: a run too short to watch (its perfect world under {@link #WATCHABLE_IDEAL_MS})
 * and a CPU-bound run (it wants every core by definition). Still on the way: whenever the rest of
 * the machine leaves the window less than {@link #STILL_BELOW_SPARE_CORES} of a core; live again
 * once it has left at least {@link #LIVE_FROM_SPARE_CORES} for {@link #CALM_NANOS}.
 */
public final class RunFirstPolicy {

    /** A burst of 10,000 virtual threads (perfect world 100 ms) is over in a blink: clock only, then a replay. */
    public static final double WATCHABLE_IDEAL_MS = 1_500;
    static final double STILL_BELOW_SPARE_CORES = 0.5;
    static final double LIVE_FROM_SPARE_CORES = 1.0;
    static final long CALM_NANOS = 500_000_000L;
    /** A playback should last about this long at most: long enough to watch, short enough for a talk. */
    static final double PLAYBACK_TARGET_MS = 4_000;

    /** Why the window is still or live, in words for the status bar. */
    public enum Mode {
        LIVE(null),
        TOO_SHORT("run-first.too-short"),
        CPU_BOUND("run-first.cpu-bound"),
        MACHINE_BUSY("run-first.machine-busy");

        private final String reasonKey;

        Mode(String reasonKey) {
            this.reasonKey = reasonKey;
        }

        /** Why the window keeps still, or null when it animates. */
        public String reason() {
            return reasonKey == null ? null : Text.get(reasonKey);
        }
    }

    private final int cores;
    private final Set<RunModel> notWatchedLive = java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>());
    private RunModel run;
    private Mode mode = Mode.LIVE;
    private long calmSince = -1;

    public RunFirstPolicy(int cores) {
        this.cores = cores;
    }

    /**
     * Once per frame, for the run under way: whether the window may animate it now.
     *
     * @param spareCores what the rest of the machine left this process lately ({@link MachineLoad}), NaN if unknown
     */
    public boolean animate(RunModel current, double spareCores, long nowNanos) {
        if (current != run) {
            run = current;
            calmSince = -1;
            mode = tooShortToWatch(current.scenario(), cores) ? Mode.TOO_SHORT
                    : cpuBound(current.scenario(), cores) ? Mode.CPU_BOUND : Mode.LIVE;
        }
        if (mode == Mode.LIVE && spareCores < STILL_BELOW_SPARE_CORES) {
            mode = Mode.MACHINE_BUSY;
            calmSince = -1;
        } else if (mode == Mode.MACHINE_BUSY) {
            if (!(spareCores >= LIVE_FROM_SPARE_CORES)) {
                calmSince = -1;
            } else if (calmSince < 0) {
                calmSince = nowNanos;
            } else if (nowNanos - calmSince >= CALM_NANOS) {
                mode = Mode.LIVE;
            }
        }
        if (mode != Mode.LIVE) {
            notWatchedLive.add(current);
        }
        return mode == Mode.LIVE;
    }

    /** The current run's mode, as of the last {@link #animate} call. */
    public Mode mode() {
        return mode;
    }

    /** Whether a run may be animated live at all (it may still go still when the machine gets busy). */
    public static boolean watchableLive(Scenario s, int cores) {
        return !tooShortToWatch(s, cores) && !cpuBound(s, cores);
    }

    public static boolean tooShortToWatch(Scenario s, int cores) {
        return IdealTime.millis(s, cores) < WATCHABLE_IDEAL_MS;
    }

    /** Computing sets the pace (the perfect world is the CPU time over the cores): it wants every core throughout. */
    public static boolean cpuBound(Scenario s, int cores) {
        return s.cpuMs() > 0 && IdealTime.cpuBoundMillis(s, cores) >= 0.5 * IdealTime.millis(s, cores);
    }

    /**
     * Once the runs of a comparison have ended: the one to play back in slow motion, the last that
     * completed without being animated in full, or null if every run was watched live.
     */
    public RunModel playbackOf(List<RunModel> comparison) {
        for (RunModel each : comparison.reversed()) {
            RunResult result = each.result();
            if (notWatchedLive.contains(each) && result != null && result.outcome() == RunResult.Outcome.COMPLETED) {
                return each;
            }
        }
        return null;
    }

    /** The slowest replay speed that shows a run of this length in at most about four seconds. */
    public static double playbackSpeed(double elapsedMs) {
        for (double speed : Replay.SPEEDS) {
            if (elapsedMs / speed <= PLAYBACK_TARGET_MS) {
                return speed;
            }
        }
        return Replay.SPEEDS.getLast();
    }

    /** Forgets which runs were watched (the comparison's playback is done or was declined). */
    public void forget(List<RunModel> runs) {
        runs.forEach(notWatchedLive::remove);
    }

}
