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

    private record Exit(int code, String output) {
    }

    /** The real entry point in a JVM of its own, with no display: no DISPLAY, no WAYLAND_DISPLAY, no headless toolkit. */
    /** serve's first words are its routes and its database, not SLF4J's three lines on having no logger (the surefire run hides them). */
    @Test
    void serveSaysOnlyWhatItServes() throws Exception {
        // As a user starts it: none of a run's flags (which quiet SLF4J in the runner JVMs).
        var command = dev.loomscope.testing.TestJvms.launcher(java.util.List.of()).toolCommand(Main.class.getName(), java.util.List.of(),
                java.util.List.of("serve", "--port", "0"));
        var builder = new ProcessBuilder(command).redirectErrorStream(true);
        Process process = builder.start();
        try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))) {
            var said = new StringBuilder();
            for (String line = lines.readLine(); line != null && !line.contains("Ctrl+C"); line = lines.readLine()) {
                said.append(line).append('\n');
            }
            assertThat(said.toString()).contains("/query waits on jdbc:h2:tcp://").doesNotContain("SLF4J");
        } finally {
            process.destroyForcibly().waitFor();
        }
    }

    private static Exit withoutADisplay(String... args) throws Exception {
        return run(java.util.List.of(), environment -> {
            environment.remove("DISPLAY");
            environment.remove("WAYLAND_DISPLAY");
        }, args);
    }

    /** {@code loomscope args} in a JVM of its own, started with {@code jvmOptions}, its environment as {@code environment} leaves it. */
    private static Exit run(java.util.List<String> jvmOptions, java.util.function.Consumer<java.util.Map<String, String>> environment, String... args)
            throws Exception {
        var command = dev.loomscope.testing.TestJvms.launcher(java.util.List.of(), jvmOptions.toArray(String[]::new))
                .command(Main.class, 2, java.util.List.of(args));
        var builder = new ProcessBuilder(command).redirectErrorStream(true);
        environment.accept(builder.environment());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("still running after 60 s: " + output);
        }
        return new Exit(process.exitValue(), output);
    }

    /**
     * On a Turkish machine the window did not open at all ("INFO".toLowerCase() is "\u0131nfo" there, and an action's
     * words were looked up under "action.presentat\u0131on..."), and on a German one the numbers in English sentences
     * read "10.000.000". Both in a JVM of their own, as a user's machine starts it.
     */
    @Test
    void onATurkishMachineTheWindowOpensAndNumbersReadAsInItsWords() throws Exception {
        var turkish = java.util.List.of("-Duser.language=tr", "-Duser.country=TR");
        Exit refused = run(turkish, environment -> {}, "run", "--tasks", "0");
        assertThat(refused.code()).as(refused.output()).isEqualTo(LoomScopeCommand.EXIT_USAGE);
        assertThat(refused.output()).contains("tasks must be between 1 and 10,000,000 (got 0)");

        var headless = new java.util.ArrayList<>(turkish);
        headless.addAll(java.util.List.of("-Dglass.platform=Headless", "-Dprism.order=sw"));
        Exit shown = run(headless, environment -> environment.put("LOOMSCOPE_EXIT_WHEN_SHOWN", "1"), "window", "--preset", "pinning");
        assertThat(shown.code()).as(shown.output()).isZero();
    }

    /** A bad window option is named (exit code 2) before anything asks for a display, not hidden behind "needs a display". */
    @Test
    void windowOptionsAreCheckedBeforeTheDisplay(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        Exit theme = withoutADisplay("window", "--theme", "purple");
        assertThat(theme.code()).as(theme.output()).isEqualTo(LoomScopeCommand.EXIT_USAGE);
        assertThat(theme.output().strip()).isEqualTo("loomscope: --theme: no theme 'purple'; choose from dark, light (see 'loomscope window --help')");

        // Options alone are the window's, too.
        Exit preset = withoutADisplay("--preset", "nope");
        assertThat(preset.code()).as(preset.output()).isEqualTo(LoomScopeCommand.EXIT_USAGE);
        assertThat(preset.output()).contains("--preset: no preset 'nope'; choose from waiting-10k").doesNotContain("display");

        java.nio.file.Path nowhere = dir.resolve("no-such-folder").resolve("x.png");
        Exit screenshot = withoutADisplay("window", "--run", "--screenshot", nowhere.toString());
        assertThat(screenshot.code()).as(screenshot.output()).isEqualTo(LoomScopeCommand.EXIT_USAGE);
        assertThat(screenshot.output()).contains("--screenshot: the folder " + nowhere.getParent() + " does not exist").doesNotContain("display");

        Exit cases = withoutADisplay("ui-bench", "--cases", "huge");
        assertThat(cases.code()).as(cases.output()).isEqualTo(LoomScopeCommand.EXIT_USAGE);
        assertThat(cases.output()).contains("--cases: no case 'huge'; choose from virtual-100k").doesNotContain("display");
    }

    @Test
    void goodWindowOptionsWithoutADisplaySayOneIsNeeded() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).contains("linux"),
                "only Linux needs DISPLAY or WAYLAND_DISPLAY");
        Exit light = withoutADisplay("window", "--theme", "light");
        assertThat(light.code()).as(light.output()).isEqualTo(LoomScopeCommand.EXIT_RUN_FAILED);
        assertThat(light.output().strip()).startsWith("LoomScope's window needs a display").doesNotContain("\n");
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
