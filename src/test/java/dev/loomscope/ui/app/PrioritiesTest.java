package dev.loomscope.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The window below its runners but for the runs it animates, its frames above the rest of it. */
class PrioritiesTest {

    @Test
    void theFramesThreadsAndTheOthersStepDownApartAndTheRunStartersAndReadersNot(@TempDir Path tasks) throws Exception {
        for (String[] thread : new String[][] {{"101", "JavaFX Applicat"}, {"102", "QuantumRenderer"}, {"103", "C2 CompilerThre"},
                {"104", "loomscope-run-s"}, {"105", "loomscope-runne"}, {"106", "VM Thread"}, {"107", "C1 CompilerThre"},
                {"108", "ForkJoinPool.co"}, {"109", "java"}, {"110", "java:disk$0"}, {"111", "InvokeLaterDisp"}, {"112", "gmain"},
                {"113", "Headless Timer"}}) {
            Files.createDirectories(tasks.resolve(thread[0]));
            Files.writeString(tasks.resolve(thread[0]).resolve("comm"), thread[1] + "\n");
        }
        var threads = Priorities.threadsToLower(tasks);
        assertThat(threads.frame()).containsExactlyInAnyOrder(101L, 102L, 106L, 109L, 111L, 113L);
        assertThat(threads.readers()).containsExactly(105L);
        assertThat(threads.rest()).containsExactlyInAnyOrder(103L, 107L, 108L, 110L, 112L);
        var none = Priorities.threadsToLower(tasks.resolve("missing"));
        assertThat(none.frame()).as("no /proc: nothing to lower").isEmpty();
        assertThat(none.readers()).isEmpty();
        assertThat(none.rest()).isEmpty();
        assertThat(Priorities.FRAME_NICE).as("the frames above the rest of the window and above a run it animates")
                .isLessThan(Priorities.REST_NICE).isLessThan(Priorities.ANIMATED_RUN_NICE);
    }

    @Test
    void aLoweredThreadStartsProcessesBelowTheUsualPriorityWhileTheStarterStartsThemAtIt() throws Exception {
        if (!Files.isDirectory(Path.of("/proc/self/task"))) {
            return;
        }
        // Threads of their own: this test JVM's other threads (and the runners later tests start) are not touched.
        assertThat(niceOfAProcessStartedBy("loomscope-run-starter-test", false)).isEqualTo(0);
        assertThat(niceOfAProcessStartedBy("window-like", true)).isEqualTo(Priorities.REST_NICE);
    }

    @Test
    void aRunTheWindowAnimatesStepsDownWithEveryThreadOfItsJvmAndThoseItStartsLater() throws Exception {
        if (!Files.isDirectory(Path.of("/proc/self/task"))) {
            return;
        }
        // A real JVM, as a runner is: many threads of its own before the window steps it down.
        var command = dev.loomscope.launcher.JvmLauncher.standard().toolCommand(PrintsItsThreadsNice.class.getName(), List.of(), List.of());
        Process jvm = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (var lines = new BufferedReader(new InputStreamReader(jvm.getInputStream()))) {
            assertThat(lines.readLine()).isEqualTo("ready");
            assertThat(Priorities.lowerProcess(jvm.pid(), Priorities.ANIMATED_RUN_NICE)).as("its threads").isGreaterThan(5);
            jvm.getOutputStream().write('\n');
            jvm.getOutputStream().flush();
            assertThat(lines.readLine()).as("each thread's nice, a thread started after included")
                    .matches("(" + Priorities.ANIMATED_RUN_NICE + " )+" + Priorities.ANIMATED_RUN_NICE);
        } finally {
            jvm.destroyForcibly();
            jvm.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
        }
        assertThat(Priorities.lowerProcess(jvm.pid(), Priorities.ANIMATED_RUN_NICE)).as("a run that has ended: nothing to lower").isZero();
    }

    /** Says "ready", waits for a line, starts one more thread, then prints the nice value of each of its threads. */
    public static final class PrintsItsThreadsNice {
        public static void main(String[] args) throws Exception {
            System.out.println("ready");
            System.in.read();
            var later = Thread.ofPlatform().start(() -> {
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            var nices = new StringBuilder();
            try (var tasks = Files.list(Path.of("/proc/self/task"))) {
                for (Path task : tasks.toList()) {
                    String stat = Files.readString(task.resolve("stat"));
                    nices.append(nices.isEmpty() ? "" : " ").append(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16]);
                }
            }
            System.out.println(nices);
            later.interrupt();
        }
    }

    /** Starts a thread (lowered first, if asked) that starts a process printing its own nice value. */
    private static int niceOfAProcessStartedBy(String threadName, boolean lowerFirst) throws Exception {
        var nice = new java.util.concurrent.CompletableFuture<Integer>();
        Thread.ofPlatform().name(threadName).start(() -> {
            try {
                if (lowerFirst) {
                    long tid = Long.parseLong(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
                    assertThat(Priorities.lower(List.of(tid), Priorities.REST_NICE)).isEqualTo(1);
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
