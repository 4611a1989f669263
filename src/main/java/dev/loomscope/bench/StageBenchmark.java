package dev.loomscope.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.launcher.JvmFlags;
import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Does the window tell the same truth as the engine? Runs each preset through the real window
 * ({@code loomscope window --preset P --autorun --results FILE}, animation on, as a presenter runs
 * it) and the same scenarios through {@code loomscope run --json}, interleaved, each in processes
 * of their own as a user would start them, and prints each run's window/run ratio.
 *
 * <p>The bound: the window's elapsed time is at most {@link #MAX_RATIO} times the command line's,
 * with {@link #SLACK_MS} of slack for runs under {@link #SHORT_RUN_MS} (a 100 ms run varies by
 * more than 10 % between two plain programs).
 */
public final class StageBenchmark {

    public static final double MAX_RATIO = 1.10;
    public static final double SLACK_MS = 15;
    public static final double SHORT_RUN_MS = 150;
    /** A preset whose window has not closed by then is stuck: killed and reported. */
    private static final long WINDOW_TIME_LIMIT_S = 300;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One run of a preset: its label, and the elapsed times of each pair, window and command line. */
    record RunPairs(String preset, String label, List<Double> windowMs, List<Double> runMs) {
        List<Double> ratios() {
            var ratios = new ArrayList<Double>();
            for (int i = 0; i < Math.min(windowMs.size(), runMs.size()); i++) {
                ratios.add(windowMs.get(i) / runMs.get(i));
            }
            return ratios;
        }

        /**
         * Within the bound at the median pair: each pair's window time as a share of what the bound
         * allows it, and the median of those at most 1 (the pairs ran side by side; one slow pair on
         * a shared machine does not decide it).
         */
        boolean withinBound() {
            var shares = new ArrayList<Double>();
            for (int i = 0; i < Math.min(windowMs.size(), runMs.size()); i++) {
                shares.add(windowMs.get(i) / allowedMs(runMs.get(i)));
            }
            return median(shares) <= 1;
        }
    }

    private final List<String> windowOptions;
    private final int repeats;
    private final PrintStream out;
    private final Path workDir;

    /** @param windowOptions the window's options besides the preset (size, presentation...) */
    public StageBenchmark(List<String> windowOptions, int repeats, PrintStream out) throws IOException {
        this.windowOptions = List.copyOf(windowOptions);
        this.repeats = repeats;
        this.out = out;
        this.workDir = Files.createTempDirectory("loomscope-stage-bench");
        workDir.toFile().deleteOnExit();
    }

    static boolean withinBound(double windowMs, double runMs) {
        return windowMs <= allowedMs(runMs);
    }

    /** The longest a window run may take beside a command-line run of {@code runMs}. */
    static double allowedMs(double runMs) {
        return runMs < SHORT_RUN_MS ? Math.max(runMs * MAX_RATIO, runMs + SLACK_MS) : runMs * MAX_RATIO;
    }

