package dev.loomscope.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ScenarioTest {

    /** A small fixed-pool run; each check below changes one setting of it. */
    private static final Scenario.Builder SMALL = Scenario.of(ExecutorKind.FIXED).withTasks(10);

    @Test
    void refusesEachImpossibleValueNamingTheFieldAndItsRange() {
        assertInvalid(() -> SMALL.withTasks(0).build(), "tasks", "tasks must be between 1 and 10,000,000 (got 0)");
        assertInvalid(() -> SMALL.withTasks(-5).build(), "tasks", "(got -5)");
        assertInvalid(() -> SMALL.withPool(0).build(), "pool", "pool must be between 1 and 100,000 (got 0)");
        assertInvalid(() -> SMALL.withCarriers(0).build(), "carriers", "carriers must be between 1 and 256");
        assertInvalid(() -> SMALL.withSleepMs(-1).build(), "sleep-ms", "sleep-ms must be between 0 and 60,000");
        assertInvalid(() -> SMALL.withCpuMs(90_000).build(), "cpu-ms", "cpu-ms must be between 0 and 60,000");
        assertInvalid(() -> SMALL.withPermits(0).build(), "permits", "permits must be between 1 and 100,000");
        assertInvalid(() -> SMALL.withSleepMs(0).withCpuMs(5).withBlocking(BlockingMode.NATIVE).build(), "sleep-ms",
                "blocking native needs sleep-ms of at least 1");
        assertInvalid(() -> SMALL.withExecutor(ExecutorKind.FORKJOIN).withPool(40_000).build(), "pool", "between 1 and 32,767");
        assertInvalid(() -> SMALL.withExecutor(null).build(), "executor", "executor is required");
        assertInvalid(() -> SMALL.withBlocking(null).build(), "blocking", "blocking is required");
    }

    @Test
    void theDefaultsAreTheClassicExperimentOnTwoCarriersWhateverTheMachine() {
        Scenario classic = Scenario.of(ExecutorKind.FIXED).build();
        assertThat(classic).extracting(Scenario::tasks, Scenario::pool, Scenario::carriers, Scenario::sleepMs, Scenario::cpuMs,
                Scenario::blocking, Scenario::permits, Scenario::threadLocalKb, Scenario::connections)
                .containsExactly(10_000, 200, 2, 100, 0, BlockingMode.SLEEP, 20, 0, 0);
        assertThat(classic.carriers()).isEqualTo(Scenario.DEFAULT_CARRIERS);
    }

    @Test
    void eachNamedSettingLandsInItsOwnField() {
        Scenario named = Scenario.of(ExecutorKind.VIRTUAL_LIMITED).withTasks(1).withPool(2).withCarriers(3).withSleepMs(4).withCpuMs(5)
                .withBlocking(BlockingMode.SYNCHRONIZED).withPermits(6).withThreadLocalKb(7).withConnections(8).build();
        assertThat(named).extracting(Scenario::executor, Scenario::tasks, Scenario::pool, Scenario::carriers, Scenario::sleepMs,
                Scenario::cpuMs, Scenario::blocking, Scenario::permits, Scenario::threadLocalKb, Scenario::connections)
                .containsExactly(ExecutorKind.VIRTUAL_LIMITED, 1, 2, 3, 4, 5, BlockingMode.SYNCHRONIZED, 6, 7, 8);
        assertThat(named.toBuilder().build()).isEqualTo(named);
        assertThat(named.toBuilder().withExecutor(ExecutorKind.VIRTUAL).build().executor()).isEqualTo(ExecutorKind.VIRTUAL);
    }

    @Test
    void stepsThroughACombinationThatCouldNotRunStillBuildWhenTheEndCan() {
        // 10,000 tasks x 1 MB of ThreadLocal objects is too much; 2,048 x 1 MB (the limit) is not. Only the end is checked.
        Scenario bigObjects = Scenario.of(ExecutorKind.VIRTUAL).withThreadLocalKb(1_024).withTasks(2_048).build();
        assertThat(bigObjects.threadLocalKb() * (long) bigObjects.tasks()).isEqualTo(Scenario.MAX_THREAD_LOCAL_KB_IN_ALL);
        // A ForkJoinPool holds at most 32,767 threads, a fixed pool more.
        assertThat(Scenario.of(ExecutorKind.FORKJOIN).withPool(40_000).withExecutor(ExecutorKind.FIXED).build().pool()).isEqualTo(40_000);
        // Native blocking needs a sleep: first no sleep, then native and a sleep.
        assertThat(Scenario.of(ExecutorKind.VIRTUAL).withSleepMs(0).withBlocking(BlockingMode.NATIVE).withSleepMs(5).build().sleepMs()).isEqualTo(5);
    }

    @Test
    void oneSettingChangedOnAScenarioIsCheckedAtOnce() {
        Scenario small = SMALL.build();
        assertThat(small.withTasks(20).tasks()).isEqualTo(20);
        assertThat(small.withPool(3).withCarriers(1).withSleepMs(7).withCpuMs(2).withPermits(4).withBlocking(BlockingMode.NATIVE))
                .isEqualTo(SMALL.withPool(3).withCarriers(1).withSleepMs(7).withCpuMs(2).withPermits(4).withBlocking(BlockingMode.NATIVE).build());
        assertInvalid(() -> small.withSleepMs(0).withBlocking(BlockingMode.CLASS_INIT), "sleep-ms", "needs sleep-ms of at least 1");
        assertInvalid(() -> small.withCarriers(257), "carriers", "(got 257)");
    }

    @Test
    void refusesARunThatWouldTakeHours() {
        var serial = Scenario.of(ExecutorKind.SINGLE).withTasks(1_000_000).withSleepMs(100).build();
        assertInvalid(() -> serial.checkDuration(2), "tasks", "would take at least 27 h 46 min");
        // The same tasks on virtual threads are fine.
        assertThat(serial.withExecutor(ExecutorKind.VIRTUAL).checkDuration(2)).isNotNull();
    }

    @Test
    void survivesTheTripToTheRunnerJvm() {
        var scenario = Scenario.of(ExecutorKind.VIRTUAL_LIMITED).withTasks(1_000_000).withPool(7).withCarriers(3).withSleepMs(100).withCpuMs(5)
                .withBlocking(BlockingMode.CLASS_INIT).build();
        assertThat(Scenario.fromArgs(scenario.toArgs())).isEqualTo(scenario);
    }

    @Test
    void aWebRunHasConnectionsInRangeAndAtMostAHundredThousandRequests() {
        var base = SMALL.withTasks(1_000).withPool(10).build();
        assertThat(base.isWeb()).isFalse();
        assertThat(base.withConnections(100).isWeb()).isTrue();
        assertThat(Scenario.fromArgs(base.withConnections(100).toArgs())).isEqualTo(base.withConnections(100));
        assertThat(base.withConnections(100).withExecutor(ExecutorKind.VIRTUAL).connections()).isEqualTo(100);
        assertThat(base.with("connections", 40).connections()).isEqualTo(40);
        assertInvalid(() -> base.withConnections(-1), "connections", "connections must be between 0 and 10,000 (got -1)");
        assertInvalid(() -> base.withConnections(10_001), "connections", "(got 10,001)");
        assertInvalid(() -> SMALL.withTasks(200_000).withSleepMs(1).withConnections(5).build(), "tasks",
                "a web run sends at most 100,000 requests (got 200,000 tasks)");
    }

    @Test
    void labelsNameThePoolOrPermitsWhereTheyMatter() {
        assertThat(Scenario.of(ExecutorKind.FIXED).build().label()).isEqualTo("fixed(200)");
        assertThat(Scenario.of(ExecutorKind.VIRTUAL).build().label()).isEqualTo("virtual");
        assertThat(Scenario.of(ExecutorKind.VIRTUAL_LIMITED).withPermits(20).build().label()).isEqualTo("virtual-limited(20)");
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

    @Test
    void aFailingTaskFailsWithinItsWaitOutsideWebRunsAndTheStructuredExecutorServesNoRequests() {
        var base = Scenario.of(ExecutorKind.STRUCTURED).withTasks(10).withSleepMs(100);
        assertThat(base.withFailAtMs(50).build().failingTask()).isEqualTo(5);
        assertThat(base.build().failingTask()).isEqualTo(-1);
        assertThatThrownBy(() -> base.withFailAtMs(100).build()).hasMessageContaining("fail-at-ms must be below sleep-ms");
        assertThatThrownBy(() -> base.withExecutor(ExecutorKind.VIRTUAL).withFailAtMs(50).withConnections(10).build())
                .hasMessageContaining("fail-at-ms");
        assertThatThrownBy(() -> base.withConnections(10).build()).hasMessageContaining("structured executor");
        var scenario = base.withFailAtMs(50).build();
        assertThat(Scenario.fromArgs(scenario.toArgs())).as("the runner reads it back").isEqualTo(scenario);
        assertThat(ExecutorKind.STRUCTURED.isPreview()).isTrue();
        assertThat(java.util.Arrays.stream(ExecutorKind.values()).filter(ExecutorKind::isPreview)).containsExactly(ExecutorKind.STRUCTURED);
    }

    @Test
    void aUsersTaskTravelsToTheRunnerAndRefusesTheSettingsOfLoomScopesOwnTask() {
        var task = new UserTask("example.MyTask", java.nio.file.Path.of("/tmp/classes"), "MyTask.java");
        Scenario scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(50).withSleepMs(0).withUserTask(task).build();
        assertThat(Scenario.fromArgs(scenario.toArgs())).as("the runner reads it back").isEqualTo(scenario);
        assertThat(Scenario.fromArgs(scenario.withUserTask(null).toArgs()).userTask()).isNull();
        assertThatThrownBy(() -> scenario.withConnections(10)).hasMessageContaining("use it without connections");
        assertThatThrownBy(() -> scenario.toBuilder().withSleepMs(20).withFailAtMs(5).build()).hasMessageContaining("without fail-at-ms");
        assertThatThrownBy(() -> scenario.withThreadLocalKb(4)).hasMessageContaining("without thread-local-kb");
        assertThatThrownBy(() -> scenario.with("task-class", 1)).hasMessageContaining("no numeric setting named task-class");
    }
}
