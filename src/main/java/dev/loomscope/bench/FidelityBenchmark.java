package dev.loomscope.bench;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.launcher.RunListener;
import dev.loomscope.result.RunResult;
import dev.loomscope.result.RunResults;
import dev.loomscope.launcher.Runner;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How close LoomScope's instrumented runs stay to a plain JDK program doing the same work, and
 * whether the five schedulers land near their perfect-world time. Each LoomScope run and its plain
 * twin run back to back, in fresh JVMs with the same flags; ratios are medians of those pairs.
 */
public final class FidelityBenchmark {

    /** A scenario to compare and the largest LoomScope/plain ratio we accept for it. */
    public record Case(String id, Scenario scenario, double maxRatio) {
        String name() {
            return "%s %,d x %d ms".formatted(scenario.label(), scenario.tasks(), scenario.sleepMs());
        }
    }

    /** One case's outcome: medians, paired ratios, whether every event arrived. */
    record Comparison(Case testCase, double plainMs, double loomScopeMs, double[] ratios, boolean allEventsDelivered,
                      boolean allTasksCompleted, double latencyP50Ms, double latencyMaxMs) {

        double ratio() {
            return RunResults.median(ratios);
        }

        /** The pair ratios' quantile q (0 to 1), interpolated between the sorted ratios. */
        double ratioQuantile(double q) {
            double[] sorted = ratios.clone();
            Arrays.sort(sorted);
            double at = q * (sorted.length - 1);
            int below = (int) Math.floor(at);
            int above = Math.min(sorted.length - 1, below + 1);
            return sorted[below] + (at - below) * (sorted[above] - sorted[below]);
        }

        long loomScopeFaster() {
            return Arrays.stream(ratios).filter(r -> r < 1).count();
        }

        long plainFaster() {
            return Arrays.stream(ratios).filter(r -> r > 1).count();
        }

        boolean passed() {
            return ratio() <= testCase.maxRatio() && allEventsDelivered && allTasksCompleted;
        }
    }

    private final JvmLauncher launcher;
    private final Runner runner;
    private final int repeats;
    private final PrintStream out;

    /** @param launcher starts both LoomScope's runners and the plain programs, so both get its JVM options */
    public FidelityBenchmark(int repeats, PrintStream out, JvmLauncher launcher) {
        this.launcher = launcher;
        this.runner = new Runner(launcher);
        this.repeats = repeats;
        this.out = out;
    }

    /**
     * The cases with fidelity targets: 10,000 x 100 ms within 1.05x of a plain program (a run people
     * compare with their own), 1,000,000 x 100 ms within 1.25x (where recording every event costs most).
     */
    public static List<Case> fidelityCases(int carriers) {
        return List.of(
                new Case("virtual-10k", Scenario.of(ExecutorKind.VIRTUAL).withTasks(10_000).withCarriers(carriers).withSleepMs(100).build(), 1.05),
                new Case("fixed-10k", Scenario.of(ExecutorKind.FIXED).withTasks(10_000).withPool(200).withCarriers(carriers).withSleepMs(100)
                        .build(), 1.05),
                new Case("virtual-1m", Scenario.of(ExecutorKind.VIRTUAL).withTasks(1_000_000).withCarriers(carriers).withSleepMs(100)
                        .build(), 1.25));
    }

    /** @return whether every case met its target */
    public boolean runFidelity(List<Case> cases) throws IOException, InterruptedException {
        if (cases.isEmpty()) {
            return true;
        }
        out.print(Text.get("bench.fidelity.title").formatted());
        out.print(Text.get("bench.fidelity.pairs", repeats));
        out.printf("%-34s %12s %12s %8s %8s %19s  %s%n", "case", "plain", "LoomScope", "ratio", "target", Text.get("bench.fidelity.latency"), "verdict");
        boolean allPassed = true;
        var spreads = new ArrayList<String>();
        for (Case c : cases) {
            Comparison result = compare(c);
            allPassed &= result.passed();
            out.printf("%-34s %,9.0f ms %,9.0f ms %8.3f %8s %9.1f / %5.1f ms  %s%n", c.name(), result.plainMs(), result.loomScopeMs(),
                    result.ratio(), "<= " + c.maxRatio(), result.latencyP50Ms(), result.latencyMaxMs(), verdict(result));
            spreads.add(spread(result));
        }
        out.print(Text.get("bench.fidelity.spread").formatted());
        spreads.forEach(out::println);
        return allPassed;
    }

