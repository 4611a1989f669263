package dev.loomscope.ui.views;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RepaintBudgetTest {

    private static final long MS = 1_000_000;

    @Test
    void aCheapPaintWaitsTheMinimumIntervalAnExpensiveOneLonger() {
        var budget = new RepaintBudget(33 * MS, 0.10);
        assertThat(budget.due(0)).isTrue();
        budget.painted(0, 1 * MS);
        assertThat(budget.due(20 * MS)).isFalse();
        assertThat(budget.due(33 * MS)).isTrue();

        // A paint of 8 ms may come back only after 80 ms: painting stays within a tenth of the time.
        budget.painted(100 * MS, 8 * MS);
        assertThat(budget.due(150 * MS)).isFalse();
        assertThat(budget.due(180 * MS)).isTrue();

        // A very slow paint (a cold JIT) still lets the view catch up within 200 ms.
        budget.painted(1_000 * MS, 60 * MS);
        assertThat(budget.due(1_150 * MS)).isFalse();
        assertThat(budget.due(1_200 * MS)).isTrue();
    }
}
