package dev.loomscope.model;

import java.util.Arrays;

/**
 * The segment each task has open on a carrier lane, until the event that ends it: since when, on
 * which lane, of which kind. The tasks with one open are listed too, so that open segments can be
 * cut (a thread held for seconds shows on its lane as it goes) without a scan of every task.
 * Written by one thread, the run's reader; a run drops it when it ends.
 */
final class OpenSegments {

    /** Open segments are cut this often, so a thread held for seconds shows on its lane as it goes. */
    static final long CUT_EVERY_NANOS = 100_000_000L;

    private final CarrierLanes lanes;
    private final int tasks;
    private final long[] since;
    private final int[] lane;
    /** The segment's kind ({@link CarrierLanes#RUNNING}, ...), -1 when the task has none open. */
    private final byte[] kind;
    /** Where the task sits in {@link #open}. */
    private final int[] position;
    private int[] open;
    private int openCount;
    private long lastCutNanos;

    OpenSegments(int tasks, CarrierLanes lanes) {
        this.lanes = lanes;
        this.tasks = tasks;
        this.since = new long[tasks];
        this.lane = new int[tasks];
        this.kind = new byte[tasks];
        this.position = new int[tasks];
        this.open = new int[Math.min(tasks, 1_024)];
        Arrays.fill(kind, (byte) -1);
    }

    /** The task is now on {@code thread}'s lane, doing {@code segmentKind}, from {@code t}; a thread below 0 is not known. */
    void open(int task, long thread, int segmentKind, long t) {
        if (thread < 0) {
            return;
        }
        if (kind[task] < 0) {
            if (openCount == open.length) {
                open = Arrays.copyOf(open, Math.min(tasks, openCount * 2));
            }
            position[task] = openCount;
            open[openCount++] = task;
        }
        since[task] = t;
        lane[task] = lanes.laneOf(thread);
        kind[task] = (byte) segmentKind;
    }

    /** The task's open segment, if any, ends at {@code t} and goes on its lane. */
    void close(int task, long t) {
        if (kind[task] < 0) {
            return;
        }
        lanes.add(lane[task], kind[task], since[task], t);
        kind[task] = -1;
        int last = open[--openCount];
        open[position[task]] = last;
        position[last] = position[task];
    }

    /** Cuts the open segments at {@code t} if the last cut is {@link #CUT_EVERY_NANOS} old. */
    void cutEvery(long t) {
        if (t - lastCutNanos >= CUT_EVERY_NANOS) {
            cut(t);
        }
    }

    /** Ends every open segment at {@code t} and opens its continuation there: lanes show it up to now. */
    void cut(long t) {
        lastCutNanos = t;
        for (int i = 0; i < openCount; i++) {
            int task = open[i];
            if (t > since[task]) {
                lanes.add(lane[task], kind[task], since[task], t);
                since[task] = t;
            }
        }
    }
}
