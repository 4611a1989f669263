package dev.loomscope.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

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
}
