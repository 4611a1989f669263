package dev.loomscope.ui.app;

import dev.loomscope.testing.StartedFirst;

import dev.loomscope.testing.TestJvms;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.Main;
import dev.loomscope.launcher.JvmFlags;
import dev.loomscope.launcher.JvmLauncher;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loomscope ... --run --screenshot FILE} as a script would call it: a real JVM, start to exit.
 * Its windows open in JVMs of their own: tagged with the window tests, to be picked with them, but
 * without their lock, as it never starts this JVM's toolkit.
 */
@Tag("window")
@StartedFirst
class ScriptedScreenshotTest {

    private record Outcome(int exitCode, String output) {
    }

    private static Outcome loomscope(String... args) throws Exception {
        var command = new ArrayList<>(List.of(JvmLauncher.javaExecutable(), "-Dglass.platform=Headless", "-Dprism.order=sw"));
        command.addAll(JvmFlags.required());
        command.addAll(TestJvms.QUICK_START); // as the window's own options have it
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        var output = outputOf(process, "window-output");
        if (!endsOrStalls(process)) {
            // What it was doing, and what it said: a window that never closes must say why in the report.
            String threads = threadDump(process.pid());
            // Its runner too: killed at once, the window cannot end it, and a runner holding its output keeps it unread.
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            String said;
            try {
                said = output.get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                said = "(its output could not be read)";
            }
            throw new AssertionError("the window stopped making progress (under " + LEAST_WORK.toSeconds() + " s of CPU time, and under "
                    + STARVED.toSeconds() + " s waiting for one, in " + STALL.toSeconds() + " s) or ran past " + LONGEST.toMinutes()
                    + " min without closing; it said:\n" + said + "\nits threads:\n" + threads);
        }
        return new Outcome(process.exitValue(), output.get(10, TimeUnit.SECONDS));
    }

    /** A window that neither works nor waits for a core this long is stuck, not slow. */
    private static final java.time.Duration STALL = java.time.Duration.ofSeconds(45);
    /** A window drawing its frames in the suite's busiest minute gained 3-4 s of CPU time in 45 s; a blocked one, its timers' few ms. */
    private static final java.time.Duration LEAST_WORK = java.time.Duration.ofSeconds(1);
    /**
     * How long one of its threads waited runnable for a core: a thread the machine starves waits nearly all of
     * {@link #STALL} (the window's background work runs at nice 19, below every test JVM), a blocked window's threads
     * only as they wake.
     */
    private static final java.time.Duration STARVED = java.time.Duration.ofSeconds(15);
    /** However busy the machine, a scripted window of 8 tasks ends well within this. */
    private static final java.time.Duration LONGEST = java.time.Duration.ofMinutes(8);

    /**
     * Whether the window closes by itself. It is waited for while it makes progress: on a loaded 2-core machine (the
     * suite's other classes and their JVMs beside it) a window that took 32 s in one run got a twelfth of a core and
     * took over 120 s in the next, its frames and its picture's encoding starved, not stuck: a fixed time told the two
     * apart by the machine's load. CPU time alone did not either: with four busy loops beside the suite, a window whose
     * picture was being encoded at nice 19 (the common pool's thread had 0.27 s of CPU in its 112 s) was closed as stuck.
     * A window (with its runner) whose threads gain less than {@link #LEAST_WORK} of CPU time in {@link #STALL}, none of
     * them waiting {@link #STARVED} for a core, is stuck.
     */
    private static boolean endsOrStalls(Process process) throws InterruptedException {
        long deadline = System.nanoTime() + LONGEST.toNanos();
        Threads seen = Threads.of(process.toHandle(), Threads.NONE);
        Threads checked = seen;
        long checkedAt = System.nanoTime();
        while (!process.waitFor(1, TimeUnit.SECONDS)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            // Read every second, so that a thread that ends keeps the work it did up to a second before.
            seen = Threads.of(process.toHandle(), seen);
            if (System.nanoTime() - checkedAt >= STALL.toNanos()) {
                if (seen.cpuSince(checked) < LEAST_WORK.toNanos() && seen.longestWaitSince(checked) < STARVED.toNanos()) {
                    return false;
                }
                checked = seen;
                checkedAt = System.nanoTime();
            }
        }
        return true;
    }

