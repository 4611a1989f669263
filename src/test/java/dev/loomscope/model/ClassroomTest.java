package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.result.Delivery;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.result.VmEvents;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sweeps, explanations and predictions: what a learner reads beside the numbers. */
class ClassroomTest {

    private static final Scenario WAITING = Scenario.of(ExecutorKind.FIXED).withTasks(10_000).withPool(200).withSleepMs(100).build();

    private static RunResult result(Scenario s, double elapsedMs, VmEvents vm) {
        return new RunResult(s, RunResult.Outcome.COMPLETED, "", null, elapsedMs, IdealTime.millis(s, 2), s.tasks(), s.tasks(), 0,
                1, 1, 10, 100, Delivery.NONE, vm, s.tasks(), s.tasks(), 0);
    }

    @Test
    void aSweepSpreadsItsPointsEvenlyAndChecksEveryOneBeforeRunning() {
        var sweep = Sweep.parse("cpu-ms=0..40:3");
        assertThat(sweep.setting()).isEqualTo("cpu-ms");
        assertThat(sweep.values()).containsExactly(0, 20, 40);
        assertThat(Sweep.parse("pool=1..10:4").values()).containsExactly(1, 4, 7, 10);
        assertThat(Sweep.parse("carriers=1..2:5").values()).as("duplicates after rounding are dropped").containsExactly(1, 2);

        var points = sweep.points(List.of(WAITING, WAITING.withExecutor(ExecutorKind.VIRTUAL)), 2);
        assertThat(points).hasSize(6);
        assertThat(points.get(3).scenario().executor()).isEqualTo(ExecutorKind.VIRTUAL);
        assertThat(points.get(3).scenario().cpuMs()).isEqualTo(20);
        assertThat(points.get(3).scenario().sleepMs()).isEqualTo(100);

        assertThatThrownBy(() -> Sweep.parse("cpu-ms=0..40")).hasMessageContaining("setting=from..to:points");
        assertThatThrownBy(() -> Sweep.parse("cpu-ms=0..40:99")).hasMessageContaining("2 to 50 points");
        assertThatThrownBy(() -> Sweep.parse("carriers=1..999:3")).hasMessageContaining("carriers must be between 1 and 256");
        // A point that would run for hours is refused before anything runs, naming the point.
        assertThatThrownBy(() -> Sweep.parse("sleep-ms=100..60000:2").points(List.of(WAITING.withExecutor(ExecutorKind.SINGLE)), 2))
                .isInstanceOf(InvalidScenarioException.class).hasMessageContaining("at sleep-ms=60000");
    }

