package dev.loomscope.model;

import java.util.Arrays;

/**
 * Which task a virtual thread ran, so a JFR pin (which names the thread) can be put on its task.
 * Virtual thread ids are handed out in sequence as tasks are submitted, so a dense array from the
 * first id seen is a few bytes a task instead of a boxed map entry; ids far outside the run's span
 * (nothing LoomScope made) are ignored.
 */
final class ThreadTaskIndex {

    private final long span;
    private long base = -1;
    private int[] taskOfThread = new int[0];

    /** @param tasks the run's task count: ids are expected within a few times that of the first */
    ThreadTaskIndex(int tasks) {
        this.span = 4L * tasks + 4_096;
    }

    void put(long threadId, int task) {
        if (base < 0) {
            base = Math.max(0, threadId - 1_024);
        }
        long slot = threadId - base;
        if (slot < 0 || slot >= span) {
            return;
        }
        if (slot >= taskOfThread.length) {
            int old = taskOfThread.length;
            taskOfThread = Arrays.copyOf(taskOfThread, (int) Math.min(span, Math.max(slot + 1, 2L * old + 1_024)));
            Arrays.fill(taskOfThread, old, taskOfThread.length, -1);
        }
        taskOfThread[(int) slot] = task;
    }

    /** The task the thread ran, or -1. */
    int taskOf(long threadId) {
        long slot = threadId - base;
        return base < 0 || slot < 0 || slot >= taskOfThread.length ? -1 : taskOfThread[(int) slot];
    }
}
