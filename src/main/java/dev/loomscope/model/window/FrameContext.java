package dev.loomscope.model.window;

import dev.loomscope.model.Race;
import dev.loomscope.model.RunModel;
import java.util.List;

/**
 * Everything a view draws in one frame, decided once for all of them: the run shown, the runs it is
 * compared with, and whether this frame paints the run live or only moves its clock.
 *
 * @param now         the frame's time (the animation pulse, monotonic nanoseconds)
 * @param shown       the run every view shows: a replay, else the run picked in the history, else
 *                    the run under way, else the newest; null before the first run
 * @param recent      the session's last few runs that ran, and the shown one (the completion chart);
 *                    empty while the window keeps still, when no view that reads it is refreshed
 * @param comparison  the shown run's comparison: the runs started with it (a replayed run's while it
 *                    replays), or the shown run alone; empty while the window keeps still
 * @param history     the session's runs, oldest first
 * @param race        the race under way, or null
 * @param live        whether the views paint the shown run this frame; false while the window keeps
 *                    still through a run (only its clock and figures move)
 * @param figuresDue  whether the figures and the history refresh this frame (ten times a second
 *                    live, twice a second still: changing digits cannot be read any faster)
 * @param statusDue   whether the status lines refresh this frame (twice a second)
 * @param presentation whether the window is on stage
 */
public record FrameContext(long now, RunModel shown, List<RunModel> recent, List<RunModel> comparison,
                           List<RunModel> history, Race race, boolean live, boolean figuresDue, boolean statusDue,
                           boolean presentation) {

    /**
     * How many of the history's runs that ran are among {@link #recent()}, and of how many (the
     * completion chart draws the last {@link WindowState#CHART_RUNS}): each run's phase read once, so
     * the two counts agree while a run starts.
     */
    public RunsDrawn recentOfHistory() {
        int drawn = 0;
        int ran = 0;
        for (RunModel run : history) {
            if (run.phase() != RunModel.Phase.QUEUED) {
                ran++;
                if (recent.stream().anyMatch(r -> r == run)) {
                    drawn++;
                }
            }
        }
        return new RunsDrawn(drawn, ran);
    }

    /** {@code drawn} of the {@code ran} runs the history keeps that ran. */
    public record RunsDrawn(int drawn, int ran) {

        /** Whether some runs that ran are not drawn. */
        public boolean leavesSomeOut() {
            return drawn < ran;
        }
    }
}
