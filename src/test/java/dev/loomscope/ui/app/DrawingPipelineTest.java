package dev.loomscope.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DrawingPipelineTest {

    @Test
    void aLinuxMachineWithoutAGpuDrawsInSoftwareFromTheStart() {
        assertThat(DrawingPipeline.orderFor("Linux", false, null)).isEqualTo("sw");
    }

    @Test
    void aGpuAnotherSystemOrAChoiceGivenLeaveJavaFxToChoose() {
        assertThat(DrawingPipeline.orderFor("Linux", true, null)).as("OpenGL may work: JavaFX tries it").isNull();
        assertThat(DrawingPipeline.orderFor("Mac OS X", false, null)).isNull();
        assertThat(DrawingPipeline.orderFor("Windows 11", false, null)).isNull();
        assertThat(DrawingPipeline.orderFor("Linux", false, "es2")).as("-Dprism.order given").isNull();
    }

    @Test
    void everyKindOfGpuDeviceCounts(@TempDir Path dev) throws Exception {
        Files.createFile(dev.resolve("null"));
        assertThat(DrawingPipeline.gpuDevices(dev)).as("no GPU device").isFalse();
        for (String device : new String[] {"dri", "dxg", "nvidia0"}) {
            Path made = device.equals("dri") ? Files.createDirectory(dev.resolve(device)) : Files.createFile(dev.resolve(device));
            assertThat(DrawingPipeline.gpuDevices(dev)).as(device).isTrue();
            Files.delete(made);
        }
    }

    @Test
    void gtkIsToldToSkipOpenGlOnlyWhenTheWindowDrawsInSoftwareAndTheUserSaidNothing() {
        assertThat(DrawingPipeline.gtkNeedsNoOpenGl("Linux", "sw", null)).isTrue();
        assertThat(DrawingPipeline.gtkNeedsNoOpenGl("Linux", null, null)).as("JavaFX may use OpenGL").isFalse();
        assertThat(DrawingPipeline.gtkNeedsNoOpenGl("Linux", "es2", null)).isFalse();
        assertThat(DrawingPipeline.gtkNeedsNoOpenGl("Linux", "sw", "always")).as("GDK_GL given").isFalse();
        assertThat(DrawingPipeline.gtkNeedsNoOpenGl("Windows 11", "sw", null)).isFalse();
    }

    @Test
    void drawingInSoftwareFillsBackgroundsDirectlyUnlessTheUserChoseOtherwise() {
        assertThat(DrawingPipeline.regionCacheOff("sw", null)).isTrue();
        assertThat(DrawingPipeline.regionCacheOff(null, null)).as("JavaFX may use a GPU, where the cache pays").isFalse();
        assertThat(DrawingPipeline.regionCacheOff("es2", null)).isFalse();
        assertThat(DrawingPipeline.regionCacheOff("sw", "false")).as("-Dprism.disableRegionCaching given").isFalse();
    }

    /** GTK reads the C environment, not Java's copy of it: the variable must be there. */
    @Test
    @org.junit.jupiter.api.condition.EnabledOnOs({org.junit.jupiter.api.condition.OS.LINUX, org.junit.jupiter.api.condition.OS.MAC})
    void theVariableReachesTheProcesssCEnvironment() throws Throwable {
        String name = "LOOMSCOPE_TEST_" + ProcessHandle.current().pid();
        assertThat(DrawingPipeline.setNativeEnvironment(name, "disable")).isTrue();

        Linker linker = Linker.nativeLinker();
        MethodHandle getenv = linker.downcallHandle(linker.defaultLookup().find("getenv").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.ADDRESS.withTargetLayout(MemoryLayout.sequenceLayout(64, ValueLayout.JAVA_BYTE)),
                        ValueLayout.ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = (MemorySegment) getenv.invokeExact(arena.allocateFrom(name));
            assertThat(value.getString(0)).isEqualTo("disable");
        }
    }
}
