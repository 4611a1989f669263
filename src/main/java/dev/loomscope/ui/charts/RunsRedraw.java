package dev.loomscope.ui.charts;

import dev.loomscope.model.RunModel;
import dev.loomscope.ui.fx.PaintTurns;
import java.util.List;

/**
 * When a chart of several runs redraws: at once when the runs shown (or the emphasised one)
 * change, otherwise when any of them moved on, but no more often than {@code intervalNanos} and,
 * for at most one interval more, not in a frame another view redrew in ({@link PaintTurns}).
 * Charts rebuild their series on a redraw, so this is what keeps them off the FX thread's back.
 */
public final class RunsRedraw {

    private final long intervalNanos;
    private List<RunModel> shownRuns = List.of();
    private RunModel emphasised;
    private int shownVersions = -1;
    private long drawnAt;
    private final PaintTurns turns;

    /** A chart that takes no turns with other views. */
    public RunsRedraw(long intervalNanos) {
        this(intervalNanos, new PaintTurns());
    }

    /** @param turns the turns this chart shares with the other views drawn in the same frames */
    public RunsRedraw(long intervalNanos, PaintTurns turns) {
        this.intervalNanos = intervalNanos;
        this.turns = turns;
    }

    /** Whether to redraw now; when it says yes, it takes these runs as drawn. */
    public boolean due(List<RunModel> runs, RunModel emphasise, long nowNanos) {
        int versions = emphasise == null ? 0 : emphasise.number() * 31 + emphasise.version();
        for (RunModel run : runs) {
            versions = versions * 31 + run.version();
        }
        boolean changedRuns = !runs.equals(shownRuns) || emphasise != emphasised;
        // Runs that moved on wait for a frame no other view redrew in, at most one interval more (frames far apart under
        // load, reduced motion's steps); other runs are shown at once.
        boolean othersTurn = !turns.free(nowNanos, this) && nowNanos - drawnAt < 2 * intervalNanos;
        if (!changedRuns && (versions == shownVersions || nowNanos - drawnAt < intervalNanos || othersTurn)) {
            return false;
        }
        turns.took(nowNanos, this);
        shownRuns = List.copyOf(runs);
        emphasised = emphasise;
        shownVersions = versions;
        drawnAt = nowNanos;
        return true;
    }
}
