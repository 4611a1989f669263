package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.result.Delivery;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.result.VmEvents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run comes first: when the window may animate a run, and what it plays back afterwards. */
class RunFirstPolicyTest {

    private static final int CORES = 2;
    private static final long MS = 1_000_000L;
    private static final Scenario POOL_10K = Scenario.of(ExecutorKind.FIXED).withTasks(10_000).withPool(200).withCarriers(CORES)
            .withSleepMs(100).build();
    private static final Scenario VIRTUAL_10K = POOL_10K.withExecutor(ExecutorKind.VIRTUAL);
    private static final Scenario CPU_48 = Scenario.of(ExecutorKind.PLATFORM).withTasks(48).withCarriers(CORES).withSleepMs(0).withCpuMs(100)
            .build();

    private static RunModel finished(Scenario s, RunResult.Outcome outcome) {
        var run = new RunModel(1, s, CORES);
        run.finish(new RunResult(s, outcome, "", null, 200, IdealTime.millis(s, CORES), s.tasks(), s.tasks(), 0,
                1, 1, 10, 100, Delivery.NONE, VmEvents.NONE, 0, 0, 0));
        return run;
    }

    @Test
    void aBurstTooShortToWatchAndACpuBoundRunKeepTheWindowStillFromTheirFirstFrame() {
        var policy = new RunFirstPolicy(CORES);
        assertThat(policy.animate(new RunModel(1, VIRTUAL_10K, CORES), 2.0, 0)).isFalse();
        assertThat(policy.mode()).isEqualTo(RunFirstPolicy.Mode.TOO_SHORT);
        assertThat(policy.animate(new RunModel(2, CPU_48, CORES), 2.0, 0)).isFalse();
        assertThat(policy.mode()).isEqualTo(RunFirstPolicy.Mode.CPU_BOUND);
        assertThat(policy.animate(new RunModel(3, POOL_10K, CORES), 2.0, 0)).as("a pool's 5 s of waiting is watched live").isTrue();
    }

    @Test
    void aLiveRunGoesStillWhileTheMachineHasNoCoreToSpareAndLiveAgainOnceItHasBeenCalm() {
        var policy = new RunFirstPolicy(CORES);
        var run = new RunModel(1, POOL_10K, CORES);
        assertThat(policy.animate(run, 1.8, 0)).isTrue();
        assertThat(policy.animate(run, Double.NaN, 10 * MS)).as("no reading is no reason to stop").isTrue();
        assertThat(policy.animate(run, 0.3, 20 * MS)).isFalse();
        assertThat(policy.mode()).isEqualTo(RunFirstPolicy.Mode.MACHINE_BUSY);
        assertThat(policy.animate(run, 1.5, 100 * MS)).as("calm, but not for long yet").isFalse();
        assertThat(policy.animate(run, 0.8, 300 * MS)).as("a busy moment restarts the wait").isFalse();
        assertThat(policy.animate(run, 1.5, 400 * MS)).isFalse();
        assertThat(policy.animate(run, 1.5, 850 * MS)).isFalse();
        assertThat(policy.animate(run, 1.6, 900 * MS)).isTrue();
    }

    @Test
    void theLastCompletedRunThatWasNotWatchedInFullIsPlayedBackAndOnlyOnce() {
        var policy = new RunFirstPolicy(CORES);
        RunModel pool = finished(POOL_10K, RunResult.Outcome.COMPLETED);
        RunModel burst = finished(VIRTUAL_10K, RunResult.Outcome.COMPLETED);
        RunModel failedBurst = finished(VIRTUAL_10K, RunResult.Outcome.FAILED);
        policy.animate(pool, 2.0, 0);
        policy.animate(burst, 2.0, 0);
        policy.animate(failedBurst, 2.0, 0);
        assertThat(policy.playbackOf(List.of(pool, burst, failedBurst))).isSameAs(burst);
        assertThat(policy.playbackOf(List.of(pool))).as("the pool was watched live").isNull();
        policy.forget(List.of(pool, burst, failedBurst));
        assertThat(policy.playbackOf(List.of(pool, burst, failedBurst))).isNull();
    }

    @Test
    void aPlaybackIsAsSlowAsFitsInAboutFourSeconds() {
        assertThat(RunFirstPolicy.playbackSpeed(195)).isEqualTo(0.1);
        assertThat(RunFirstPolicy.playbackSpeed(1_000)).isEqualTo(0.25);
        assertThat(RunFirstPolicy.playbackSpeed(1_900)).isEqualTo(0.5);
        assertThat(RunFirstPolicy.playbackSpeed(2_500)).isEqualTo(1.0);
        assertThat(RunFirstPolicy.playbackSpeed(60_000)).isEqualTo(2.0);
    }

    @Test
    void machineLoadCountsWhatOtherProcessesUsedAsTakenAndItsOwnAsSpare(@TempDir Path dir) throws IOException {
        Path stat = dir.resolve("stat");
        var own = new AtomicLong();
        var load = new MachineLoad(stat, CORES, own::get);
        // user nice system idle iowait ... in 10 ms ticks
        Files.writeString(stat, "cpu  1000 0 0 5000 0 0 0 0 0 0\ncpu0 ...\n");
        assertThat(load.spareCores(0)).as("one reading says nothing yet").isNaN();
        // 200 ms later: 30 ticks (300 ms of CPU) busy, 100 ms of it this process's own -> others used 1 core.
        Files.writeString(stat, "cpu  1030 0 0 5010 0 0 0 0 0 0\n");
        own.set(100 * MS);
        assertThat(load.spareCores(200 * MS)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(load.spareCores(250 * MS)).as("too soon for a new reading").isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        // Both cores busy with others' work for the next 200 ms.
        Files.writeString(stat, "cpu  1070 0 0 5010 0 0 0 0 0 0\n");
        assertThat(load.spareCores(400 * MS)).isZero();
        Files.delete(stat);
        assertThat(new MachineLoad(stat, CORES, own::get).spareCores(0)).as("no /proc/stat: unknown, not zero").isNaN();
    }
}
