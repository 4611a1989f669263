package dev.loomscope.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The benchmark's spread line: the pair ratios in both directions, and a word when LoomScope wins a pair. */
class FidelitySpreadTest {

    private static FidelityBenchmark.Comparison comparison(double... ratios) {
        var c = FidelityBenchmark.fidelityCases(2).get(2);
        return new FidelityBenchmark.Comparison(c, 2_000, 2_200, ratios, true, true, 1, 10);
    }

    @Test
    void theSpreadGivesQuartilesAndCountsEachWay() {
        var c = comparison(1.30, 0.80, 1.10, 1.00, 1.20);
        assertThat(c.ratio()).isEqualTo(1.10);
        assertThat(FidelityBenchmark.spread(c))
                .startsWith("virtual 1,000,000 x 100 ms")
                .contains("min 0.80  p25 1.00  median 1.10  p75 1.20  max 1.30;  LoomScope faster in 1 of 5 pairs, plain faster in 3")
                .contains("LoomScope can be faster: it closes its executor once every task has ended");
    }

    @Test
    void noExcuseIsPrintedWhenThePlainProgramWonEveryPair() {
        var c = comparison(1.05, 1.10, 1.02);
        assertThat(FidelityBenchmark.spread(c)).contains("LoomScope faster in 0 of 3 pairs, plain faster in 3")
                .doesNotContain("can be faster");
    }
}
