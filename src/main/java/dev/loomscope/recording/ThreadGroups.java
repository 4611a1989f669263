package dev.loomscope.recording;

import dev.loomscope.recording.ThreadDumpSummary.Group;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A thread dump's threads counted and grouped as they are read, whatever its format: those with an
 * identical stack (and kind) together, keeping only the threads whose name or a frame contains the
 * text searched for.
 */
final class ThreadGroups {

    static final int NAMES_KEPT = 5;

    private final String grep;
    private final Map<GroupKey, Tally> groups = new HashMap<>();
    private long virtualThreads;
    private long platformThreads;
    private long matched;

    private record GroupKey(boolean virtual, List<String> frames) {
    }

    private static final class Tally {
        long count;
        final Map<String, Long> states = new TreeMap<>();
        final LinkedHashSet<String> containers = new LinkedHashSet<>();
        final List<String> names = new ArrayList<>();
        long unchanged;
    }

    /** @param grep the text to keep threads by (any case), or "" for all */
    ThreadGroups(String grep) {
        this.grep = grep.toLowerCase(Locale.ROOT);
    }

    /**
     * Counts one thread and groups it if it matches.
     *
     * @param state     its state ("WAITING"), or null where the dump gives none
     * @param container its container, or null where the dump names none
     * @param unchanged whether it had this same stack in an earlier dump it was read with
     */
    void add(boolean virtual, String name, List<String> frames, String state, String container, boolean unchanged) {
        if (virtual) {
            virtualThreads++;
        } else {
            platformThreads++;
        }
        if (!grep.isEmpty() && !name.toLowerCase(Locale.ROOT).contains(grep)
                && frames.stream().noneMatch(f -> f.toLowerCase(Locale.ROOT).contains(grep))) {
            return;
        }
        matched++;
        Tally tally = groups.computeIfAbsent(new GroupKey(virtual, List.copyOf(frames)), k -> new Tally());
        tally.count++;
        if (unchanged) {
            tally.unchanged++;
        }
        if (state != null) {
            tally.states.merge(state, 1L, Long::sum);
        }
        if (container != null && tally.containers.size() < NAMES_KEPT) {
            tally.containers.add(container);
        }
        if (!name.isEmpty() && tally.names.size() < NAMES_KEPT) {
            tally.names.add(name);
        }
    }

    long virtualThreads() {
        return virtualThreads;
    }

    long platformThreads() {
        return platformThreads;
    }

    long threads() {
        return virtualThreads + platformThreads;
    }

    long matched() {
        return matched;
    }

    /** The groups, largest first, virtual before platform among equals. */
    List<Group> sorted() {
        return groups.entrySet().stream()
                .map(e -> new Group(e.getKey().frames(), e.getValue().count, e.getKey().virtual(), e.getValue().states,
                        List.copyOf(e.getValue().containers), e.getValue().names, e.getValue().unchanged))
                .sorted((a, b) -> a.count() != b.count() ? Long.compare(b.count(), a.count()) : Boolean.compare(b.virtual(), a.virtual()))
                .toList();
    }
}
