package dev.loomscope.cli;

import dev.loomscope.result.ResultRow;
import dev.loomscope.launcher.RunHandle;
import dev.loomscope.launcher.RunListener;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.result.RunResult;
import dev.loomscope.result.RunResults;
import dev.loomscope.launcher.RunStarter;
import dev.loomscope.scenario.Scenario;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code loomscope run}: runs executors side by side, headless, and prints what they measured. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"Runs the same tasks on each executor, each in a fresh runner JVM, and prints elapsed time beside "
                + "the perfect-world ideal, memory increase and peak platform threads.", "",
                "Example: loomscope run --executor fixed,virtual --tasks 10000 --pool 200 --sleep-ms 100", ""},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:every run completed", "1:a run failed (out of threads, crashed, killed)", "2:bad options"})
public final class RunCommand implements Callable<Integer> {

    /** Where the runs start: runner JVMs, made only once a run is due (not for --help). */
    private final Supplier<RunStarter> runs;

    RunCommand(Supplier<RunStarter> runs) {
        this.runs = runs;
    }

    @Spec
    CommandSpec spec;

    @Mixin
    ScenarioOptions scenarioOptions;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
            description = "Run each executor N times (interleaved) and report medians. Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--json", description = "Print one JSON object per executor per line instead of a table.")
    boolean json;

    @Option(names = "--jfr", paramLabel = "FILE",
            description = "Save each run's JDK Flight Recorder recording (opens in JDK Mission Control and `jfr print`). "
                    + "With several executors, the executor's name is added to the file name.")
    Path jfrFile;

    @Option(names = "--thread-dump", paramLabel = "FILE",
            description = "Write the JDK's JSON thread dump (virtual threads included) once every task is submitted. "
                    + "Writing it takes time inside the run.")
    Path threadDumpFile;

    @Option(names = "--no-jfr", description = "Do not stream JFR events (pinning, GC) from the runner.")
    boolean noJfr;

    @Option(names = "--cpu-units-per-ms", paramLabel = "RATE", defaultValue = "0",
            description = "Do the CPU part of each task at this rate (prime-counting units per ms; a run's --json gives its cpuUnitsPerMs) "
                    + "instead of timing it at the runner's start: repeats another run's exact work.")
    double cpuUnitsPerMs;

    @Override
    public Integer call() throws InterruptedException {
        if (repeat < 1 || repeat > 1_000) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--repeat must be between 1 and 1,000 (got " + repeat + ")");
        }
        List<Scenario> scenarios = scenarioOptions.scenarios(spec);
        database = scenarioOptions.database(spec);
        if (!(cpuUnitsPerMs >= 0) || Double.isInfinite(cpuUnitsPerMs)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--cpu-units-per-ms must be a positive number (got " + cpuUnitsPerMs + ")");
        }
        if (noJfr && jfrFile != null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--jfr needs JFR: leave out --no-jfr");
        }
        // Checked before the first run starts, not found after the last: the folders the files go in.
        OutputPaths.requireWritable(spec, "--jfr", jfrFile);
        OutputPaths.requireWritable(spec, "--thread-dump", threadDumpFile);
        PrintStream out = System.out;
        var runner = runs.get();
        var byScenario = new LinkedHashMap<Scenario, List<RunResult>>();
        scenarios.forEach(s -> byScenario.put(s, new ArrayList<>()));
        var current = new AtomicReference<RunHandle>();
        // Ctrl+C must not leave a runner JVM behind.
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
            RunHandle handle = current.get();
            if (handle != null) {
                handle.cancel();
            }
        }));
        // Interleave repeats (a, b, a, b) so slow drift on a shared machine hits every executor alike.
        for (int round = 1; round <= repeat; round++) {
            for (Scenario scenario : scenarios) {
                List<RunResult> runs = byScenario.get(scenario);
                if (!runs.isEmpty() && !runs.getLast().isCompleted()) {
                    continue;
                }
                progress("%s: run %d of %d...".formatted(scenario.label(), round, repeat));
                RunHandle handle = runner.start(scenario, options(scenario, scenarios.size() > 1), RunListener.NONE);
                current.set(handle);
                runs.add(handle.await());
            }
        }
        progress("");
        List<RunResult> results = byScenario.values().stream().filter(list -> !list.isEmpty()).map(RunResults::median).toList();
        if (json) {
            results.forEach(r -> out.println(ResultRow.of(r, repeat).toJsonLine()));
        } else {
            ResultTable.print(out, results, repeat);
        }
        return results.stream().allMatch(RunResult::isCompleted) ? 0 : LoomScopeCommand.EXIT_RUN_FAILED;
    }

    private RunOptions options(Scenario scenario, boolean several) {
        return new RunOptions(!noJfr, perExecutor(jfrFile, scenario, several), perExecutor(threadDumpFile, scenario, several))
                .withCpuUnitsPerMs(cpuUnitsPerMs).withDatabase(database);
    }

    /** The user's own database for the jdbc mode, or null for LoomScope's H2 (checked in {@link #call()}). */
    private dev.loomscope.scenario.DatabaseTarget database;

    /** "out.jfr" stays as it is for one executor and becomes "out-virtual.jfr" for several. */
    static Path perExecutor(Path file, Scenario scenario, boolean several) {
        if (file == null || !several) {
            return file;
        }
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String tag = "-" + scenario.executor().cliName();
        return file.resolveSibling(dot > 0 ? name.substring(0, dot) + tag + name.substring(dot) : name + tag);
    }

    private static void progress(String line) {
        if (System.console() != null) {
            System.err.print("\r\033[K" + line);
            System.err.flush();
        }
    }
}
