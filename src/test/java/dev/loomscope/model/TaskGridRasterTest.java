package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class TaskGridRasterTest {

    private static final int BACKGROUND = 0xFF000000;
    private static final int[] PALETTE = new int[TaskState.PALETTE_SIZE];

    static {
        PALETTE[TaskState.PENDING] = 0xFF101010;
        PALETTE[TaskState.QUEUED] = 0xFF202020;
        PALETTE[TaskState.RUNNING] = 0xFF00FF00;
        PALETTE[TaskState.WAITING] = 0xFF0000FF;
        PALETTE[TaskState.DONE] = 0xFFFF0000;
        PALETTE[TaskState.FAILED] = 0xFFFFFF00;
        PALETTE[TaskState.WAITING | TaskState.PINNED_FLAG] = 0xFFFF00FF;
    }

    @Test
    void fewTasksGetCellsThatFillTheAreaAndFitInIt() {
        var layout = TaskGridRaster.layout(10_000, 1000, 200);
        assertThat(layout.perPixel()).isFalse();
        assertThat((long) layout.columns() * layout.rows()).isGreaterThanOrEqualTo(10_000);
        int pitchX = layout.cellWidth() + layout.gap();
        int pitchY = layout.cellHeight() + layout.gap();
        assertThat(layout.columns() * pitchX).isLessThanOrEqualTo(1000);
        assertThat(layout.rows() * pitchY).isLessThanOrEqualTo(200);
        // The cells use most of the area, not a corner of it.
        assertThat(layout.rows() * pitchY).isGreaterThan(150);
        assertThat(layout.columns() * pitchX).isGreaterThan(900);
    }

    @Test
    void eachCellShowsItsTaskStateAndThePointerFindsTheTask() {
        byte[] states = new byte[12];
        states[0] = TaskState.RUNNING;
        states[5] = TaskState.WAITING | TaskState.PINNED_FLAG;
        states[11] = TaskState.DONE;
        int width = 120;
        int height = 90;
        int[] pixels = new int[width * height];
        var layout = TaskGridRaster.paint(states, 12, width, height, PALETTE, BACKGROUND, pixels);

        assertThat(layout.gap()).isEqualTo(1);
        int pitchX = layout.cellWidth() + 1;
        int pitchY = layout.cellHeight() + 1;
        for (int task : new int[] {0, 5, 11, 3}) {
            int x = (task % layout.columns()) * pitchX + layout.cellWidth() / 2;
            int y = (task / layout.columns()) * pitchY + layout.cellHeight() / 2;
            assertThat(pixels[y * width + x]).isEqualTo(PALETTE[states[task]]);
            assertThat(layout.taskAt(x, y, 12, width, height)).isEqualTo(task);
        }
        // The gap between the first two cells stays background.
        assertThat(pixels[layout.cellWidth()]).isEqualTo(BACKGROUND);
    }

    @Test
    void aMillionTasksBlendPerPixelAndTheWaveFrontShows() {
        int tasks = 1_000_000;
        byte[] states = new byte[tasks];
        Arrays.fill(states, 0, tasks / 2, TaskState.DONE);
        Arrays.fill(states, tasks / 2, tasks, TaskState.QUEUED);
        int width = 400;
        int height = 250;
        int[] pixels = new int[width * height];
        var layout = TaskGridRaster.paint(states, tasks, width, height, PALETTE, BACKGROUND, pixels);

        assertThat(layout.perPixel()).isTrue();
        assertThat(pixels[0]).isEqualTo(PALETTE[TaskState.DONE]);
        assertThat(pixels[width * height - 1]).isEqualTo(PALETTE[TaskState.QUEUED]);
        // The first half of the pixels is done, the second half queued, with the front in the middle.
        assertThat(pixels[width * height / 2 - 1]).isEqualTo(PALETTE[TaskState.DONE]);
        assertThat(pixels[width * height / 2]).isEqualTo(PALETTE[TaskState.QUEUED]);
        assertThat(layout.taskAt(0, 0, tasks, width, height)).isZero();
        assertThat(layout.taskAt(width - 1, height - 1, tasks, width, height)).isBetween(tasks - 10, tasks - 1);
    }

    @Test
    void aPixelOverMixedTasksAveragesTheirColours() {
        byte[] states = {TaskState.DONE, TaskState.RUNNING, TaskState.DONE, TaskState.RUNNING};
        int[] pixels = new int[1];
        TaskGridRaster.paint(states, 4, 1, 1, PALETTE, BACKGROUND, pixels);
        // Half red, half green.
        assertThat(pixels[0]).isEqualTo(0xFF7F7F00);
    }

    @Test
    void fewerTasksThanPixelsButTooManyForCellsStretchEachTaskOverPixels() {
        int tasks = 30_000;
        byte[] states = new byte[tasks];
        states[tasks - 1] = TaskState.FAILED;
        int[] pixels = new int[200 * 200];
        var layout = TaskGridRaster.paint(states, tasks, 200, 200, PALETTE, BACKGROUND, pixels);
        assertThat(layout.perPixel()).isTrue();
        assertThat(pixels[pixels.length - 1]).isEqualTo(PALETTE[TaskState.FAILED]);
        assertThat(Arrays.stream(pixels).filter(p -> p == BACKGROUND).count()).isZero();
    }
}
