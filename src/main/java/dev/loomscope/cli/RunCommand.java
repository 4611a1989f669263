package dev.loomscope.cli;

import dev.loomscope.text.Text;
import dev.loomscope.result.ResultRow;
import dev.loomscope.launcher.Jdks;
import dev.loomscope.model.Preset;
import dev.loomscope.launcher.RunHandle;
import dev.loomscope.launcher.RunListener;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.result.RunLabel;
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
@Command(resourceBundle = "dev.loomscope.text.messages", name = "run", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"${bundle:cli.run.description.0}", "${bundle:cli.run.description.1}", "${bundle:cli.run.description.2}", "${bundle:cli.run.description.3}"},
        exitCodeListHeading = "${bundle:cli.exit-codes}",
        exitCodeList = {"0:${bundle:cli.run.exit.0}", "1:${bundle:cli.run.exit.1}", "2:${bundle:cli.run.exit.2}"})
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

    @Mixin
    JdkOption jdkOption;

    @Mixin
    PresetOption preset;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
            descriptionKey = "cli.run.repeat")
    int repeat;

    @Option(names = "--json", descriptionKey = "cli.run.json")
    boolean json;

    @Option(names = "--jfr", paramLabel = "FILE",
            descriptionKey = "cli.run.jfr")
    Path jfrFile;

    @Option(names = "--thread-dump", paramLabel = "FILE",
            descriptionKey = "cli.run.thread-dump")
    Path threadDumpFile;

    @Option(names = "--no-jfr", descriptionKey = "cli.run.no-jfr")
    boolean noJfr;

    @Option(names = "--cpu-units-per-ms", paramLabel = "RATE", defaultValue = "0",
            descriptionKey = "cli.run.cpu-units-per-ms")
    double cpuUnitsPerMs;

    @Override
    public Integer call() throws InterruptedException {
        if (repeat < 1 || repeat > 1_000) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), Text.get("cli.bad.repeat", "1,000", repeat));
        }
        if (preset.lists()) {
            PresetOption.printList(new java.io.PrintWriter(System.out, true));
            return 0;
        }
        // The window's experiments, run as its Run button runs them: the same scenarios, one row each.
        Preset chosen = preset.chosen(spec, "scenarioOptions");
        List<Scenario> scenarios = chosen != null ? chosen.scenarios() : scenarioOptions.scenarios(spec);
        database = chosen != null ? scenarioOptions.database(spec, chosen.name(), scenarios) : scenarioOptions.database(spec);
        if (!(cpuUnitsPerMs >= 0) || Double.isInfinite(cpuUnitsPerMs)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), Text.get("cli.run.bad.cpu-units", cpuUnitsPerMs));
        }
        if (noJfr && jfrFile != null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), Text.get("cli.run.bad.jfr"));
        }
        // Checked before the first run starts, not found after the last: the folders the files go in.
        OutputPaths.requireWritable(spec, "--jfr", jfrFile);
        OutputPaths.requireWritable(spec, "--thread-dump", threadDumpFile);
        // Each JDK named, found and able to run every scenario, before the first run starts.
        List<Jdks.Jdk> jdks = jdkOption.jdks(spec, scenarios);
        PrintStream out = System.out;
        var runner = runs.get();
        // One run (a row) per JDK and scenario, the JDKs outermost: "--jdk 21,25" reads as two rounds.
        var byRun = new LinkedHashMap<JdkRun, List<RunResult>>();
        // Each scenario names its JDK too, so its perfect world knows whether synchronized pins there.
        jdks.forEach(jdk -> {
            for (int i = 0; i < scenarios.size(); i++) {
                Scenario s = scenarios.get(i);
                byRun.put(new JdkRun(jdk, i, jdk == null ? s : s.withJdk(jdk.home().toString())), new ArrayList<>());
            }
        });
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
            for (var run : byRun.entrySet()) {
                Scenario scenario = run.getKey().scenario();
                List<RunResult> runs = run.getValue();
                if (!runs.isEmpty() && !runs.getLast().isCompleted()) {
                    continue;
                }
                progress(Text.get("cli.run.progress", RunLabel.of(scenario), round, repeat));
                RunHandle handle = runner.on(run.getKey().jdk()).start(scenario,
                        options(scenario, fileTag(scenarios, run.getKey().index()), JdkOption.fileTag(run.getKey().jdk(), jdks.size() > 1)),
                        RunListener.NONE);
                current.set(handle);
                runs.add(handle.await());
            }
        }
        progress("");
        List<RunResult> results = byRun.values().stream().filter(list -> !list.isEmpty()).map(RunResults::median).toList();
        if (json) {
            results.forEach(r -> out.println(ResultRow.of(r, repeat).toJsonLine()));
        } else {
            ResultTable.print(out, results, repeat);
        }
        return results.stream().allMatch(RunResult::isCompleted) ? 0 : LoomScopeCommand.EXIT_RUN_FAILED;
    }

    /** One run of the command: the {@code index}th scenario chosen, on a JDK (null: the default). */
    private record JdkRun(Jdks.Jdk jdk, int index, Scenario scenario) {
    }

    private RunOptions options(Scenario scenario, String runTag, String jdkTag) {
        return new RunOptions(!noJfr, tagged(jfrFile, runTag + jdkTag), tagged(threadDumpFile, runTag + jdkTag))
                .withCpuUnitsPerMs(cpuUnitsPerMs).withDatabase(database);
    }

    /**
     * What tells run {@code index}'s files from the others': "" for a single run, "-virtual" for one executor of
     * several, "-2-virtual" where executors repeat (a preset's runs that differ in how they block): no run's
     * recording may overwrite another's.
     */
    static String fileTag(List<Scenario> scenarios, int index) {
        if (scenarios.size() < 2) {
            return "";
        }
        String executor = scenarios.get(index).executor().cliName();
        boolean repeats = scenarios.stream().filter(s -> s.executor() == scenarios.get(index).executor()).count() > 1;
        return repeats ? "-" + (index + 1) + "-" + executor : "-" + executor;
    }

    /** The user's own database for the jdbc mode, or null for LoomScope's H2 (checked in {@link #call()}). */
    private dev.loomscope.scenario.DatabaseTarget database;

    /** "out.jfr" with {@code tag} ("-virtual", "-2-virtual-jdk21") before its extension; as it is for no tag. */
    static Path tagged(Path file, String tag) {
        if (file == null || tag.isEmpty()) {
            return file;
        }
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return file.resolveSibling(dot > 0 ? name.substring(0, dot) + tag + name.substring(dot) : name + tag);
    }

    private static void progress(String line) {
        if (System.console() != null) {
            System.err.print("\r\033[K" + line);
            System.err.flush();
        }
    }
}