    @Test
    void eachClassicCaseIsExplainedInOneSentence() {
        assertThat(Explanation.of(result(WAITING, 5_050, VmEvents.NONE), 2))
                .isEqualTo("200 threads -> 50 waves x 100 ms = about 5.0 s.");
        assertThat(Explanation.of(result(WAITING.withExecutor(ExecutorKind.VIRTUAL), 210, VmEvents.NONE), 2))
                .startsWith("A virtual thread per task: all 10,000 wait at once, about 100 ms")
                .contains("It took 110 ms more than that");
        var cpu = Scenario.of(ExecutorKind.PLATFORM).withTasks(48).withSleepMs(0).withCpuMs(100).build();
        assertThat(Explanation.of(result(cpu, 2_450, VmEvents.NONE), 2))
                .startsWith("CPU-bound: 48 tasks x 100 ms of computing on 2 cores = about 2.4 s");
        var single = WAITING.withExecutor(ExecutorKind.SINGLE).with("tasks", 100);
        assertThat(Explanation.of(result(single, 10_030, VmEvents.NONE), 2)).startsWith("One thread: 100 tasks one after another x 100 ms = about 10.0 s");
        var limited = Scenario.of(ExecutorKind.VIRTUAL_LIMITED).withTasks(1_000).withSleepMs(100).withPermits(20).build();
        assertThat(Explanation.of(result(limited, 5_030, VmEvents.NONE), 2)).isEqualTo("The semaphore's 20 permits -> 50 waves x 100 ms = about 5.0 s.");
        var webPool = Scenario.of(ExecutorKind.FIXED).withTasks(1_000).withPool(10).withSleepMs(100).withConnections(100).build();
        assertThat(Explanation.of(result(webPool, 10_100, VmEvents.NONE), 2)).isEqualTo("100 connections in a closed loop, served by 10 pool "
                + "threads: 10 requests at a time x 100 ms = at most 100 requests/s, so 1,000 requests take about 10.0 s.");
        assertThat(Explanation.of(result(webPool.withExecutor(ExecutorKind.VIRTUAL), 1_200, VmEvents.NONE), 2)).startsWith("100 connections in a "
                + "closed loop, served by a virtual thread per request: 100 requests at a time x 100 ms = at most 1,000 requests/s, so 1,000 "
                + "requests take about 1.0 s.");
        var webLimited = Scenario.of(ExecutorKind.VIRTUAL_LIMITED).withTasks(1_000).withSleepMs(100).withPermits(20).withConnections(100).build();
        assertThat(Explanation.of(result(webLimited, 5_100, VmEvents.NONE), 2)).startsWith("100 connections in a closed loop, served by "
                + "virtual threads behind 20 permits: at most 200 req/s: 20 permits over 100 ms waits");
        var pinned = Scenario.of(ExecutorKind.VIRTUAL).withTasks(40).withSleepMs(50).withBlocking(BlockingMode.NATIVE).build();
        var vm = new VmEvents(40, 2_000, Map.of("Native or VM frame on stack", 40L), 0, -1, -1, 0, 0, -1, 0.5);
        assertThat(Explanation.of(result(pinned, 1_020, vm), 2))
                .startsWith("Pinned: 40 times a virtual thread kept its carrier while it blocked (native or VM frame on stack), 50 ms each");
    }

    @Test
    void explanationsFollowThePerfectWorldWhenCarriersAreFewOrBlockingPins() {
        // Two carriers on eight cores: the computing goes through two.
        var fewCarriers = Scenario.of(ExecutorKind.VIRTUAL).withTasks(1_000).withSleepMs(0).withCpuMs(10).build();
        assertThat(Explanation.of(result(fewCarriers, 5_100, VmEvents.NONE), 8))
                .startsWith("CPU-bound: 1,000 tasks x 10 ms of computing on 2 cores' worth of threads = about 5.0 s");
        // JFR not on (no pin events), but native blocking pins in the perfect world too.
        var pinning = Scenario.of(ExecutorKind.VIRTUAL).withTasks(40).withSleepMs(50).withBlocking(BlockingMode.NATIVE).build();
        assertThat(Explanation.of(result(pinning, 1_020, VmEvents.NONE), 2))
                .isEqualTo("Blocking in a native frame pins: 2 carriers -> 20 waves x 50 ms = about 1.0 s.");
        var computingOnly = Scenario.of(ExecutorKind.VIRTUAL_LIMITED).withTasks(1).withSleepMs(0).withCpuMs(10).withPermits(20).build();
        assertThat(Explanation.of(result(computingOnly, 60, VmEvents.NONE), 2)).contains("no wait to limit");
        assertThatThrownBy(() -> Sweep.parse("pool=1..8:2").points(List.of(WAITING.withExecutor(ExecutorKind.VIRTUAL)), 2))
                .hasMessageContaining("pool does not change virtual: sweep it for fixed or forkjoin");
        assertThatThrownBy(() -> Sweep.parse("cpu-ms=0..1:99999999999999999999")).hasMessageContaining("setting=from..to:points");
    }

    @Test
    void predictionsAreScoredByHowFarOffTheyWere() {
        var choices = Prediction.choices(5_000);
        assertThat(choices).extracting(Prediction.Choice::label).containsExactly("about 50.0 s", "about 5.0 s", "well under 1 s (about 500 ms)");
        assertThat(Prediction.score(5_000, 5_060)).startsWith("Spot on");
        assertThat(Prediction.score(1_000, 3_000)).startsWith("Right order of magnitude");
        assertThat(Prediction.score(50_000, 210)).startsWith("Off by 238x");
        assertThat(Prediction.score(100, 5_000)).startsWith("Off by 50x");
    }
}
