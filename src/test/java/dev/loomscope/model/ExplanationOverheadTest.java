package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.result.Delivery;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.result.VmEvents;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The "Why" sentence's second half: only measured overheads are named, and never more than the excess. */
class ExplanationOverheadTest {

    private static final Scenario VIRTUAL_10K = Scenario.of(ExecutorKind.VIRTUAL).withTasks(10_000).withSleepMs(100).build();
    private static final Scenario PLATFORM_10K = VIRTUAL_10K.withExecutor(ExecutorKind.PLATFORM);
    private static final Scenario FIXED_10K = VIRTUAL_10K.withExecutor(ExecutorKind.FIXED);

    private static RunResult result(Scenario s, double elapsedMs, double cpuTimeMs, double gcPauseMs, RunResult.Overheads overheads) {
        var vm = new VmEvents(0, 0, Map.of(), 0, -1, -1, gcPauseMs > 0 ? 3 : 0, gcPauseMs, -1, 0.5);
        return new RunResult(s, RunResult.Outcome.COMPLETED, "", null, elapsedMs, IdealTime.millis(s, 2), s.tasks(), s.tasks(), 0,
                1, 1, 10, cpuTimeMs, Delivery.NONE, vm, s.tasks(), s.tasks(), 0, overheads, 0);
    }

    @Test
    void aRunSlowedByOtherProgramsSaysTheMachineNotTheExecutorSlowedIt() {
        // 300 ms of wait against 350 ms of CPU over 274 ms: about 126 ms of wall clock, less
        // than the 200 ms (400 ms of CPU on 2 cores) other programs could have taken.
        var run = result(VIRTUAL_10K, 274, 350, 20, new RunResult.Overheads(300, 400, 10));

        assertThat(Explanation.of(run, 2))
                .startsWith("A virtual thread per task: all 10,000 wait at once, about 100 ms")
                .contains(" This run was slowed by the machine, not the executor: of the 174 ms over the perfect world, "
                        + "126 ms waiting for a CPU that other programs held, 20 ms in GC pauses, 10 ms submitting (starting 10,000 virtual threads); "
                        + "the remaining 18 ms is not broken down. Other programs used 400 ms of CPU meanwhile.");
    }

    @Test
    void theRunsOwnThreadsQueueingForTheCoresIsNotBlamedOnOtherPrograms() {
        // Nothing else ran: the wait is 10,000 platform threads queueing for 2 cores.
        var run = result(PLATFORM_10K, 900, 1_500, 20, new RunResult.Overheads(3_000, 0, 400));

        String why = Explanation.of(run, 2);
        assertThat(why).contains(" Of the 800 ms over the perfect world: 20 ms in GC pauses, 400 ms submitting (starting 10,000 platform threads), "
                + "380 ms with its own threads waiting for the 2 cores behind each other.");
        assertThat(why).doesNotContain("other programs").doesNotContain("machine");
    }

    @Test
    void otherProgramsAreGivenAtMostTheirCpuTimeSpreadOverTheCores() {
        // 600 ms of wall-clock wait, but other programs used only 100 ms of CPU: 50 ms on 2 cores.
        var run = result(PLATFORM_10K, 900, 1_500, 0, new RunResult.Overheads(3_000, 100, 0));

        var parts = Explanation.OverheadParts.of(run, 2);
        assertThat(parts.otherProgramsMs()).isEqualTo(50);
        assertThat(parts.ownQueueMs()).isEqualTo(550);
        assertThat(Explanation.of(run, 2)).contains("50 ms waiting for a CPU that other programs held")
                .doesNotContain("slowed by the machine");
    }

