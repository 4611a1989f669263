package dev.loomscope.bench;

import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.launcher.RunListener;
import dev.loomscope.launcher.Runner;
import dev.loomscope.protocol.RunStart;
import dev.loomscope.protocol.RunnerHello;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.text.Text;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * How fast the window comes up and how much memory its process holds, each with and without the
 * measures that LoomScope's own JVM is started with: its options ({@code window-jvm.options}) and the
 * AOT cache beside the jar. Every window is a real process on a real display; times are wall
 * clock from starting the process to the line the window prints once its first frame has been
 * drawn (started with no options, as a person starts it, and {@code LOOMSCOPE_EXIT_WHEN_SHOWN=after-input}); memory is the process's resident set read from /proc.
 */
public final class StartupBenchmark {

    /** Where the window's JVM options live, one a line (# for comments). */
    public static final String OPTIONS_RESOURCE = "/dev/loomscope/window-jvm.options";

    private static final long WINDOW_TIME_LIMIT_S = 600;

    private final PrintStream out;
    private final Map<String, String> display;
    private final Path jar;
    private final Path aotCache;

    /**
     * @param display  the environment that names the display the windows open on
     * @param jar      the runnable jar the windows start from
     * @param aotCache the AOT cache made for that jar (missing: the rows with a cache say so)
     */
    public StartupBenchmark(PrintStream out, Map<String, String> display, Path jar, Path aotCache) {
        this.out = out;
        this.display = display;
        this.jar = jar;
        this.aotCache = aotCache;
    }

    /**
     * Set to 1 in the window's environment, the window closes once its first frame is on screen, and
     * says "window shown" on stdout. This benchmark and the AOT cache's training runs start it so. An
     * environment variable, not an option: they time the start a person gets, with no options to read.
     */
    public static final String EXIT_WHEN_SHOWN = "LOOMSCOPE_EXIT_WHEN_SHOWN";

    /**
     * {@link #EXIT_WHEN_SHOWN} set to this: the window (or the yardstick) closes only once its standard
     * input ends, so that this benchmark reads its threads' CPU time while none of them is ending.
     */
    public static final String AFTER_INPUT = "after-input";

    /** What the line a window prints once its first frame is on screen contains (ui.app.StartScript's, and the yardstick's). */
    static final String SHOWN = "window shown";

    /** What the line the window prints before, once its opening frame is painted, contains (ui.app.StartScript's; the yardstick prints none). */
    static final String OPENING = "opening-frame-painted";

    /**
     * A way to start a window's process: the variant {@code --variants} names it by (empty, bare, options,
     * cache, shipped, script, image), the name its row shows, and the command before LoomScope's own arguments.
     */
    public record Launch(String variant, String name, List<String> command) {
    }

