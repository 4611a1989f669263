package dev.loomscope.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ScenarioTest {

    private static Scenario with(int tasks, int pool, int carriers, int sleepMs, int cpuMs, BlockingMode mode, int permits) {
        return new Scenario(ExecutorKind.FIXED, tasks, pool, carriers, sleepMs, cpuMs, mode, permits);
    }

    @Test
    void refusesEachImpossibleValueNamingTheFieldAndItsRange() {
        assertInvalid(() -> with(0, 200, 2, 100, 0, BlockingMode.SLEEP, 20), "tasks", "tasks must be between 1 and 10,000,000 (got 0)");
        assertInvalid(() -> with(-5, 200, 2, 100, 0, BlockingMode.SLEEP, 20), "tasks", "(got -5)");
        assertInvalid(() -> with(10, 0, 2, 100, 0, BlockingMode.SLEEP, 20), "pool", "pool must be between 1 and 100,000 (got 0)");
        assertInvalid(() -> with(10, 200, 0, 100, 0, BlockingMode.SLEEP, 20), "carriers", "carriers must be between 1 and 256");
        assertInvalid(() -> with(10, 200, 2, -1, 0, BlockingMode.SLEEP, 20), "sleep-ms", "sleep-ms must be between 0 and 60,000");
        assertInvalid(() -> with(10, 200, 2, 100, 90_000, BlockingMode.SLEEP, 20), "cpu-ms", "cpu-ms must be between 0 and 60,000");
        assertInvalid(() -> with(10, 200, 2, 100, 0, BlockingMode.SLEEP, 0), "permits", "permits must be between 1 and 100,000");
        assertInvalid(() -> with(10, 200, 2, 0, 5, BlockingMode.NATIVE, 20), "sleep-ms", "blocking native needs sleep-ms of at least 1");
        assertInvalid(() -> new Scenario(ExecutorKind.FORKJOIN, 10, 40_000, 2, 1, 0, BlockingMode.SLEEP, 1), "pool", "between 1 and 32,767");
    }

    @Test
    void refusesARunThatWouldTakeHours() {
        var serial = new Scenario(ExecutorKind.SINGLE, 1_000_000, 1, 2, 100, 0, BlockingMode.SLEEP, 1);
        assertInvalid(() -> serial.checkDuration(2), "tasks", "would take at least 27 h 46 min");
        // The same tasks on virtual threads are fine.
        assertThat(serial.withExecutor(ExecutorKind.VIRTUAL).checkDuration(2)).isNotNull();
    }

    @Test
    void survivesTheTripToTheRunnerJvm() {
        var scenario = new Scenario(ExecutorKind.VIRTUAL_LIMITED, 1_000_000, 7, 3, 100, 5, BlockingMode.CLASS_INIT, 20);
        assertThat(Scenario.fromArgs(scenario.toArgs())).isEqualTo(scenario);
    }

    @Test
    void aWebRunHasConnectionsInRangeAndAtMostAHundredThousandRequests() {
        var base = with(1_000, 10, 2, 100, 0, BlockingMode.SLEEP, 20);
        assertThat(base.isWeb()).isFalse();
        assertThat(base.withConnections(100).isWeb()).isTrue();
        assertThat(Scenario.fromArgs(base.withConnections(100).toArgs())).isEqualTo(base.withConnections(100));
        assertThat(base.withConnections(100).withExecutor(ExecutorKind.VIRTUAL).connections()).isEqualTo(100);
        assertThat(base.with("connections", 40).connections()).isEqualTo(40);
        assertInvalid(() -> base.withConnections(-1), "connections", "connections must be between 0 and 10,000 (got -1)");
        assertInvalid(() -> base.withConnections(10_001), "connections", "(got 10,001)");
        assertInvalid(() -> with(200_000, 10, 2, 1, 0, BlockingMode.SLEEP, 20).withConnections(5), "tasks",
                "a web run sends at most 100,000 requests (got 200,000 tasks)");
    }

    @Test
    void labelsNameThePoolOrPermitsWhereTheyMatter() {
        assertThat(Scenario.defaults(ExecutorKind.FIXED).label()).isEqualTo("fixed(200)");
        assertThat(Scenario.defaults(ExecutorKind.VIRTUAL).label()).isEqualTo("virtual");
        assertThat(Scenario.defaults(ExecutorKind.VIRTUAL_LIMITED).label()).isEqualTo("virtual-limited(20)");
    }

    @Test
    void unknownNamesListTheChoices() {
        assertThatThrownBy(() -> ExecutorKind.fromCliName("loom")).hasMessageContaining("fixed, virtual, platform, forkjoin, single, virtual-limited");
        assertThatThrownBy(() -> BlockingMode.fromCliName("spin")).hasMessageContaining("sleep, synchronized, native, class-init");
    }

    private static void assertInvalid(Runnable construction, String field, String message) {
        assertThatThrownBy(construction::run).isInstanceOfSatisfying(InvalidScenarioException.class, e -> {
            assertThat(e.field()).isEqualTo(field);
            assertThat(e.getMessage()).contains(message);
        });
    }
}
