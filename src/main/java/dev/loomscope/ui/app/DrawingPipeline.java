package dev.loomscope.ui.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * How the window is drawn. JavaFX tries OpenGL first and falls back to drawing in software. On a
 * Linux machine with no GPU device (/dev/dri: a virtual machine, a display like Xvfb) the OpenGL it
 * finds is Mesa's software renderer, which JavaFX refuses after loading it: about 60 ms of every
 * start on two cores, for the software pipeline it then uses anyway. There the window asks for
 * software at once. A machine with a GPU, or a {@code -Dprism.order} given, is left as it is.
 */
final class DrawingPipeline {

    private DrawingPipeline() {
    }

    /** Chooses before the toolkit starts. */
    static void choose() {
        String order = orderFor(System.getProperty("os.name"), Files.exists(Path.of("/dev/dri")), System.getProperty("prism.order"));
        if (order != null) {
            System.setProperty("prism.order", order);
        }
    }

    /** The pipeline to ask for, or null to leave JavaFX's own choice (or the one given). */
    static String orderFor(String osName, boolean gpuDevices, String given) {
        boolean linux = osName != null && osName.toLowerCase(Locale.ROOT).contains("linux");
        return linux && !gpuDevices && given == null ? "sw" : null;
    }
}