    /** The window's JVM options, as ./loomscope and the app image's launcher pass them. */
    public static List<String> windowJvmOptions() {
        try (InputStream in = StartupBenchmark.class.getResourceAsStream(OPTIONS_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(OPTIONS_RESOURCE + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + OPTIONS_RESOURCE, e);
        }
    }

    /**
     * The yardstick: an empty JavaFX window of the window's size ({@code ui.app.EmptyWindow}, named
     * here, as the benchmark loads no JavaFX) from the same jar, started plainly, {@code java -cp jar}:
     * the JVM's and JavaFX's defaults, no options, no cache. It says it is shown as the window does.
     */
    public Launch empty() {
        return new Launch("empty", Text.get("bench.startup.empty"), List.of(JvmLauncher.javaExecutable(), "-cp", jar.toString(), EMPTY_WINDOW));
    }

    /** The yardstick's main class. */
    static final String EMPTY_WINDOW = "dev.loomscope.ui.app.EmptyWindow";

    /** The JVM on its defaults: what {@code java -jar loomscope.jar} gets. */
    public Launch bare() {
        return launch(Text.get("bench.startup.bare"), false, false);
    }

    public Launch launch(String name, boolean options, boolean cache) {
        var command = new ArrayList<String>();
        command.add(JvmLauncher.javaExecutable());
        if (options) {
            windowJvmOptions().stream().filter(option -> !command.contains(option)).forEach(command::add);
        }
        if (cache) {
            command.addAll(List.of("-XX:AOTCache=" + aotCache, "-Xlog:aot=off", "-Xlog:cds=off"));
        }
        command.addAll(List.of("-jar", jar.toString()));
        return new Launch(options ? (cache ? "shipped" : "options") : (cache ? "cache" : "bare"), name, command);
    }

    /**
     * The variants measured: the yardstick (an empty JavaFX window); the four of options x cache; the {@code ./loomscope} script, which a
     * clone opens the window with (it finds the JDK, then starts it with both), if given; and the
     * app image's own launcher, if given.
     */
    public List<Launch> launches(Path imageLauncher, Path script) {
        var launches = new ArrayList<>(List.of(
                empty(),
                bare(),
                launch(Text.get("bench.startup.options"), true, false),
                launch(Text.get("bench.startup.cache"), false, true),
                launch(Text.get("bench.startup.both"), true, true)));
        if (script != null) {
            launches.add(new Launch("script", SCRIPT, List.of(script.toString())));
        }
        if (imageLauncher != null) {
            launches.add(new Launch("image", Text.get("bench.startup.image"), List.of(imageLauncher.toString())));
        }
        return launches;
    }

    /** The name of the script's row. */
    public static final String SCRIPT = Text.get("bench.startup.script");

    /** Whether the AOT cache is there and made after the jar (an older one the JVM would refuse). */
    public boolean hasCache() {
        try {
            return Files.isRegularFile(aotCache) && Files.getLastModifiedTime(aotCache).compareTo(Files.getLastModifiedTime(jar)) >= 0;
        } catch (IOException e) {
            return false;
        }
    }

    // ---- time to the window on screen ----

    /**
     * A window's start: wall-clock ms from starting the process to its first frame on screen, and the
     * CPU time (user + system, all its threads) it had used by then. On a machine shared with other
     * work the wall clock stretches with the load; the CPU time much less. {@code cpuParts}: that CPU
     * time by the kind of thread that used it (empty if it could not be read). {@code openingMs}: to
     * the first frame painted, the window's opening frame (the yardstick's only frame: its {@code wallMs}).
     */
    public record Shown(long wallMs, long cpuMs, Map<ThreadCpu.Part, Long> cpuParts, long openingMs) {
    }

    /** Each launch {@code rounds} times, round-robin (so a busy spell of the machine hits them all). */
    public Map<Launch, List<Shown>> timeToShown(List<Launch> launches, int rounds) throws IOException, InterruptedException {
        var times = new java.util.LinkedHashMap<Launch, List<Shown>>();
        launches.forEach(launch -> times.put(launch, new ArrayList<>()));
        for (int round = 0; round < rounds; round++) {
            for (Launch launch : launches) {
                times.get(launch).add(timeToShown(launch));
            }
        }
        return times;
    }

    private Shown timeToShown(Launch launch) throws IOException, InterruptedException {
        var command = new ArrayList<>(launch.command());
        var builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(display);
        builder.environment().put(EXIT_WHEN_SHOWN, AFTER_INPUT);
        long start = System.nanoTime();
        Process process = builder.start();
        long openingAt = -1;
        long shownAt = -1;
        long cpuMs = -1;
        Map<ThreadCpu.Part, Long> cpuParts = Map.of();
        var output = new StringBuilder();
        try (var lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                long now = System.nanoTime();
                if (openingAt < 0 && (line.contains(OPENING) || line.contains(SHOWN))) {
                    openingAt = now;
                }
                if (shownAt < 0 && line.contains(SHOWN)) {
                    shownAt = now;
                    try {
                        cpuParts = ThreadCpu.of(process.pid());
                        cpuMs = cpuParts.isEmpty() ? ThreadCpu.processMs(process.pid()) : cpuParts.values().stream().mapToLong(Long::longValue).sum();
                    } finally {
                        // The window waits for this to close: only now may it end, whatever the read gave.
                        process.getOutputStream().close();
                    }
                }
                output.append(line).append('\n');
            }
        }
        finish(process, launch.name(), output);
        if (shownAt < 0) {
            throw new IOException(Text.get("bench.startup.never-shown", launch.name(), output));
        }
        return new Shown((shownAt - start) / 1_000_000, cpuMs, cpuParts, (openingAt - start) / 1_000_000);
    }

    // ---- the window's memory ----

    /** What a window process held: its resident set at points named by its output, and its peak. */
    public record Memory(long peakMb, List<Long> rssAtMarksMb, long lastMb) {
    }

    /** The window opened on nothing, left alone for {@code settleMs}: its resident set then. */
    public long idleRss(Launch launch, int settleMs) throws IOException, InterruptedException {
        var builder = new ProcessBuilder(launch.command()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().putAll(display);
        Process process = builder.start();
        try {
            Thread.sleep(settleMs);
            if (!process.isAlive()) {
                throw new IOException(Text.get("bench.startup.closed", launch.name(), process.exitValue()));
            }
            return statusKb(process.pid(), "VmRSS") / 1024;
        } finally {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /**
     * The window running {@code windowArgs} to its end (a scripted run with {@code --results}), its
     * resident set polled every 100 ms: the peak (the kernel's high-water mark), and the resident set
     * each time it prints a line containing {@code mark}.
     */
    public Memory throughRuns(Launch launch, List<String> windowArgs, String mark, int timeLimitS) throws IOException, InterruptedException {
        var command = new ArrayList<>(launch.command());
        command.addAll(windowArgs);
        var builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(display);
        Process process = builder.start();
        long pid = process.pid();
        var marks = java.util.Collections.synchronizedList(new ArrayList<Long>());
        var output = new StringBuilder();
        var reading = CompletableFuture.runAsync(() -> {
            try (var lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    if (line.contains(mark)) {
                        marks.add(statusKb(pid, "VmRSS") / 1024);
                    }
                    output.append(line).append('\n');
                }
            } catch (IOException e) {
                // The process ended: its exit code tells.
            }
        });
        long peakKb = 0;
        long lastKb = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeLimitS);
        while (process.isAlive() && System.nanoTime() < deadline) {
            peakKb = Math.max(peakKb, statusKb(pid, "VmHWM"));
            long rss = statusKb(pid, "VmRSS");
            lastKb = rss > 0 ? rss : lastKb;
            Thread.sleep(100);
        }
        if (process.isAlive()) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            throw new IOException(Text.get("bench.startup.runs-too-long", launch.name(), timeLimitS));
        }
        reading.join();
        finish(process, launch.name(), output);
        return new Memory(peakKb / 1024, List.copyOf(marks), lastKb / 1024);
    }

