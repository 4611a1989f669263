package dev.loomscope.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Where a JVM process's CPU time went by a moment, by the kind of thread that used it: read from
 * /proc while the process runs, so it needs nothing from the process (the empty window, the
 * yardstick, is measured the same way as LoomScope's). A start that is bound by CPU is shortened only
 * by less work, and this says whose work it is.
 */
public final class ThreadCpu {

    /** The kinds of thread, told apart by the names the JVM and JavaFX give them (Linux keeps 15 characters). */
    public enum Part {
        /** The JIT's compiler threads, and the AOT cache's training replay, which compiles too. */
        JIT,
        /** JavaFX's application thread: the scene's CSS, layout and drawing, and whatever the program does on it. */
        FX_THREAD,
        /** JavaFX's renderer thread. */
        RENDERER,
        /** The thread that starts the JavaFX runtime (its classes and native libraries), while it runs: it may end before the first frame. */
        LAUNCHER,
        /** The launcher's own threads, named as the process is ({@code java}, or the app image's launcher): the JVM's start and {@code main}. */
        MAIN,
        /** The JVM's other threads (VM thread, collector) and the program's threads still running. */
        OTHER,
        /** Threads that had ended by then: the process's total less the living threads' (JavaFX's launcher once done, the threads that make the window's parts). */
        ENDED;

        /** The part a thread of this name belongs to, in a process whose own name (its first thread's) is {@code processName}. */
        static Part of(String threadName, String processName) {
            // Spaces as underscores, so that these literals read as the identifiers they are.
            String name = threadName.replace(' ', '_');
            if (name.startsWith("C1_Compiler") || name.startsWith("C2_Compiler") || name.startsWith("Training")) {
                return JIT;
            }
            if (name.startsWith("JavaFX_Applicat")) {
                return FX_THREAD;
            }
            if (name.startsWith("QuantumRenderer")) {
                return RENDERER;
            }
            if (name.startsWith("JavaFX-Launcher")) {
                return LAUNCHER;
            }
            return threadName.equals(processName) ? MAIN : OTHER;
        }
    }

    private ThreadCpu() {
    }

    /**
     * CPU ms by part so far. Each living thread's own time is read in nanoseconds
     * (/proc/PID/task/TID/schedstat; in clock ticks from its stat where the kernel keeps no
     * schedstat), so that the part left for ended threads carries only the process total's rounding
     * (its user and system times, each to a 10 ms tick), not one per thread. A thread that ends while
     * being read counts as ended. Empty if the process is gone.
     */
    public static Map<Part, Long> of(long pid) {
        Path process = Path.of("/proc", Long.toString(pid));
        String processName;
        List<Path> threads;
        try (Stream<Path> listed = Files.list(process.resolve("task"))) {
            processName = Files.readString(process.resolve("comm")).strip();
            threads = listed.toList();
        } catch (IOException | UncheckedIOException gone) {
            return Map.of();
        }
        var nanos = new EnumMap<Part, Long>(Part.class);
        for (Part part : Part.values()) {
            nanos.put(part, 0L);
        }
        long living = 0;
        for (Path thread : threads) {
            try {
                String[] stat = statFields(Files.readString(thread.resolve("stat")));
                long used = onCpuNanos(thread, stat);
                nanos.merge(Part.of(stat[0], processName), used, Long::sum);
                living += used;
            } catch (IOException ended) {
                // Gone while being read (ENOENT, or ESRCH from a file opened just before): its time is in the total.
            }
        }
        long totalMs = processMs(pid);
        if (totalMs < 0) {
            return Map.of();
        }
        var ms = new EnumMap<Part, Long>(Part.class);
        nanos.forEach((part, used) -> ms.put(part, used / 1_000_000));
        ms.put(Part.ENDED, Math.max(0, totalMs - living / 1_000_000));
        return ms;
    }

    /** User + system CPU time of a process so far, from /proc/PID/stat (in clock ticks of 10 ms); -1 if it is gone. */
    static long processMs(long pid) {
        try {
            return ticksMs(statFields(Files.readString(Path.of("/proc", Long.toString(pid), "stat"))));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static long onCpuNanos(Path thread, String[] stat) throws IOException {
        try {
            return Long.parseLong(Files.readString(thread.resolve("schedstat")).split(" ")[0]);
        } catch (java.nio.file.NoSuchFileException noSchedstat) {
            if (Files.isDirectory(thread)) {
                return ticksMs(stat) * 1_000_000;
            }
            throw noSchedstat;
        }
    }

    /** A stat line as its name (field 2 of proc(5), which may hold spaces and parentheses) then the fields after it, from the state on. */
    private static String[] statFields(String stat) {
        String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        String[] fields = new String[after.length + 1];
        fields[0] = name;
        System.arraycopy(after, 0, fields, 1, after.length);
        return fields;
    }

    /** utime (field 14 of proc(5)) + stime (15), in ms: after the name, state is field 3. */
    private static long ticksMs(String[] fields) {
        return (Long.parseLong(fields[12]) + Long.parseLong(fields[13])) * 10;
    }
}
