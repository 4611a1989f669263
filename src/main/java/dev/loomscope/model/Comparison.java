package dev.loomscope.model;

import dev.loomscope.scenario.Durations;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.text.Text;
import dev.loomscope.web.Ceiling;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the comparison chart compares: the figure the experiment is about, run beside run. Elapsed
 * time against the perfect world for most; memory for the memory preset, ThreadLocal objects and
 * heap for the ThreadLocal trap, requests per second against the closed loop's ceiling for the web.
 */
public final class Comparison {

    /** What a comparison is about. */
    public enum Focus {
        ELAPSED, MEMORY, THREAD_LOCALS, THROUGHPUT,
        /** How each kind of blocking treats the carrier: a table of verdicts ({@link CarrierVerdict}) in place of bars. */
        CARRIERS
    }

    /** The articles' memory increases for 10,000 tasks of 100 ms: a fixed pool of 200, and a virtual thread each. */
    public static final double PUBLISHED_FIXED_200_MB = 90;
    public static final double PUBLISHED_VIRTUAL_MB = 20;

    /** One finished run's figures, as the chart needs them. */
    public record Measured(String run, Scenario scenario, double elapsedMs, double idealMs, long completed,
                           double rssDeltaMb, double heapDeltaMb, long threadLocalsCreated, double allocatedMb) {

        /** The figures of a run that completed; empty for one still going, stopped or failed. */
        public static Optional<Measured> of(RunModel run) {
            RunResult result = run.result();
            if (result == null || result.outcome() != RunResult.Outcome.COMPLETED) {
                return Optional.empty();
            }
            return Optional.of(new Measured(run.title(), run.scenario(), result.elapsedMs(), run.idealMs(), result.completed(),
                    result.rssDeltaMb(), result.heapDeltaMb(), result.threadLocalsCreated(), result.allocatedMb()));
        }
    }

    /**
     * A bar: its value, the words past its end (null: none) and the same in brief, the figure alone,
     * for a chart too narrow to give the whole words room past a long bar.
     */
    public record Bar(String run, double value, String text, String brief) {

        /** A bar whose words are already brief. */
        public Bar(String run, double value, String text) {
            this(run, value, text, text);
        }
    }

    /** Bars of one kind, one per run at most; {@code reference} marks figures from elsewhere (published ones). */
    public record Series(String name, boolean reference, List<Bar> bars) {
        public Series {
            bars = List.copyOf(bars);
        }
    }

    /** One chart: a title, the unit of its axis, its series. */
    public record Panel(String title, String unit, List<Series> series) {
        public Panel {
            series = List.copyOf(series);
        }

        /** The longest bar, for the axis. */
        public double longest() {
            return series.stream().flatMap(s -> s.bars().stream()).mapToDouble(Bar::value).max().orElse(0);
        }
    }

    private Comparison() {
    }

    /**
     * The focus of runs: the preset's when they are a preset's runs (memory and elapsed runs look
     * alike), else what their settings say (a web run, a ThreadLocal cache), else elapsed time.
     */
    public static Focus focusOf(List<Scenario> runs, List<Preset> presets) {
        for (Preset preset : presets) {
            if (!runs.isEmpty() && preset.scenarios().containsAll(runs)) {
                return focusOf(preset);
            }
        }
        if (runs.stream().anyMatch(Scenario::isWeb)) {
            return Focus.THROUGHPUT;
        }
        if (runs.stream().anyMatch(s -> s.threadLocalKb() > 0)) {
            return Focus.THREAD_LOCALS;
        }
        return Focus.ELAPSED;
    }

    /** What each preset is about. */
    public static Focus focusOf(Preset preset) {
        return switch (preset.name()) {
            case "memory" -> Focus.MEMORY;
            case "threadlocal", "scopedvalue" -> Focus.THREAD_LOCALS;
            case "web-service" -> Focus.THROUGHPUT;
            case "blocking-kinds" -> Focus.CARRIERS;
            default -> Focus.ELAPSED;
        };
    }

    /** The charts for {@code runs} (in the order they ran), one or two panels. */
    public static List<Panel> panels(Focus focus, List<Measured> runs, int cores) {
        return switch (focus) {
            case ELAPSED, CARRIERS -> List.of(elapsedPanel(runs));
            case MEMORY -> List.of(memory(runs));
            case THREAD_LOCALS -> List.of(threadLocals(runs), allocated(runs));
            case THROUGHPUT -> List.of(throughput(runs, cores));
        };
    }

    public static Panel elapsedPanel(List<Measured> runs) {
        var elapsed = new ArrayList<Bar>();
        var ideal = new ArrayList<Bar>();
        for (Measured run : runs) {
            String figure = Durations.humanMillis(run.elapsedMs());
            elapsed.add(new Bar(run.run(), run.elapsedMs(), Text.get("comparison.elapsed.bar", figure, Durations.humanMillis(run.idealMs())),
                    figure));
            ideal.add(new Bar(run.run(), run.idealMs(), null));
        }
        return new Panel(Text.get("comparison.elapsed"), "ms", List.of(new Series(Text.get("comparison.elapsed.series"), false, elapsed),
                new Series(Text.get("comparison.elapsed.ideal"), false, ideal)));
    }

