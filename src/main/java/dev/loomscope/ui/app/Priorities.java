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
 * the usual priority). The run, as a rule: once the window's first frame is on screen, its frame
 * threads ({@link #FRAME_THREADS}) step down to nice {@link #FRAME_NICE} and its other threads (the JIT
 * compiler, the common pool...) to {@link #REST_NICE}, while runner JVMs start at the usual 0. When both
 * want a core, the runner gets it, so the window never lengthens a run it keeps still: a run too short
 * to watch, a CPU-bound run, a busy machine ({@code RunFirstPolicy}).
 *
 * <p>The frames, while the window animates the run under way: that run's JVM then steps down to nice
 * {@link #ANIMATED_RUN_NICE}, below the frames. A frame needs 5-6 ms of CPU on time, and below a runner
 * that keeps both cores busy, one frame in twenty missed the 60 Hz beat by a quarter or more
 * (ui-bench's p95 at a million tasks: 30-38 ms). A priority can only be lowered without privileges, so
 * it is the runner that steps down, once, and stays down to its end.
 *
 * <p>Linux keeps a priority per thread, and a thread or process started later inherits its creator's.
 * So the threads that start runner JVMs and read their streams (named {@code loomscope-}) keep the
 * usual priority: a runner never starts below the window, and its stream's reader steps down to the
 * frames' only while its run is animated.
 */
final class Priorities {

    static final int FRAME_NICE = 5;
    static final int REST_NICE = 19;
    static final int ANIMATED_RUN_NICE = 19;
    private static final int PRIO_PROCESS = 0;
    /**
     * The threads a frame waits on, as /proc names them (cut at 15 characters): the FX thread, the render
     * thread, the VM thread (the serial collector's pauses), and the two that wake the FX thread: JavaFX's
     * pulse timer (a native thread, named "java"; on the headless platform the window's tests run on,
     * "Headless Timer") and the dispatcher of Platform.runLater.
     */
    private static final List<String> FRAME_THREADS = List.of("JavaFX Applicat", "QuantumRenderer", "VM Thread", "java", "Headless Timer",
            "InvokeLaterDisp");

    private Priorities() {
    }

    /** The window's priorities, the app's and ui-bench's alike: the window's threads from its first frame on, and each run it animates. */
    static void install(dev.loomscope.ui.shell.MainWindow window) {
        window.afterFirstFrame(Priorities::apply);
        long[] lowered = {-1};
        window.whileAnimatingTheRun(run -> {
            var hello = run.hello();
            if (hello != null && hello.pid() != lowered[0]) {
                lowered[0] = hello.pid();
                lowerProcess(hello.pid(), ANIMATED_RUN_NICE);
                // Its stream's reader, above the runner still but no longer above the frames it feeds.
                lower(threadsToLower(Path.of("/proc/self/task")).readers(), FRAME_NICE);
            }
        });
    }

    /** Puts every thread of process {@code pid} (a runner JVM) at {@code nice}; returns how many it could. */
    static int lowerProcess(long pid, int nice) {
        var tids = new ArrayList<Long>();
        try (var entries = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            entries.forEach(task -> tids.add(Long.parseLong(task.getFileName().toString())));
        } catch (java.io.IOException | RuntimeException e) {
            // Not Linux, or the run has ended: nothing to lower.
            return 0;
        }
        return lower(tids, nice);
    }

    /** Steps this JVM's threads down, the frame's to {@link #FRAME_NICE}, the others to {@link #REST_NICE}, but the run starters; returns how many (0 where unsupported). */
    static int apply() {
        var threads = threadsToLower(Path.of("/proc/self/task"));
        return lower(threads.frame(), FRAME_NICE) + lower(threads.rest(), REST_NICE);
    }

    /** Sets these threads to {@code nice}; returns how many it could. */
    static int lower(List<Long> threads, int nice) {
        MethodHandle setPriority = SetPriority.HANDLE;
        if (setPriority == null) {
            return 0;
        }
        int lowered = 0;
        for (long tid : threads) {
            try {
                if ((int) setPriority.invokeExact(PRIO_PROCESS, (int) tid, nice) == 0) {
                    lowered++;
                }
            } catch (Throwable e) {
                return lowered;
            }
        }
        return lowered;
    }

    /** A JVM's threads to step down: the frame's, the readers of runs' streams, and the others but those whose name starts with "loomscope-". */
    record ThreadsToLower(List<Long> frame, List<Long> readers, List<Long> rest) {
    }

    /** The readers of the runners' streams, as /proc names them ("loomscope-runner-reader-PID", cut at 15 characters). */
    private static final String READER = "loomscope-runne";

    /** The thread ids under {@code tasks} (a {@code /proc/PID/task} folder), as {@link ThreadsToLower}. */
    static ThreadsToLower threadsToLower(Path tasks) {
        var frame = new ArrayList<Long>();
        var readers = new ArrayList<Long>();
        var rest = new ArrayList<Long>();
        try (var entries = Files.list(tasks)) {
            for (Path task : entries.toList()) {
                String name = Files.readString(task.resolve("comm")).strip();
                long tid = Long.parseLong(task.getFileName().toString());
                if (FRAME_THREADS.contains(name)) {
                    frame.add(tid);
                } else if (name.equals(READER)) {
                    readers.add(tid);
                } else if (!name.startsWith("loomscope-")) {
                    rest.add(tid);
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            // Not Linux, or /proc unreadable: the window keeps the usual priority.
            return new ThreadsToLower(List.of(), List.of(), List.of());
        }
        return new ThreadsToLower(frame, readers, rest);
    }

    /** setpriority(2), linked once (on the FX thread, for each run it animates, the call must be cheap). */
    private static final class SetPriority {
        static final MethodHandle HANDLE = setPriority();
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
