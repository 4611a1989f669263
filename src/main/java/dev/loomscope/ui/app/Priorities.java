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
 * Who gets a core first when the window and a run both want one (Linux; elsewhere every thread keeps
 * the usual priority):
 * <ol>
 * <li>the window's frames ({@link #FRAME_THREADS}) at the usual nice 0. A frame needs 5-6 ms of CPU
 * on time; level with a runner that keeps both cores busy, one frame in twenty missed the 60 Hz beat
 * by a quarter or more (ui-bench's p95 at a million tasks: 30-38 ms);</li>
 * <li>runner JVMs, started at nice {@link #RUNNER_NICE} ({@link #runnerLauncher()});</li>
 * <li>the window's other threads (the JIT compiler, the common pool...) at nice {@link #WINDOW_NICE}.</li>
 * </ol>
 * The window's frames cannot lengthen a run for all that: the window animates a run only while the
 * run leaves it room ({@code RunFirstPolicy}: still through CPU-bound runs and a busy machine), and
 * {@code loomscope stage-bench} checks every preset's times against {@code loomscope run}'s.
 *
 * <p>Linux keeps a priority per thread, and a thread or process started later inherits its
 * creator's. So the threads that start runner JVMs and read their streams (named {@code loomscope-})
 * keep the usual priority: a runner starts at nice {@link #RUNNER_NICE} from there, never lower.
 */
final class Priorities {

    static final int WINDOW_NICE = 15;
    static final int RUNNER_NICE = 10;
    private static final int PRIO_PROCESS = 0;
    /**
     * The threads a frame waits on, as /proc names them (cut at 15 characters): the FX thread, the render
     * thread, the VM thread (the serial collector's pauses), the JIT compiler (the window's code compiled
     * while it runs), and the two that wake the FX thread: JavaFX's pulse timer (a native thread, named
     * "java") and the dispatcher of Platform.runLater.
     */
    private static final List<String> FRAME_THREADS = List.of("JavaFX Applicat", "QuantumRenderer", "VM Thread", "C1 CompilerThre",
            "java", "InvokeLaterDisp");

    private Priorities() {
    }

    /**
     * How the window starts its runner JVMs: below its frames, through {@code nice} where there is one
     * (a runner's threads all inherit it from the start); elsewhere as usual.
     */
    static dev.loomscope.launcher.JvmLauncher runnerLauncher() {
        var nice = Path.of("/usr/bin/nice");
        return Files.isExecutable(nice) && Files.isDirectory(Path.of("/proc/self/task"))
                ? new dev.loomscope.launcher.JvmLauncher(List.of(nice.toString(), "-n", String.valueOf(RUNNER_NICE)), List.of())
                : dev.loomscope.launcher.JvmLauncher.standard();
    }

    /** Lowers the priority of this JVM's threads but the frame's and the run starters'; returns how many were lowered (0 where unsupported). */
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

    /** The thread ids under {@code tasks} (a {@code /proc/PID/task} folder) but the frame's and those whose name starts with "loomscope-". */
    static List<Long> threadsToLower(Path tasks) {
        var tids = new ArrayList<Long>();
        try (var entries = Files.list(tasks)) {
            for (Path task : entries.toList()) {
                String name = Files.readString(task.resolve("comm")).strip();
                if (!name.startsWith("loomscope-") && !FRAME_THREADS.contains(name)) {
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
