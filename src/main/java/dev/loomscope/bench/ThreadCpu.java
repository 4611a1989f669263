package dev.loomscope.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumMap;
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
        /** The java launcher's own threads: the JVM's start and {@code main}. */
        MAIN,
        /** The JVM's other threads (VM thread, collector) and the program's threads still running. */
        OTHER,
        /** Threads that had ended by then: the process's total less the living threads' (JavaFX's launcher once done, the threads that make the window's parts). */
        ENDED;

        static Part of(String threadName) {
            // Spaces as underscores: the names are identifiers here, not words.
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
            return name.equals("java") ? MAIN : OTHER;
        }
    }

    private ThreadCpu() {
    }

    /**
     * CPU ms by part so far. Each living thread's own time is read in nanoseconds
     * (/proc/PID/task/TID/schedstat), so that the part left for ended threads carries only the
     * process total's rounding (a 10 ms clock tick), not one per thread. Empty if the process is gone.
     */
    public static Map<Part, Long> of(long pid) {
        var nanos = new EnumMap<Part, Long>(Part.class);
        for (Part part : Part.values()) {
            nanos.put(part, 0L);
        }
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        long living = 0;
        try (Stream<Path> threads = Files.list(tasks)) {
            for (Path thread : threads.toList()) {
                try {
                    String stat = Files.readString(thread.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    long used = Long.parseLong(Files.readString(thread.resolve("schedstat")).split(" ")[0]);
                    nanos.merge(Part.of(name), used, Long::sum);
                    living += used;
                } catch (NoSuchFileException ended) {
                    // Ended while being read: its time is in the total, and so in ENDED.
                }
            }
        } catch (NoSuchFileException gone) {
            return Map.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long totalMs = StartupBenchmark.cpuMs(pid);
        if (totalMs < 0) {
            return Map.of();
        }
        var ms = new EnumMap<Part, Long>(Part.class);
        nanos.forEach((part, used) -> ms.put(part, used / 1_000_000));
        ms.put(Part.ENDED, Math.max(0, totalMs - living / 1_000_000));
        return ms;
    }
}
