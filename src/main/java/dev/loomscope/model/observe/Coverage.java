package dev.loomscope.model.observe;

import java.util.List;

/**
 * What an observation could switch on in its target, and what the target's JDK lacks.
 *
 * @param enabledEvents   the JFR events enabled in the target, each with its settings ("jdk.VirtualThreadPinned (threshold 0 ms, stack trace)")
 * @param schedulerMXBean whether the target has {@code jdk.management.VirtualThreadSchedulerMXBean} (JDK 24+), so scheduler samples come
 * @param threadDumps     whether the target writes JSON thread dumps (JDK 21+)
 * @param missing         what cannot be seen in this target, one sentence each ("No scheduler MXBean before JDK 24: ...")
 */
public record Coverage(List<String> enabledEvents, boolean schedulerMXBean, boolean threadDumps, List<String> missing) {

    /** Before the observer has connected: nothing enabled yet. */
    public static final Coverage NOT_CONNECTED = new Coverage(List.of(), false, false, List.of());

    public Coverage {
        enabledEvents = List.copyOf(enabledEvents);
        missing = List.copyOf(missing);
    }
}
