package dev.loomscope.ui.theme;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The views' colours read apart by people with the common colour-vision deficiencies: each
 * palette is seen through a simulation of protanopia, deuteranopia and tritanopia (Machado,
 * Oliveira and Fernandes, 2009, severity 1.0, on linear RGB) and, for the colours that share a
 * view, every pair must stay at least {@link #MIN_DELTA_E} apart (CIE76 in CIELAB; 2.3 is a
 * just-noticeable difference, 10 is plainly different at a glance). Without any colour at all, the
 * patterns tell the states apart ({@code StatePatternsTest}).
 */
class ColourVisionTest {

    static final double MIN_DELTA_E = 10;

    /** Machado et al. 2009, severity 1.0: rows of the 3x3 matrix on linear RGB. */
    static final Map<String, double[][]> DEFICIENCIES = Map.of(
            "protanopia", new double[][] {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
            "deuteranopia", new double[][] {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
            "tritanopia", new double[][] {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
            "normal vision", new double[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}});

    static double linear(int channel) {
        double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    /** The colour as someone with {@code deficiency} sees it, in CIELAB (D65). */
    static double[] seenAs(int argb, double[][] deficiency) {
        double[] rgb = {linear((argb >> 16) & 0xff), linear((argb >> 8) & 0xff), linear(argb & 0xff)};
        double[] seen = new double[3];
        for (int i = 0; i < 3; i++) {
            seen[i] = Math.clamp(deficiency[i][0] * rgb[0] + deficiency[i][1] * rgb[1] + deficiency[i][2] * rgb[2], 0, 1);
        }
        double x = (0.4124 * seen[0] + 0.3576 * seen[1] + 0.1805 * seen[2]) / 0.95047;
        double y = 0.2126 * seen[0] + 0.7152 * seen[1] + 0.0722 * seen[2];
        double z = (0.0193 * seen[0] + 0.1192 * seen[1] + 0.9505 * seen[2]) / 1.08883;
        double fx = f(x);
        double fy = f(y);
        double fz = f(z);
        return new double[] {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
    }

    private static double f(double t) {
        return t > 216.0 / 24389 ? Math.cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    }

    static double deltaE(double[] a, double[] b) {
        return Math.sqrt(Math.pow(a[0] - b[0], 2) + Math.pow(a[1] - b[1], 2) + Math.pow(a[2] - b[2], 2));
    }

    /** The colours that sit side by side in the task waves and the lanes, by name. */
    static Map<String, Integer> sharingAView(Palette palette) {
        return Map.of("queued", palette.queued(), "running", palette.running(), "waiting (virtual)", palette.waitingUnmounted(),
                "holding a thread", palette.heldThread(), "pinned", palette.pinned(), "done", palette.done(), "idle lane", palette.laneIdle(),
                "cancelled", palette.cancelled());
    }

    @Test
    void everyPalettesStatesStayApartForTheCommonColourVisionDeficiencies() {
        var tooClose = new ArrayList<String>();
        for (var palette : Map.of("dark", Palette.DARK, "light", Palette.LIGHT, "dark high contrast", Palette.DARK_HIGH_CONTRAST,
                "light high contrast", Palette.LIGHT_HIGH_CONTRAST).entrySet()) {
            List<Map.Entry<String, Integer>> colours = new ArrayList<>(sharingAView(palette.getValue()).entrySet());
            for (var deficiency : DEFICIENCIES.entrySet()) {
                for (int i = 0; i < colours.size(); i++) {
                    for (int j = i + 1; j < colours.size(); j++) {
                        double distance = deltaE(seenAs(colours.get(i).getValue(), deficiency.getValue()), seenAs(colours.get(j).getValue(), deficiency.getValue()));
                        if (distance < MIN_DELTA_E) {
                            tooClose.add("%s, %s: %s and %s are %.1f apart".formatted(palette.getKey(), deficiency.getKey(),
                                    colours.get(i).getKey(), colours.get(j).getKey(), distance));
                        }
                    }
                }
            }
        }
        assertThat(tooClose).isEmpty();
    }

    @Test
    void aDoneTaskThatWasPinnedReadsAsDoneAndStillApart() {
        var normal = DEFICIENCIES.get("normal vision");
        for (var palette : List.of(Palette.DARK, Palette.LIGHT, Palette.DARK_HIGH_CONTRAST, Palette.LIGHT_HIGH_CONTRAST)) {
            int[] colours = palette.taskColors(true);
            int donePinned = colours[dev.loomscope.model.TaskState.DONE | dev.loomscope.model.TaskState.PINNED_FLAG];
            assertThat(donePinned).isEqualTo(palette.donePinned());
            double toDone = deltaE(seenAs(donePinned, normal), seenAs(palette.done(), normal));
            double toPinned = deltaE(seenAs(donePinned, normal), seenAs(palette.pinned(), normal));
            assertThat(toDone).as("nearer done than pinned").isLessThan(toPinned);
            assertThat(toDone).as("yet told apart from done").isGreaterThan(2.3);
            // Ended otherwise, a pinned task shows its end; running or waiting, it shows pinned.
            assertThat(colours[dev.loomscope.model.TaskState.FAILED | dev.loomscope.model.TaskState.PINNED_FLAG]).isEqualTo(palette.failed());
            assertThat(colours[dev.loomscope.model.TaskState.WAITING | dev.loomscope.model.TaskState.PINNED_FLAG]).isEqualTo(palette.pinned());
        }
    }

    @Test
    void theSimulationSeesRedAndGreenAlikeWithoutRedOrGreenCones() {
        // The check itself can fail: a pure red and a green of the same lightness fall together for protanopes and deuteranopes.
        double normal = deltaE(seenAs(0xFFD03030, DEFICIENCIES.get("normal vision")), seenAs(0xFF6E8A00, DEFICIENCIES.get("normal vision")));
        double deutan = deltaE(seenAs(0xFFD03030, DEFICIENCIES.get("deuteranopia")), seenAs(0xFF6E8A00, DEFICIENCIES.get("deuteranopia")));
        assertThat(normal).isGreaterThan(50);
        assertThat(deutan).isLessThan(normal / 3);
    }
}