    @Test
    void thePartsNeverAddUpToMoreThanTheExcess() {
        // Each figure alone is larger than the 110 ms excess.
        var run = result(VIRTUAL_10K, 210, 100, 500, new RunResult.Overheads(5_000, 5_000, 300));
        var parts = Explanation.OverheadParts.of(run, 2);
        assertThat(parts.totalMs()).isLessThanOrEqualTo(110.0 + 1e-9);
        assertThat(parts.otherProgramsMs()).isEqualTo(110, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(Explanation.of(run, 2)).contains("of the 110 ms over the perfect world, 110 ms waiting for a CPU that other programs held. Other programs")
                .doesNotContain("GC pauses").doesNotContain("remaining");

        var gcOnly = result(VIRTUAL_10K, 210, 100, 500, new RunResult.Overheads(0, 0, 300));
        assertThat(Explanation.of(gcOnly, 2)).endsWith(" Of the 110 ms over the perfect world: 110 ms in GC pauses.");
    }

    @Test
    void whatWasNotMeasuredIsLeftUnexplainedRatherThanGuessed() {
        var quiet = result(VIRTUAL_10K, 210, 350, 0, new RunResult.Overheads(0, 0, 0));
        assertThat(Explanation.of(quiet, 2)).endsWith(" It took 110 ms more than that, not broken down: "
                + "no measured wait for a CPU, GC pause or submitting accounts for it.");

        var noProc = result(VIRTUAL_10K, 210, 350, 0, RunResult.Overheads.UNMEASURED);
        assertThat(Explanation.of(noProc, 2)).endsWith(" It took 110 ms more than that, not broken down: this system does not report waits for a CPU.");
        assertThat(Explanation.of(noProc, 2)).doesNotContain("starting threads");
    }

    @Test
    void aPoolsSubmittingHidesBehindItsWavesAndOnlyAMachineSlowdownIsWorthAWordBelowHalfOver() {
        // Queueing 10,000 tasks on a pool of 200 takes a few ms, long before the 50th wave ends. Each of the
        // 200 workers waited 400 ms for a CPU (80 s summed) while other programs took 9 s of CPU.
        var slowedSlightly = result(FIXED_10K, 5_400, 700, 0, new RunResult.Overheads(80_000, 9_000, 8));
        assertThat(Explanation.of(slowedSlightly, 2)).isEqualTo("200 threads -> 50 waves x 100 ms = about 5.0 s. "
                + "This run was slowed by the machine, not the executor: of the 400 ms over the perfect world, "
                + "400 ms waiting for a CPU that other programs held. Other programs used 9.0 s of CPU meanwhile.");

        var ownWaitOnly = result(FIXED_10K, 5_400, 700, 0, new RunResult.Overheads(80_000, 0, 8));
        assertThat(Explanation.of(ownWaitOnly, 2)).isEqualTo("200 threads -> 50 waves x 100 ms = about 5.0 s.");
    }

    @Test
    void aPoolsWorkersThatMostlyBlockAreEachDelayedByTheirOwnWaitNotByTheSumOverTheirFewRunnableMoments() {
        // The connection-pool preset's fixed(10) run as the runner measured it: 10 workers each run 100
        // queries back to back, 662 ms of CPU wait summed over them, 670 ms of CPU, 2,112 ms elapsed. They
        // average 0.63 runnable threads: dividing by that would make 1,050 ms of wall clock of their wait,
        // ten times the 112 ms excess. Each worker waited about 66 ms, and that is what its chain of
        // queries lost.
        Scenario pool = Scenario.of(ExecutorKind.FIXED).withTasks(1_000).withPool(10).withSleepMs(20)
                .withBlocking(BlockingMode.JDBC).withDbPool(10).build();
        var run = result(pool, 2_112, 670, 0, new RunResult.Overheads(662, 2_200, 1));

        var parts = Explanation.OverheadParts.of(run, 2);
        assertThat(parts.otherProgramsMs()).isEqualTo(66.2, org.assertj.core.data.Offset.offset(0.1));
        assertThat(Explanation.of(run, 2)).endsWith("of the 112 ms over the perfect world, 66 ms waiting for a CPU that other programs held; "
                + "the remaining 46 ms is not broken down. Other programs used 2.2 s of CPU meanwhile, whatever answers its queries "
                + "on this machine among them.");

        // A pool of 200 behind the same 10 connections carries the same 10 chains of queries, not 200.
        var behindTen = result(pool.withPool(200), 2_112, 670, 0, new RunResult.Overheads(662, 2_200, 1));
        assertThat(Explanation.OverheadParts.of(behindTen, 2).otherProgramsMs()).isEqualTo(66.2, org.assertj.core.data.Offset.offset(0.1));

        // The same summed wait spread over a thread per task stays as it was measured: no thread carries the run.
        var perTask = result(pool.withExecutor(ExecutorKind.PLATFORM), 2_112, 670, 0, new RunResult.Overheads(662, 2_200, 1));
        assertThat(Explanation.OverheadParts.of(perTask, 2).otherProgramsMs()).isEqualTo(112, org.assertj.core.data.Offset.offset(0.1));
    }
}
