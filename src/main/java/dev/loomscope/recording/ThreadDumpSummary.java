package dev.loomscope.recording;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A thread dump read into groups: threads with an identical stack (and kind) together, and
 * the thread containers with their counts, "9,800 waiting here, 200 there".
 *
 * @param file            the dump
 * @param sizeBytes       its size
 * @param processId       the dumped JVM's pid, or -1 when the dump does not say
 * @param time            when it was taken, as the dump writes it, or ""
 * @param runtimeVersion  the dumped JVM's runtime version, or ""
 * @param virtualThreads  virtual threads in the dump (all of them, whatever {@code grep})
 * @param platformThreads platform threads in the dump
 * @param grep            the text threads were searched for (in names and frames, any case), or "" for every thread
 * @param matchedThreads  threads that match it, the ones grouped
 * @param containers      every container in the dump's order, with the threads directly in it
 * @param groups          the matching threads grouped by identical stack, the largest group first
 * @param format          which of the JDK's dumps it is: what it can hold
 * @param framesUnwritten mounted virtual threads the dump names without their frames (JDK 21's jstack), counted all the same
 * @param dump            which of the file's dumps this is, the first 1 (a log holds one for each SIGQUIT)
 * @param dumps           how many dumps the file holds
 * @param comparedWith    the earlier dump whose stacks each group's {@code unchanged} counts the same: the one before this one
 *                        in the file (a log's later dump), or {@code comparedFile}'s; 0 when none was read
 * @param comparedFile    the earlier dump's file when it is another (two dumps of one JVM opened together); null when it is this one
 * @param cutShort        whether the file ends before the jstack dump does (read as the JVM wrote it, or cut): some threads missing
 */
public record ThreadDumpSummary(Path file, long sizeBytes, long processId, String time, String runtimeVersion, long virtualThreads,
                                long platformThreads, String grep, long matchedThreads, List<Container> containers, List<Group> groups,
                                Format format, long framesUnwritten, int dump, int dumps, int comparedWith,
                                Path comparedFile, boolean cutShort) {

    /** The JDK's thread dumps: every thread with its container, every thread, or the platform threads alone. */
    public enum Format {
        /** {@code jcmd PID Thread.dump_to_file -format=json FILE}: every thread, in its container (an executor, a scope). */
        JSON("json"),
        /** {@code jcmd PID Thread.dump_to_file FILE}: every thread, virtual ones included, without containers. */
        TEXT("text"),
        /**
         * {@code jstack PID}, {@code jcmd PID Thread.print} or a SIGQUIT dump: the platform threads, and a virtual thread
         * only while it is mounted on a carrier. Its virtual-thread count is those mounted, not those alive.
         */
        JSTACK("jstack");

        private final String jsonName;

        Format(String jsonName) {
            this.jsonName = jsonName;
        }

        public String jsonName() {
            return jsonName;
        }

        /** Whether the dump names each thread's container. */
        public boolean hasContainers() {
            return this == JSON;
        }

        /** Whether the dump holds every virtual thread, not only the mounted ones. */
        public boolean hasEveryVirtualThread() {
            return this != JSTACK;
        }
    }

    public ThreadDumpSummary {
        containers = List.copyOf(containers);
        groups = List.copyOf(groups);
    }

    /** This dump, its groups' {@code unchanged} counted against dump {@code dump} of {@code file} (null: this file). */
    ThreadDumpSummary comparedWith(int dump, Path file) {
        return new ThreadDumpSummary(this.file, sizeBytes, processId, time, runtimeVersion, virtualThreads, platformThreads, grep, matchedThreads,
                containers, groups, format, framesUnwritten, this.dump, dumps, dump, file, cutShort);
    }

    /** Whether it was read with an earlier dump of the same JVM: its groups' {@code unchanged} say how many kept their stack. */
    public boolean compared() {
        return comparedWith > 0;
    }

    /** The earlier dump it was read with, as people name it: "dump 1" of this file, or the other file's name. */
    public String comparedName() {
        return comparedFile == null ? dev.loomscope.text.Text.get("open.dump.label", comparedWith)
                : comparedFile.getFileName() == null ? comparedFile.toString() : comparedFile.getFileName().toString();
    }

    /** The threads grouped that kept their stack since the earlier dump. */
    public long unchangedThreads() {
        return groups.stream().mapToLong(Group::unchanged).sum();
    }

    /** What a text or jstack dump cannot hold, and how to take one that does; "" for a JSON dump. */
    public String note() {
        return switch (format) {
            case JSON -> "";
            case TEXT -> dev.loomscope.text.Text.get("open.dump.note.text");
            case JSTACK -> (framesUnwritten == 0 ? dev.loomscope.text.Text.get("open.dump.note.jstack", virtualThreads)
                    : dev.loomscope.text.Text.get("open.dump.note.jstack.frameless", virtualThreads, runtimeVersion.replaceFirst("^(\\d+).*$", "$1")))
                    + (cutShort ? " " + dev.loomscope.text.Text.get("open.dump.note.cut-short") : "");
        };
    }

    /** A thread container: the root, an executor, a structured task scope; {@code parent} "" for the root, {@code owner} -1 when none. */
    public record Container(String name, String parent, long owner, long virtualThreads, long platformThreads) {
    }

    /**
     * Threads whose stacks are the same, innermost frame first.
     *
     * @param virtual    whether they are virtual threads
     * @param states     how many are in each state ("WAITING" -> 9,800); empty when the dump has no states (before JDK 25)
     * @param containers the containers they are in, first seen first (at most {@link ThreadGroups#NAMES_KEPT}); empty where the dump has none
     * @param names      the names of the first few that have one
     * @param unchanged  how many of them had this same stack in the dump before ({@link ThreadDumpSummary#comparedWith()}; 0 when none was read)
     */
    public record Group(List<String> frames, long count, boolean virtual, Map<String, Long> states, List<String> containers, List<String> names,
                        long unchanged) {

        public Group {
            frames = List.copyOf(frames);
            states = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(states));
            containers = List.copyOf(containers);
            names = List.copyOf(names);
        }
    }

    /**
     * As JSON: threadDumpVirtualThreads (the field {@code attach --json} gives too), threadDumpPlatformThreads, format, file, sizeBytes,
     * processId, time, runtimeVersion, framesUnwritten, dump, dumps, cutShort, comparedWithDump, comparedWithFile, unchangedThreads (of the
     * threads grouped), grep, matchedThreads, containers, groups.
     */
    public Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("threadDumpVirtualThreads", virtualThreads);
        json.put("threadDumpPlatformThreads", platformThreads);
        json.put("format", format.jsonName());
        json.put("file", file.toString());
        json.put("sizeBytes", sizeBytes);
        json.put("processId", processId < 0 ? null : processId);
        json.put("time", time);
        json.put("runtimeVersion", runtimeVersion);
        json.put("framesUnwritten", framesUnwritten);
        json.put("dump", dump);
        json.put("dumps", dumps);
        json.put("cutShort", cutShort);
        json.put("comparedWithDump", compared() ? comparedWith : null);
        json.put("comparedWithFile", comparedFile == null ? null : comparedFile.toString());
        json.put("unchangedThreads", compared() ? unchangedThreads() : null);
        json.put("grep", grep);
        json.put("matchedThreads", matchedThreads);
        json.put("containers", containers.stream().map(c -> {
            Map<String, Object> container = new LinkedHashMap<>();
            container.put("name", c.name());
            container.put("parent", c.parent().isEmpty() ? null : c.parent());
            container.put("owner", c.owner() < 0 ? null : c.owner());
            container.put("virtualThreads", c.virtualThreads());
            container.put("platformThreads", c.platformThreads());
            return container;
        }).toList());
        json.put("groups", groups.stream().map(g -> {
            Map<String, Object> group = new LinkedHashMap<>();
            group.put("count", g.count());
            group.put("virtual", g.virtual());
            group.put("states", g.states());
            group.put("containers", g.containers());
            group.put("names", g.names());
            group.put("unchanged", compared() ? g.unchanged() : null);
            group.put("frames", g.frames());
            return group;
        }).toList());
        return json;
    }
}