    /** @return whether every scheduler landed between ideal and 1.15 x ideal + 150 ms */
    public boolean runSchedulers(int carriers) throws InterruptedException {
        out.print(Text.get("bench.schedulers.title", repeats));
        out.printf("%-22s %12s %12s %14s  %s%n", "executor", "ideal", "elapsed", Text.get("bench.schedulers.bound"), "verdict");
        boolean allPassed = true;
        for (ExecutorKind kind : List.of(ExecutorKind.SINGLE, ExecutorKind.FIXED, ExecutorKind.FORKJOIN, ExecutorKind.PLATFORM, ExecutorKind.VIRTUAL)) {
            var scenario = Scenario.of(kind).withTasks(100).withPool(4).withCarriers(carriers).withSleepMs(100).build();
            var runs = new ArrayList<RunResult>();
            for (int i = 0; i < repeats; i++) {
                runs.add(runner.run(scenario, RunListener.NONE));
            }
            RunResult median = RunResults.median(runs);
            double ideal = IdealTime.millis(scenario, runner.cores());
            double upper = 1.15 * ideal + 150;
            boolean ok = median.isCompleted() && median.elapsedMs() >= ideal && median.elapsedMs() <= upper;
            allPassed &= ok;
            out.printf("%-22s %,9.0f ms %,9.0f ms %,11.0f ms  %s%n", scenario.label(), ideal, median.elapsedMs(), upper,
                    ok ? "ok" : "MISSED" + (median.isCompleted() ? "" : ": " + median.message()));
        }
        return allPassed;
    }

    Comparison compare(Case c) throws IOException, InterruptedException {
        double[] plain = new double[repeats];
        double[] instrumented = new double[repeats];
        double[] ratios = new double[repeats];
        double[] latencyP50 = new double[repeats];
        double[] latencyMax = new double[repeats];
        boolean eventsOk = true;
        boolean completedOk = true;
        for (int i = 0; i < repeats; i++) {
            // Alternate which goes first, so neither always enjoys a cooler machine.
            if (i % 2 == 0) {
                plain[i] = runPlain(c.scenario());
            }
            RunResult run = runner.run(c.scenario(), RunListener.NONE);
            if (i % 2 == 1) {
                plain[i] = runPlain(c.scenario());
            }
            instrumented[i] = run.elapsedMs();
            ratios[i] = instrumented[i] / plain[i];
            completedOk &= run.isCompleted() && run.completed() == c.scenario().tasks();
            eventsOk &= run.delivery().complete() && run.delivery().eventsEmitted() >= 5L * c.scenario().tasks();
            latencyP50[i] = run.delivery().latencyP50Ms();
            latencyMax[i] = run.delivery().latencyMaxMs();
        }
        var pairs = new StringBuilder();
        for (int i = 0; i < repeats; i++) {
            pairs.append(String.format("  %,.0f/%,.0f=%.2f", plain[i], instrumented[i], ratios[i]));
        }
        out.print(Text.get("bench.fidelity.pair-list", pairs));
        return new Comparison(c, RunResults.median(plain), RunResults.median(instrumented), ratios, eventsOk,
                completedOk, RunResults.median(latencyP50), Arrays.stream(latencyMax).max().orElse(0));
    }

    /** Runs {@link PlainProgram} in a fresh JVM with the runner's flags; returns its elapsed ms. */
    double runPlain(Scenario s) throws IOException, InterruptedException {
        return plain(s).elapsedMs();
    }

