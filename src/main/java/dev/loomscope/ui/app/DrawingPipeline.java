package dev.loomscope.ui.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * How the window is drawn. JavaFX tries OpenGL first and falls back to drawing in software. On a
 * Linux machine with no GPU device (a virtual machine, a display like Xvfb) the OpenGL it finds is
 * Mesa's software renderer, which JavaFX refuses after loading it: about 60 ms of every start on
 * two cores, for the software pipeline it then uses anyway. There the window asks for software at
 * once. Any GPU device counts: /dev/dri (Mesa's and most drivers), /dev/nvidia* (NVIDIA's own
 * driver, a container given a GPU), /dev/dxg (WSL2). A {@code -Dprism.order} given is kept.
 */
final class DrawingPipeline {

    private DrawingPipeline() {
    }

    /** Chooses before the toolkit starts. */
    static void choose() {
        String order = orderFor(System.getProperty("os.name"), gpuDevices(Path.of("/dev")), System.getProperty("prism.order"));
        if (order != null) {
            System.setProperty("prism.order", order);
        }
    }

    /** Whether {@code dev} holds a GPU device. */
    static boolean gpuDevices(Path dev) {
        if (Files.exists(dev.resolve("dri")) || Files.exists(dev.resolve("dxg"))) {
            return true;
        }
        try (var nvidia = Files.newDirectoryStream(dev, "nvidia*")) {
            return nvidia.iterator().hasNext();
        } catch (java.io.IOException | RuntimeException unreadable) {
            return true; // unknown: JavaFX tries OpenGL, as it would anyway
        }
    }

    /** The pipeline to ask for, or null to leave JavaFX's own choice (or the one given). */
    static String orderFor(String osName, boolean gpuDevices, String given) {
        boolean linux = osName != null && osName.toLowerCase(Locale.ROOT).contains("linux");
        return linux && !gpuDevices && given == null ? "sw" : null;
    }
}
