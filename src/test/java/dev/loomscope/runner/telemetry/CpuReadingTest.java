package dev.loomscope.runner.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loomscope.runner.telemetry.ProcessReadings.CpuReading;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The CPU-wait and other-programs arithmetic between two readings, and a real reading on Linux. */
class CpuReadingTest {

    @Test
    void threadsStartedDuringTheRunCountFromZeroAndAReusedThreadIdNeverSubtracts() {
        var start = new CpuReading(Map.of(1L, 100L, 2L, 5_000L), 1_000, 200);
        // Thread 2 ended and its id came back with less wait than the old thread had; thread 3 is new.
        var end = new CpuReading(Map.of(1L, 400L, 2L, 50L, 3L, 70L), 1_000, 200);
        assertThat(end.cpuWaitNanosSince(start)).isEqualTo(300 + 0 + 70);
    }

    @Test
    void otherProgramsGetTheMachinesBusyTimeMinusTheRunnersOwn() {
        var start = new CpuReading(Map.of(), 10_000_000_000L, 1_000_000_000L);
        var end = new CpuReading(Map.of(), 13_000_000_000L, 2_000_000_000L);
        assertThat(end.otherCpuNanosSince(start)).isEqualTo(2_000_000_000L);
        // 10 ms ticks: the runner's exact CPU time can exceed the machine's coarse count.
        var coarse = new CpuReading(Map.of(), 10_000_000_000L, 1_005_000_000L);
        assertThat(coarse.otherCpuNanosSince(start)).isZero();
    }

    @Test
    void withoutProcTheFiguresAreAbsentNotZero() {
        var unknown = new CpuReading(null, -1, 200);
        var known = new CpuReading(Map.of(1L, 100L), 1_000, 100);
        assertThat(unknown.cpuWaitNanosSince(known)).isEqualTo(-1);
        assertThat(known.cpuWaitNanosSince(unknown)).isEqualTo(-1);
        assertThat(unknown.otherCpuNanosSince(known)).isEqualTo(-1);
    }

    @Test
    void aRealReadingSeesThisThreadAndTheMachinesBusyTime() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "Linux /proc");
        CpuReading reading = new ProcessReadings().cpuReading();
        assertThat(reading.runQueueNanos()).as("the main thread, whose id is the pid").containsKey(ProcessHandle.current().pid());
        assertThat(reading.machineBusyNanos()).isPositive();
        assertThat(reading.processCpuNanos()).isPositive();
    }
}
