package dev.loomscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import dev.loomscope.Main;
import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.launcher.RunStarter;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.testing.TestJvms;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * {@code loomscope run}: options, help, the table and the JSON. One run goes through real runner
 * JVMs end to end; the rest of the output is checked on the fake runner, whose results are known.
 */
@ResourceLock(Resources.SYSTEM_OUT) // commands print to System.out, which execute() captures
class RunCommandTest {

    record Outcome(int exitCode, String out, String err) {
    }

    /**
     * Runs the command line as a user would, its runs in runner JVMs started as {@link TestJvms#runner()}
     * starts them (what a run does, not how fast it goes); out holds both picocli's help and what commands print.
     */
    static Outcome execute(String... args) {
        return executeOn(TestJvms.runner(), args);
    }

    /** As {@link #execute(String...)}, the runner JVMs started exactly as the command line starts them: for tests that bound how long runs take. */
    static Outcome executeAsShipped(String... args) {
        return execute(LoomScopeCommand.commandLine(), args);
    }

    /** As {@link #execute(String...)}, the runs started on {@code runs} instead. */
    static Outcome executeOn(RunStarter runs, String... args) {
        return execute(LoomScopeCommand.commandLineRunningOn(runs), args);
    }

    private static Outcome execute(CommandLine commandLine, String... args) {
        var err = new StringWriter();
        var help = new StringWriter();
        var printed = new ByteArrayOutputStream();
        PrintStream originalOut = System.out;
        commandLine.setErr(new PrintWriter(err, true));
        commandLine.setOut(new PrintWriter(help, true));
        try {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            int code = commandLine.execute(args);
            return new Outcome(code, help + printed.toString(StandardCharsets.UTF_8), err.toString());
        } finally {
            System.setOut(originalOut);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--tasks 0                     | tasks must be between 1 and 10,000,000 (got 0)",
            "--pool -3                     | pool must be between 1 and 100,000 (got -3)",
            "--carriers 999                | carriers must be between 1 and 256 (got 999)",
            "--executor fixed,loom         | --executor: no executor 'loom'; choose from fixed, virtual, platform",
            "--blocking spin               | --blocking: no blocking mode 'spin'; choose from sleep, synchronized, native, class-init, jdbc, http, file, lock, wait",
            "--tasks many                  | --tasks: 'many' is not a whole number",
            "--frobnicate                  | Unknown option: '--frobnicate'",
            "--blocking native --sleep-ms 0| blocking native needs sleep-ms of at least 1",
            "--repeat 0                    | --repeat must be between 1 and 1,000",
            "--executor single --tasks 1000000 | loomscope: single would take at least",
            "--executor virtual --connections 10 --tasks 200000 | loomscope: a web run sends at most 100,000 requests (got 200,000 tasks)",
            "--blocking jdbc --db-pool 0   | --db-pool must be between 1 and 10,000 (got 0)",
            "--jdbc-url jdbc:postgresql://localhost/x | --jdbc-url needs --blocking jdbc (got --blocking sleep)",
            "--blocking jdbc --jdbc-url jdbc:postgresql://localhost/x --jdbc-password-file /nonexistent/pw | --jdbc-password-file: no such file: /nonexistent/pw",
            "--blocking jdbc --jdbc-url postgres://localhost/x | --jdbc-url must be a JDBC URL starting with jdbc: (got postgres://localhost/x)",
            "--blocking jdbc --jdbc-user me | --jdbc-user needs --jdbc-url",
            "--blocking file --tasks 30000  | blocking file makes a named pipe per task: at most 20,000 tasks (got 30,000)"})
    void badOptionsGiveOneLineAndExitCode2(String options, String message) {
        var args = new java.util.ArrayList<>(List.of("run"));
        args.addAll(List.of(options.strip().split("\\s+")));
        Outcome outcome = execute(args.toArray(String[]::new));
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.err().strip()).contains(message).doesNotContain("\n");
        assertThat(outcome.out()).isEmpty();
    }

    /** A word no converter can read is named with its option and the choices, in words, with no Java type or exception in them. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "run --executor bogus               | --executor: no executor 'bogus'; choose from fixed, virtual, platform, forkjoin, single, virtual-limited",
            "run --blocking nope                | --blocking: no blocking mode 'nope'; choose from sleep, synchronized, native, class-init",
            "run --sharing both                 | --sharing: no sharing 'both'; choose from threadlocal, scopedvalue",
            "sweep --vary tasks=1..2:2 --executor x | --executor: no executor 'x'; choose from",
            "serve --executor bogus             | --executor: no executor 'bogus'; choose from",
            "attach 1 --duration soon           | --duration: 'soon' is not a duration; write it like 500ms",
            "run --cpu-units-per-ms fast        | --cpu-units-per-ms: 'fast' is not a number",
            "attach abc                         | PID: 'abc' is not a whole number"})
    void unreadableValuesAreRefusedInPlainWords(String commandLine, String message) {
        var runner = new FakeRunner();
        Outcome outcome = executeOn(runner, commandLine.strip().split("\\s+"));
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.err().strip()).contains(message).doesNotContain("\n")
                .doesNotContain("java.").doesNotContain("Exception").doesNotContain("ExecutorKind").doesNotContain("BlockingMode")
                .doesNotContain("Sharing ").doesNotContain("Duration").doesNotContain("Invalid value").doesNotContain(" int");
        assertThat(runner.started()).isEmpty();
    }

    @Test
    void helpDocumentsEveryOption() throws Exception {
        // As a user meets it: the real entry point in a JVM of its own.
        var command = JvmLauncher.standard().command(Main.class, 2, List.of("run", "--help"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String help = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(help).isZero();
        assertThat(help).contains("--executor", "--tasks", "--pool", "--sleep-ms", "--cpu-ms", "--carriers",
                "--blocking", "--permits", "--repeat", "--json", "virtual-limited", "class-init", "Exit codes");
    }

    /** End to end: the command line, two runner JVMs, the JSON. */
    @Test
    void jsonPrintsOneObjectPerExecutorWithTheDocumentedFields() throws Exception {
        Outcome outcome = execute("run", "--executor", "fixed,virtual", "--tasks", "40", "--pool", "4", "--sleep-ms", "20", "--json");
        assertThat(outcome.exitCode()).as(outcome.err()).isZero();
        List<String> lines = outcome.out().lines().toList();
        assertThat(lines).hasSize(2);
        var json = new ObjectMapper();
        JsonNode fixed = json.readTree(lines.get(0));
        JsonNode virtual = json.readTree(lines.get(1));
        for (JsonNode row : List.of(fixed, virtual)) {
            assertThat(row.fieldNames()).toIterable().contains("executor", "tasks", "pool", "carriers", "sleepMs", "cpuMs",
                    "elapsedMs", "idealMs", "completed", "failed", "rssDeltaMb", "heapDeltaMb", "peakPlatformThreads",
                    "gcPauseMs", "pinnedMs", "cpuWaitMs", "otherCpuMs", "submitMs");
            if (java.nio.file.Files.isDirectory(java.nio.file.Path.of("/proc/self/task"))) {
                assertThat(row.get("cpuWaitMs").isNumber()).as("measured on Linux: %s", row).isTrue();
                assertThat(row.get("otherCpuMs").isNumber()).as("measured on Linux: %s", row).isTrue();
            }
            // The last of 40 submits comes before the run's end.
            assertThat(row.get("submitMs").asDouble()).isBetween(0.0, row.get("elapsedMs").asDouble());
            assertThat(row.get("completed").asInt()).isEqualTo(40);
            assertThat(row.get("tasks").asInt()).isEqualTo(40);
        }
        assertThat(fixed.get("executor").asText()).isEqualTo("fixed");
        assertThat(fixed.get("idealMs").asDouble()).isEqualTo(200.0);
        assertThat(fixed.get("elapsedMs").asDouble()).isGreaterThanOrEqualTo(200.0);
        assertThat(virtual.get("idealMs").asDouble()).isEqualTo(20.0);
        assertThat(fixed.get("peakPlatformThreads").asInt()).isGreaterThan(virtual.get("peakPlatformThreads").asInt());
    }

    @Test
    void severalRunsGetOneRecordingFileEachEvenOnOneExecutor() {
        var virtual = dev.loomscope.scenario.Scenario.of(ExecutorKind.VIRTUAL).build();
        var fixed = dev.loomscope.scenario.Scenario.of(ExecutorKind.FIXED).build();
        var pinning = dev.loomscope.model.Preset.named("pinning", 2).orElseThrow().scenarios();
        assertThat(RunCommand.fileTag(List.of(virtual), 0)).isEmpty();
        assertThat(List.of(RunCommand.fileTag(List.of(fixed, virtual), 0), RunCommand.fileTag(List.of(fixed, virtual), 1))).containsExactly("-fixed",
                "-virtual");
        // Two virtual runs that differ in how they block: the second's recording must not overwrite the first's.
        assertThat(List.of(RunCommand.fileTag(pinning, 0), RunCommand.fileTag(pinning, 1))).containsExactly("-1-virtual", "-2-virtual");
        assertThat(RunCommand.tagged(java.nio.file.Path.of("out/run.jfr"), "-2-virtual-jdk21")).isEqualTo(java.nio.file.Path.of("out/run-2-virtual-jdk21.jfr"));
        assertThat(RunCommand.tagged(java.nio.file.Path.of("run.jfr"), "")).isEqualTo(java.nio.file.Path.of("run.jfr"));
        assertThat(RunCommand.tagged(java.nio.file.Path.of("dump"), "-virtual")).isEqualTo(java.nio.file.Path.of("dump-virtual"));
    }

    /** The window's experiments from the command line: the same runs its Run button starts, a row each, named apart. */
    @Test
    void aPresetRunsTheWindowsRunsOneNamedRowEach() {
        var runner = new FakeRunner();
        Outcome outcome = executeOn(runner, "run", "--preset", "pinning");
        assertThat(outcome.exitCode()).as(outcome.err()).isZero();
        var preset = dev.loomscope.model.Preset.named("pinning", Runtime.getRuntime().availableProcessors()).orElseThrow();
        assertThat(runner.started()).extracting(started -> started.scenario()).containsExactlyElementsOf(preset.scenarios());
        assertThat(outcome.out().lines().filter(l -> l.startsWith("virtual, synchronized ") || l.startsWith("virtual, native "))).hasSize(2);
        // The rows block in two ways: the line under them names neither for all.
        assertThat(outcome.out()).contains("50 ms sleep + 0 ms CPU per task").doesNotContain("(synchronized) per task");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--preset nope                             | --preset: no preset 'nope'; choose from waiting-10k",
            "--preset pinning --tasks 5 --carriers 1   | --preset pinning sets its runs itself; leave out --tasks, --carriers, or give the run options without --preset",
            "--preset waiting-10k --jdbc-url jdbc:h2:x | --jdbc-url needs runs that query a database; no run of --preset waiting-10k does (those of connection-pool, blocking-kinds do)"})
    void aPresetWithSettingsItWouldIgnoreIsRefusedBeforeAnyRun(String args, String message) {
        var runner = new FakeRunner();
        Outcome outcome = executeOn(runner, ("run " + args).split(" +"));
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.err()).contains(message);
        assertThat(runner.started()).isEmpty();
    }

    @Test
    void presetListNamesEachRun() {
        Outcome outcome = executeOn(new FakeRunner(), "run", "--preset", "list");
        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.out()).contains("connection-pool  The pool is the limit: virtual, jdbc(10); virtual, jdbc(100); fixed(10), jdbc(10)");
    }

    /** The pins are the runner's (real ones: JfrTelemetryTest); here, how the command line reports them. */
    @Test
    void pinningIsReportedInTheTableAndTheJson() throws Exception {
        Outcome table = executeOn(new FakeRunner(), "run", "--executor", "virtual", "--tasks", "4", "--sleep-ms", "30", "--blocking", "native");
        assertThat(table.exitCode()).as(table.err()).isZero();
        assertThat(table.out()).contains("pinned", "virtual, native: pinned 4 times", "Native or VM frame on stack: 4", "30 ms sleep + 0 ms CPU (native) per task");

        Outcome json = executeOn(new FakeRunner(), "run", "--executor", "virtual", "--tasks", "4", "--sleep-ms", "30", "--blocking", "synchronized",
                "--json");
        JsonNode row = new ObjectMapper().readTree(json.out().strip());
        assertThat(row.get("pinnedEvents").asInt()).isZero();
        assertThat(row.get("pinnedMs").asDouble()).isZero();
        assertThat(row.get("pinnedReasons").isObject()).isTrue();
        assertThat(row.get("virtualThreadStarts").asInt()).isEqualTo(4);
    }

    @Test
    void theTableShowsEachExecutorBesideItsIdealAndRepeatsTakeTurns() {
        var runner = new FakeRunner();
        Outcome outcome = executeOn(runner, "run", "--executor", "single,virtual", "--tasks", "5", "--sleep-ms", "10", "--repeat", "2");
        assertThat(outcome.exitCode()).as(outcome.err()).isZero();
        // Interleaved, so slow drift on a shared machine hits every executor alike.
        assertThat(runner.started()).extracting(started -> started.scenario().executor())
                .containsExactly(ExecutorKind.SINGLE, ExecutorKind.VIRTUAL, ExecutorKind.SINGLE, ExecutorKind.VIRTUAL);
        assertThat(outcome.out()).contains("run", "elapsed", "ideal", "overhead", "CPU wait", "medians of 2 runs");
        assertThat(outcome.out().lines().filter(l -> l.startsWith("single ")).findFirst().orElseThrow()).contains("50 ms");
        assertThat(outcome.out().lines().filter(l -> l.startsWith("virtual ")).findFirst().orElseThrow()).contains("10 ms");
    }

    /** {@code loomscope run} when the JDK its runners need is gone: the reason on one line, exit code 1, no hang. */
    @Test
    @org.junit.jupiter.api.Timeout(value = 30, unit = java.util.concurrent.TimeUnit.SECONDS)
    void aRunWhoseJdkIsGoneFailsWithOneLineAndExitCode1() {
        var orphaned = new dev.loomscope.launcher.Runner(dev.loomscope.testing.TestJvms.launcher(List.of())
                .withJava(java.nio.file.Path.of("/nonexistent/jdk-25/bin/java")));
        Outcome outcome = executeOn(orphaned, "run", "--executor", "virtual", "--tasks", "2", "--sleep-ms", "1");
        assertThat(outcome.exitCode()).isEqualTo(1);
        assertThat(outcome.out()).contains("virtual: Could not start the runner JVM: /nonexistent/jdk-25/bin/java does not exist "
                + "(was its JDK removed or upgraded?).").doesNotContain("Exception", "\tat ");
    }
}
