package dev.loomscope.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EmptyWindowTest {

    @Test
    void theYardstickIsTheSizeTheWindowOpensAt() {
        // Its own constants (it loads no LoomScope class but the first-paint detector), held to the window's default here.
        assertThat(EmptyWindow.WIDTH).isEqualTo(WindowCommand.Settings.DEFAULT.look().width());
        assertThat(EmptyWindow.HEIGHT).isEqualTo(WindowCommand.Settings.DEFAULT.look().height());
    }
}
