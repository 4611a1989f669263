package dev.loomscope.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.CarrierVerdict;
import dev.loomscope.model.CarrierVerdict.Verdict;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.TestJvms;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The blocking-kinds table's verdicts on real runs: a sleep frees its carrier, a sleep inside a
 * native frame pins it. 200 waits of 20 ms on 2 carriers: 20 ms if they free their carriers, 2 s
 * if they hold them, so a loaded machine's sleep run still reads as freed.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CarrierVerdictRunTest {

    private final Runner runner = TestJvms.runner();

    private CarrierVerdict verdictOf(BlockingMode mode) throws InterruptedException {
        var scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(200).withCarriers(2).withSleepMs(20).withBlocking(mode).build();
        RunResult result = runner.run(scenario, RunOptions.DEFAULT, RunListener.NONE);
        assertThat(result.isCompleted()).as(result.message()).isTrue();
        return CarrierVerdict.of(result, 2);
    }

    @Test
    void aSleepFreesItsCarrier() throws InterruptedException {
        var verdict = verdictOf(BlockingMode.SLEEP);
        assertThat(verdict.verdict()).as("%s", verdict).isEqualTo(Verdict.FREES);
    }

    @Test
    void aSleepInANativeFramePinsItsCarrier() throws InterruptedException {
        var verdict = verdictOf(BlockingMode.NATIVE);
        assertThat(verdict.verdict()).as("%s", verdict).isEqualTo(Verdict.PINS);
        assertThat(verdict.pins()).isPositive();
    }
}
