package dev.loomscope.cli;

import dev.loomscope.text.Text;
import dev.loomscope.result.ResultRow;
import dev.loomscope.result.RunLabel;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomscope.scenario.Durations;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.launcher.RunHandle;
import dev.loomscope.launcher.RunListener;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.result.RunResult;
import dev.loomscope.launcher.RunStarter;
import dev.loomscope.model.Sweep;
import java.io.PrintStream;
import java.util.function.Supplier;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code loomscope sweep --vary cpu-ms=0..40:3 ...}: runs every point of a range for every chosen
 * executor, one run at a time, and prints a row per point per executor.
 */
@Command(resourceBundle = "dev.loomscope.text.messages", name = "sweep", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"${bundle:cli.sweep.description.0}", "${bundle:cli.sweep.description.1}"})
public final class SweepCommand implements Callable<Integer> {

    /** Where the runs start: runner JVMs, made only once a run is due. */
    private final Supplier<RunStarter> runs;

    SweepCommand(Supplier<RunStarter> runs) {
        this.runs = runs;
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    @Spec
    CommandSpec spec;

    @Option(names = "--vary", required = true, paramLabel = "SETTING=FROM..TO:POINTS",
            descriptionKey = "cli.sweep.vary")
    String vary;

    @Mixin
    ScenarioOptions scenarioOptions;

    @Option(names = "--json", descriptionKey = "cli.sweep.json")
    boolean json;

    @Option(names = "--csv", descriptionKey = "cli.sweep.csv")
    boolean csv;

    @Override
    public Integer call() throws InterruptedException {
        if (json && csv) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.sweep.bad.format"));
        }
        Sweep sweep;
        List<Sweep.Point> points;
        try {
            sweep = Sweep.parse(vary);
            points = sweep.points(scenarioOptions.scenarios(spec, false), Runtime.getRuntime().availableProcessors());
        } catch (InvalidScenarioException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        var database = scenarioOptions.database(spec);
        String setting = sweep.setting();
        PrintStream out = System.out;
        var runner = runs.get();
        var current = new AtomicReference<RunHandle>();
        // Ctrl+C stops the sweep without leaving a runner JVM behind.
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
            RunHandle handle = current.get();
            if (handle != null) {
                handle.cancel();
            }
        }));
        // Each row names its run as the window does ("virtual, native"); the column is as wide as the longest name.
        String[] headings = Text.get("cli.sweep.columns").split(",");
        String format = "%-10s %10s  " + Text.leftColumn(headings[2], points.stream().map(point -> RunLabel.of(point.scenario())).toList())
                + " %12s %12s %10s  %s%n";
        if (csv) {
            out.println("vary,value," + ResultRow.csvHeader());
        } else if (!json) {
            out.printf(format, (Object[]) headings);
        }
        boolean allCompleted = true;
        for (Sweep.Point point : points) {
            RunHandle handle = runner.start(point.scenario(), RunOptions.DEFAULT.withDatabase(database), RunListener.NONE);
            current.set(handle);
            RunResult result = handle.await();
            allCompleted &= result.isCompleted();
            ResultRow row = ResultRow.of(result, 1);
            if (json) {
                ObjectNode node = JSON.valueToTree(row);
                node.put("vary", setting);
                node.put("value", point.value());
                out.println(node);
            } else if (csv) {
                out.println(setting + "," + point.value() + "," + row.toCsvLine());
            } else {
                out.printf(format, setting, "%,d".formatted(point.value()), RunLabel.of(point.scenario()), Durations.humanMillis(result.elapsedMs()),
                        Durations.humanMillis(result.idealMs()), "%.1f".formatted(result.rssDeltaMb()), result.isCompleted() ? "ok" : result.message());
            }
            out.flush();
        }
        return allCompleted ? 0 : LoomScopeCommand.EXIT_RUN_FAILED;
    }
}
