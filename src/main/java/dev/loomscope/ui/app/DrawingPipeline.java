package dev.loomscope.ui.app;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
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
 *
 * <p>Drawing in software, the window also tells GTK to leave OpenGL alone ({@code GDK_GL=disable},
 * unless the environment says otherwise): GTK probes GLX as it opens the display, and that alone
 * maps Mesa and its LLVM into the process, about 55 MB of resident memory nothing ever uses.
 * {@code ./loomscope} and the app image's launcher set it in the environment they start the JVM
 * with, by the same rule; then the JVM leaves it as given and skips the foreign-function linker.
 *
 * <p>Drawing in software, the window also turns JavaFX's region cache off: made for a GPU, it keeps
 * each pane's background as an image and stretches it back into every frame that touches the pane.
 * In software that copy was most of the renderer's time during a big run, and filling the
 * background directly half as costly (docs/performance.md, "Frame times"). A
 * {@code -Dprism.disableRegionCaching} given is kept.
 */
final class DrawingPipeline {

    /** JavaFX's switch for its region cache (read once, as the toolkit starts). */
    static final String REGION_CACHE_OFF = "prism.disableRegionCaching";

    private DrawingPipeline() {
    }

    /** Chooses before the toolkit starts (and before any other thread might read the environment). */
    static void choose() {
        String order = orderFor(System.getProperty("os.name"), gpuDevices(Path.of("/dev")), System.getProperty("prism.order"));
        if (order != null) {
            System.setProperty("prism.order", order);
        }
        if (gtkNeedsNoOpenGl(System.getProperty("os.name"), System.getProperty("prism.order"), System.getenv("GDK_GL"))) {
            setNativeEnvironment("GDK_GL", "disable");
        }
        if (regionCacheOff(System.getProperty("prism.order"), System.getProperty(REGION_CACHE_OFF))) {
            System.setProperty(REGION_CACHE_OFF, "true");
        }
    }

    /** Whether to turn the region cache off: software drawing asked for (by the window or the user), and no choice given. */
    static boolean regionCacheOff(String prismOrder, String given) {
        return "sw".equals(prismOrder) && given == null;
    }

    /** Whether GTK can be told to skip OpenGL: software drawing only, on Linux, and no GDK_GL set by the user. */
    static boolean gtkNeedsNoOpenGl(String osName, String prismOrder, String givenGdkGl) {
        return linux(osName) && "sw".equals(prismOrder) && givenGdkGl == null;
    }

    /**
     * Sets a variable in this process's C environment, where GTK reads it (Java's own copy, and so
     * the runner JVMs it starts, are left as they were). Best effort: the window starts either way.
     */
    static boolean setNativeEnvironment(String name, String value) {
        try (Arena arena = Arena.ofConfined()) {
            Linker linker = Linker.nativeLinker();
            MethodHandle setenv = linker.downcallHandle(linker.defaultLookup().find("setenv").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
            return (int) setenv.invokeExact(arena.allocateFrom(name), arena.allocateFrom(value), 0) == 0;
        } catch (Throwable unavailable) {
            return false;
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
        return linux(osName) && !gpuDevices && given == null ? "sw" : null;
    }

    private static boolean linux(String osName) {
        return osName != null && osName.toLowerCase(Locale.ROOT).contains("linux");
    }
}
