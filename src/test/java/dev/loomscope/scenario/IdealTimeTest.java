package dev.loomscope.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IdealTimeTest {

    private static Scenario scenario(ExecutorKind kind, int tasks, int pool, int sleepMs, int cpuMs) {
        return new Scenario(kind, tasks, pool, 2, sleepMs, cpuMs, BlockingMode.SLEEP, 20);
    }

    @Test
    void aFixedPoolOf200RunsTenThousandSleepsIn50Waves() {
        assertThat(IdealTime.millis(scenario(ExecutorKind.FIXED, 10_000, 200, 100, 0), 2)).isEqualTo(5_000);
    }

    @Test
    void threadPerTaskAndVirtualWaitOnce() {
        assertThat(IdealTime.millis(scenario(ExecutorKind.VIRTUAL, 10_000, 200, 100, 0), 2)).isEqualTo(100);
        assertThat(IdealTime.millis(scenario(ExecutorKind.PLATFORM, 10_000, 200, 100, 0), 2)).isEqualTo(100);
    }

    @Test
    void theFiveSchedulersOfTheClassicComparison() {
        // 1000 tasks / 4 threads x 100 ms = 25 s, as the article says.
        assertThat(IdealTime.millis(scenario(ExecutorKind.FIXED, 1_000, 4, 100, 0), 4)).isEqualTo(25_000);
        assertThat(IdealTime.millis(scenario(ExecutorKind.FORKJOIN, 1_000, 4, 100, 0), 4)).isEqualTo(25_000);
        assertThat(IdealTime.millis(scenario(ExecutorKind.SINGLE, 1_000, 4, 100, 0), 4)).isEqualTo(100_000);
        // A partial last wave still costs a whole wave.
        assertThat(IdealTime.millis(scenario(ExecutorKind.FIXED, 1_001, 4, 100, 0), 4)).isEqualTo(25_100);
    }

    @Test
    void cpuWorkIsBoundByCoresWhateverTheExecutor() {
        // 48 tasks x 100 ms of CPU on 2 cores: 2.4 s for platform and virtual alike.
        assertThat(IdealTime.millis(scenario(ExecutorKind.FIXED, 48, 48, 0, 100), 2)).isEqualTo(2_400);
        assertThat(IdealTime.millis(scenario(ExecutorKind.VIRTUAL, 48, 48, 0, 100), 2)).isEqualTo(2_400);
        // A single thread uses one core only.
        assertThat(IdealTime.millis(scenario(ExecutorKind.SINGLE, 48, 48, 0, 100), 2)).isEqualTo(4_800);
        // One carrier bounds virtual threads like one core.
        var oneCarrier = new Scenario(ExecutorKind.VIRTUAL, 48, 48, 1, 0, 100, BlockingMode.SLEEP, 20);
        assertThat(IdealTime.millis(oneCarrier, 2)).isEqualTo(4_800);
    }

    @Test
    void aSemaphorePassesSleepsThroughItsPermits() {
        var limited = new Scenario(ExecutorKind.VIRTUAL_LIMITED, 1_000, 200, 2, 100, 0, BlockingMode.SLEEP, 20);
        assertThat(IdealTime.millis(limited, 2)).isEqualTo(5_000);
    }

    @Test
    void pinningBlockingKeepsTheCarrierSoOnlyCarriersWaitAtOnce() {
        var pinned = new Scenario(ExecutorKind.VIRTUAL, 100, 200, 2, 50, 0, BlockingMode.NATIVE, 20);
        var unpinned = new Scenario(ExecutorKind.VIRTUAL, 100, 200, 2, 50, 0, BlockingMode.SYNCHRONIZED, 20);
        assertThat(IdealTime.millis(pinned, 2)).isEqualTo(2_500);
        assertThat(IdealTime.millis(unpinned, 2)).isEqualTo(50);
    }

    @Test
    void neverBelowOneTask() {
        assertThat(IdealTime.millis(scenario(ExecutorKind.FIXED, 1, 200, 30, 20), 2)).isEqualTo(50);
    }

    @org.junit.jupiter.api.Test
    void aClosedLoopOfConnectionsSendsNoMoreThanItsConnectionsAtOnce() {
        var fixed = new Scenario(ExecutorKind.FIXED, 1_000, 10, 2, 100, 0, BlockingMode.SLEEP, 20).withConnections(100);
        assertThat(IdealTime.millis(fixed, 2)).isEqualTo(10_000);
        assertThat(IdealTime.millis(fixed.withExecutor(ExecutorKind.VIRTUAL), 2)).isEqualTo(1_000);
        assertThat(IdealTime.millis(fixed.withExecutor(ExecutorKind.PLATFORM), 2)).isEqualTo(1_000);
        // Fewer connections than pool threads: the connections set the pace.
        var fewClients = new Scenario(ExecutorKind.FIXED, 1_000, 200, 2, 100, 0, BlockingMode.SLEEP, 20).withConnections(40);
        assertThat(IdealTime.millis(fewClients, 2)).isEqualTo(2_500);
        assertThat(IdealTime.millis(fewClients.withConnections(0), 2)).isEqualTo(500);
    }
}
