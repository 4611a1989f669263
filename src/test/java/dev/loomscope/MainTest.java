package dev.loomscope;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class MainTest {

    @Test
    void withoutADisplayTheWindowExplainsInsteadOfCrashing() {
        assertThat(Main.missingDisplay(Map.of(), "Linux", null)).contains("needs a display").contains("xvfb-run").contains("run --help");
    }

    @Test
    void anyDisplayOrTheHeadlessPlatformWillDo() {
        assertThat(Main.missingDisplay(Map.of("DISPLAY", ":0"), "Linux", null)).isNull();
        assertThat(Main.missingDisplay(Map.of("WAYLAND_DISPLAY", "wayland-0"), "Linux", null)).isNull();
        assertThat(Main.missingDisplay(Map.of(), "Linux", "Headless")).isNull();
        assertThat(Main.missingDisplay(Map.of(), "Mac OS X", null)).isNull();
    }
}
