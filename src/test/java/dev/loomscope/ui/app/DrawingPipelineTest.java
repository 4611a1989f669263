package dev.loomscope.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

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
}