    /**
     * The {@code run} options that repeat a run the window made, from its {@code run --json} fields,
     * so the command line runs exactly what the window ran (the cpu-48 preset times its work on the
     * machine, so it is read from the window's result, not recomputed). A field missed here makes the
     * two sides run different things: before the fail-at, pool and JDK fields were read, a structured
     * scope ran 0.16x, a database pool 0.15x and a JDK 21 run 16.6x the command line's time.
     */
    static List<String> runOptionsOf(JsonNode row) {
        var options = new ArrayList<>(List.of("--executor", row.get("executor").asText(), "--tasks", row.get("tasks").asText(),
                "--pool", row.get("pool").asText(), "--carriers", row.get("carriers").asText(),
                "--sleep-ms", row.get("sleepMs").asText(), "--cpu-ms", row.get("cpuMs").asText(),
                "--blocking", row.get("blocking").asText(), "--permits", row.get("permits").asText(),
                "--thread-local-kb", row.get("threadLocalKb").asText(), "--connections", row.get("connections").asText()));
        JsonNode sharing = row.get("sharing");
        if (sharing != null && sharing.isTextual()) {
            options.addAll(List.of("--sharing", sharing.asText()));
        }
        // A structured scope's failing subtask, a database pool's size and an older JDK (jep-491) are part of the run too.
        JsonNode failAt = row.get("failAtMs");
        if (failAt != null && failAt.asInt() > 0) {
            options.addAll(List.of("--fail-at-ms", failAt.asText()));
        }
        JsonNode dbPool = row.get("dbPool");
        if (dbPool != null && dbPool.isNumber()) {
            options.addAll(List.of("--db-pool", dbPool.asText()));
        }
        JsonNode jdk = row.get("jdk");
        if (jdk != null && jdk.isTextual() && Runtime.Version.parse(jdk.asText()).feature() != Runtime.version().feature()) {
            options.addAll(List.of("--jdk", String.valueOf(Runtime.Version.parse(jdk.asText()).feature())));
        }
        // The same units of work, not the same milliseconds timed anew: two JVMs time them a few per cent apart.
        JsonNode rate = row.get("cpuUnitsPerMs");
        if (rate != null && rate.isNumber() && rate.asDouble() > 0) {
            options.addAll(List.of("--cpu-units-per-ms", rate.asText()));
        }
        return List.copyOf(options);
    }

    /**
     * A preset whose runs take less than this in all, as its first window measured them, is paired {@link #SHORT_PRESET_TIMES}
     * times as often. Its runs of a few hundred ms move by a quarter from one runner JVM to the next, both ways, in the window
     * and on the command line alike, so the median of three pairs fell on either side of the bound by chance: in six sittings
     * one such run was over at three pairs, and within at five or ten pairs of it alone just after. Its pairs are cheap (the
     * window's start is most of each).
     */
    static final double SHORT_PRESET_MS = 5_000;
    static final int SHORT_PRESET_TIMES = 3;

    /** Pairs for {@code preset}: more for a short one (its first window's runs known by then). */
    private int pairsFor(String preset) {
        var firstRuns = templates.get(preset);
        return firstRuns == null ? repeats : pairsFor(firstRuns, repeats);
    }

    /** Pairs for a preset whose first window made {@code firstRuns}: {@code repeats}, or more if they were short in all. */
    static int pairsFor(List<JsonNode> firstRuns, int repeats) {
        double total = 0;
        for (JsonNode row : firstRuns) {
            total += row.path("elapsedMs").asDouble();
        }
        return total < SHORT_PRESET_MS ? repeats * SHORT_PRESET_TIMES : repeats;
    }

    /** Runs every preset {@code repeats} times both ways, a short one more ({@link #pairsFor}); true if every run stayed within the bound. */
    public boolean run(List<String> presets, Map<String, String> environment) throws IOException, InterruptedException {
        var pairs = new LinkedHashMap<String, RunPairs>();
        for (int round = 1; round <= repeats * SHORT_PRESET_TIMES; round++) {
            for (String preset : presets) {
                if (round > pairsFor(preset)) {
                    continue;
                }
                // Alternate who goes first, so a machine that slows down over a round favours neither.
                boolean windowFirst = round % 2 == 1;
                List<JsonNode> windowRows = windowFirst ? runWindow(preset, environment) : null;
                List<JsonNode> cliRows = new ArrayList<>();
                List<JsonNode> template = windowRows != null ? windowRows : templates.get(preset);
                for (JsonNode row : template) {
                    cliRows.add(runCommandLine(row));
                }
                if (!windowFirst) {
                    windowRows = runWindow(preset, environment);
                    for (int i = 0; i < Math.min(windowRows.size(), cliRows.size()); i++) {
                        // A preset that times its work on the machine (cpu-48) may have given this window other work than
                        // the command line just did: the command line does the window's work again, so the pair compares like with like.
                        if (!runOptionsOf(windowRows.get(i)).equals(runOptionsOf(template.get(i)))) {
                            cliRows.set(i, runCommandLine(windowRows.get(i)));
                        }
                    }
                }
                for (int i = 0; i < Math.min(windowRows.size(), cliRows.size()); i++) {
                    String label = windowRows.get(i).get("label").asText();
                    var pair = pairs.computeIfAbsent(preset + "/" + i, k -> new RunPairs(preset, label, new ArrayList<>(), new ArrayList<>()));
                    pair.windowMs().add(elapsedOf(windowRows.get(i), "window", preset));
                    pair.runMs().add(elapsedOf(cliRows.get(i), "run", preset));
                    // What the runner measured of its threads waiting for a core (other programs, the window among them).
                    out.print(Text.get("bench.stage.round", round, preset, label,
                            pair.windowMs().getLast(), pair.runMs().getLast(), pair.windowMs().getLast() / pair.runMs().getLast(),
                            msOrDash(windowRows.get(i).get("cpuWaitMs")), msOrDash(cliRows.get(i).get("cpuWaitMs"))));
                }
            }
        }
        return report(pairs.values());
    }