    /**
     * The threads of a process and of those it started (the window's runner JVM), each with its CPU time and the time it
     * waited runnable for a core, in ns, from Linux's {@code /proc/PID/task/TID/schedstat}; where there is no /proc, the
     * processes' CPU time alone. A thread that has ended keeps the figures it was last read with: the work it did is
     * progress. Counting only the threads still there, a window that had saved its picture and was exiting looked stuck:
     * its FX thread, runner and collector gone, the last thread left was the JIT compiler's, at nice 19, tearing down the
     * process's memory in the kernel (exit_mmap) for seconds on a busy machine, with under a second of CPU time of its own.
     */
    private record Threads(java.util.Map<String, long[]> cpuAndWait, java.util.Map<Long, Long> processCpu) {

        static final Threads NONE = new Threads(java.util.Map.of(), java.util.Map.of());

        /** The threads as they are now, and those of {@code before} that have ended since, as they were then. */
        static Threads of(ProcessHandle process, Threads before) {
            var all = java.util.stream.Stream.concat(java.util.stream.Stream.of(process), process.descendants()).toList();
            var threads = new java.util.HashMap<String, long[]>(before.cpuAndWait);
            var processCpu = new java.util.HashMap<Long, Long>(before.processCpu);
            for (ProcessHandle each : all) {
                each.info().totalCpuDuration().ifPresent(cpu -> processCpu.put(each.pid(), cpu.toNanos()));
                try (var tasks = Files.list(Path.of("/proc", Long.toString(each.pid()), "task"))) {
                    for (Path task : tasks.toList()) {
                        try {
                            String[] figures = Files.readString(task.resolve("schedstat")).strip().split(" ");
                            threads.put(each.pid() + "/" + task.getFileName(), new long[] {Long.parseLong(figures[0]), Long.parseLong(figures[1])});
                        } catch (java.io.IOException | RuntimeException gone) {
                            // The thread ended between the listing and the read.
                        }
                    }
                } catch (java.io.IOException | RuntimeException none) {
                    // Not Linux, or the process ended.
                }
            }
            return new Threads(threads, processCpu);
        }

        /** CPU time its threads gained since {@code before} (a thread new since, all of its own; one ended, up to its last reading). */
        long cpuSince(Threads before) {
            if (cpuAndWait.isEmpty()) {
                return processCpu.entrySet().stream().mapToLong(each -> Math.max(0, each.getValue() - before.processCpu.getOrDefault(each.getKey(), 0L)))
                        .sum();
            }
            return gains(before, 0).sum();
        }

        /** The longest any one thread waited runnable for a core since {@code before}. */
        long longestWaitSince(Threads before) {
            return gains(before, 1).max().orElse(0);
        }

        private java.util.stream.LongStream gains(Threads before, int figure) {
            return cpuAndWait.entrySet().stream().mapToLong(thread -> {
                long[] then = before.cpuAndWait.get(thread.getKey());
                // Never below 0: a thread id the kernel reused starts its counts again.
                return Math.max(0, thread.getValue()[figure] - (then != null ? then[figure] : 0));
            });
        }
    }

