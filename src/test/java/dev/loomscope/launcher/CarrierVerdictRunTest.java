package dev.loomscope.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.CarrierVerdict;
import dev.loomscope.model.CarrierVerdict.Verdict;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.NeedsJdk21;
import dev.loomscope.testing.TestJvms;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The blocking-kinds table's verdicts on real runs: a sleep frees its carrier, a sleep inside a
 * native frame pins it. A busy machine only adds time to a run, so each run is shaped for the side
 * its verdict must not cross: 200 sleeps of 500 ms on 2 carriers take 500 ms freed and 50 s held,
 * and read as freed up to 3.2 s (runs on machines with loads of 13 and 40 added 220 ms and 1.1 s
 * to 20 ms and 100 ms sleeps: time the sleeps do not use); 20 native sleeps of 20 ms read as held from 100 ms, and take 200 ms.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CarrierVerdictRunTest {

    private final Runner runner = TestJvms.runner();

    private CarrierVerdict verdictOf(BlockingMode mode, int tasks, int sleepMs) throws InterruptedException {
        return verdictOf(Scenario.of(ExecutorKind.VIRTUAL).withTasks(tasks).withCarriers(2).withSleepMs(sleepMs).withBlocking(mode).build());
    }

    private CarrierVerdict verdictOf(Scenario scenario) throws InterruptedException {
        RunResult result = runner.run(scenario, RunOptions.DEFAULT, RunListener.NONE);
        assertThat(result.isCompleted()).as(result.message()).isTrue();
        return CarrierVerdict.of(result, 2);
    }

    @Test
    void aSleepFreesItsCarrier() throws InterruptedException {
        var verdict = verdictOf(BlockingMode.SLEEP, 200, 500);
        assertThat(verdict.verdict()).as("%s", verdict).isEqualTo(Verdict.FREES);
    }

    @Test
    void aSleepInANativeFramePinsItsCarrier() throws InterruptedException {
        var verdict = verdictOf(BlockingMode.NATIVE, 20, 20);
        assertThat(verdict.verdict()).as("%s", verdict).isEqualTo(Verdict.PINS);
        assertThat(verdict.pins()).isPositive();
    }

    /**
     * A runner on JDK 21 counts no carrier threads, and its verdict stays: 20 sleeps of 20 ms inside synchronized pin
     * there (JEP 491 came in JDK 24), and JFR says so. Before, an uncounted peak dropped the run from the table.
     */
    @NeedsJdk21
    @Test
    void onJdk21ASleepInsideSynchronizedPinsItsCarrierThoughItsCarriersAreNotCounted() throws InterruptedException {
        String jdk21 = dev.loomscope.testing.Jdk21.required().home().toString();
        var verdict = verdictOf(Scenario.of(ExecutorKind.VIRTUAL).withTasks(20).withCarriers(2).withSleepMs(20)
                .withBlocking(BlockingMode.SYNCHRONIZED).build().withJdk(jdk21));
        assertThat(verdict).isNotNull();
        assertThat(verdict.carriersCounted()).isFalse();
        assertThat(verdict.verdict()).as("%s", verdict).isEqualTo(Verdict.PINS);
        assertThat(verdict.carrierFigure()).isEqualTo("- of 2");
        assertThat(verdict.kind()).as("the kind, and the JDK that sets it apart").isEqualTo("synchronized \u00b7 JDK\u00a021");
    }
}
