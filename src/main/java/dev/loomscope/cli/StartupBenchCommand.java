package dev.loomscope.cli;

import dev.loomscope.text.Text;
import dev.loomscope.bench.StageBenchmark;
import dev.loomscope.bench.StartupBenchmark;
import dev.loomscope.bench.ThreadCpu;
import dev.loomscope.bench.StartupBenchmark.Launch;
import dev.loomscope.model.Preset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code loomscope startup-bench}: time to the window on screen, the window's memory, runner JVM start-up. */
@Command(resourceBundle = "dev.loomscope.text.messages", name = "startup-bench", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"${bundle:cli.startup-bench.description.0}", "${bundle:cli.startup-bench.description.1}"})
public final class StartupBenchCommand implements Callable<Integer> {

    /** A preset's runs take at most about 15 s in the window; a session of 50 runs about 5 minutes. */
    private static final int PRESET_TIME_LIMIT_S = 180;
    private static final int SESSION_TIME_LIMIT_S = 1_200;

    @Spec
    CommandSpec spec;

    @Option(names = "--parts", split = ",", paramLabel = "PART,...", hideParamSyntax = true,
            defaultValue = "start,idle,presets,session,runners",
            descriptionKey = "cli.startup-bench.parts")
    List<String> parts;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "7", descriptionKey = "cli.startup-bench.rounds")
    int rounds;

    @Option(names = "--presets", split = ",", paramLabel = "NAME,...", hideParamSyntax = true,
            descriptionKey = "cli.startup-bench.presets")
    List<String> presets;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "50",
            descriptionKey = "cli.startup-bench.runs")
    int runs;

    @Option(names = "--variants", split = ",", paramLabel = "NAME,...", hideParamSyntax = true, defaultValue = "empty,bare,options,cache,shipped,script,image",
            descriptionKey = "cli.startup-bench.variants")
    List<String> variants;

    @Option(names = "--image", paramLabel = "DIR", descriptionKey = "cli.startup-bench.image")
    Path image;

    @Override
    public Integer call() throws Exception {
        for (String part : parts) {
            if (!List.of("start", "idle", "presets", "session", "runners").contains(part)) {
                throw new ParameterException(spec.commandLine(), Text.get("cli.startup-bench.bad.parts", part));
            }
        }
        for (String variant : variants) {
            if (!List.of("empty", "bare", "options", "cache", "shipped", "script", "image").contains(variant)) {
                throw new ParameterException(spec.commandLine(), Text.get("cli.startup-bench.bad.variants", variant));
            }
        }
        if (rounds < 1 || rounds > 100 || runs < 2 || runs > 400) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.startup-bench.bad.rounds", rounds, runs));
        }
        List<String> chosenPresets = presets == null ? Preset.names() : presets;
        for (String name : chosenPresets) {
            if (!Preset.names().contains(name)) {
                throw new ParameterException(spec.commandLine(), Text.get("cli.bad.presets", name, String.join(", ", Preset.names())));
            }
        }
        String classPath = System.getProperty("java.class.path");
        if (!classPath.endsWith(".jar") || classPath.contains(java.io.File.pathSeparator)) {
            System.err.println(Text.get("cli.startup-bench.report.not-from-jar", classPath));
            return LoomScopeCommand.EXIT_RUN_FAILED;
        }
        Path jar = Path.of(classPath).toAbsolutePath();
        Path launcher = imageLauncher(jar);

        try (var display = StageBenchmark.display(1920, 1080)) {
            var bench = new StartupBenchmark(System.out, display.environment(), jar, jar.resolveSibling("loomscope.aot"));
            var timed = new ArrayList<Launch>();
            // The script a clone opens the window with, when this jar is a clone's build (target/ beside it).
            Path script = jar.getParent().resolveSibling("loomscope");
            for (Launch launch : bench.launches(launcher, Files.isExecutable(script) ? script : null)) {
                if (variants.contains(launch.variant())) {
                    timed.add(launch);
                }
            }
            // The script starts the same JVM as "shipped": its memory is that row's, so only its start is timed
            // (as is the yardstick's, an empty window).
            var launches = timed.stream().filter(launch -> !launch.variant().equals("script") && !launch.variant().equals("empty")).toList();
            bench.print(Text.get("cli.startup-bench.report.machine"), System.getProperty("java.runtime.version"),
                    Runtime.getRuntime().availableProcessors(), StartupBenchmark.loadAverage(), display.description());
            bench.print(Text.get("cli.startup-bench.report.build"), jar, Text.get(bench.hasCache() ? "cli.startup-bench.report.cache-beside" : "cli.startup-bench.report.cache-none"),
                    launcher == null ? Text.get("cli.startup-bench.report.image-none") : launcher, String.join(" ", StartupBenchmark.windowJvmOptions()));

            if (parts.contains("start")) {
                bench.print(Text.get("cli.startup-bench.report.start"), rounds);
                var times = bench.timeToShown(timed, rounds);
                bench.print("  %-34s %-26s %-26s %s%n", "", Text.get("cli.startup-bench.report.start.opening"), Text.get("cli.startup-bench.report.start.wall"),
                        Text.get("cli.startup-bench.report.start.cpu"));
                times.forEach((launch, shown) -> bench.print("  %-34s %-26s %-26s %s%n", launch.name(),
                        StartupBenchmark.spread(shown.stream().map(StartupBenchmark.Shown::openingMs).toList()),
                        StartupBenchmark.spread(shown.stream().map(StartupBenchmark.Shown::wallMs).toList()),
                        StartupBenchmark.spread(shown.stream().map(StartupBenchmark.Shown::cpuMs).toList())));
                printRatios(bench, times);
                bench.print(Text.get("cli.startup-bench.report.load-now"), StartupBenchmark.loadAverage());
                printCpuParts(bench, times);
            }
            if (parts.contains("idle")) {
                bench.print(Text.get("cli.startup-bench.report.idle"));
                for (Launch launch : launches) {
                    bench.print("  %-34s %,d MB%n", launch.name(), bench.idleRss(launch, 8_000));
                }
                bench.print("%n");
            }
            if (parts.contains("presets")) {
                bench.print(Text.get("cli.startup-bench.report.presets"));
                bench.print("  %-12s", Text.get("cli.startup-bench.report.presets.preset"));
                launches.forEach(launch -> bench.print(" %14s", shortName(launch)));
                bench.print("%n");
                var highest = new long[launches.size()];
                for (String preset : chosenPresets) {
                    bench.print("  %-12s", preset);
                    for (int i = 0; i < launches.size(); i++) {
                        Path results = Files.createTempFile("loomscope-startup-bench", ".json");
                        try {
                            var memory = bench.throughRuns(launches.get(i), List.of("window", "--preset", preset, "--autorun", "--results",
                                    results.toString(), "--presentation", "--size", "1920x1080"), "\u0000", PRESET_TIME_LIMIT_S);
                            highest[i] = Math.max(highest[i], memory.peakMb());
                            bench.print(" %14s", "%,d".formatted(memory.peakMb()));
                        } catch (java.io.IOException e) {
                            // One window that failed or hung must not cost the other figures: say so and go on.
                            bench.print(" %14s", Text.get("cli.startup-bench.report.presets.failed"));
                            System.err.println(Text.get("cli.startup-bench.report.problem", preset + ": " + e.getMessage()));
                        } finally {
                            Files.deleteIfExists(results);
                        }
                    }
                    bench.print("%n");
                }
                bench.print("  %-12s", Text.get("cli.startup-bench.report.presets.highest"));
                for (long each : highest) {
                    bench.print(" %14s", "%,d".formatted(each));
                }
                bench.print("%n%n");
            }
            if (parts.contains("session")) {
                int comparisons = runs / 2;
                bench.print(Text.get("cli.startup-bench.report.session"),
                        comparisons * 2, comparisons);
                for (Launch launch : launches) {
                    Path results = Files.createTempFile("loomscope-startup-bench", ".json");
                    var memory = bench.throughRuns(launch, List.of("window", "--preset", "waiting-10k", "--repeat", Integer.toString(comparisons),
                            "--results", results.toString(), "--presentation", "--size", "1920x1080"), "round ", SESSION_TIME_LIMIT_S);
                    Files.deleteIfExists(results);
                    var rss = memory.rssAtMarksMb();
                    bench.print(Text.get("cli.startup-bench.report.session.row"), launch.name(), afterRuns(rss), memory.peakMb());
                }
                bench.print("%n");
            }
            if (parts.contains("runners")) {
                int count = Math.max(rounds, 5);
                var starts = StartupBenchmark.runnerStarts(count);
                bench.print(Text.get("cli.startup-bench.report.runners"), count);
                bench.print(Text.get("cli.startup-bench.report.runners.hello"), StartupBenchmark.spread(starts.stream().map(StartupBenchmark.RunnerStart::toHelloMs).toList()));
                bench.print(Text.get("cli.startup-bench.report.runners.clock"), StartupBenchmark.spread(starts.stream().map(StartupBenchmark.RunnerStart::toRunMs).toList()));
            }
            bench.print(Text.get("cli.startup-bench.report.load-end"), StartupBenchmark.loadAverage());
            return 0;
        } catch (java.io.IOException e) {
            System.err.println(Text.get("cli.startup-bench.report.problem", e.getMessage()));
            return LoomScopeCommand.EXIT_RUN_FAILED;
        }
    }

    /** Each variant against the yardstick (an empty JavaFX window), then the two a user starts: the script and the JVM it execs. */
    private static void printRatios(StartupBenchmark bench, java.util.Map<Launch, List<StartupBenchmark.Shown>> times) {
        var empty = times.entrySet().stream().filter(entry -> entry.getKey().variant().equals("empty")).findFirst();
        if (empty.isEmpty()) {
            return;
        }
        List<Long> yardstick = empty.get().getValue().stream().map(StartupBenchmark.Shown::wallMs).toList();
        List<Long> yardstickCpu = empty.get().getValue().stream().map(StartupBenchmark.Shown::cpuMs).toList();
        bench.print(Text.get("cli.startup-bench.report.ratio"));
        record FirstAndWhole(StartupBenchmark.Ratio firstFrame, StartupBenchmark.Ratio whole) {
        }
        var ratios = new java.util.LinkedHashMap<Launch, FirstAndWhole>();
        times.forEach((launch, shown) -> {
            if (launch != empty.get().getKey()) {
                // The yardstick's one frame is both its first and its whole window.
                var opening = StartupBenchmark.ratio(shown.stream().map(StartupBenchmark.Shown::openingMs).toList(), yardstick);
                var ratio = StartupBenchmark.ratio(shown.stream().map(StartupBenchmark.Shown::wallMs).toList(), yardstick);
                var cpu = StartupBenchmark.ratio(shown.stream().map(StartupBenchmark.Shown::cpuMs).toList(), yardstickCpu);
                ratios.put(launch, new FirstAndWhole(opening, ratio));
                bench.print("  %-34s %5.2fx (%.2f-%.2f)        %5.2fx        %5.2fx (%.2f-%.2f)        %5.2fx%n", launch.name(), opening.ofMedians(),
                        opening.lowest(), opening.highest(), ratio.ofMedians(), ratio.medianOfRounds(), ratio.lowest(), ratio.highest(), cpu.ofMedians());
            }
        });
        ratios.forEach((launch, ratio) -> {
            if (launch.variant().equals("script") || launch.variant().equals("shipped")) {
                bench.print(Text.get("cli.startup-bench.report.ratio.line"), launch.name(), ratio.firstFrame().ofMedians(), ratio.whole().ofMedians(),
                        ratio.firstFrame().medianOfRounds(), ratio.whole().medianOfRounds());
            }
        });
    }

    /** Each variant's CPU time by the kind of thread that used it: whose work makes one start longer than another. */
    private static void printCpuParts(StartupBenchmark bench, Map<Launch, List<StartupBenchmark.Shown>> times) {
        var parts = ThreadCpu.Part.values();
        bench.print(Text.get("cli.startup-bench.report.cpu-parts"));
        bench.print("  %-34s", "");
        for (var part : parts) {
            bench.print(" %12s", partName(part));
        }
        bench.print("%n");
        times.forEach((launch, shown) -> {
            bench.print("  %-34s", launch.name());
            for (var part : parts) {
                var each = shown.stream().filter(one -> one.cpuParts().containsKey(part)).map(one -> one.cpuParts().get(part)).toList();
                bench.print(" %12s", each.isEmpty() ? "-" : "%,d".formatted(StartupBenchmark.median(each)));
            }
            bench.print("%n");
        });
        bench.print("%n");
    }

    private static String partName(ThreadCpu.Part part) {
        return Text.get(switch (part) {
            case JIT -> "cli.startup-bench.cpu-part.jit";
            case FX_THREAD -> "cli.startup-bench.cpu-part.fx_thread";
            case RENDERER -> "cli.startup-bench.cpu-part.renderer";
            case LAUNCHER -> "cli.startup-bench.cpu-part.launcher";
            case MAIN -> "cli.startup-bench.cpu-part.main";
            case OTHER -> "cli.startup-bench.cpu-part.other";
            case ENDED -> "cli.startup-bench.cpu-part.ended";
        });
    }

    private static String shortName(Launch launch) {
        String name = launch.name();
        int cut = name.indexOf(" (");
        return cut > 0 ? name.substring(0, cut) : name;
    }

    /** RSS after the 2nd, 10th, 20th... run and the last (each mark is a comparison of two runs). */
    private static String afterRuns(List<Long> rss) {
        var shown = new ArrayList<String>();
        for (int i = 0; i < rss.size(); i++) {
            int runsDone = (i + 1) * 2;
            if (i == 0 || runsDone % 10 == 0 || i == rss.size() - 1) {
                shown.add("%d: %,d".formatted(runsDone, rss.get(i)));
            }
        }
        return String.join(", ", shown) + " MB";
    }

    /** The app image's launcher: the image this runs from, else the one the package build makes beside the jar. */
    private Path imageLauncher(Path jar) {
        if (image != null) {
            return image.resolve("bin/LoomScope");
        }
        Path home = Path.of(System.getProperty("java.home"));
        Path fromImage = home.getParent() == null ? null : home.getParent().getParent().resolve("bin/LoomScope");
        if (fromImage != null && Files.isExecutable(fromImage) && home.endsWith("lib/runtime")) {
            return fromImage;
        }
        Path built = jar.resolveSibling("dist/LoomScope/bin/LoomScope");
        return Files.isExecutable(built) ? built : null;
    }
}