    /**
     * All that {@code process} prints, read while it runs on a thread of its own: a full pipe would otherwise stall it, and
     * a read that blocks for seconds on the common pool (one thread on 2 cores) stalls every other test's async work.
     */
    private static java.util.concurrent.CompletableFuture<String> outputOf(Process process, String readerName) {
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                return e.toString();
            }
        }, reader -> Thread.ofPlatform().daemon().name(readerName).start(reader));
    }

    private static String threadDump(long pid) {
        try {
            Process jcmd = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid),
                    "Thread.print").redirectErrorStream(true).start();
            var printed = outputOf(jcmd, "window-threads");
            if (!jcmd.waitFor(30, TimeUnit.SECONDS)) {
                jcmd.destroyForcibly();
            }
            return whatMattersFirst(printed.get(10, TimeUnit.SECONDS));
        } catch (Exception e) {
            return "(no thread dump: " + e + ")";
        }
    }

    /**
     * The dump with what tells most first: its heading, a deadlock HotSpot found, the FX thread, the app's own threads, the
     * render thread and the common pool (where pictures are encoded), any thread blocked on a monitor; then the JVM's and
     * JavaFX's others. A report cut short in the middle (as CI's is) still shows what the window was doing.
     */
    private static String whatMattersFirst(String dump) {
        String[] blocks = dump.split("\\n\\s*\\n");
        var first = new ArrayList<String>();
        var rest = new ArrayList<String>();
        for (int i = 0; i < blocks.length; i++) {
            String block = blocks[i];
            boolean matters = i == 0 || block.contains("deadlock") || block.startsWith("\"JavaFX Application Thread\"") || block.startsWith("\"loomscope")
                    || block.startsWith("\"window-") || block.startsWith("\"clip-writer") || block.startsWith("\"QuantumRenderer")
                    || block.startsWith("\"ForkJoinPool.commonPool") || block.contains("BLOCKED");
            (matters ? first : rest).add(block.strip());
        }
        first.addAll(rest);
        return String.join("\n\n", first);
    }

    @Test
    void aScriptedRunGoesToItsEndAndLeavesAPictureOfTheWindow(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("pinning.png");
        // Pinning, as the pinning preset's second run has it, but shorter: 8 sleeps in native frames on 2 carriers.
        Outcome outcome = loomscope("--executor", "virtual", "--blocking", "native", "--tasks", "8", "--carriers", "2",
                "--sleep-ms", "50", "--run", "--screenshot", png.toString());
        assertThat(outcome.exitCode()).as(outcome.output()).isZero();
        assertThat(outcome.output()).contains("Saved " + png.toAbsolutePath());
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isGreaterThanOrEqualTo(1280);
        assertThat(image.getHeight()).isGreaterThanOrEqualTo(720);
        // Not blank: the pinned lanes and tasks are red, the theme dark; count the distinct colours.
        var colours = new java.util.HashSet<Integer>();
        for (int y = 0; y < image.getHeight(); y += 7) {
            for (int x = 0; x < image.getWidth(); x += 7) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertThat(colours).hasSizeGreaterThan(50);
    }

    @Test
    void aPictureThatCouldNeverBeSavedIsRefusedBeforeTheWindowOpens(@TempDir Path dir) throws Exception {
        Path nowhere = dir.resolve("no-such-folder").resolve("x.png");
        // Once taken at once, of the window as it opened, and then found unsaveable (exit code 1); now a usage error.
        Outcome outcome = loomscope("--screenshot-after", "0", "--screenshot", nowhere.toString());
        assertThat(outcome.exitCode()).as(outcome.output()).isEqualTo(2);
        assertThat(outcome.output()).contains("--screenshot: the folder " + nowhere.getParent() + " does not exist");
        assertThat(Files.exists(nowhere)).isFalse();
    }

    @Test
    void resultsAndClipsThatCouldNeverBeSavedAreRefusedBeforeAnyRun(@TempDir Path dir) throws Exception {
        Path nowhere = dir.resolve("no-such-folder");
        Outcome results = inProcess("window", "--results", nowhere.resolve("r.json").toString());
        assertThat(results.exitCode()).isEqualTo(2);
        assertThat(results.output()).contains("--results: the folder " + nowhere + " does not exist");
        Outcome gif = inProcess("window", "--record", nowhere.resolve("clip.gif").toString());
        assertThat(gif.exitCode()).isEqualTo(2);
        assertThat(gif.output()).contains("--record: the folder " + nowhere + " does not exist");
        Path used = Files.createDirectories(dir.resolve("frames"));
        Files.writeString(used.resolve("frame-0001.png"), "");
        Outcome frames = inProcess("window", "--record", used.toString());
        assertThat(frames.exitCode()).isEqualTo(2);
        assertThat(frames.output()).contains("--record: " + used + " already exists; name a new or empty folder");
        Outcome framesNowhere = inProcess("window", "--record", nowhere.resolve("frames").toString());
        assertThat(framesNowhere.exitCode()).isEqualTo(2);
        assertThat(framesNowhere.output()).contains("--record: the folder " + nowhere + " does not exist");
    }

    /** The command line as Main hands it over, in this JVM: for what ends before any window opens. */
    private static Outcome inProcess(String... args) {
        var out = new java.io.StringWriter();
        var commandLine = dev.loomscope.cli.LoomScopeCommand.commandLine(new WindowCommand(), new FrameBenchmark());
        commandLine.setOut(new java.io.PrintWriter(out, true));
        commandLine.setErr(new java.io.PrintWriter(out, true));
        int exitCode = commandLine.execute(args);
        return new Outcome(exitCode, out.toString());
    }

    @Test
    void presetListNamesEveryPresetWithoutAWindow() {
        Outcome outcome = inProcess("window", "--preset", "list");
        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.output()).contains("waiting-10k").contains("cpu-48").contains("schedulers").contains("semaphore")
                .contains("threadlocal").contains("pinning").contains("memory");
        // Each run by the name the window gives it, and the titles in one column however long a preset's name.
        assertThat(outcome.output()).contains("virtual, jdbc(10); virtual, jdbc(100); fixed(10), jdbc(10)")
                .contains("virtual, synchronized; virtual, native");
        List<Integer> titlesAt = outcome.output().lines().map(line -> line.length() - line.substring(line.indexOf(' ')).stripLeading().length())
                .distinct().toList();
        assertThat(titlesAt).as("where each line's title begins").hasSize(1);
    }

    @Test
    void anUnknownPresetIsOneLineAndExitCodeTwo() {
        Outcome outcome = inProcess("window", "--preset", "nope");
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.output()).contains("--preset: no preset 'nope'; choose from waiting-10k");
        // A run option beside a preset would be replaced by its runs without a word: named, as run names it.
        Outcome beside = inProcess("window", "--preset", "pinning", "--tasks", "5");
        assertThat(beside.exitCode()).isEqualTo(2);
        assertThat(beside.output()).contains("--preset pinning sets its runs itself; leave out --tasks");
    }

    @Test
    void observeNeedsAPidAndGoesWithNoRuns() {
        Outcome zero = inProcess("window", "--observe", "0");
        assertThat(zero.exitCode()).isEqualTo(2);
        assertThat(zero.output()).contains("--observe needs a process id above 0 (got 0)");
        Outcome withRuns = inProcess("window", "--observe", "4711", "--run");
        assertThat(withRuns.exitCode()).isEqualTo(2);
        assertThat(withRuns.output()).contains("--observe opens on an observation: it does not go with --run");
    }

    @Test
    void observingAProcessThatIsNotAJvmSaysWhyAndExitsOne(@TempDir Path dir) throws Exception {
        try (var notAJvm = dev.loomscope.testing.TargetJvm.command("sleep", "60")) {
            Path picture = dir.resolve("never.png");
            Outcome outcome = loomscope("window", "--observe", Long.toString(notAJvm.pid()), "--screenshot", picture.toString());
            assertThat(outcome.exitCode()).as(outcome.output()).isEqualTo(1);
            assertThat(outcome.output()).contains("loomscope: PID " + notAJvm.pid());
            assertThat(Files.exists(picture)).isFalse();
        }
    }
}
