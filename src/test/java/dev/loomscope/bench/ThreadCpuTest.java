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
        assertThat(ThreadCpu.Part.of("C1 CompilerThre")).isEqualTo(ThreadCpu.Part.JIT);
        assertThat(ThreadCpu.Part.of("C2 CompilerThre")).isEqualTo(ThreadCpu.Part.JIT);
        assertThat(ThreadCpu.Part.of("JavaFX Applicat")).isEqualTo(ThreadCpu.Part.FX_THREAD);
        assertThat(ThreadCpu.Part.of("QuantumRenderer")).isEqualTo(ThreadCpu.Part.RENDERER);
        assertThat(ThreadCpu.Part.of("JavaFX-Launcher")).isEqualTo(ThreadCpu.Part.LAUNCHER);
        assertThat(ThreadCpu.Part.of("java")).isEqualTo(ThreadCpu.Part.MAIN);
        assertThat(ThreadCpu.Part.of("VM Thread")).isEqualTo(ThreadCpu.Part.OTHER);
        assertThat(ThreadCpu.Part.of("loomscope-windo")).isEqualTo(ThreadCpu.Part.OTHER);
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

        var parts = ThreadCpu.of(pid);

        // Living threads are read in ns; only the total's own 10 ms tick can round the ended part down.
        assertThat(parts.get(ThreadCpu.Part.ENDED)).isGreaterThanOrEqualTo(used.get() - 10);
        // This JVM's compilers have compiled something by now, and its main thread ran the test's start.
        assertThat(parts.get(ThreadCpu.Part.JIT)).isPositive();
        assertThat(parts.get(ThreadCpu.Part.MAIN) + parts.get(ThreadCpu.Part.OTHER)).isPositive();
    }

    @Test
    void aProcessThatIsGoneHasNoAccount() {
        assertThat(ThreadCpu.of(Long.MAX_VALUE)).isEmpty();
    }
}
