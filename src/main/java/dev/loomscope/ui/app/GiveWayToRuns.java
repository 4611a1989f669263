package dev.loomscope.ui.app;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The run comes first: on Linux the window's own threads (painting, the FX thread, the JIT
 * compilers, the garbage collector) step down to nice {@link #WINDOW_NICE}, while runner JVMs stay
 * at the usual 0. When both want a core, the runner gets it, so the window's frames never lengthen
 * a run; when the runner waits, the window has the cores to itself as before.
 *
 * <p>Linux keeps a priority per thread, and a thread or process started later inherits its
 * creator's. So the threads that start runner JVMs and read their streams (named {@code loomscope-})
 * keep theirs: a runner must never start below the window.
 */
final class GiveWayToRuns {

    static final int WINDOW_NICE = 10;
    private static final int PRIO_PROCESS = 0;

    private GiveWayToRuns() {
    }

    /** Lowers the priority of this JVM's threads but the run starters; returns how many were lowered (0 where unsupported). */
    static int apply() {
        return lower(threadsToLower(Path.of("/proc/self/task")));
    }

    /** Sets these threads to nice {@link #WINDOW_NICE}; returns how many it could. */
    static int lower(List<Long> threads) {
        MethodHandle setPriority = setPriority();
        if (setPriority == null) {
            return 0;
        }
        int lowered = 0;
        for (long tid : threads) {
            try {
                if ((int) setPriority.invokeExact(PRIO_PROCESS, (int) tid, WINDOW_NICE) == 0) {
                    lowered++;
                }
            } catch (Throwable e) {
                return lowered;
            }
        }
        return lowered;
    }

    /** The thread ids under {@code tasks} (a {@code /proc/PID/task} folder) whose name does not start with "loomscope-". */
    static List<Long> threadsToLower(Path tasks) {
        var tids = new ArrayList<Long>();
        try (var entries = Files.list(tasks)) {
            for (Path task : entries.toList()) {
                String name = Files.readString(task.resolve("comm")).strip();
                if (!name.startsWith("loomscope-")) {
                    tids.add(Long.parseLong(task.getFileName().toString()));
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            // Not Linux, or /proc unreadable: the window keeps the usual priority.
            return List.of();
        }
        return tids;
    }

    private static MethodHandle setPriority() {
        try {
            Linker linker = Linker.nativeLinker();
            return linker.defaultLookup().find("setpriority").map(symbol -> linker.downcallHandle(symbol,
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT))).orElse(null);
        } catch (RuntimeException | LinkageError e) {
            // No native access granted, or no such function: keep the usual priority.
            return null;
        }
    }
}
