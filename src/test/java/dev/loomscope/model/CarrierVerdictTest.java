package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.CarrierVerdict.Verdict;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.Scenario;
import org.junit.jupiter.api.Test;

/**
 * The verdicts come from the figures alone: the same kind gets another verdict when its figures
 * say so, and figures that do not decide give "unclear". Perfect worlds here: 30 waits of 40 ms on
 * 2 carriers, 40 ms if every wait frees its carrier, 600 ms if every wait holds it.
 */
class CarrierVerdictTest {

    private static final double FREED = 40;
    private static final double HELD = 600;

    private static Verdict decide(double elapsedMs, long pins, int carrierPeak) {
        return CarrierVerdict.decide(elapsedMs, FREED, HELD, pins, carrierPeak, 2);
    }

    @Test
    void asFastAsFreeingWithNoPinFreesTheCarrier() {
        assertThat(decide(45, 0, 2)).isEqualTo(Verdict.FREES);
        // A loaded machine's freed run, still far nearer the freed world than the held one.
        assertThat(decide(100, 0, 2)).isEqualTo(Verdict.FREES);
    }

    @Test
    void asSlowAsHoldingWithPinsPinsAndWithoutPinsHolds() {
        assertThat(decide(640, 30, 2)).isEqualTo(Verdict.PINS);
        assertThat(decide(620, 0, 2)).isEqualTo(Verdict.HOLDS);
        // Slower still than holding (a loaded machine) says the same.
        assertThat(decide(1_500, 0, 2)).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void moreCarrierThreadsThanCarriersWithoutPinsIsCompensation() {
        assertThat(decide(50, 0, 5)).isEqualTo(Verdict.COMPENSATED);
        assertThat(decide(640, 0, 3)).isEqualTo(Verdict.COMPENSATED);
    }

    /** A JDK before 24 counts no carrier threads (-1): as fast as freeing may then be freed or compensated, and says so. */
    @Test
    void uncountedCarrierThreadsLeaveFreedAndCompensatedApart() {
        assertThat(decide(45, 0, -1)).isEqualTo(Verdict.FREES_OR_COMPENSATED);
        // Pins and a held carrier need no count of the carrier threads.
        assertThat(decide(640, 30, -1)).isEqualTo(Verdict.PINS);
        assertThat(decide(620, 0, -1)).isEqualTo(Verdict.HOLDS);
        assertThat(decide(180, 0, -1)).isEqualTo(Verdict.UNCLEAR);
    }

    @Test
    void figuresThatDoNotDecideAreUnclear() {
        // Between the two worlds.
        assertThat(decide(180, 0, 2)).isEqualTo(Verdict.UNCLEAR);
        // Pins on a run as fast as freeing: the two figures disagree.
        assertThat(decide(45, 3, 2)).isEqualTo(Verdict.UNCLEAR);
        // Two perfect worlds too close to tell apart: 3 tasks on 2 carriers.
        assertThat(CarrierVerdict.decide(80, 40, 80, 0, 2, 2)).isEqualTo(Verdict.UNCLEAR);
        assertThat(CarrierVerdict.decide(0, 40, 600, 0, 2, 2)).isEqualTo(Verdict.UNCLEAR);
    }

    @Test
    void thePerfectWorldsFollowTheScenarioNotItsKind() {
        var sleep = Scenario.of(ExecutorKind.VIRTUAL).withTasks(30).withCarriers(2).withSleepMs(40).build();
        for (BlockingMode mode : BlockingMode.values()) {
            var s = sleep.toBuilder().withBlocking(mode).withDbPool(30).build();
            assertThat(IdealTime.millisIfFreed(s, 2)).as(mode.cliName()).isEqualTo(FREED);
            assertThat(IdealTime.millisIfHeld(s, 2)).as(mode.cliName()).isEqualTo(HELD);
        }
        // A jdbc pool of 10 bounds the freed world at its waves: 3 x 40 ms.
        var pooled = sleep.toBuilder().withBlocking(BlockingMode.JDBC).withDbPool(10).build();
        assertThat(IdealTime.millisIfFreed(pooled, 2)).isEqualTo(120);
    }
}