    /** Each preset's runs as its first window run made them: what the command line repeats (round 1 starts with the window). */
    private final Map<String, List<JsonNode>> templates = new LinkedHashMap<>();

    private List<JsonNode> runWindow(String preset, Map<String, String> environment) throws IOException, InterruptedException {
        Path results = workDir.resolve(preset + ".json");
        Files.deleteIfExists(results);
        var command = new ArrayList<>(launchCommand());
        // The window as ./loomscope and the app image start it: with the window's JVM options.
        command.addAll(1, StartupBenchmark.windowJvmOptions());
        command.addAll(List.of("window", "--preset", preset, "--autorun", "--results", results.toString()));
        command.addAll(windowOptions);
        runProcess(command, environment, Text.get("bench.stage.the-window", preset));
        JsonNode array = JSON.readTree(results.toFile());
        var rows = new ArrayList<JsonNode>();
        array.forEach(rows::add);
        Files.deleteIfExists(results);
        templates.putIfAbsent(preset, rows);
        return rows;
    }

    private JsonNode runCommandLine(JsonNode windowRow) throws IOException, InterruptedException {
        var command = new ArrayList<>(launchCommand());
        command.addAll(List.of("run", "--json"));
        command.addAll(runOptionsOf(windowRow));
        String output = runProcess(command, Map.of(), Text.get("bench.stage.the-run", windowRow.get("label").asText()));
        String last = output.lines().filter(line -> line.startsWith("{")).reduce((a, b) -> b)
                .orElseThrow(() -> new IOException(Text.get("bench.stage.no-result", output)));
        return JSON.readTree(last);
    }

    private static String msOrDash(JsonNode value) {
        return value == null || !value.isNumber() ? "-" : "%,.0f ms".formatted(value.asDouble());
    }

    private static double elapsedOf(JsonNode row, String where, String preset) throws IOException {
        if (!"completed".equals(row.get("outcome").asText())) {
            throw new IOException(Text.get("bench.stage.incomplete", preset, row.get("label").asText(), where, row.get("message").asText()));
        }
        return row.get("elapsedMs").asDouble();
    }

    /** How a user starts LoomScope: {@code java -jar loomscope.jar} (or the class path, from a build tree). */
    static List<String> launchCommand() {
        String classPath = System.getProperty("java.class.path");
        var command = new ArrayList<>(List.of(JvmLauncher.javaExecutable()));
        if (classPath.endsWith(".jar") && !classPath.contains(java.io.File.pathSeparator)) {
            // The jar's manifest enables native access and opens java.lang.
            command.addAll(List.of("-jar", classPath));
        } else {
            command.addAll(JvmFlags.required());
            command.addAll(List.of("-cp", classPath, "dev.loomscope.Main"));
        }
        return command;
    }

