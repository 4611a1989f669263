package dev.loomscope.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The window's frames first, then its runners, then the rest of the window. */
class PrioritiesTest {

    @Test
    void everyThreadButTheFramesAndTheRunStartersAndReadersIsLowered(@TempDir Path tasks) throws Exception {
        for (String[] thread : new String[][] {{"101", "JavaFX Applicat"}, {"102", "QuantumRenderer"}, {"103", "C2 CompilerThre"},
                {"104", "loomscope-run-s"}, {"105", "loomscope-runne"}, {"106", "VM Thread"}, {"107", "C1 CompilerThre"},
                {"108", "ForkJoinPool.co"}, {"109", "java"}, {"110", "java:disk$0"}, {"111", "InvokeLaterDisp"}, {"112", "gmain"}}) {
            Files.createDirectories(tasks.resolve(thread[0]));
            Files.writeString(tasks.resolve(thread[0]).resolve("comm"), thread[1] + "\n");
        }
        assertThat(Priorities.threadsToLower(tasks)).containsExactlyInAnyOrder(103L, 108L, 110L, 112L);
        assertThat(Priorities.threadsToLower(tasks.resolve("missing"))).as("no /proc: nothing to lower").isEmpty();
    }

    @Test
    void aLoweredThreadStartsProcessesBelowTheUsualPriorityWhileTheStarterStartsThemAtIt() throws Exception {
        if (!Files.isDirectory(Path.of("/proc/self/task"))) {
            return;
        }
        // Threads of their own: this test JVM's other threads (and the runners later tests start) are not touched.
        assertThat(niceOfAProcessStartedBy("loomscope-run-starter-test", false)).isEqualTo(0);
        assertThat(niceOfAProcessStartedBy("window-like", true)).isEqualTo(Priorities.WINDOW_NICE);
    }

    @Test
    void theWindowStartsItsRunnersBelowItsFramesAndAboveTheRestOfIt() throws Exception {
        if (!Files.isDirectory(Path.of("/proc/self/task")) || !Files.isExecutable(Path.of("/usr/bin/nice"))) {
            return;
        }
        assertThat(Priorities.RUNNER_NICE).isBetween(1, Priorities.WINDOW_NICE - 1);
        // A real JVM through the window's launcher, from a thread at the usual priority, as the run starter is.
        var command = Priorities.runnerLauncher().toolCommand(PrintsItsNice.class.getName(), java.util.List.of(), java.util.List.of());
        Process jvm = new ProcessBuilder(command).redirectErrorStream(true).start();
        String printed = new String(jvm.getInputStream().readAllBytes()).strip();
        assertThat(jvm.waitFor()).as(printed).isZero();
        assertThat(printed).isEqualTo(String.valueOf(Priorities.RUNNER_NICE));
    }

    /** A JVM that prints its nice value (the 19th field of /proc/self/stat, counted after the name's closing parenthesis). */
    public static final class PrintsItsNice {
        public static void main(String[] args) throws Exception {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            System.out.println(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16]);
        }
    }

    /** Starts a thread (lowered first, if asked) that starts a process printing its own nice value. */
    private static int niceOfAProcessStartedBy(String threadName, boolean lowerFirst) throws Exception {
        var nice = new java.util.concurrent.CompletableFuture<Integer>();
        Thread.ofPlatform().name(threadName).start(() -> {
            try {
                if (lowerFirst) {
                    long tid = Long.parseLong(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
                    assertThat(Priorities.lower(java.util.List.of(tid))).isEqualTo(1);
                }
                Process process = new ProcessBuilder("sh", "-c", "cut -d' ' -f19 /proc/self/stat").start();
                nice.complete(Integer.parseInt(new String(process.getInputStream().readAllBytes()).strip()));
            } catch (Throwable e) {
                nice.completeExceptionally(e);
            }
        });
        return nice.get(30, java.util.concurrent.TimeUnit.SECONDS);
    }
}
