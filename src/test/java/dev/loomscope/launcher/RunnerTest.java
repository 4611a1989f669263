package dev.loomscope.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.RunnerChannel;
import dev.loomscope.protocol.RunStart;
import dev.loomscope.result.RunResult;
import dev.loomscope.runner.RunnerMain;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.BrokenRunner;
import dev.loomscope.testing.Events;
import dev.loomscope.testing.Poll;
import dev.loomscope.testing.RunScript;
import dev.loomscope.testing.TestJvms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real scenarios in real runner JVMs, at small scale: what only a real JVM can show. The tests
 * above the launcher (the session, replay, the CLI's output) run on the fake runner instead, and
 * {@link #everyExecutorRunsEveryTaskAndStreamsEveryLifecycleEvent} holds that fake to the same
 * checks as the real runner. Runner JVMs start quickly here ({@link TestJvms}); the tests tagged
 * {@code timing} bound how long real runs take, on runner JVMs as shipped, apart from the rest
 * ({@code ./mvnw verify -Ptiming}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@Execution(ExecutionMode.CONCURRENT) // each test waits on runner JVMs of its own
class RunnerTest {

    private final Runner runner = TestJvms.runner();
    /** The runner exactly as the command line and the window start it, for the timing tests. */
    private final Runner asShipped = new Runner();

    private static Scenario scenario(ExecutorKind kind, int tasks, int sleepMs) {
        return Scenario.of(kind).withTasks(tasks).withSleepMs(sleepMs).build();
    }

    /**
     * 20 tasks of 2 ms computing then 50 ms sleeping, on a pool of 3, behind 2 permits, on 3
     * carriers, each taking a ThreadLocal object: small, but each executor's shape shows.
     */
    private static Scenario everyExecutorScenario(ExecutorKind kind) {
        return Scenario.of(kind).withTasks(20).withPool(3).withCarriers(3).withSleepMs(50).withCpuMs(2).withPermits(2).withThreadLocalKb(4).build();
    }

    /**
     * What a run allocated is what its tasks made: 2,000 tasks, each taking a 16 KB object from a ThreadLocal cache, make
     * 20 of them on a pool of 20 and 2,000 on a virtual thread each, so the two allocate 1,980 objects apart, plus what a
     * virtual thread itself takes (about 2 KB; 4 allowed). JFR streams as it does for the window; its thread and the
     * telemetry's are left out. The heap's growth moved by tens of MB from one such run to the next.
     */
    @Test
    void whatARunAllocatedIsWhatItsTasksMade() throws InterruptedException {
        Scenario pool = Scenario.of(ExecutorKind.FIXED).withTasks(2_000).withPool(20).withSleepMs(10).withThreadLocalKb(16).build();
        RunResult pooled = runner.run(pool, RunOptions.DEFAULT, RunListener.NONE);
        RunResult virtual = runner.run(pool.withExecutor(ExecutorKind.VIRTUAL), RunOptions.DEFAULT, RunListener.NONE);
        double objectMb = 16.0 / 1024; // MB as LoomScope counts them: 2^20 bytes
        assertThat(pooled.threadLocalsCreated()).as(pooled.message()).isEqualTo(20);
        assertThat(virtual.threadLocalsCreated()).as(virtual.message()).isEqualTo(2_000);
        assertThat(pooled.allocatedMb()).as("20 objects, and about 300 bytes a task of the pool's own").isBetween(20 * objectMb, 20 * objectMb + 2_000 * 1_024 / (double) (1 << 20));
        assertThat(virtual.allocatedMb() - pooled.allocatedMb()).as("the virtual run's %.1f MB against the pool's %.1f MB", virtual.allocatedMb(), pooled.allocatedMb())
                .isBetween(1_980 * objectMb, 1_980 * objectMb + 2_000 * 4_096 / (double) (1 << 20));
    }

    /**
     * A thread dump of 2,000 waiting virtual threads, written on the submitting thread during the run and read back into a
     * tree, is LoomScope's and left out of what the run allocated (it added tens of MB); a web run's is not measured,
     * its service's threads started before the clock and its clients in the runner too.
     */
    @Test
    void aThreadDumpIsNotWhatTheRunAllocatedAndAWebRunsIsNotMeasured(@org.junit.jupiter.api.io.TempDir Path dir) throws InterruptedException {
        // Waits of 2 s: every task is still waiting when the dump is written, once all are submitted, on a busy machine too
        // (with 200 ms, a CI run's dump found 116 of them alive).
        Scenario waiting = Scenario.of(ExecutorKind.VIRTUAL).withTasks(2_000).withSleepMs(2_000).withThreadLocalKb(16).build();
        RunResult plain = runner.run(waiting, RunOptions.DEFAULT.withoutJfr(), RunListener.NONE);
        RunResult dumped = runner.run(waiting, new RunOptions(false, null, dir.resolve("threads.json")), RunListener.NONE);
        assertThat(dumped.vm().threadDumpVirtualThreads()).as(dumped.message()).isGreaterThanOrEqualTo(2_000);
        assertThat(dumped.allocatedMb()).as("with the dump, against %.1f MB without", plain.allocatedMb()).isBetween(plain.allocatedMb() - 2, plain.allocatedMb() + 2);

        RunResult web = runner.run(Scenario.of(ExecutorKind.VIRTUAL).withTasks(100).withSleepMs(10).withConnections(10).build(),
                RunOptions.DEFAULT.withoutJfr(), RunListener.NONE);
        assertThat(web.isCompleted()).as(web.message()).isTrue();
        assertThat(web.allocatedMb()).isEqualTo(-1);
    }

    /**
     * One task of 200 fails 100 ms into a 2 s wait. On a virtual-thread executor the others wait on
     * to their end; forked from a StructuredTaskScope (JDK 25 preview, in that runner JVM only) they
     * are cancelled when it fails: interrupted in their wait, or never started.
     */
    @Test
    void aFailingSubtaskCancelsItsScopeButNotAnExecutorsOtherTasks() throws InterruptedException {
        Scenario unstructured = Scenario.of(ExecutorKind.VIRTUAL).withTasks(200).withSleepMs(2_000).withFailAtMs(100).build();
        Scenario structured = unstructured.withExecutor(ExecutorKind.STRUCTURED);
        var plainEvents = new RunScript.Recorder();
        var scopeEvents = new RunScript.Recorder();
        RunResult plain = runner.run(unstructured, RunOptions.DEFAULT.withoutJfr(), plainEvents);
        RunResult scoped = runner.run(structured, RunOptions.DEFAULT.withoutJfr(), scopeEvents);

        assertThat(plain.isCompleted()).as(plain.message()).isTrue();
        assertThat(List.of(plain.completed(), plain.failed(), plain.cancelled())).containsExactly(199L, 1L, 0L);
        assertThat(plain.elapsedMs()).isGreaterThanOrEqualTo(2_000);

        assertThat(scoped.isCompleted()).as(scoped.message()).isTrue();
        assertThat(List.of(scoped.completed(), scoped.failed(), scoped.cancelled())).containsExactly(0L, 1L, 199L);
        // The scope ended before any of its 2 s waits could have (a bound about the machine would be a timing test).
        assertThat(scoped.elapsedMs()).as("the scope ends with the failure, not the waits").isLessThan(2_000);
        var events = scopeEvents.script(scoped).events();
        assertThat(events).filteredOn(e -> e.type() == EventType.FAILED).extracting(Events.Event::task).containsExactly(structured.failingTask());
        assertThat(events).filteredOn(e -> e.type() == EventType.CANCELLED).hasSize(199)
                .allSatisfy(e -> assertThat(e.timeNanos()).as("cancelled after the failure").isGreaterThanOrEqualTo(100_000_000L));
    }

    @ParameterizedTest
    @EnumSource(ExecutorKind.class)
    void everyExecutorRunsEveryTaskAndStreamsEveryLifecycleEvent(ExecutorKind kind) throws InterruptedException {
        Scenario scenario = everyExecutorScenario(kind);
        RunOptions withoutJfr = RunOptions.DEFAULT.withoutJfr();
        var recorder = new RunScript.Recorder();
        RunResult result = runner.run(scenario, withoutJfr, recorder);

        RunScript real = recorder.script(result);
        assertStreamedAsItsExecutorRunsIt(scenario, real, runner.cores());
        // Without JFR nothing comes from it.
        assertThat(real.jfrEvents()).isEmpty();
        assertThat(result.vm().virtualThreadStarts()).isEqualTo(-1);
        // The fake runner the model and window tests use passes the same checks.
        assertStreamedAsItsExecutorRunsIt(scenario, RunScript.synthesise(scenario, withoutJfr, runner.cores()), runner.cores());
    }

    /**
     * What a run of {@link #everyExecutorScenario} streams and measures, whoever ran it: every task
     * through its lifecycle, on the threads its executor gives it, in waves no faster than its
     * sleeps allow, with every measured figure in the result.
     */
    static void assertStreamedAsItsExecutorRunsIt(Scenario scenario, RunScript script, int cores) {
        int tasks = scenario.tasks();
        ExecutorKind kind = scenario.executor();
        RunResult result = script.result();
        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.completed()).isEqualTo(tasks);
        assertThat(result.failed()).isZero();
        assertThat(result.delivery().eventsEmitted()).isEqualTo(5L * tasks).isEqualTo(result.delivery().eventsReceived());
        // A pool of 3 sleeps in 7 waves, 2 permits in 10; the computing may be quicker than calibrated, the sleeps never.
        assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(IdealTime.millis(scenario.withCpuMs(0), cores));
        assertThat(script.hello().carriers()).isEqualTo(scenario.carriers());
        assertThat(script.hello().cpuUnitsPerMs()).as("CPU work calibrated").isPositive();
        assertThat(script.samples()).isNotEmpty();
        assertThat(script.samples().getLast().completedTasks()).isEqualTo(tasks);
        if (Files.isDirectory(Path.of("/proc/self/task"))) {
            assertThat(result.cpuWaitMs()).isGreaterThanOrEqualTo(0);
            assertThat(result.otherCpuMs()).isGreaterThanOrEqualTo(0);
            // Submitting is measured, and all of it is inside the run.
            assertThat(result.submitMs()).isPositive().isLessThan(result.elapsedMs());
        }

        List<Events.Event> events = script.events();
        Map<Integer, List<EventType>> lifecycles = events.stream()
                .sorted(Comparator.comparingLong(Events.Event::timeNanos).thenComparing(Events.Event::type))
                .collect(Collectors.groupingBy(Events.Event::task, Collectors.mapping(Events.Event::type, Collectors.toList())));
        assertThat(lifecycles).hasSize(tasks).allSatisfy((task, types) -> assertThat(types).as("task %d", task)
                .containsExactly(EventType.SUBMITTED, EventType.STARTED, EventType.BLOCKED, EventType.RESUMED, EventType.FINISHED));

        List<Events.Event> starts = events.stream().filter(e -> e.type() == EventType.STARTED).toList();
        for (Events.Event start : starts) {
            if (kind.isVirtual()) {
                assertThat(start.carrier()).as("a virtual thread runs on a carrier other than itself").isPositive().isNotEqualTo(start.thread());
            } else {
                assertThat(start.carrier()).as("a platform thread is its own carrier").isEqualTo(start.thread());
            }
        }
        long threads = starts.stream().mapToLong(Events.Event::thread).distinct().count();
        switch (kind) {
            case SINGLE -> assertThat(threads).isEqualTo(1);
            case FIXED, FORKJOIN -> assertThat(threads).isBetween(1L, (long) scenario.pool());
            default -> assertThat(threads).isEqualTo(tasks);
        }
        if (kind.isVirtual()) {
            assertThat(starts.stream().mapToLong(Events.Event::carrier).distinct().count()).isBetween(1L, (long) scenario.carriers());
        }
        assertThat(result.threadLocalsCreated()).as("one ThreadLocal object per thread that ran a task").isEqualTo(threads);
        // Without JFR no pin is known: a virtual thread mounts again after its sleep, a platform thread holds its task throughout.
        assertThat(result.mounts()).isEqualTo(kind.isVirtual() ? 2L * tasks : tasks);

        int sleepingAtOnce = mostAtOnce(events, EventType.BLOCKED, EventType.RESUMED);
        switch (kind) {
            case SINGLE -> assertThat(sleepingAtOnce).isEqualTo(1);
            case FIXED, FORKJOIN -> assertThat(sleepingAtOnce).as("a pool's threads hold their tasks while they sleep").isLessThanOrEqualTo(scenario.pool());
            case VIRTUAL, PLATFORM -> assertThat(sleepingAtOnce).as("more sleep at once than there are carriers").isGreaterThan(scenario.carriers());
            case VIRTUAL_LIMITED -> {} // they wait for a permit inside their blocking part
        }
    }

    /** The most tasks at once between their {@code from} and {@code to} events. */
    private static int mostAtOnce(List<Events.Event> events, EventType from, EventType to) {
        List<long[]> changes = new ArrayList<>();
        for (Events.Event e : events) {
            if (e.type() == from) {
                changes.add(new long[] {e.timeNanos(), 1});
            } else if (e.type() == to) {
                changes.add(new long[] {e.timeNanos(), -1});
            }
        }
        changes.sort(Comparator.<long[]>comparingLong(c -> c[0]).thenComparingLong(c -> c[1]));
        int now = 0;
        int most = 0;
        for (long[] change : changes) {
            now += (int) change[1];
            most = Math.max(most, now);
        }
        return most;
    }

    /** One long run: its events arrive while it goes on, and Stop kills its JVM and deletes the JFR repository it was given. */
    @Test
    void eventsStreamWhileARunGoesOnAndStoppingKillsItsRunnerAndDeletesItsJfrRepository() throws Exception {
        var recorder = new RunScript.Recorder();
        RunHandle handle = runner.start(scenario(ExecutorKind.VIRTUAL, 100, 30_000), recorder);
        Poll.until("a task started", Duration.ofSeconds(50), () -> recorder.heardFirst(EventType.STARTED) > 0);
        // Every task sleeps 30 s: the event came while the run went on, not with its end.
        assertThat(handle.result()).isNotDone();
        // Both processes read the machine's monotonic clock: the event was seen after the run's clock started.
        RunStart start = recorder.runStart();
        assertThat(recorder.heardFirst(EventType.STARTED) - start.monotonicNanos()).isBetween(0L, TimeUnit.SECONDS.toNanos(30));

        ProcessHandle process = ProcessHandle.of(handle.pid()).orElseThrow();
        // JFR keeps chunks in a repository that a killed runner never deletes: the Runner gives it a folder and deletes that.
        // Read from /proc: ProcessHandle.Info gives no arguments once the command line passes a page (the class path's jars).
        String[] arguments = Files.readString(Path.of("/proc", Long.toString(handle.pid()), "cmdline")).split("\0");
        Path repository = Path.of(Arrays.stream(arguments)
                .filter(a -> a.startsWith("-XX:FlightRecorderOptions:repository=")).findFirst().orElseThrow().substring(37));
        assertThat(repository).isDirectory();

        handle.cancel();
        RunResult result = handle.result().get(10, TimeUnit.SECONDS);
        assertThat(process.isAlive()).isFalse();
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.CANCELLED);
        assertThat(result.message()).startsWith("Stopped after 0 of 100 tasks had finished");
        Poll.until("the JFR repository deleted", Duration.ofSeconds(10), () -> !Files.exists(repository));
    }

    @Test
    void aKilledRunnerIsAClearFailureNotAHang() throws Exception {
        var recorder = new RunScript.Recorder();
        RunHandle handle = runner.start(scenario(ExecutorKind.PLATFORM, 50, 30_000), RunOptions.DEFAULT.withoutJfr(), recorder);
        Poll.until("a task started", Duration.ofSeconds(50), () -> recorder.heardFirst(EventType.STARTED) > 0);
        ProcessHandle.of(handle.pid()).orElseThrow().destroyForcibly();

        RunResult result = handle.result().get(10, TimeUnit.SECONDS);
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.FAILED);
        assertThat(result.message()).contains("killed by signal 9 (SIGKILL)").contains("of 50 tasks had started").contains("0 had finished");
    }

    /**
     * A runner stopped with SIGSTOP answers nothing, not even SIGTERM, until it is continued: Stop
     * must still end it (SIGKILL works on a stopped process) and say why the run ended so.
     */
    @Test
    void stoppingAFrozenRunnerKillsItAndSaysItDidNotAnswer() throws Exception {
        var recorder = new RunScript.Recorder();
        RunHandle handle = runner.start(scenario(ExecutorKind.VIRTUAL, 50, 30_000), RunOptions.DEFAULT.withoutJfr(), recorder);
        Poll.until("a task started", Duration.ofSeconds(50), () -> recorder.heardFirst(EventType.STARTED) > 0);
        ProcessHandle process = ProcessHandle.of(handle.pid()).orElseThrow();
        signal(handle.pid(), "STOP");
        Poll.until("the runner frozen", Duration.ofSeconds(10), () -> JvmRun.isFrozen(handle.pid()));

        handle.cancel();
        // The bound is a safety net; stoppingAFrozenRunnerEndsItWithinASecond (timing) holds it to a second.
        RunResult result = handle.result().get(10, TimeUnit.SECONDS);
        assertThat(process.isAlive()).isFalse();
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.CANCELLED);
        assertThat(result.message()).startsWith("Stopped after 0 of 50 tasks had finished")
                .contains("The runner JVM was frozen (stopped by a signal) and did not answer: it was killed.");
    }

    /**
     * A runner that writes a frame no version sends, a frame cut short by the end of its stream, or
     * a frame that stops half-way while the stream stays open: the run fails saying the frames could
     * not be read and why, in one sentence (no stack trace, no hang), and the runner JVM, still alive
     * and meaning to stay so for a minute, is ended.
     */
    @ParameterizedTest
    @ValueSource(strings = {"garbage", "truncated", "stalled"})
    void aRunnerThatWritesABrokenFrameFailsInPlainWordsAndIsEnded(String mode) throws Exception {
        RunnerChannel channel = RunnerChannel.open();
        var args = new ArrayList<>(channel.runnerArgs());
        args.add(mode);
        Process process = new ProcessBuilder(TestJvms.launcher(List.of()).command(BrokenRunner.class, 2, args)).redirectErrorStream(true).start();
        Scenario scenario = scenario(ExecutorKind.VIRTUAL, 10, 1_000);
        RunHandle handle = JvmRun.attach(process, channel, scenario, IdealTime.millis(scenario, 2), RunListener.NONE);

        RunResult result = handle.result().get(50, TimeUnit.SECONDS);
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.FAILED);
        assertThat(result.message()).startsWith("The runner JVM's frames could not be read (" + switch (mode) {
            case "garbage" -> "unknown frame type 42)";
            case "truncated" -> "stream ended inside a frame (10 of 1000 bytes came))";
            default -> "the stream stopped inside a frame (10 of 1000 bytes came, then nothing for 10 s))";
        }).endsWith("after 0 of 10 tasks had started and 0 had finished: the runner JVM was ended.")
                .doesNotContain("signal", "Exception", "\n");
        assertThat(process.isAlive()).isFalse();
    }

    /** Sends {@code kill -SIGNAL pid}, as a user at a shell would. */
    private static void signal(long pid, String signal) throws Exception {
        var kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        assertThat(kill.waitFor()).as("kill -%s %d", signal, pid).isZero();
    }

    @Test
    void runningOutOfNativeThreadsIsReportedWithHowFarItGot() throws InterruptedException {
        // Cap the runner's address space and give each Java thread a 64 MB stack reservation, so
        // thread creation fails after a few dozen threads instead of thousands.
        var cramped = new Runner(TestJvms.launcher(List.of("prlimit", "--as=" + (3L << 30), "--"),
                "-Xss64m", "-Xmx64m", "-XX:ReservedCodeCacheSize=32m", "-XX:CompressedClassSpaceSize=64m", "-XX:MaxMetaspaceSize=96m",
                "-XX:-UseLargePages"));
        RunResult result = cramped.run(scenario(ExecutorKind.PLATFORM, 2_000, 300), RunOptions.DEFAULT.withoutJfr(), RunListener.NONE);

        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.FAILED);
        assertThat(result.message()).startsWith("Ran out of native threads at task ").contains("of 2,000").contains("platform threads alive");
        assertThat(result.submitted()).isBetween(1L, 1_999L);
        assertThat(result.completed()).as("tasks already running still finish").isEqualTo(result.submitted());
    }

    @Test
    void whateverTheRunnerJvmPrintsCannotCorruptItsFrames() throws InterruptedException {
        // Class-loading and GC logs flood the runner's stdout; frames travel on their own channel.
        var chatty = new Runner(TestJvms.launcher(List.of(), "-verbose:class", "-Xlog:gc*:stdout"));
        var recorder = new RunScript.Recorder();
        RunResult result = chatty.run(scenario(ExecutorKind.VIRTUAL, 50, 5), RunOptions.DEFAULT.withoutJfr(), recorder);
        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.delivery().complete()).isTrue();
        assertThat(recorder.script(result).events()).filteredOn(e -> e.type() == EventType.FINISHED).hasSize(50);
    }

    @Test
    void aRunnerThatDiesBeforeConnectingIsExplained() {
        var broken = new Runner(TestJvms.launcher(List.of(), "-XX:+NoSuchFlagAnywhere"));
        RunResult result = broken.start(scenario(ExecutorKind.VIRTUAL, 1, 1), RunListener.NONE).result().join();
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.FAILED);
        assertThat(result.message()).contains("exited with code 1").contains("NoSuchFlagAnywhere");
    }

    @Test
    void aListenerThatThrowsStopsTheRunAndIsNamed() {
        RunHandle handle = runner.start(scenario(ExecutorKind.VIRTUAL, 50, 10_000), RunOptions.DEFAULT.withoutJfr(), new RunListener() {
            @Override
            public void onEvents(dev.loomscope.protocol.EventBatch batch) {
                throw new IllegalStateException("view broke");
            }
        });
        RunResult result = handle.result().orTimeout(50, TimeUnit.SECONDS).join();
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.FAILED);
        assertThat(result.message()).contains("showing the run failed").contains("view broke").doesNotContain("signal");
        assertThat(ProcessHandle.of(handle.pid())).isEmpty();
    }

    @Test
    void aRunnerWhoseParentIsGoneStopsInsteadOfRunningOn() throws Exception {
        // Play the parent: accept the runner's connection, read a little, then go away.
        try (var server = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            var args = new ArrayList<>(List.of("port=" + server.getLocalPort(), "token=t0ken", "jfr=false"));
            args.addAll(scenario(ExecutorKind.VIRTUAL, 100, 30_000).toArgs());
            Process runner = new ProcessBuilder(TestJvms.launcher(List.of()).command(RunnerMain.class, 2, args))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try (var connection = server.accept()) {
                connection.getInputStream().readNBytes(64);
            }
            // The tasks sleep for 30 s; a runner that noticed its parent left is gone long before.
            assertThat(runner.waitFor(10, TimeUnit.SECONDS)).as("runner exited").isTrue();
            assertThat(runner.exitValue()).isNotZero();
        }
    }

    @Test
    void anAbsurdRunIsRefusedBeforeAnyJvmStarts() {
        var forever = scenario(ExecutorKind.SINGLE, 10_000_000, 60_000);
        assertThatThrownBy(() -> runner.start(forever, RunListener.NONE))
                .isInstanceOf(InvalidScenarioException.class).hasMessageContaining("perfect world");
    }

    @Test
    void aRunnerThatCannotStartIsAFailedResult() {
        var broken = new Runner(new JvmLauncher(List.of("/nonexistent/launcher"), List.of()));
        RunResult result = broken.start(scenario(ExecutorKind.VIRTUAL, 1, 1), RunListener.NONE).result().join();
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.FAILED);
        assertThat(result.message()).startsWith("Could not start the runner JVM");
    }

    /**
     * {@code loomscope run --jfr FILE} onto a full disk: the run is whole and its result kept, the
     * file's failure said in plain words, and nothing left beside the file (here a link to /dev/full).
     * Before, the failed dump was taken for the parent gone: the runner halted and the run was lost.
     */
    @Test
    void aRecordingThatCannotBeWrittenIsSaidAndTheRunIsKept(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(Path.of("/dev/full")), "needs /dev/full (Linux)");
        Path link = Files.createSymbolicLink(dir.resolve("run.jfr"), Path.of("/dev/full"));
        RunResult result = runner.run(scenario(ExecutorKind.VIRTUAL, 20, 5), RunOptions.DEFAULT.withJfrFile(link, false), RunListener.NONE);
        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.completed()).isEqualTo(20);
        assertThat(result.message()).isEqualTo("Could not write " + link + ": no space left on device.");
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("run.jfr");
        }
    }

    /** The JDK the runners need is gone (removed, or upgraded in place, while the app ran): one plain sentence, at once. */
    @Test
    void aRunnerWhoseJdkIsGoneIsAFailedResultSayingSo() {
        Path gone = Path.of("/nonexistent/jdk-25/bin/java");
        var orphaned = new Runner(TestJvms.launcher(List.of()).withJava(gone));
        RunHandle handle = orphaned.start(scenario(ExecutorKind.VIRTUAL, 1, 1), RunListener.NONE);
        assertThat(handle.result()).as("decided before any process starts").isDone();
        RunResult result = handle.result().join();
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.FAILED);
        assertThat(result.message()).isEqualTo("Could not start the runner JVM: " + gone + " does not exist (was its JDK removed or upgraded?).");
        assertThat(handle.pid()).isEqualTo(-1);
    }

    // ---- how long real runs take: bounds that a busy machine can break, run apart (-Ptiming) ----

    @Test
    @Tag("timing")
    void aThousandVirtualThreadsSleepTogether() throws InterruptedException {
        RunResult result = asShipped.run(scenario(ExecutorKind.VIRTUAL, 1_000, 50), RunListener.NONE);
        assertThat(result.completed()).isEqualTo(1_000);
        // Serially this would take 50 s; together, about one sleep.
        assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(50).isLessThan(1_000 * 50 / 10.0);
    }

    @ParameterizedTest
    @EnumSource(BlockingMode.class)
    @Tag("timing")
    void onlyNativeClassInitAndFileBlockingHoldTheCarrier(BlockingMode mode) throws InterruptedException {
        // 10 virtual threads x 100 ms on 2 carriers: about 100 ms if they unmount, 5 waves if they hold their
        // carrier (pinned, or in a pipe read that JDK 25 neither unmounts nor compensates).
        var scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(10).withSleepMs(100).withBlocking(mode).build();
        RunResult result = asShipped.run(scenario, RunListener.NONE);
        assertThat(result.completed()).as(result.message()).isEqualTo(10);
        if (IdealTime.holdsCarrier(mode)) {
            assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(500);
        } else {
            assertThat(result.elapsedMs()).isLessThan(450);
        }
    }

    @Test
    void aGivenCpuRateRepeatsAnotherRunsWorkInsteadOfTimingItAnew() throws InterruptedException {
        var recorder = new RunScript.Recorder();
        var cpu = Scenario.of(ExecutorKind.FIXED).withTasks(2).withPool(2).withSleepMs(0).withCpuMs(3).build();
        RunResult result = runner.run(cpu, RunOptions.DEFAULT.withoutJfr().withCpuUnitsPerMs(1_234.5), recorder);
        assertThat(result.isCompleted()).isTrue();
        assertThat(recorder.hello().cpuUnitsPerMs()).isEqualTo(1_234.5);
        assertThat(dev.loomscope.result.ResultRow.of(result, 1).cpuUnitsPerMs()).as("what a script repeats the work with").isEqualTo(1_234.5);
        RunResult sleeping = runner.run(scenario(ExecutorKind.VIRTUAL, 2, 1), RunOptions.DEFAULT.withoutJfr(), RunListener.NONE);
        assertThat(dev.loomscope.result.ResultRow.of(sleeping, 1).cpuUnitsPerMs()).as("no CPU part, no rate").isNull();
    }

    @Test
    @Tag("timing")
    void cpuWorkBurnsTheCpuForAsLongAsAsked() throws InterruptedException {
        var recorder = new RunScript.Recorder();
        var cpu = Scenario.of(ExecutorKind.FIXED).withTasks(4).withPool(2).withSleepMs(0).withCpuMs(50).build();
        RunResult result = asShipped.run(cpu, recorder);
        assertThat(result.isCompleted()).isTrue();
        assertThat(recorder.hello().cpuUnitsPerMs()).isPositive();
        assertThat(recorder.script(result).events()).as("no sleep, no blocking").noneMatch(e -> e.type() == EventType.BLOCKED);
        // 4 x 50 ms of real computation: the process burned CPU, it did not sleep.
        assertThat(result.cpuTimeMs()).isGreaterThan(100);
        assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(90);
    }

    @Test
    @Tag("timing")
    void eventsArriveWellWithinTheRun() throws Exception {
        var recorder = new RunScript.Recorder();
        RunHandle handle = asShipped.start(scenario(ExecutorKind.VIRTUAL, 5, 3_000), recorder);
        Poll.until("a task started", Duration.ofSeconds(20), () -> recorder.heardFirst(EventType.STARTED) > 0);
        assertThat(handle.result()).isNotDone();
        RunResult result = handle.await();
        assertThat(result.isCompleted()).isTrue();
        // The first event arrived well inside the 3 s sleep, and none took 3 s to arrive.
        assertThat(recorder.heardFirst(EventType.STARTED) - recorder.runStart().monotonicNanos()).isBetween(0L, 2_000_000_000L);
        assertThat(result.delivery().latencyMaxMs()).isPositive().isLessThan(3_000);
    }

    @Test
    @Tag("timing")
    void stoppingAFrozenRunnerEndsItWithinASecond() throws Exception {
        var recorder = new RunScript.Recorder();
        RunHandle handle = asShipped.start(scenario(ExecutorKind.VIRTUAL, 100, 30_000), RunOptions.DEFAULT.withoutJfr(), recorder);
        Poll.until("a task started", Duration.ofSeconds(20), () -> recorder.heardFirst(EventType.STARTED) > 0);
        signal(handle.pid(), "STOP");
        Poll.until("the runner frozen", Duration.ofSeconds(10), () -> JvmRun.isFrozen(handle.pid()));
        long stopAt = System.nanoTime();
        handle.cancel();
        RunResult result = handle.result().orTimeout(1, TimeUnit.SECONDS).join();
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopAt)).isLessThan(1_000);
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.CANCELLED);
        assertThat(result.message()).contains("did not answer: it was killed");
    }

    @Test
    @Tag("timing")
    void stoppingKillsTheRunnerWithinASecond() throws Exception {
        var recorder = new RunScript.Recorder();
        RunHandle handle = asShipped.start(scenario(ExecutorKind.VIRTUAL, 100, 30_000), recorder);
        Poll.until("a task started", Duration.ofSeconds(20), () -> recorder.heardFirst(EventType.STARTED) > 0);
        long stopAt = System.nanoTime();
        handle.cancel();
        RunResult result = handle.result().orTimeout(1, TimeUnit.SECONDS).join();
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopAt)).isLessThan(1_000);
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.CANCELLED);
    }
}