    private String runProcess(List<String> command, Map<String, String> environment, String what) throws IOException, InterruptedException {
        var builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process process = builder.start();
        try {
            var output = new StringBuilder();
            Thread reader = Thread.ofPlatform().daemon().start(() -> {
                try {
                    output.append(new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
                } catch (IOException ignored) {
                    // The process was killed: its exit code says so.
                }
            });
            if (!process.waitFor(WINDOW_TIME_LIMIT_S, TimeUnit.SECONDS)) {
                throw new IOException(Text.get("bench.stage.too-long", what, WINDOW_TIME_LIMIT_S));
            }
            reader.join(5_000);
            if (process.exitValue() != 0) {
                throw new IOException(Text.get("bench.stage.exit", what, process.exitValue(), output.toString().strip()));
            }
            return output.toString();
        } finally {
            process.destroyForcibly();
        }
    }

    private boolean report(java.util.Collection<RunPairs> runs) {
        // The presets' and the runs' names in columns as wide as the longest ("connection-pool", "virtual, synchronized · JDK 21").
        String names = Text.leftColumn("preset", runs.stream().map(RunPairs::preset).toList()) + " "
                + Text.leftColumn("run", runs.stream().map(RunPairs::label).toList());
        out.printf("%n" + names + " %12s %12s %7s %13s  %s%n", "preset", "run", "window", "run", "ratio", "pairs", "bound");
        int within = 0;
        for (RunPairs run : runs) {
            List<Double> ratios = run.ratios().stream().sorted().toList();
            boolean ok = run.withinBound();
            within += ok ? 1 : 0;
            out.printf(names + " %,9.1f ms %,9.1f ms %7.2f %6.2f-%-6.2f  %s%n", run.preset(), run.label(), median(run.windowMs()),
                    median(run.runMs()), median(ratios), ratios.getFirst(), ratios.getLast(), ok ? "ok" : "OVER");
        }
        out.print(Text.get("bench.stage.summary", repeats, repeats * SHORT_PRESET_TIMES, SHORT_PRESET_MS / 1_000, MAX_RATIO, SLACK_MS, SHORT_RUN_MS,
                within, runs.size()));
        return within == runs.size();
    }

    static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /**
     * A display for the windows: the one set, else a private Xvfb started for the benchmark (and
     * stopped after it). Returns the environment to give the window processes.
     */
    public static Display display(int width, int height) throws IOException, InterruptedException {
        String set = System.getenv("DISPLAY");
        if (set != null && !set.isBlank()) {
            return new Display(Map.of(), null, Text.get("bench.stage.display", set));
        }
        String xvfb = Arrays.stream(System.getenv().getOrDefault("PATH", "/usr/bin").split(java.io.File.pathSeparator))
                .map(dir -> Path.of(dir, "Xvfb")).filter(Files::isExecutable).map(Path::toString).findFirst()
                .orElseThrow(() -> new IOException(Text.get("bench.stage.no-display")));
        int number = 99;
        while (number > 10 && (Files.exists(Path.of("/tmp/.X11-unix/X" + number)) || Files.exists(Path.of("/tmp/.X" + number + "-lock")))) {
            number--;
        }
        Process server = new ProcessBuilder(xvfb, ":" + number, "-screen", "0", "%dx%dx24".formatted(width, height), "-nolisten", "tcp")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Path socket = Path.of("/tmp/.X11-unix/X" + number);
        for (int i = 0; i < 100 && !Files.exists(socket) && server.isAlive(); i++) {
            Thread.sleep(50);
        }
        if (!Files.exists(socket)) {
            server.destroyForcibly();
            throw new IOException(Text.get("bench.stage.no-xvfb", number));
        }
        return new Display(Map.of("DISPLAY", ":" + number), server, Text.get("bench.stage.xvfb", number, width, height));
    }

    /** The display the windows open on; {@code server} is the Xvfb started for them, if any. */
    public record Display(Map<String, String> environment, Process server, String description) implements AutoCloseable {
        @Override
        public void close() {
            if (server != null) {
                server.destroy();
            }
        }
    }
}
