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

    private final PaintTurns turns = new PaintTurns();
    private final RunsRedraw redraw = new RunsRedraw(200 * MS, turns);
    private final RunModel run = new RunModel(1, Scenario.of(ExecutorKind.VIRTUAL).withTasks(10).build(), 2);
    /** Another view that shares the turns. */
    private final Object waves = new Object();

    /** The run moves on: task {@code task} starts. */
    private void taskStarts(int task) {
        run.onEvents(new dev.loomscope.testing.Events().add(dev.loomscope.protocol.EventType.STARTED, task, 1.0, 100, 1).batch());
    }

    @Test
    void aRunMovingOnWaitsForAFrameNoOtherViewRedrewIn() {
        // New runs are shown at once, whoever redrew in the frame.
        turns.took(0, waves);
        assertThat(redraw.due(List.of(run), run, 0)).isTrue();

        taskStarts(0);
        turns.took(300 * MS, waves);
        assertThat(redraw.due(List.of(run), run, 300 * MS)).as("the waves took this frame").isFalse();
        assertThat(redraw.due(List.of(run), run, 317 * MS)).isTrue();
        // It took that frame: a view asking in it waits.
        assertThat(turns.free(317 * MS, waves)).isFalse();
    }

    @Test
    void aChartWaitsForItsTurnAtMostOneIntervalMore() {
        assertThat(redraw.due(List.of(run), run, 0)).isTrue();
        // Reduced motion's steps: every view due in the same frame, half a second apart, the waves asking first.
        for (long step = 500 * MS; step <= 2_000 * MS; step += 500 * MS) {
            taskStarts((int) (step / (500 * MS)));
            turns.took(step, waves);
            assertThat(redraw.due(List.of(run), run, step)).as("step at %d ms", step / MS).isTrue();
        }
    }
}
