package dev.loomscope.ui.theme;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.CarrierLanes;
import dev.loomscope.model.StatePattern;
import dev.loomscope.model.TaskGridRaster;
import dev.loomscope.model.TaskState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Without colour at all (greyscale print, achromatopsia), the states of the task waves still read
 * apart with patterns on: every two states a view shows side by side differ in their pattern, or
 * in lightness by at least {@link #MIN_LUMA_STEP} of 255.
 */
class StatePatternsTest {

    static final double MIN_LUMA_STEP = 40;
    private static final int CELL = 24;

    private static double luma(int argb) {
        return 0.2126 * ((argb >> 16) & 0xff) + 0.7152 * ((argb >> 8) & 0xff) + 0.0722 * (argb & 0xff);
    }

    /** One task of {@code state}, painted as the task waves paint it, in grey. */
    private static double[] greyCell(Palette palette, byte state, boolean virtual) {
        int[] pixels = new int[CELL * CELL];
        TaskGridRaster.paint(new byte[] {state}, 1, CELL, CELL, palette.taskColors(virtual), palette.taskPatterns(virtual), palette.background(), pixels);
        return Arrays.stream(pixels).mapToDouble(StatePatternsTest::luma).toArray();
    }

    private static Map<String, Byte> statesOfOneRun(boolean virtual) {
        var states = new LinkedHashMap<String, Byte>();
        states.put("queued", TaskState.QUEUED);
        states.put("running", TaskState.RUNNING);
        states.put(virtual ? "waiting without its carrier" : "blocked holding its thread", TaskState.WAITING);
        states.put("pinned", (byte) (TaskState.WAITING | TaskState.PINNED_FLAG));
        states.put("done", TaskState.DONE);
        return states;
    }

    @Test
    void everyStateOfTheWavesReadsApartInGreyWithPatternsOn() {
        var alike = new ArrayList<String>();
        for (var palette : List.of(Palette.DARK, Palette.LIGHT, Palette.DARK_HIGH_CONTRAST, Palette.LIGHT_HIGH_CONTRAST)) {
            Palette patterned = palette.withPatterns(true);
            for (boolean virtual : List.of(true, false)) {
                var states = new ArrayList<>(statesOfOneRun(virtual).entrySet());
                for (int i = 0; i < states.size(); i++) {
                    for (int j = i + 1; j < states.size(); j++) {
                        byte a = states.get(i).getValue();
                        byte b = states.get(j).getValue();
                        boolean samePattern = StatePattern.ofTask(a, virtual) == StatePattern.ofTask(b, virtual);
                        double step = Math.abs(Arrays.stream(greyCell(patterned, a, virtual)).average().orElseThrow()
                                - Arrays.stream(greyCell(patterned, b, virtual)).average().orElseThrow());
                        if (samePattern && step < MIN_LUMA_STEP) {
                            alike.add("%s%s: %s and %s (%.0f apart in grey)".formatted(palette.dark() ? "dark" : "light",
                                    palette == Palette.DARK_HIGH_CONTRAST || palette == Palette.LIGHT_HIGH_CONTRAST ? " high contrast" : "",
                                    states.get(i).getKey(), states.get(j).getKey(), step));
                        }
                    }
                }
            }
        }
        assertThat(alike).isEmpty();
    }

    @Test
    void patternsAreDrawnOnlyWhenAskedForAndOnlyWhereACellHasRoom() {
        byte pinned = (byte) (TaskState.WAITING | TaskState.PINNED_FLAG);
        double[] plain = greyCell(Palette.DARK, pinned, true);
        double[] hatched = greyCell(Palette.DARK.withPatterns(true), pinned, true);
        // The cell and the one-pixel gap beside it; cross-hatched, the mark's grey too.
        assertThat(Arrays.stream(plain).distinct().count()).as("colour alone").isEqualTo(2);
        assertThat(Arrays.stream(hatched).distinct().count()).as("cross-hatched").isEqualTo(3);
        // 10,000 tasks in 200 x 100 pixels: cells of one or two pixels, too small for a pattern.
        int[] pixels = new int[200 * 100];
        byte[] states = new byte[10_000];
        Arrays.fill(states, pinned);
        var layout = TaskGridRaster.paint(states, states.length, 200, 100, Palette.DARK.taskColors(true),
                Palette.DARK.withPatterns(true).taskPatterns(true), Palette.DARK.background(), pixels);
        assertThat(Math.min(layout.cellWidth(), layout.cellHeight())).isLessThan(StatePattern.MIN_CELL);
        assertThat(Arrays.stream(pixels).filter(p -> p == StatePattern.markColour(Palette.DARK.pinned(), Palette.DARK.background()))).isEmpty();
    }

    @Test
    void theLanesMarkHeldAndPinnedTimeAndLeaveRunningSolid() {
        assertThat(StatePattern.ofLane(CarrierLanes.RUNNING)).isEqualTo(StatePattern.SOLID);
        assertThat(StatePattern.ofLane(CarrierLanes.HELD)).isEqualTo(StatePattern.STRIPES);
        assertThat(StatePattern.ofLane(CarrierLanes.PINNED)).isEqualTo(StatePattern.CROSS_HATCH);
        // A pattern marks some of a lane's pixels, never all, never none.
        for (StatePattern pattern : List.of(StatePattern.STRIPES, StatePattern.CROSS_HATCH, StatePattern.DOTS, StatePattern.HOLLOW)) {
            int marked = 0;
            for (int y = 0; y < 40; y++) {
                for (int x = 0; x < 40; x++) {
                    marked += pattern.marks(x, y, 40, 40) ? 1 : 0;
                }
            }
            assertThat(marked).as(pattern.name()).isBetween(40, 40 * 40 - 40);
        }
    }
}
