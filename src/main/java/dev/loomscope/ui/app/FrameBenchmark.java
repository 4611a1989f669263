package dev.loomscope.ui.app;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.fx.FxThread;
import dev.loomscope.ui.shell.MainWindow;
import dev.loomscope.scenario.Durations;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.result.RunResult;
import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.launcher.Runner;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.model.FrameTimes;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.RunSession;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.stage.Stage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loomscope ui-bench}: opens the real window, drives large runs through it and reports the
 * frame times it measured (the time between frames, 16.7 ms at 60 fps) and how long the FX thread
 * took to answer a request posted every 50 ms (what a click would wait for). Targets: p95 frame
 * time at most 20 ms at 100,000 tasks under Xvfb's software rendering, and a million-task run
 * that stays responsive.
 */
@Command(resourceBundle = "dev.loomscope.text.messages", name = "ui-bench", mixinStandardHelpOptions = true,
        description = {"${bundle:cli.ui-bench.description.0}", "${bundle:cli.ui-bench.description.1}"})
public final class FrameBenchmark implements Callable<Integer> {

    /** Why the window cannot open here (no display), or null: said once the options are found good, before anything opens. */
    private final String missingDisplay;

    public FrameBenchmark() {
        this(null);
    }

    /** @param missingDisplay why no window can open here, or null (see {@code Main.missingDisplay}) */
    public FrameBenchmark(String missingDisplay) {
        this.missingDisplay = missingDisplay;
    }

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    static final Map<String, Scenario> CASES = new LinkedHashMap<>();

    static {
        int cores = Runtime.getRuntime().availableProcessors();
        CASES.put("virtual-100k", Scenario.of(ExecutorKind.VIRTUAL).withTasks(100_000).withCarriers(cores).withSleepMs(2_000).build());
        CASES.put("fixed-100k", Scenario.of(ExecutorKind.FIXED).withTasks(100_000).withPool(1_000).withCarriers(cores).withSleepMs(20).build());
        CASES.put("fixed-10k", Scenario.of(ExecutorKind.FIXED).withCarriers(cores).build());
        CASES.put("virtual-10k", Scenario.of(ExecutorKind.VIRTUAL).withCarriers(cores).build());
        CASES.put("virtual-1m", Scenario.of(ExecutorKind.VIRTUAL).withTasks(1_000_000).withCarriers(cores).build());
    }

    @Option(names = "--cases", split = ",", paramLabel = "CASE,...", hideParamSyntax = true, defaultValue = "virtual-100k,fixed-100k,virtual-1m",
            descriptionKey = "cli.ui-bench.cases")
    List<String> cases;