    /**
     * What LoomScope says a run allocated against what a plain program's own count says, for the ThreadLocal trap's two
     * runs (10,000 tasks of 50 ms, each taking a 16 KB object from a ThreadLocal cache): within 10 % of the plain
     * program's figure, or 256 bytes a task for a small one (the runner's own objects for each task, about 190 bytes).
     *
     * @return whether both were within it
     */
    public boolean runAllocation(int carriers) throws IOException, InterruptedException {
        out.print(Text.get("bench.allocation.title", repeats));
        out.printf("%-22s %12s %12s %12s  %s%n", "run", "plain", "LoomScope", Text.get("bench.allocation.bound"), "verdict");
        boolean allPassed = true;
        for (ExecutorKind kind : List.of(ExecutorKind.FIXED, ExecutorKind.VIRTUAL)) {
            var scenario = Scenario.of(kind).withTasks(10_000).withPool(200).withCarriers(carriers).withSleepMs(50).withThreadLocalKb(16).build();
            double[] plain = new double[repeats];
            double[] measured = new double[repeats];
            for (int i = 0; i < repeats; i++) {
                plain[i] = plain(scenario).allocatedMb();
                measured[i] = runner.run(scenario, RunListener.NONE).allocatedMb();
            }
            double plainMb = RunResults.median(plain);
            double loomScopeMb = RunResults.median(measured);
            double bound = Math.max(256.0 * scenario.tasks() / (1 << 20), 0.10 * plainMb);
            boolean ok = loomScopeMb >= 0 && Math.abs(loomScopeMb - plainMb) <= bound;
            allPassed &= ok;
            out.printf("%-22s %,9.1f MB %,9.1f MB %,9.1f MB  %s%n", scenario.label(), plainMb, loomScopeMb, bound, ok ? "ok" : "MISSED");
        }
        return allPassed;
    }

    /** What {@link PlainProgram} printed: its elapsed time, and what it allocated meanwhile (MB of 2^20 bytes). */
    record PlainRun(double elapsedMs, double allocatedMb) {
    }

    /** Runs {@link PlainProgram} in a fresh JVM with the runner's flags. */
    PlainRun plain(Scenario s) throws IOException, InterruptedException {
        List<String> command = launcher.command(PlainProgram.class, s.carriers(),
                List.of(s.executor().cliName(), Integer.toString(s.tasks()), Integer.toString(s.pool()), Integer.toString(s.sleepMs()),
                        Integer.toString(s.threadLocalKb())));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (process.waitFor() != 0) {
            throw new IOException(Text.get("bench.plain.failed", process.exitValue(), s.label()));
        }
        // Its own line is the last: JVM options such as -Xlog:gc may print before it.
        String last = output.substring(output.lastIndexOf('\n') + 1).strip();
        try {
            String[] figures = last.split(" ");
            // MB as LoomScope counts them everywhere: 2^20 bytes.
            return new PlainRun(Long.parseLong(figures[0]) / 1e6, Long.parseLong(figures[1]) / (double) (1 << 20));
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new IOException(Text.get("bench.plain.no-time", s.label(), last));
        }
    }

    /** Min, quartiles and max of a case's pair ratios, which way the pairs went, and why LoomScope can win one. */
    static String spread(Comparison c) {
        long faster = c.loomScopeFaster();
        String line = Text.get("bench.fidelity.spread.line", c.testCase().name(), c.ratioQuantile(0), c.ratioQuantile(0.25), c.ratioQuantile(0.5), c.ratioQuantile(0.75),
                c.ratioQuantile(1), faster, c.ratios().length, c.plainFaster());
        if (faster > 0) {
            // Not a free lunch: the two programs differ in two measured ways.
            line += Text.get("bench.fidelity.faster", "");
        }
        return line;
    }

    private static String verdict(Comparison c) {
        if (!c.allTasksCompleted()) {
            return Text.get("bench.verdict.incomplete");
        }
        if (!c.allEventsDelivered()) {
            return Text.get("bench.verdict.lost");
        }
        return c.passed() ? Text.get("bench.verdict.ok") : Text.get("bench.verdict.missed");
    }
}
