package dev.loomscope.ui.views;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RepaintBudgetTest {

    private static final long MS = 1_000_000;

    @Test
    void aCheapPaintWaitsTheMinimumIntervalAnExpensiveOneLonger() {
        var budget = new RepaintBudget(33 * MS, 0.10, new dev.loomscope.ui.fx.PaintTurns());
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

    @Test
    void viewsSharingTurnsRedrawInDifferentFrames() {
        var turns = new dev.loomscope.ui.fx.PaintTurns();
        var waves = new RepaintBudget(33 * MS, 0.10, turns);
        var lanes = new RepaintBudget(50 * MS, 0.10, turns);
        lanes.painted(-60 * MS, 1 * MS);
        assertThat(waves.due(0)).isTrue();
        waves.painted(0, 1 * MS);
        // The lanes are due too, but the waves took this frame: the lanes take the next.
        assertThat(lanes.due(0)).isFalse();
        assertThat(lanes.due(17 * MS)).isTrue();
        lanes.painted(17 * MS, 1 * MS);
        assertThat(waves.due(17 * MS)).isFalse();
        assertThat(waves.due(34 * MS)).isTrue();

        // Views that share no turns are not held back by each other.
        var alone = new RepaintBudget(33 * MS, 0.10, new dev.loomscope.ui.fx.PaintTurns());
        waves.painted(100 * MS, 1 * MS);
        assertThat(alone.due(100 * MS)).isTrue();
    }

    @Test
    void aViewWaitsForItsTurnNoLongerThanItsLongestWait() {
        var turns = new dev.loomscope.ui.fx.PaintTurns();
        var waves = new RepaintBudget(33 * MS, 0.10, turns);
        var lanes = new RepaintBudget(50 * MS, 0.10, turns);
        lanes.painted(0, 1 * MS);
        // Frames 40 ms apart (a busy machine): the waves are due in every one and ask first.
        for (long frame = 40 * MS; frame < RepaintBudget.MAX_INTERVAL_NANOS; frame += 40 * MS) {
            assertThat(waves.due(frame)).isTrue();
            waves.painted(frame, 1 * MS);
            assertThat(lanes.due(frame)).as("the waves' turn at %d ms", frame / MS).isFalse();
        }
        // Past its longest wait the lanes redraw in the waves' frame too.
        long late = 240 * MS;
        waves.painted(late, 1 * MS);
        assertThat(lanes.due(late)).isTrue();
        // A frame stays its own to the view that took it: asked again in it (past its interval), it may redraw.
        var cheap = new RepaintBudget(0, 1.0, turns);
        cheap.painted(300 * MS, 0);
        assertThat(cheap.due(300 * MS)).isTrue();
    }
}