    @Option(names = "--still", descriptionKey = "cli.ui-bench.still")
    boolean still;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "3", descriptionKey = "cli.ui-bench.repeat")
    int repeat;

    @Override
    public Integer call() throws Exception {
        for (String name : cases) {
            if (!CASES.containsKey(name)) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                        Messages.text("cli.ui-bench.bad.cases", name, String.join(", ", CASES.keySet())));
            }
        }
        if (repeat < 1 || repeat > 100) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), Messages.text("cli.ui-bench.bad.repeat", repeat));
        }
        if (missingDisplay != null) {
            spec.commandLine().getErr().println(missingDisplay);
            spec.commandLine().getErr().flush();
            return dev.loomscope.cli.LoomScopeCommand.EXIT_RUN_FAILED;
        }
        var opened = new CompletableFuture<MainWindow>();
        WindowLaunch.beforeToolkit(); // as the window's own start: the same pipeline
        Platform.startup(() -> LoomScopeApp.open(new Stage(),
                new RunSession(new Runner(JvmLauncher.standard()), RunOptions.DEFAULT, RunSession.temporaryJfrFolder()), WindowCommand.Settings.DEFAULT)
                .whenComplete((shown, failure) -> {
                    if (failure != null) {
                        opened.completeExceptionally(failure);
                    } else {
                        // The priorities the window runs at, as a presenter has them: below the runs, and its frames above a run it animates.
                        Priorities.install(shown);
                        opened.complete(shown);
                    }
                }));
        MainWindow window = opened.get(30, TimeUnit.SECONDS);
        // The window's start ends with its first whole frame and the parts that join after it, painted: their first styling
        // (half a second on 2 busy cores) is the start's, which startup-bench measures. The first run's answers counted it.
        var started = new CompletableFuture<Void>();
        onFx(() -> {
            window.afterFirstFrame(() -> dev.loomscope.ui.fx.FirstPaint.then(window, () -> started.complete(null)));
            return null;
        });
        started.get(30, TimeUnit.SECONDS);
        onFx(() -> {
            window.controls().animateLiveProperty().set(!still);
            // This measures the cost of painting under load: every frame, whatever the run-first policy would spare.
            window.state().setAlwaysAnimate(true);
            return null;
        });
        System.out.printf("%-14s %10s %7s %8s %8s %8s %8s %12s %12s %9s %11s %9s %11s%n", (Object[]) Messages.text("cli.ui-bench.columns").split(","));
        boolean allMet = true;
        for (String name : cases) {
            for (int i = 0; i < repeat; i++) {
                allMet &= measure(window, name, CASES.get(name));
            }
        }
        dev.loomscope.ui.fx.FxThread.later(window::dispose);
        Platform.exit();
        System.out.println(Messages.text("cli.ui-bench.legend"));
        return allMet ? 0 : 1;
    }

    private static boolean measure(MainWindow window, String name, Scenario scenario) throws Exception {
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long fxCpuBefore = onFx(threads::getCurrentThreadCpuTime);
        long renderCpuBefore = renderCpuNanos(threads);
        long appCpuBefore = processCpuNanos();
        long wallBefore = System.nanoTime();
        onFx(() -> {
            window.controls().load(List.of(scenario));
            window.frameTimes().reset();
            return window.runs().runWithoutPredicting();
        });
        var answers = new ArrayList<Long>();
        RunModel run = null;
        while (run == null || run.phase() != RunModel.Phase.FINISHED) {
            long posted = System.nanoTime();
            onFx(() -> null);
            answers.add(System.nanoTime() - posted);
            Thread.sleep(50);
            run = window.session().comparison().isEmpty() ? null : window.session().comparison().getLast();
        }
        // CPU shares hold even on a busy machine: how much of a core the window took while it ran.
        double wallNanos = System.nanoTime() - wallBefore;
        double fxCpu = (onFx(threads::getCurrentThreadCpuTime) - fxCpuBefore) / wallNanos;
        double renderCpu = (renderCpuNanos(threads) - renderCpuBefore) / wallNanos;
        double appCpu = (processCpuNanos() - appCpuBefore) / wallNanos;
        FrameTimes frames = onFx(window::frameTimes);
        double p50 = onFx(() -> frames.percentileMs(50));
        double p95 = onFx(() -> frames.percentileMs(95));
        double p99 = onFx(() -> frames.percentileMs(99));
        double max = onFx(() -> frames.percentileMs(100));
        int count = onFx(frames::frames);
        answers.sort(null);
        double answerP95 = answers.get((int) Math.ceil(0.95 * answers.size()) - 1) / 1e6;
        double answerMax = answers.getLast() / 1e6;
        RunResult result = run.result();
        System.out.printf("%-14s %10s %7d %8.1f %8.1f %8.1f %8.1f %9.1f ms %9.1f ms %8.0f%% %10.0f%% %8.0f%% %8.2f ms%s%n", name,
                Durations.humanMillis(result.elapsedMs()), count, p50, p95, p99, max, answerP95, answerMax, 100 * fxCpu, 100 * renderCpu, 100 * appCpu,
                (fxCpu + renderCpu) * wallNanos / 1e6 / Math.max(1, count),
                result.isCompleted() ? "" : "  (" + result.message() + ")");
        return result.isCompleted() && (!name.endsWith("100k") || p95 <= 20);
    }

    /**
     * CPU time of JavaFX's render thread, which draws each frame the FX thread laid out (in
     * software under Xvfb): with the FX thread's, the cost of the frames whatever the machine's
     * load, where frame times also measure how long the threads waited for a core.
     */
    private static long renderCpuNanos(java.lang.management.ThreadMXBean threads) {
        long total = 0;
        for (var info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && info.getThreadName().startsWith("QuantumRenderer")) {
                total += Math.max(0, threads.getThreadCpuTime(info.getThreadId()));
            }
        }
        return total;
    }

    private static long processCpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(0L);
    }

    private static <T> T onFx(Supplier<T> work) throws Exception {
        return FxThread.call(work, 60);
    }
}
