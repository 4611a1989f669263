package dev.loomscope.model.observe;

import java.util.List;
import java.util.Map;

/**
 * Virtual threads of a thread dump whose stacks are identical. Groups are ordered by count, largest first.
 *
 * @param frames      the shared stack, innermost first, as the dump writes it ("java.base/java.lang.Thread.sleep(Thread.java:540)")
 * @param count       virtual threads with this stack
 * @param states      how many of them are in each thread state ("TIMED_WAITING" -> 9,998); empty when the dump has no states (JDK 21-24)
 * @param containers  the thread containers they belong to, first seen first
 * @param threadIds   the ids of the first of them (at most {@link ThreadDump#THREAD_IDS_KEPT})
 * @param unchanged   how many of them had this same stack in the dump before ({@link ThreadDump#comparedWithMs()}; 0 for a first dump)
 */
public record StackGroup(List<String> frames, int count, Map<String, Integer> states, List<String> containers, List<Long> threadIds,
                         int unchanged) {

    public StackGroup {
        frames = List.copyOf(frames);
        states = Map.copyOf(states);
        containers = List.copyOf(containers);
        threadIds = List.copyOf(threadIds);
    }
}
