package dev.loomscope.model;

import java.util.Arrays;

/**
 * Frame-time probe: the time between successive frames (pulses) of the window, measured, not
 * assumed. Keeps the last {@link #WINDOW} frames for the status bar, and every frame since
 * {@link #reset()} for benchmarks: only once asked, since a window open through a talk makes
 * 60 frames a second, and kept them all.
 */
public final class FrameTimes {

    public static final int WINDOW = 240;

    private final long[] recent = new long[WINDOW];
    private long[] all = new long[0];
    private int allCount;
    /** Whether every frame is kept: from the first {@link #reset()} on. */
    private boolean keepingAll;
    private int recentCount;
    private int next;
    private long lastFrameNanos = -1;

    /** Call once per frame with the frame's timestamp (ns). */
    public void frame(long nowNanos) {
        if (lastFrameNanos >= 0) {
            long interval = nowNanos - lastFrameNanos;
            recent[next] = interval;
            next = (next + 1) % WINDOW;
            recentCount = Math.min(WINDOW, recentCount + 1);
            if (keepingAll) {
                if (allCount == all.length) {
                    all = Arrays.copyOf(all, Math.max(1_024, allCount * 2));
                }
                all[allCount++] = interval;
            }
        }
        lastFrameNanos = nowNanos;
    }

    /** A pause in the frames (the window ran on a slower tick meanwhile): the next frame starts a new interval, not a long one. */
    public void pause() {
        lastFrameNanos = -1;
    }

    /** Forgets every frame (the next one starts a new interval), and keeps every frame from now on. */
    public void reset() {
        keepingAll = true;
        allCount = 0;
        recentCount = 0;
        next = 0;
        lastFrameNanos = -1;
    }

    /** Percentile (0-100) of the recent frames' intervals in ms, NaN if none. */
    public double recentPercentileMs(double p) {
        return percentile(Arrays.copyOf(recent, recentCount), p);
    }

    /** Percentile (0-100) of every frame since {@link #reset()}, in ms, NaN if none (or never reset). */
    public double percentileMs(double p) {
        return percentile(Arrays.copyOf(all, allCount), p);
    }

    /** How many frames' intervals were kept since {@link #reset()}. */
    public int frames() {
        return allCount;
    }

    private static double percentile(long[] values, double p) {
        if (values.length == 0) {
            return Double.NaN;
        }
        Arrays.sort(values);
        int index = (int) Math.ceil(p / 100 * values.length) - 1;
        return values[Math.clamp(index, 0, values.length - 1)] / 1e6;
    }
}
