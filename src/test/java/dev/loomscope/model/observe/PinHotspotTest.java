package dev.loomscope.model.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PinHotspotTest {

    private static PinHotspot at(String firstCallerFrame, String... frames) {
        return new PinHotspot(List.of(frames), firstCallerFrame, 1, 50, 50, List.of("Native or VM frame on stack"), List.of());
    }

    @Test
    void whereIsTheProgramsFrameAndBrieflyItsClassMethodAndLine() {
        var pinned = at("dev.loomscope.runner.jdk25.NativeSleep.sleep:42", "java.lang.VirtualThread.parkNanos:631",
                "dev.loomscope.runner.jdk25.NativeSleep.sleep:42");
        assertThat(pinned.where()).isEqualTo("dev.loomscope.runner.jdk25.NativeSleep.sleep:42");
        assertThat(pinned.whereBriefly()).isEqualTo("NativeSleep.sleep:42");
        // A nested class and a lambda keep their whole names; a native frame its mark.
        assertThat(at("com.acme.Orders$Repository.lambda$find$0:17").whereBriefly()).isEqualTo("Orders$Repository.lambda$find$0:17");
        assertThat(at("com.acme.Native.block (native)").whereBriefly()).isEqualTo("Native.block (native)");
        // A class in no package, and a frame without a line.
        assertThat(at("Main.main:3").whereBriefly()).isEqualTo("Main.main:3");
        assertThat(at("com.acme.Orders.find").whereBriefly()).isEqualTo("Orders.find");
    }

    @Test
    void withoutAFrameOfTheProgramsItIsTheInnermostFrameAndWithoutFramesNothing() {
        var jdkOnly = at("", "java.lang.Object.wait0 (native)", "java.lang.Object.wait:378");
        assertThat(jdkOnly.where()).isEqualTo("java.lang.Object.wait0 (native)");
        assertThat(jdkOnly.whereBriefly()).isEqualTo("Object.wait0 (native)");
        assertThat(at("").where()).isEmpty();
        assertThat(at("").whereBriefly()).isEmpty();
    }
}
