package dev.loomscope.model;

import java.util.List;

/**
 * Two finished runs replayed side by side on one clock: at every moment each shows what it had
 * done that long after its own start, so a fixed pool and virtual threads can be watched racing.
 * The race lasts as long as the slower run; the faster one waits at its end.
 */
public final class Race implements Replayable {

    private final Replay left;
    private final Replay right;
    private double positionMs;

    public Race(RunModel left, RunModel right) {
        this.left = new Replay(left);
        this.right = new Replay(right);
    }

    public List<Replay> replays() {
        return List.of(left, right);
    }

    @Override
    public double durationMs() {
        return Math.max(left.durationMs(), right.durationMs());
    }

    @Override
    public double positionMs() {
        return positionMs;
    }

    @Override
    public void seek(double ms) {
        positionMs = Math.clamp(ms, 0, durationMs());
        left.seek(positionMs);
        right.seek(positionMs);
    }
}
