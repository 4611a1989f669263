package dev.loomscope.ui.charts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.RunModel;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.ui.fx.PaintTurns;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunsRedrawTest {

    private static final long MS = 1_000_000;

    @Test
    void aRunMovingOnWaitsForAFrameNoOtherViewRedrewIn() {
        var turns = new PaintTurns();
        var redraw = new RunsRedraw(200 * MS, turns);
        var run = new RunModel(1, Scenario.of(ExecutorKind.VIRTUAL).withTasks(10).build(), 2);
        Object waves = new Object();

        // New runs are shown at once, whoever redrew in the frame.
        turns.took(0, waves);
        assertThat(redraw.due(List.of(run), run, 0)).isTrue();

        run.onEvents(new dev.loomscope.testing.Events().add(dev.loomscope.protocol.EventType.STARTED, 0, 1.0, 100, 1).batch());
        turns.took(300 * MS, waves);
        assertThat(redraw.due(List.of(run), run, 300 * MS)).as("the waves took this frame").isFalse();
        assertThat(redraw.due(List.of(run), run, 317 * MS)).isTrue();
        // It took that frame: a view asking in it waits.
        assertThat(turns.free(317 * MS, waves)).isFalse();
    }

    @Test
    void aChartWaitsForItsTurnAtMostOneIntervalMore() {
        var turns = new PaintTurns();
        var redraw = new RunsRedraw(200 * MS, turns);
        var run = new RunModel(1, Scenario.of(ExecutorKind.VIRTUAL).withTasks(10).build(), 2);
        Object waves = new Object();
        assertThat(redraw.due(List.of(run), run, 0)).isTrue();
        // Reduced motion's steps: every view due in the same frame, half a second apart, the waves asking first.
        for (long step = 500 * MS; step <= 2_000 * MS; step += 500 * MS) {
            run.onEvents(new dev.loomscope.testing.Events().add(dev.loomscope.protocol.EventType.STARTED, (int) (step / (500 * MS)), 1.0, 100, 1).batch());
            turns.took(step, waves);
            assertThat(redraw.due(List.of(run), run, step)).as("step at %d ms", step / MS).isTrue();
        }
    }
}
