package dev.loomscope;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.cli.LoomScopeCommand;
import dev.loomscope.ui.app.WindowCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
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

    @Test
    void theWindowsCommandLineAloneStillNamesItselfInErrors() {
        var err = new StringWriter();
        var commandLine = LoomScopeCommand.alone(new WindowCommand(), "loomscope window");
        commandLine.setErr(new PrintWriter(err));

        int exit = commandLine.execute("--theme", "purple");

        assertThat(exit).isEqualTo(LoomScopeCommand.EXIT_USAGE);
        assertThat(err.toString()).contains("--theme: no theme 'purple'; choose from dark, light").contains("(see 'loomscope window --help')");
    }

    @Test
    void aSessionOfRepeatedRunsIsBounded() {
        var err = new StringWriter();
        var commandLine = LoomScopeCommand.alone(new WindowCommand(), "loomscope window");
        commandLine.setErr(new PrintWriter(err));

        assertThat(commandLine.execute("--autorun", "--repeat", "0")).isEqualTo(LoomScopeCommand.EXIT_USAGE);
        assertThat(err.toString()).contains("--repeat must be between 1 and 1000 (got 0)");
    }
}
