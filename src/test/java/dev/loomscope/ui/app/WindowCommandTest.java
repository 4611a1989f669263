package dev.loomscope.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code loomscope} with no options opens with {@link WindowCommand.Settings#DEFAULT}, not reading its options: they must agree. */
class WindowCommandTest {

    @Test
    void noOptionsGiveTheDefaultsThePlainStartOpensWith() {
        assertThat(WindowCommand.parse()).isEqualTo(WindowCommand.Settings.DEFAULT);
    }

    @Test
    void anOptionMovesTheSettingsAwayFromTheDefaults() {
        // The comparison above can tell settings apart: one option is enough.
        var light = WindowCommand.parse("--theme", "light");
        assertThat(light).isNotEqualTo(WindowCommand.Settings.DEFAULT);
        assertThat(light.dark()).isFalse();
        assertThat(WindowCommand.parse("--size", "1280x720")).isEqualTo(WindowCommand.Settings.DEFAULT.withSize(1280, 720));
    }
}
