package dev.loomscope.runner;

import dev.loomscope.result.RunResults;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class CpuWorkTest {

    @Test
    void countsPrimesCorrectly() {
        assertThat(IntStream.rangeClosed(0, 30).filter(CpuWork::isPrime).boxed()).containsExactly(2, 3, 5, 7, 11, 13, 17, 19, 23, 29);
        assertThat(CpuWork.countPrimesUpTo(1_000_000)).isEqualTo(78_498);
    }

    @Test
    void theCalibratedRateTurnsMillisecondsIntoUnits() {
        CpuWork cpu = CpuWork.calibrate();
        assertThat(cpu.unitsPerMs()).isPositive();
        assertThat(cpu.unitsFor(40)).isEqualTo(Math.round(40 * cpu.unitsPerMs()));
        assertThat(CpuWork.withRate(1_000).unitsFor(40)).isEqualTo(40_000);
    }

    /** Timing: a calibration on a busy machine measures the machine as much as the arithmetic. */
    @Test
    @Tag("timing")
    void calibratedMillisecondsAreRoughlyMilliseconds() {
        CpuWork cpu = CpuWork.calibrate();
        assertThat(cpu.unitsPerMs()).isPositive();
        // Loose bounds: this checks the calibration's arithmetic, not the machine's steadiness.
        double[] took = new double[5];
        for (int i = 0; i < took.length; i++) {
            long start = System.nanoTime();
            CpuWork.burn(cpu.unitsFor(40));
            took[i] = (System.nanoTime() - start) / 1e6;
        }
        assertThat(RunResults.median(took)).isBetween(15.0, 150.0);
    }
}
