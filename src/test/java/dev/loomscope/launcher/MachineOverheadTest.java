package dev.loomscope.launcher;

import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loomscope.model.Explanation;
import dev.loomscope.protocol.RunnerHello;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The run's measured overheads, in a real runner JVM: what a CPU hog beside the runner must show.
 * Timing: the hog takes both cores for seconds, and the bounds need them to itself otherwise. That
 * every run reports its overheads is checked in {@link RunnerTest}.
 */
@Tag("timing")
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class MachineOverheadTest {

    private final Runner runner = new Runner();

    @Test
    void aRunBesideACpuHogWaitsForTheCpuAndIsExplainedAsSlowedByTheMachine() throws InterruptedException {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "Linux /proc");
        // 24 tasks x 100 ms of computing on 2 carriers: 1.2 s if the runner has 2 cores to itself.
        var scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(24).withSleepMs(0).withCpuMs(100).build();
        var hog = new CpuHog(2 * Runtime.getRuntime().availableProcessors());
        RunResult result;
        try {
            // The hog starts once the runner has calibrated its CPU work (the hello carries the
            // rate): started earlier, it would shrink every task's work instead of delaying it.
            result = runner.run(scenario, new RunListener() {
                @Override
                public void onHello(RunnerHello hello) {
                    hog.start();
                }
            });
        } finally {
            hog.stop();
        }
        assertThat(result.isCompleted()).as(result.message()).isTrue();
        // Twice as many busy threads as cores beside the 2 carriers leave them about a third of
        // the CPU they want: they wait about twice their CPU time. Margins are wide on purpose.
        assertThat(result.cpuWaitMs()).as("CPU wait, with %.0f ms of CPU time", result.cpuTimeMs())
                .isGreaterThan(0.3 * result.cpuTimeMs()).isGreaterThan(300);
        assertThat(result.otherCpuMs()).as("other programs' CPU over %.0f ms", result.elapsedMs())
                .isGreaterThan(0.5 * result.elapsedMs());
        assertThat(result.elapsedMs()).isGreaterThan(result.idealMs() * 1.3);
        assertThat(Explanation.of(result, runner.cores())).contains("This run was slowed by the machine, not the executor")
                .contains("waiting for a CPU that other programs held");
    }

    /** Busy threads in this JVM, another process than the runner; each gives up after 60 s whatever happens. */
    static final class CpuHog {
        private final int threads;
        private final List<Thread> running = new ArrayList<>();
        private volatile boolean stopped;

        CpuHog(int threads) {
            this.threads = threads;
        }

        synchronized void start() {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            for (int i = 0; i < threads; i++) {
                running.add(Thread.ofPlatform().daemon().name("cpu-hog-" + i).start(() -> {
                    long x = 0;
                    while (!stopped && System.nanoTime() < deadline) {
                        x += x * 31 + 7;
                    }
                    if (x == 42) {
                        System.out.print(""); // keeps the loop from being optimised away
                    }
                }));
            }
        }

        synchronized void stop() throws InterruptedException {
            stopped = true;
            for (Thread t : running) {
                t.join();
            }
        }
    }
}
