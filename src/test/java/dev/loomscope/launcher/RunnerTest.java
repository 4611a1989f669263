package dev.loomscope.launcher;

import dev.loomscope.result.RunResult;
import dev.loomscope.runner.RunnerMain;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.scenario.Scenario;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomscope.protocol.EventBatch;
import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.RunnerHello;
import dev.loomscope.protocol.Sample;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Runs real scenarios in real runner JVMs, at small scale. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public class RunnerTest {

    private final Runner runner = new Runner();

    /** Collects everything a run streams. */
    public static final class Recorder implements RunListener {
        final Map<EventType, Long> counts = new EnumMap<>(EventType.class);
        final List<Sample> samples = new CopyOnWriteArrayList<>();
        final AtomicLong events = new AtomicLong();
        final CountDownLatch firstStart = new CountDownLatch(1);
        final List<long[]> started = new ArrayList<>();
        volatile RunnerHello hello;
        volatile long firstStartSeenAtNanos;

        @Override
        public void onHello(RunnerHello hello) {
            this.hello = hello;
        }

        @Override
        public synchronized void onEvents(EventBatch batch) {
            for (int i = 0; i < batch.size(); i++) {
                EventType type = batch.type(i);
                counts.merge(type, 1L, Long::sum);
                if (type == EventType.STARTED) {
                    started.add(new long[] {batch.task(i), batch.threadId(i), batch.carrierId(i)});
                    if (firstStart.getCount() > 0) {
                        firstStartSeenAtNanos = System.nanoTime();
                        firstStart.countDown();
                    }
                }
            }
            events.addAndGet(batch.size());
        }

        @Override
        public void onSample(Sample sample) {
            samples.add(sample);
        }

        synchronized long count(EventType type) {
            return counts.getOrDefault(type, 0L);
        }
    }

    private static Scenario scenario(ExecutorKind kind, int tasks, int pool, int sleepMs) {
        return Scenario.of(kind).withTasks(tasks).withPool(pool).withSleepMs(sleepMs).withPermits(2).build();
    }

    @Test
    void virtualThreadsBehindTwoPermitsSleepInWavesOfTwo() throws InterruptedException {
        var recorder = new Recorder();
        // 6 tasks x 50 ms, 2 at a time in their blocking part: three waves, every task through.
        // (WorkloadTest checks that interrupted tasks give their permits back.)
        RunResult result = runner.run(Scenario.of(ExecutorKind.VIRTUAL_LIMITED).withTasks(6).withSleepMs(50).withPermits(2).build(), recorder);
        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.completed()).isEqualTo(6);
        assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(150);
        for (EventType type : List.of(EventType.SUBMITTED, EventType.STARTED, EventType.BLOCKED, EventType.RESUMED, EventType.FINISHED)) {
            assertThat(recorder.count(type)).as(type.name()).isEqualTo(6);
        }
    }

    @Test
    void aFixedPoolOfTwoRunsFourTasksInTwoWaves() throws InterruptedException {
        RunResult result = runner.run(scenario(ExecutorKind.FIXED, 4, 2, 50), RunListener.NONE);
        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.completed()).isEqualTo(4);
        assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(100);
        assertThat(result.idealMs()).isEqualTo(100);
    }

    @Test
    void aThousandVirtualThreadsSleepTogether() throws InterruptedException {
        RunResult result = runner.run(scenario(ExecutorKind.VIRTUAL, 1_000, 200, 50), RunListener.NONE);
        assertThat(result.completed()).isEqualTo(1_000);
        // Serially this would take 50 s; together, about one sleep.
        assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(50).isLessThan(1_000 * 50 / 10.0);
    }

    @ParameterizedTest
    @EnumSource(ExecutorKind.class)
    void everyExecutorRunsEveryTaskAndStreamsEveryLifecycleEvent(ExecutorKind kind) throws InterruptedException {
        var recorder = new Recorder();
        RunResult result = runner.run(scenario(kind, 20, 3, 20), recorder);

        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.completed()).isEqualTo(20);
        assertThat(result.failed()).isZero();
        for (EventType type : List.of(EventType.SUBMITTED, EventType.STARTED, EventType.BLOCKED, EventType.RESUMED, EventType.FINISHED)) {
            assertThat(recorder.count(type)).as(type.name()).isEqualTo(20);
        }
        assertThat(result.delivery().eventsEmitted()).isEqualTo(100).isEqualTo(result.delivery().eventsReceived());
        assertThat(recorder.hello.carriers()).isEqualTo(2);
        assertThat(recorder.samples).isNotEmpty();
        assertThat(recorder.samples.getLast().completedTasks()).isEqualTo(20);
        assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(result.idealMs());
        for (long[] start : recorder.started) {
            long thread = start[1];
            long carrier = start[2];
            if (kind.isVirtual()) {
                assertThat(carrier).as("a virtual thread runs on a carrier other than itself").isPositive().isNotEqualTo(thread);
            } else {
                assertThat(carrier).as("a platform thread is its own carrier").isEqualTo(thread);
            }
        }
        long distinctThreads = recorder.started.stream().mapToLong(s -> s[1]).distinct().count();
        switch (kind) {
            case SINGLE -> assertThat(distinctThreads).isEqualTo(1);
            case FIXED, FORKJOIN -> assertThat(distinctThreads).isLessThanOrEqualTo(3);
            default -> assertThat(distinctThreads).isEqualTo(20);
        }
    }

    @Test
    void theCarrierCountReachesTheRunnerJvm() throws InterruptedException {
        var recorder = new Recorder();
        var threeCarriers = Scenario.of(ExecutorKind.VIRTUAL).withTasks(30).withCarriers(3).withSleepMs(10).build();
        runner.run(threeCarriers, recorder);
        assertThat(recorder.hello.carriers()).isEqualTo(3);
        assertThat(recorder.started.stream().mapToLong(s -> s[2]).distinct().count()).isBetween(1L, 3L);
    }

    @Test
    void eventsStreamWhileTheRunIsStillGoing() throws InterruptedException {
        var recorder = new Recorder();
        var started = new java.util.concurrent.atomic.AtomicReference<dev.loomscope.protocol.RunStart>();
        RunHandle handle = runner.start(scenario(ExecutorKind.VIRTUAL, 5, 1, 3_000), new RunListener() {
            @Override
            public void onStarted(dev.loomscope.protocol.RunStart start) {
                started.set(start);
            }

            @Override
            public void onEvents(EventBatch batch) {
                recorder.onEvents(batch);
            }
        });
        assertThat(recorder.firstStart.await(20, TimeUnit.SECONDS)).isTrue();
        // The task has started but sleeps for 3 s: the event came before the run's end, not with it.
        assertThat(handle.result()).isNotDone();
        RunResult result = handle.await();
        assertThat(result.isCompleted()).isTrue();
        // Both processes read the same monotonic clock: the first event arrived well inside the sleep.
        assertThat(recorder.firstStartSeenAtNanos - started.get().monotonicNanos()).isBetween(0L, 2_000_000_000L);
        assertThat(result.delivery().latencyMaxMs()).isPositive().isLessThan(3_000);
    }

    @ParameterizedTest
    @EnumSource(BlockingMode.class)
    void onlyNativeAndClassInitBlockingHoldTheCarrier(BlockingMode mode) throws InterruptedException {
        // 10 virtual threads x 100 ms on 2 carriers: about 100 ms if they unmount, 5 waves if they pin.
        var scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(10).withSleepMs(100).withBlocking(mode).build();
        RunResult result = runner.run(scenario, RunListener.NONE);
        assertThat(result.completed()).as(result.message()).isEqualTo(10);
        if (IdealTime.pins(mode)) {
            assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(500);
        } else {
            assertThat(result.elapsedMs()).isLessThan(450);
        }
    }

    @Test
    void cpuWorkIsCalibratedAndReported() throws InterruptedException {
        var recorder = new Recorder();
        var cpu = Scenario.of(ExecutorKind.FIXED).withTasks(4).withPool(2).withSleepMs(0).withCpuMs(50).build();
        RunResult result = runner.run(cpu, recorder);
        assertThat(result.isCompleted()).isTrue();
        assertThat(recorder.hello.cpuUnitsPerMs()).isPositive();
        assertThat(recorder.count(EventType.BLOCKED)).as("no sleep, no blocking").isZero();
        // 4 x 50 ms of real computation: the process burned CPU, it did not sleep.
        assertThat(result.cpuTimeMs()).isGreaterThan(100);
        assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(90);
    }

    @Test
    void stoppingKillsTheRunnerWithinASecond() throws InterruptedException {
        var recorder = new Recorder();
        RunHandle handle = runner.start(scenario(ExecutorKind.VIRTUAL, 100, 1, 30_000), recorder);
        assertThat(recorder.firstStart.await(20, TimeUnit.SECONDS)).isTrue();
        ProcessHandle process = ProcessHandle.of(handle.pid()).orElseThrow();

        long stopAt = System.nanoTime();
        handle.cancel();
        RunResult result = handle.result().orTimeout(1, TimeUnit.SECONDS).join();
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopAt)).isLessThan(1_000);
        assertThat(process.isAlive()).isFalse();
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.CANCELLED);
        assertThat(result.message()).startsWith("Stopped after 0 of 100 tasks had finished");
    }

    /** JFR keeps chunks in a repository that a killed runner never deletes: Runner gives it a folder and deletes that. */
    @Test
    void aKilledRunnersJfrRepositoryIsDeleted() throws Exception {
        var recorder = new Recorder();
        RunHandle handle = runner.start(scenario(ExecutorKind.VIRTUAL, 10, 1, 30_000), recorder);
        assertThat(recorder.firstStart.await(20, TimeUnit.SECONDS)).isTrue();
        String repository = java.util.Arrays.stream(ProcessHandle.of(handle.pid()).orElseThrow().info().arguments().orElseThrow())
                .filter(a -> a.startsWith("-XX:FlightRecorderOptions:repository=")).findFirst().orElseThrow().substring(37);
        assertThat(java.nio.file.Path.of(repository)).isDirectory();
        handle.cancel();
        handle.result().orTimeout(5, TimeUnit.SECONDS).join();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (java.nio.file.Files.exists(java.nio.file.Path.of(repository)) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(java.nio.file.Path.of(repository)).doesNotExist();
    }

    @Test
    void aKilledRunnerIsAClearFailureNotAHang() throws InterruptedException {
        var recorder = new Recorder();
        RunHandle handle = runner.start(scenario(ExecutorKind.PLATFORM, 50, 1, 30_000), recorder);
        assertThat(recorder.firstStart.await(20, TimeUnit.SECONDS)).isTrue();
        ProcessHandle.of(handle.pid()).orElseThrow().destroyForcibly();

        RunResult result = handle.result().orTimeout(10, TimeUnit.SECONDS).join();
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.FAILED);
        assertThat(result.message()).contains("killed by signal 9 (SIGKILL)").contains("of 50 tasks had started").contains("0 had finished");
    }

    @Test
    void runningOutOfNativeThreadsIsReportedWithHowFarItGot() throws InterruptedException {
        // Cap the runner's address space and give each Java thread a 64 MB stack reservation, so
        // thread creation fails after a few dozen threads instead of thousands.
        var cramped = new Runner(new JvmLauncher(List.of("prlimit", "--as=" + (3L << 30), "--"),
                List.of("-Xss64m", "-Xmx64m", "-XX:ReservedCodeCacheSize=32m", "-XX:CompressedClassSpaceSize=64m",
                        "-XX:MaxMetaspaceSize=96m", "-XX:-UseLargePages")));
        RunResult result = cramped.run(scenario(ExecutorKind.PLATFORM, 2_000, 1, 1_000), RunListener.NONE);

        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.FAILED);
        assertThat(result.message()).startsWith("Ran out of native threads at task ").contains("of 2,000").contains("platform threads alive");
        assertThat(result.submitted()).isBetween(1L, 1_999L);
        assertThat(result.completed()).as("tasks already running still finish").isEqualTo(result.submitted());
    }

    @Test
    void whateverTheRunnerJvmPrintsCannotCorruptItsFrames() throws InterruptedException {
        // Class-loading and GC logs flood the runner's stdout; frames travel on their own channel.
        var chatty = new Runner(new JvmLauncher(List.of(), List.of("-verbose:class", "-Xlog:gc*:stdout")));
        var recorder = new Recorder();
        RunResult result = chatty.run(scenario(ExecutorKind.VIRTUAL, 200, 1, 5), recorder);
        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.delivery().complete()).isTrue();
        assertThat(recorder.count(EventType.FINISHED)).isEqualTo(200);
    }

    @Test
    void aRunnerThatDiesBeforeConnectingIsExplained() {
        var broken = new Runner(new JvmLauncher(List.of(), List.of("-XX:+NoSuchFlagAnywhere")));
        RunResult result = broken.start(scenario(ExecutorKind.VIRTUAL, 1, 1, 1), RunListener.NONE).result().join();
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.FAILED);
        assertThat(result.message()).contains("exited with code 1").contains("NoSuchFlagAnywhere");
    }

    @Test
    void aListenerThatThrowsStopsTheRunAndIsNamed() {
        RunHandle handle = runner.start(scenario(ExecutorKind.VIRTUAL, 50, 1, 10_000), new RunListener() {
            @Override
            public void onEvents(EventBatch batch) {
                throw new IllegalStateException("view broke");
            }
        });
        RunResult result = handle.result().orTimeout(20, TimeUnit.SECONDS).join();
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.FAILED);
        assertThat(result.message()).contains("showing the run failed").contains("view broke").doesNotContain("signal");
        assertThat(ProcessHandle.of(handle.pid())).isEmpty();
    }

    @Test
    void aRunnerWhoseParentIsGoneStopsInsteadOfRunningOn() throws Exception {
        // Play the parent: accept the runner's connection, read a little, then go away.
        try (var server = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            var args = new ArrayList<>(List.of("port=" + server.getLocalPort(), "token=t0ken", "jfr=false"));
            args.addAll(scenario(ExecutorKind.VIRTUAL, 100, 1, 30_000).toArgs());
            Process runner = new ProcessBuilder(JvmLauncher.standard().command(RunnerMain.class, 2, args))
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
        var forever = Scenario.of(ExecutorKind.SINGLE).withTasks(10_000_000).withSleepMs(60_000).build();
        assertThatThrownBy(() -> runner.start(forever, RunListener.NONE))
                .isInstanceOf(InvalidScenarioException.class).hasMessageContaining("perfect world");
    }

    @Test
    void aRunnerThatCannotStartIsAFailedResult() {
        var broken = new Runner(new JvmLauncher(List.of("/nonexistent/launcher"), List.of()));
        RunResult result = broken.start(scenario(ExecutorKind.VIRTUAL, 1, 1, 1), RunListener.NONE).result().join();
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.FAILED);
        assertThat(result.message()).startsWith("Could not start the runner JVM");
    }
}
