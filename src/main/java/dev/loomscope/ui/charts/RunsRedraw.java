package dev.loomscope.ui.charts;

import dev.loomscope.model.RunModel;
import java.util.List;

/**
 * When a chart of several runs redraws: at once when the runs shown (or the emphasised one)
 * change, otherwise when any of them moved on, but no more often than {@code intervalNanos}.
 * Charts rebuild their series on a redraw, so this is what keeps them off the FX thread's back.
 */
public final class RunsRedraw {

    private final long intervalNanos;
    private List<RunModel> shownRuns = List.of();
    private RunModel emphasised;
    private int shownVersions = -1;
    private long drawnAt;

    public RunsRedraw(long intervalNanos) {
        this.intervalNanos = intervalNanos;
    }

    /** Whether to redraw now; when it says yes, it takes these runs as drawn. */
    public boolean due(List<RunModel> runs, RunModel emphasise, long nowNanos) {
        int versions = emphasise == null ? 0 : emphasise.number() * 31 + emphasise.version();
        for (RunModel run : runs) {
            versions = versions * 31 + run.version();
        }
        boolean changedRuns = !runs.equals(shownRuns) || emphasise != emphasised;
        if (!changedRuns && (versions == shownVersions || nowNanos - drawnAt < intervalNanos)) {
            return false;
        }
        shownRuns = List.copyOf(runs);
        emphasised = emphasise;
        shownVersions = versions;
        drawnAt = nowNanos;
        return true;
    }
}
