package dev.loomscope.cli;

import dev.loomscope.text.Text;
import dev.loomscope.result.RunLabel;
import dev.loomscope.result.RunResult;
import java.io.PrintStream;
import java.util.List;

/** Prints results as the source articles do: one row per executor, elapsed beside ideal. */
final class ResultTable {

    /** The columns after the run's name, whose width is its longest name's. */
    private static final String COLUMNS = " %10s %11s %11s %9s %8s %9s %8s %8s %11s %11s %7s  %s%n";

    private ResultTable() {
    }

    static void print(PrintStream out, List<RunResult> results, int repeats) {
        String[] headings = Text.get("cli.table.columns").split(",");
        String format = Text.leftColumn(headings[0], results.stream().map(RunLabel::of).toList()) + COLUMNS;
        out.printf(format, (Object[]) headings);
        for (RunResult r : results) {
            out.printf(format, RunLabel.of(r), "%,d".formatted(r.scenario().tasks()), ms(r.elapsedMs()), noIdeal(r) ? "-" : ms(r.idealMs()),
                    r.isCompleted() && !noIdeal(r) ? "%+.1f%%".formatted(r.overhead() * 100) : "-",
                    "%.1f".formatted(r.rssDeltaMb()), r.allocatedMb() >= 0 ? "%.1f".formatted(r.allocatedMb()) : "-",
                    "%,d".formatted(r.peakPlatformThreads()), r.carrierPeak() >= 0 ? "%,d".formatted(r.carrierPeak()) : "-", ms(r.cpuTimeMs()),
                    r.cpuWaitMs() >= 0 ? ms(r.cpuWaitMs()) : "-", "%,d".formatted(r.vm().pinnedEvents()), status(r));
        }
        RunResult first = results.getFirst();
        out.println(Text.get("cli.table.legend", perTask(first.scenario(), results.stream().map(r -> r.scenario().blocking()).distinct().count() > 1), first.carriers(),
                first.runner() != null ? Text.get("cli.table.machine", jdks(results), first.runner().cores()) : "",
                repeats > 1 ? Text.get("cli.table.medians", repeats) : ""));
        if (first.scenario().isWeb()) {
            out.println(Text.get("cli.table.web", first.scenario().connections()));
        }
        for (RunResult r : results) {
            if (r.scenario().threadLocalKb() > 0) {
                out.println(Text.get("cli.table.thread-locals", RunLabel.of(r), r.threadLocalsCreated(), r.scenario().threadLocalKb()));
            }
            if (r.vm().pinnedEvents() > 0) {
                out.println(Text.get("cli.table.pinned", RunLabel.of(r), r.vm().pinnedEvents(), ms(r.vm().pinnedMs()), reasons(r)));
            }
            if (r.dbPool() != null) {
                out.println(Text.get("cli.table.db-pool", RunLabel.of(r), r.dbPool().size(), ms(r.dbPool().fillMs()), r.dbPool().waitP50Ms(),
                        r.dbPool().waitMaxMs()));
            }
            if (r.carrierPeak() > r.carriers()) {
                out.println(Text.get("cli.table.carrier-peak", RunLabel.of(r), r.carrierPeak(), r.carriers()));
            }
            if (r.vm().threadDumpVirtualThreads() >= 0) {
                out.println(Text.get("cli.table.thread-dump", RunLabel.of(r), r.vm().threadDumpVirtualThreads()));
            }
            if (!r.message().isEmpty()) {
                out.println(RunLabel.of(r) + ": " + r.message());
            }
        }
    }

    /** The runners' JDKs, each once: "25.0.3+9-LTS", or "21.0.8+9-LTS and 25.0.3+9-LTS" when rows ran on two ({@code --jdk 21,25}). */
    static String jdks(List<RunResult> results) {
        return Text.list(results.stream().filter(r -> r.runner() != null).map(r -> r.runner().javaVersion()).distinct().toList());
    }

    /** A user's task with nothing said about what it takes has no perfect world to compare with. */
    private static boolean noIdeal(RunResult r) {
        return r.scenario().userTask() != null && r.idealMs() <= 0;
    }

    /** @param blockingDiffers whether the runs block in different ways (a preset's): then each row's name says how */
    private static String perTask(dev.loomscope.scenario.Scenario s, boolean blockingDiffers) {
        if (s.userTask() != null) {
            return Text.get("cli.table.per-task.user", s.userTask().simpleName(), s.userTask().sourceName(), s.sleepMs() + s.cpuMs() > 0
                    ? Text.get("cli.table.per-task.expected", s.sleepMs(), s.cpuMs()) : "");
        }
        return Text.get("cli.table.per-task", s.sleepMs(), s.cpuMs(), blockingDiffers ? "" : Text.get("cli.table.per-task.blocking", s.blocking().cliName()));
    }

    private static String reasons(RunResult r) {
        var parts = new java.util.ArrayList<String>();
        r.vm().pinnedReasons().forEach((reason, count) -> parts.add("%s: %,d".formatted(reason, count)));
        return String.join("; ", parts);
    }

    private static String status(RunResult r) {
        return switch (r.outcome()) {
            case COMPLETED -> r.failed() == 0 && r.cancelled() == 0 ? Text.get("cli.table.ok")
                    : r.cancelled() == 0 ? Text.get("cli.table.failed-tasks", r.failed())
                    : Text.get("cli.table.failed-cancelled", r.failed(), r.cancelled());
            case FAILED -> Text.get("cli.table.failed");
            case CANCELLED -> Text.get("cli.table.stopped");
        };
    }

    private static String ms(double ms) {
        return "%,.0f ms".formatted(ms);
    }
}
