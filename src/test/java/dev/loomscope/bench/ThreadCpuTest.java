package dev.loomscope.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ThreadCpuTest {

    /** Kept, so that the spinning is not optimised away. */
    static volatile long burnt;

    @Test
    void theJvmsAndJavaFxsThreadsAreToldApartByTheirNamesAsLinuxKeepsThem() {
        assertThat(ThreadCpu.Part.of("C1 CompilerThre", "java")).isEqualTo(ThreadCpu.Part.JIT);
        assertThat(ThreadCpu.Part.of("C2 CompilerThre", "java")).isEqualTo(ThreadCpu.Part.JIT);
        assertThat(ThreadCpu.Part.of("JavaFX Applicat", "java")).isEqualTo(ThreadCpu.Part.FX_THREAD);
        assertThat(ThreadCpu.Part.of("QuantumRenderer", "java")).isEqualTo(ThreadCpu.Part.RENDERER);
        assertThat(ThreadCpu.Part.of("JavaFX-Launcher", "java")).isEqualTo(ThreadCpu.Part.LAUNCHER);
        assertThat(ThreadCpu.Part.of("java", "java")).isEqualTo(ThreadCpu.Part.MAIN);
        // The app image's launcher names its process, and so its main thread, after itself.
        assertThat(ThreadCpu.Part.of("LoomScope", "LoomScope")).isEqualTo(ThreadCpu.Part.MAIN);
        assertThat(ThreadCpu.Part.of("java", "LoomScope")).isEqualTo(ThreadCpu.Part.OTHER);
        assertThat(ThreadCpu.Part.of("VM Thread", "java")).isEqualTo(ThreadCpu.Part.OTHER);
        assertThat(ThreadCpu.Part.of("loomscope-windo", "java")).isEqualTo(ThreadCpu.Part.OTHER);
    }

    @Test
    void aThreadThatEndedKeepsItsCpuTimeInTheProcesssAccount() throws Exception {
        long pid = ProcessHandle.current().pid();
        var used = new AtomicLong();
        var burner = Thread.ofPlatform().name("cpu-burner").start(() -> {
            var threads = ManagementFactory.getThreadMXBean();
            long until = threads.getCurrentThreadCpuTime() + 200_000_000L;
            long spin = 0;
            while (threads.getCurrentThreadCpuTime() < until) {
                spin += Long.numberOfTrailingZeros(spin + System.nanoTime());
            }
            used.set(threads.getCurrentThreadCpuTime() / 1_000_000);
            burnt = spin;
        });
        burner.join();
        // join() returns as the Java thread ends; its task leaves /proc a moment later.
        dev.loomscope.testing.Poll.until("the burner's task gone from /proc", java.time.Duration.ofSeconds(5), () -> !taskNamed("cpu-burner"));

        var parts = ThreadCpu.of(pid);

        // Living threads are read in ns; only the total's rounding (user and system, a 10 ms tick each) can round the ended part down.
        assertThat(parts.get(ThreadCpu.Part.ENDED)).isGreaterThanOrEqualTo(used.get() - 20);
        // This JVM's compilers have compiled something by now.
        assertThat(parts.get(ThreadCpu.Part.JIT)).isPositive();
    }

    private static boolean taskNamed(String name) {
        try (var tasks = java.nio.file.Files.list(java.nio.file.Path.of("/proc/self/task"))) {
            for (var task : tasks.toList()) {
                try {
                    if (java.nio.file.Files.readString(task.resolve("comm")).strip().equals(name)) {
                        return true;
                    }
                } catch (java.io.IOException ended) {
                    // Gone meanwhile.
                }
            }
            return false;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aProcessThatIsGoneHasNoAccount() {
        assertThat(ThreadCpu.of(Long.MAX_VALUE)).isEmpty();
    }
}
