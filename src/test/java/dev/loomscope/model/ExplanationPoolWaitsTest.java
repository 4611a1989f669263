package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.protocol.PoolFigures;
import dev.loomscope.result.Delivery;
import dev.loomscope.result.RunResult;
import dev.loomscope.result.VmEvents;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.Durations;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.Scenario;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A jdbc run's measured part of the "Why" sentence: the waits for a connection, JFR's pins and the carrier threads counted. */
class ExplanationPoolWaitsTest {

    private static final Scenario JDBC = Scenario.of(ExecutorKind.VIRTUAL).withTasks(40).withCarriers(2).withSleepMs(20)
            .withBlocking(BlockingMode.JDBC).withDbPool(10).build();

    /** A 90 ms run that JFR saw pinned 3 times, with this many carrier threads at most (-1: its JDK did not count them). */
    private static String poolWaits(int carrierPeak) {
        var vm = new VmEvents(3, 6, Map.of(), 0, -1, -1, 0, 0, -1, 0.5);
        var result = new RunResult(JDBC, RunResult.Outcome.COMPLETED, "", null, 90, IdealTime.millis(JDBC, 2), 40, 40, 0, 1, 1, 10, 50,
                Delivery.NONE, vm, 40, 40, 0, RunResult.Overheads.UNMEASURED, 0, carrierPeak, new PoolFigures(10, 900, 30, 60));
        return Explanation.poolWaits(result);
    }

    private static final String WAITS = " Measured 90 ms; waiting for a connection p50 %s, max %s".formatted(Durations.humanMillis(30),
            Durations.humanMillis(60));

    @Test
    void itNamesThePinsAndTheCarrierThreadsCounted() {
        assertThat(poolWaits(2)).isEqualTo(WAITS + "; 3 pins; 2 carrier threads at most, of 2.");
    }

    /** On JDK 21 the pins stay: before, a run whose carrier threads were not counted lost them from its sentence too. */
    @Test
    void whereCarrierThreadsWereNotCountedItStillNamesThePins() {
        assertThat(poolWaits(-1)).isEqualTo(WAITS + "; 3 pins.");
    }
}