    /**
     * RSS beside what each run allocated on the heap and the articles' figures. The heap's growth stood where the
     * allocations are now: it read a pool of 200 at 76 to 116 MB and 10,000 platform threads at 141 to 144 MB, which
     * allocated 3 and 4 to 9 MB (their threads' allocation buffers and when the collector ran, not their data); it stays
     * where a runner's JVM does not count allocations.
     */
    static Panel memory(List<Measured> runs) {
        boolean allocations = runs.stream().allMatch(run -> run.allocatedMb() >= 0);
        var rss = new ArrayList<Bar>();
        var onHeap = new ArrayList<Bar>();
        var published = new ArrayList<Bar>();
        for (Measured run : runs) {
            // Brief: the figures without "MB", which the axis names, where a narrow chart has no room for it after each.
            rss.add(new Bar(run.run(), Math.max(0, run.rssDeltaMb()), Text.get("comparison.memory.rss.bar", run.rssDeltaMb()),
                    Text.get("comparison.memory.rss.brief", run.rssDeltaMb())));
            onHeap.add(allocations
                    ? new Bar(run.run(), run.allocatedMb(), Text.get("comparison.memory.allocated.bar", run.allocatedMb()),
                            Text.get("comparison.memory.allocated.brief", run.allocatedMb()))
                    : new Bar(run.run(), Math.max(0, run.heapDeltaMb()), Text.get("comparison.memory.heap.bar", run.heapDeltaMb()),
                            Text.get("comparison.memory.heap.brief", run.heapDeltaMb())));
            published(run.scenario()).ifPresent(mb -> published.add(new Bar(run.run(), mb, Text.get("comparison.memory.published.bar", mb),
                    Text.get("comparison.memory.published.brief", mb))));
        }
        return new Panel(Text.get("comparison.memory"), "MB", List.of(new Series(Text.get("comparison.memory.rss"), false, rss),
                new Series(Text.get(allocations ? "comparison.memory.allocated" : "comparison.memory.heap"), false, onHeap),
                new Series(Text.get("comparison.memory.published"), true, published)));
    }

    /** The articles' figure for a run like this one: 10,000 waiting tasks on a pool of 200, or on virtual threads. */
    static Optional<Double> published(Scenario scenario) {
        boolean articles = scenario.tasks() == 10_000 && scenario.sleepMs() == 100 && scenario.cpuMs() == 0 && !scenario.isWeb();
        if (articles && scenario.executor() == ExecutorKind.FIXED && scenario.pool() == 200) {
            return Optional.of(PUBLISHED_FIXED_200_MB);
        }
        if (articles && scenario.executor() == ExecutorKind.VIRTUAL) {
            return Optional.of(PUBLISHED_VIRTUAL_MB);
        }
        return Optional.empty();
    }

    static Panel threadLocals(List<Measured> runs) {
        var created = new ArrayList<Bar>();
        for (Measured run : runs) {
            created.add(new Bar(run.run(), run.threadLocalsCreated(), "%,d".formatted(run.threadLocalsCreated())));
        }
        // Objects the tasks' cache made: one per thread from a ThreadLocal, one in all from a ScopedValue.
        return new Panel(Text.get("comparison.objects"), Text.get("comparison.objects.unit"),
                List.of(new Series(Text.get("comparison.objects.series"), false, created)));
    }

    /**
     * What each run allocated: the cache's objects and the threads' own, garbage included. The heap's growth showed a pool
     * of 200 at 24 to 120 MB from one run to the next (its threads' allocation buffers, and when the collector ran) beside
     * a virtual thread per task's 110 to 170 MB; what was allocated reads 6 and 178 MB every time. The heap's growth where a
     * runner's JVM does not count allocations.
     */
    static Panel allocated(List<Measured> runs) {
        if (runs.stream().anyMatch(run -> run.allocatedMb() < 0)) {
            return heap(runs);
        }
        var allocated = new ArrayList<Bar>();
        for (Measured run : runs) {
            allocated.add(new Bar(run.run(), run.allocatedMb(), "%,.0f MB".formatted(run.allocatedMb())));
        }
        return new Panel(Text.get("comparison.allocated"), "MB", List.of(new Series(Text.get("comparison.allocated.series"), false, allocated)));
    }

    static Panel heap(List<Measured> runs) {
        var heap = new ArrayList<Bar>();
        for (Measured run : runs) {
            heap.add(new Bar(run.run(), Math.max(0, run.heapDeltaMb()), "+%,.0f MB".formatted(run.heapDeltaMb())));
        }
        return new Panel(Text.get("comparison.heap"), "MB", List.of(new Series(Text.get("comparison.memory.heap"), false, heap)));
    }

    static Panel throughput(List<Measured> runs, int cores) {
        var served = new ArrayList<Bar>();
        var ceiling = new ArrayList<Bar>();
        for (Measured run : runs) {
            double perSecond = requestsPerSecond(run);
            Optional<Ceiling> cap = WebTraffic.ceiling(run.scenario(), cores);
            String figure = Text.get("comparison.throughput.bar", perSecond);
            served.add(new Bar(run.run(), perSecond, cap.map(c -> Text.get("comparison.throughput.bar.ceiling", perSecond, c.requestsPerSecond()))
                    .orElse(figure), figure));
            cap.filter(c -> Double.isFinite(c.requestsPerSecond()))
                    .ifPresent(c -> ceiling.add(new Bar(run.run(), c.requestsPerSecond(), null)));
        }
        return new Panel(Text.get("comparison.throughput"), "req/s", List.of(new Series(Text.get("comparison.throughput.served"), false, served),
                new Series(Text.get("comparison.throughput.ceiling"), false, ceiling)));
    }

    /** Requests answered over the whole run, per second of it. */
    public static double requestsPerSecond(Measured run) {
        return run.elapsedMs() > 0 ? run.completed() * 1_000.0 / run.elapsedMs() : 0;
    }
}
