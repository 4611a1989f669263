package dev.loomscope.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The window steps down below its runners: every thread but those that start and read runs. */
class GiveWayToRunsTest {

    @Test
    void everyThreadButTheRunStartersAndReadersIsLowered(@TempDir Path tasks) throws Exception {
        for (String[] thread : new String[][] {{"101", "JavaFX Applicat"}, {"102", "QuantumRenderer"}, {"103", "C2 CompilerThre"},
                {"104", "loomscope-run-s"}, {"105", "loomscope-runne"}}) {
            Files.createDirectories(tasks.resolve(thread[0]));
            Files.writeString(tasks.resolve(thread[0]).resolve("comm"), thread[1] + "\n");
        }
        assertThat(GiveWayToRuns.threadsToLower(tasks)).containsExactlyInAnyOrder(101L, 102L, 103L);
        assertThat(GiveWayToRuns.threadsToLower(tasks.resolve("missing"))).as("no /proc: nothing to lower").isEmpty();
    }

    @Test
    void aLoweredThreadStartsProcessesBelowTheUsualPriorityWhileTheStarterStartsThemAtIt() throws Exception {
        if (!Files.isDirectory(Path.of("/proc/self/task"))) {
            return;
        }
        // Threads of their own: this test JVM's other threads (and the runners later tests start) are not touched.
        assertThat(niceOfAProcessStartedBy("loomscope-run-starter-test", false)).isEqualTo(0);
        assertThat(niceOfAProcessStartedBy("window-like", true)).isEqualTo(GiveWayToRuns.WINDOW_NICE);
    }

    /** Starts a thread (lowered first, if asked) that starts a process printing its own nice value. */
    private static int niceOfAProcessStartedBy(String threadName, boolean lowerFirst) throws Exception {
        var nice = new java.util.concurrent.CompletableFuture<Integer>();
        Thread.ofPlatform().name(threadName).start(() -> {
            try {
                if (lowerFirst) {
                    long tid = Long.parseLong(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
                    assertThat(GiveWayToRuns.lower(java.util.List.of(tid))).isEqualTo(1);
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
