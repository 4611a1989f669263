package dev.loomscope.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IdealTimeTest {

    private static Scenario scenario(ExecutorKind kind, int tasks, int pool, int sleepMs, int cpuMs) {
        return Scenario.of(kind).withTasks(tasks).withPool(pool).withSleepMs(sleepMs).withCpuMs(cpuMs).build();
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
        var oneCarrier = Scenario.of(ExecutorKind.VIRTUAL).withTasks(48).withCarriers(1).withSleepMs(0).withCpuMs(100).build();
        assertThat(IdealTime.millis(oneCarrier, 2)).isEqualTo(4_800);
    }

    @Test
    void aSemaphorePassesSleepsThroughItsPermits() {
        var limited = Scenario.of(ExecutorKind.VIRTUAL_LIMITED).withTasks(1_000).withSleepMs(100).withPermits(20).build();
        assertThat(IdealTime.millis(limited, 2)).isEqualTo(5_000);
    }

    @Test
    void pinningBlockingKeepsTheCarrierSoOnlyCarriersWaitAtOnce() {
        var pinned = Scenario.of(ExecutorKind.VIRTUAL).withTasks(100).withSleepMs(50).withBlocking(BlockingMode.NATIVE).build();
        var unpinned = Scenario.of(ExecutorKind.VIRTUAL).withTasks(100).withSleepMs(50).withBlocking(BlockingMode.SYNCHRONIZED).build();
        assertThat(IdealTime.millis(pinned, 2)).isEqualTo(2_500);
        assertThat(IdealTime.millis(unpinned, 2)).isEqualTo(50);
    }

    /** Measured on JDK 25: a pipe read holds its carrier (see docs/measuring.md), so it waits as pinning does. */
    @Test
    void aPipeReadKeepsItsCarrierAndAQueryWaitsForOneOfThePoolsConnections() {
        var file = Scenario.of(ExecutorKind.VIRTUAL).withTasks(100).withSleepMs(50).withCarriers(2).withBlocking(BlockingMode.FILE).build();
        assertThat(IdealTime.millis(file, 2)).isEqualTo(50 * 50);
        var jdbc = Scenario.of(ExecutorKind.VIRTUAL).withTasks(400).withSleepMs(20).withBlocking(BlockingMode.JDBC).withDbPool(10).build();
        assertThat(IdealTime.millis(jdbc, 2)).isEqualTo(40 * 20);
        assertThat(IdealTime.millis(jdbc.withDbPool(100), 2)).isEqualTo(4 * 20);
        assertThat(IdealTime.millis(jdbc.withExecutor(ExecutorKind.FIXED).withPool(4), 2)).isEqualTo(100 * 20);
        assertThat(IdealTime.millis(jdbc.withBlocking(BlockingMode.HTTP), 2)).isEqualTo(20);
    }

    @Test
    void neverBelowOneTask() {
        assertThat(IdealTime.millis(scenario(ExecutorKind.FIXED, 1, 200, 30, 20), 2)).isEqualTo(50);
    }

    @org.junit.jupiter.api.Test
    void aClosedLoopOfConnectionsSendsNoMoreThanItsConnectionsAtOnce() {
        var fixed = Scenario.of(ExecutorKind.FIXED).withTasks(1_000).withPool(10).withSleepMs(100).withConnections(100).build();
        assertThat(IdealTime.millis(fixed, 2)).isEqualTo(10_000);
        assertThat(IdealTime.millis(fixed.withExecutor(ExecutorKind.VIRTUAL), 2)).isEqualTo(1_000);
        assertThat(IdealTime.millis(fixed.withExecutor(ExecutorKind.PLATFORM), 2)).isEqualTo(1_000);
        // Fewer connections than pool threads: the connections set the pace.
        var fewClients = Scenario.of(ExecutorKind.FIXED).withTasks(1_000).withPool(200).withSleepMs(100).withConnections(40).build();
        assertThat(IdealTime.millis(fewClients, 2)).isEqualTo(2_500);
        assertThat(IdealTime.millis(fewClients.withConnections(0), 2)).isEqualTo(500);
    }

    @Test
    void aStructuredScopeWithAFailingSubtaskEndsWhenItFailsAndAnExecutorWhenAllHaveWaited() {
        var executor = Scenario.of(ExecutorKind.VIRTUAL).withTasks(1_000).withSleepMs(1_000).withFailAtMs(100).build();
        var scope = executor.withExecutor(ExecutorKind.STRUCTURED);
        assertThat(IdealTime.millis(executor, 2)).as("the others wait on").isEqualTo(1_000.0);
        assertThat(IdealTime.millis(scope, 2)).as("the failure ends the scope").isEqualTo(100.0);
        // Ten subtasks computing 5 ms each first: the failure comes 100 ms after the computing.
        assertThat(IdealTime.millis(scope.toBuilder().withTasks(10).withCpuMs(5).build(), 2)).isEqualTo(105.0);
        assertThat(IdealTime.millis(scope.withFailAtMs(0), 2)).as("no failure: all wait").isEqualTo(1_000.0);
        // A wait pinned in a native frame cannot be interrupted: no early end.
        assertThat(IdealTime.cancelsEarly(scope.withBlocking(BlockingMode.NATIVE))).isFalse();
    }
}
