package dev.loomscope.model.observe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A thread dump of the target in the JDK's JSON format ({@code HotSpotDiagnosticMXBean.dumpThreads(file, JSON)},
 * {@code jcmd PID Thread.dump_to_file -format=json}), read into what the window draws: virtual threads
 * grouped by identical stack, and the thread-container tree.
 *
 * @param takenAtMs           when it was taken, in ms since the observation began
 * @param runtimeVersion      the target's runtime version, as the dump gives it
 * @param virtualThreads      virtual threads in the dump
 * @param platformThreads     platform threads in the dump
 * @param virtualThreadStacks virtual threads grouped by identical stack, largest group first
 * @param root                the container tree, from {@code <root>}
 * @param comparedWithMs      when the dump before it was taken, whose stacks each group's {@code unchanged} counts the same;
 *                            -1 for a first dump
 * @param stacks              its virtual threads' stacks, for the dump after it
 */
public record ThreadDump(long takenAtMs, String runtimeVersion, int virtualThreads, int platformThreads, List<StackGroup> virtualThreadStacks,
                         ThreadContainerNode root, long comparedWithMs, EarlierStacks stacks) {

    /** Thread ids kept per stack group: enough to name a few, bounded for a million threads. */
    public static final int THREAD_IDS_KEPT = 20;

    public ThreadDump {
        virtualThreadStacks = List.copyOf(virtualThreadStacks);
    }

    /** Whether it was read with the dump before it: its groups' {@code unchanged} say how many kept their stack. */
    public boolean compared() {
        return comparedWithMs >= 0;
    }

    /** The virtual threads that kept the stack they had in the dump before. */
    public int unchangedVirtualThreads() {
        return virtualThreadStacks.stream().mapToInt(StackGroup::unchanged).sum();
    }

    /** Reads a JSON thread dump; throws {@link IOException} when it is not one. */
    public static ThreadDump parse(String json, long takenAtMs) throws IOException {
        return parse(json, takenAtMs, null);
    }

    /**
     * Reads a JSON thread dump taken after {@code before} of the same JVM (null: none), counting in each group the virtual
     * threads whose stack is as it was then: stuck there, or idle, between the two.
     */
    public static ThreadDump parse(String json, long takenAtMs, ThreadDump before) throws IOException {
        JsonNode dump = new ObjectMapper().readTree(json).path("threadDump");
        if (!dump.path("threadContainers").isArray()) {
            throw new IOException("not a JSON thread dump: no threadDump.threadContainers");
        }
        record Group(List<String> frames, Map<String, Integer> states, LinkedHashSet<String> containers, List<Long> ids, int[] count) {
        }
        var kept = new EarlierStacks();
        Map<List<String>, Group> groups = new HashMap<>();
        Map<String, List<String>> childrenOf = new LinkedHashMap<>();
        Map<String, long[]> countsOf = new LinkedHashMap<>(); // {virtual, platform, owner}
        int virtual = 0;
        int platform = 0;
        for (JsonNode container : dump.path("threadContainers")) {
            String name = container.path("container").asText("");
            String parent = container.path("parent").isNull() ? null : container.path("parent").asText(null);
            long owner = container.path("owner").isNull() ? -1 : container.path("owner").asLong(-1);
            long[] counts = countsOf.computeIfAbsent(name, n -> new long[] {0, 0, -1});
            counts[2] = owner;
            if (parent != null) {
                childrenOf.computeIfAbsent(parent, p -> new ArrayList<>()).add(name);
            }
            for (JsonNode thread : container.path("threads")) {
                if (!thread.path("virtual").asBoolean(false)) {
                    counts[1]++;
                    platform++;
                    continue;
                }
                counts[0]++;
                virtual++;
                var frames = new ArrayList<String>();
                thread.path("stack").forEach(frame -> frames.add(frame.asText()));
                Group group = groups.computeIfAbsent(List.copyOf(frames),
                        f -> new Group(f, new TreeMap<>(), new LinkedHashSet<>(), new ArrayList<>(), new int[2]));
                group.count()[0]++;
                long id = thread.path("tid").asLong(-1);
                if (before != null && before.stacks().unchanged(id, group.frames(), -1)) {
                    group.count()[1]++;
                }
                kept.put(id, group.frames(), -1);
                group.containers().add(name);
                if (thread.hasNonNull("state")) {
                    group.states().merge(thread.path("state").asText(), 1, Integer::sum);
                }
                if (group.ids().size() < THREAD_IDS_KEPT) {
                    group.ids().add(thread.path("tid").asLong(-1));
                }
            }
        }
        List<StackGroup> stacks = groups.values().stream()
                .map(g -> new StackGroup(g.frames(), g.count()[0], g.states(), List.copyOf(g.containers()), g.ids(), g.count()[1]))
                .sorted((a, b) -> Integer.compare(b.count(), a.count()))
                .toList();
        String rootName = countsOf.keySet().stream().filter(n -> !isChild(n, childrenOf)).findFirst().orElse("<root>");
        return new ThreadDump(takenAtMs, dump.path("runtimeVersion").asText(""), virtual, platform, stacks,
                node(rootName, childrenOf, countsOf, new LinkedHashSet<>()), before == null ? -1 : before.takenAtMs(), kept);
    }

    private static boolean isChild(String name, Map<String, List<String>> childrenOf) {
        return childrenOf.values().stream().anyMatch(children -> children.contains(name));
    }

    private static ThreadContainerNode node(String name, Map<String, List<String>> childrenOf, Map<String, long[]> countsOf,
                                            LinkedHashSet<String> seen) {
        seen.add(name);
        long[] counts = countsOf.getOrDefault(name, new long[] {0, 0, -1});
        var children = new ArrayList<ThreadContainerNode>();
        for (String child : childrenOf.getOrDefault(name, List.of())) {
            if (!seen.contains(child)) { // a malformed dump cannot make the tree loop
                children.add(node(child, childrenOf, countsOf, seen));
            }
        }
        return new ThreadContainerNode(name, counts[2], (int) counts[0], (int) counts[1], children);
    }
}