    /** A field of /proc/PID/status in kB (0 once the process is gone). */
    static long statusKb(long pid, String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(line.substring(field.length() + 1).replace("kB", "").strip());
                }
            }
        } catch (IOException | NumberFormatException e) {
            // gone already
        }
        return 0;
    }

    /** The process ended within the limit and with 0; else says so, with what it printed. */
    private static void finish(Process process, String name, CharSequence output) throws IOException, InterruptedException {
        if (!process.waitFor(WINDOW_TIME_LIMIT_S, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException(Text.get("bench.startup.not-closed", name, WINDOW_TIME_LIMIT_S));
        }
        if (process.exitValue() != 0) {
            throw new IOException(Text.get("bench.startup.exit", name, process.exitValue(), output));
        }
    }

    // ---- runner JVMs ----

    /** A runner JVM's start, as a run of the window meets it: to its hello (calibrated) and to its run's clock starting. */
    public record RunnerStart(long toHelloMs, long toRunMs) {
    }

    /** Starts {@code count} runner JVMs one after another, each for a run of 10 tasks of 1 ms, JFR on as in the window. */
    public static List<RunnerStart> runnerStarts(int count) throws Exception {
        var runner = new Runner(JvmLauncher.standard());
        var scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(10).withSleepMs(1).build();
        var starts = new ArrayList<RunnerStart>();
        for (int i = 0; i < count; i++) {
            var hello = new CompletableFuture<Long>();
            var started = new CompletableFuture<Long>();
            long begin = System.nanoTime();
            var handle = runner.start(scenario, RunOptions.DEFAULT, new RunListener() {
                @Override
                public void onHello(RunnerHello message) {
                    hello.complete(System.nanoTime());
                }

                @Override
                public void onStarted(RunStart start) {
                    started.complete(System.nanoTime());
                }
            });
            var result = handle.result().get(60, TimeUnit.SECONDS);
            if (!hello.isDone() || !started.isDone()) {
                throw new IOException(Text.get("bench.startup.no-runner", result.message()));
            }
            starts.add(new RunnerStart((hello.get() - begin) / 1_000_000, (started.get() - begin) / 1_000_000));
        }
        return starts;
    }

    // ---- figures ----

    public static long median(List<Long> values) {
        long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /**
     * How a variant's starts compare with the yardstick's, as ratios: of their medians, and the median
     * (and range) of each round's own ratio (the two were started one after the other in that round,
     * so a busy spell of the machine weighs on both).
     */
    public record Ratio(double ofMedians, double medianOfRounds, double lowest, double highest) {
    }

    public static Ratio ratio(List<Long> variantMs, List<Long> yardstickMs) {
        double[] rounds = new double[Math.min(variantMs.size(), yardstickMs.size())];
        for (int i = 0; i < rounds.length; i++) {
            rounds[i] = (double) variantMs.get(i) / Math.max(1, yardstickMs.get(i));
        }
        java.util.Arrays.sort(rounds);
        int n = rounds.length;
        double middle = n % 2 == 1 ? rounds[n / 2] : (rounds[n / 2 - 1] + rounds[n / 2]) / 2;
        return new Ratio((double) median(variantMs) / Math.max(1, median(yardstickMs)), middle, rounds[0], rounds[n - 1]);
    }

    public static String spread(List<Long> values) {
        long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
        return "%,d ms (%,d-%,d)".formatted(median(values), sorted[0], sorted[sorted.length - 1]);
    }

    public void print(String format, Object... args) {
        out.printf(format, args);
        out.flush();
    }

    /** The system's load average over the last minute: the figures' context on a shared machine. */
    public static String loadAverage() {
        try {
            return Arrays.stream(Files.readString(Path.of("/proc/loadavg")).split(" ")).limit(3).reduce((a, b) -> a + " " + b).orElse("?");
        } catch (IOException e) {
            return "?";
        }
    }
}
