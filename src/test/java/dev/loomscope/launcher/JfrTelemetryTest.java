package dev.loomscope.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.protocol.EventBatch;
import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.JfrEvent;
import dev.loomscope.result.RunResult;
import dev.loomscope.result.VmEvents;
import dev.loomscope.runner.ThreadDumps;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.TestJvms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * JFR from real runner JVMs: pinning on JDK 25, the .jfr file, the thread dump. Three runs, started
 * together before the tests and shared by them: virtual threads sleeping in a native frame, in a
 * static initializer, and inside {@code synchronized}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JfrTelemetryTest {

    /** Keeps the JFR events and, per virtual thread, when it blocked and on which carrier. */
    static final class Capture implements RunListener {
        final List<JfrEvent> jfr = new CopyOnWriteArrayList<>();
        final Map<Long, Long> blockedAtByThread = new ConcurrentHashMap<>();
        final Map<Long, Long> carrierAtBlockByThread = new ConcurrentHashMap<>();

        @Override
        public void onEvents(EventBatch batch) {
            for (int i = 0; i < batch.size(); i++) {
                if (batch.type(i) == EventType.BLOCKED) {
                    blockedAtByThread.put(batch.threadId(i), batch.timeNanos(i));
                    carrierAtBlockByThread.put(batch.threadId(i), batch.carrierId(i));
                }
            }
        }

        @Override
        public void onJfrEvents(List<JfrEvent> events) {
            jfr.addAll(events);
        }

        List<JfrEvent> pinned() {
            return jfr.stream().filter(e -> e.kind().equals(JfrEvent.PINNED)).toList();
        }
    }

    /** A run and what it streamed and saved. */
    record Observed(RunResult result, Capture capture, List<RecordedEvent> recording) {
        List<RecordedEvent> recorded(String eventName) {
            return recording.stream().filter(e -> e.getEventType().getName().equals(eventName)).toList();
        }
    }

    private static final int NATIVE_TASKS = 10;
    private static final int NATIVE_SLEEP_MS = 60;
    private static final int SYNCHRONIZED_TASKS = 20;

    private final Runner runner = TestJvms.runner();
    private Path dir;
    private Observed nativeFrame;
    private Observed classInit;
    private Observed synchronizedBlock;
    private Path threadDump;

    private static Scenario virtual(int tasks, int sleepMs, BlockingMode mode) {
        return Scenario.of(ExecutorKind.VIRTUAL).withTasks(tasks).withSleepMs(sleepMs).withBlocking(mode).build();
    }

    @BeforeAll
    void runTheThreeTogether() throws Exception {
        dir = Files.createTempDirectory("loomscope-jfr-test");
        threadDump = dir.resolve("threads.json");
        // Pinned, each task keeps its carrier: 10 x 60 ms on 2 carriers take five waves. Recorded to
        // a file with LoomScope's mount events.
        var nativeRun = start(virtual(NATIVE_TASKS, NATIVE_SLEEP_MS, BlockingMode.NATIVE), new RunOptions(true, dir.resolve("native.jfr"), null));
        // In a runner that also runs a recording of its own, as a user profiling it would start one.
        var profiled = new Runner(TestJvms.launcher(List.of(), "-XX:StartFlightRecording:settings=profile,filename=" + dir.resolve("user.jfr")));
        var capture = new Capture();
        var classInitRun = new Started(profiled.start(virtual(6, 40, BlockingMode.CLASS_INIT), RunOptions.DEFAULT, capture), capture);
        // Sleeping 1 s: every task is still asleep when the thread dump is taken (once all are submitted).
        var synchronizedRun = start(virtual(SYNCHRONIZED_TASKS, 1_000, BlockingMode.SYNCHRONIZED),
                new RunOptions(true, dir.resolve("synchronized.jfr"), threadDump));
        nativeFrame = nativeRun.finish(dir.resolve("native.jfr"));
        classInit = classInitRun.finish(null);
        synchronizedBlock = synchronizedRun.finish(dir.resolve("synchronized.jfr"));
    }

    private record Started(RunHandle handle, Capture capture) {
        Observed finish(Path recording) throws InterruptedException, IOException {
            RunResult result = handle.await();
            assertThat(result.isCompleted()).as(result.message()).isTrue();
            return new Observed(result, capture, recording == null ? List.of() : RecordingFile.readAllEvents(recording));
        }
    }

    private Started start(Scenario scenario, RunOptions options) {
        var capture = new Capture();
        return new Started(runner.start(scenario, options, capture), capture);
    }

    @AfterAll
    void deleteFiles() throws IOException {
        try (var files = Files.walk(dir)) {
            for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    @Test
    void sleepingInsideANativeFramePinsOncePerTaskForAtLeastTheSleepOnTheCarrierOurProbeSaw() {
        VmEvents vm = nativeFrame.result().vm();
        assertThat(vm.pinnedEvents()).isEqualTo(NATIVE_TASKS);
        assertThat(vm.pinnedReasons()).containsExactly(Map.entry("Native or VM frame on stack", (long) NATIVE_TASKS));
        Capture capture = nativeFrame.capture();
        assertThat(capture.pinned()).hasSize(NATIVE_TASKS).allSatisfy(pin -> {
            assertThat(pin.durationNanos() / 1e6).isGreaterThan(NATIVE_SLEEP_MS - 5);
            assertThat(pin.blockingOperation()).isNotEmpty();
            assertThat(pin.stackTrace()).contains("NativeBlocking");
            // The carrier JFR names is the one our own probe saw when the task blocked.
            assertThat(pin.carrierId()).isPositive().isEqualTo(capture.carrierAtBlockByThread.get(pin.threadId()));
        });
        assertThat(vm.pinnedMs()).isGreaterThan(NATIVE_TASKS * (NATIVE_SLEEP_MS - 5.0));
        assertThat(vm.clockAlignmentErrorMs()).as("JFR's times placed on the run's clock").isFinite();
    }

    @Test
    void aPinnedSleepNeverLetsGoOfItsCarrier() {
        assertThat(nativeFrame.result().mounts()).as("one mount each: the native sleep kept the carrier").isEqualTo(NATIVE_TASKS);
        assertThat(nativeFrame.result().unmounts()).isEqualTo(NATIVE_TASKS);
    }

    @Test
    void theSavedRecordingReadsBackWithOurClockMarkAndThePins() {
        assertThat(nativeFrame.recorded("dev.loomscope.ClockMark")).isNotEmpty();
        assertThat(nativeFrame.recorded("jdk.VirtualThreadPinned")).hasSize(NATIVE_TASKS);
    }

    @Test
    void mountEventsNameTheForkJoinPoolWorkerThePinHeld() {
        Map<Long, RecordedThread> carrierByVirtualThread = new HashMap<>();
        nativeFrame.recorded("jdk.VirtualThreadPinned")
                .forEach(e -> carrierByVirtualThread.put(e.getThread().getJavaThreadId(), e.getThread("carrierThread")));
        List<RecordedEvent> mounts = nativeFrame.recorded("dev.loomscope.Mount");
        // Two probe slices per task (before and after the sleep), both on the carrier the pin held:
        // pinned, the task never let go of it.
        assertThat(mounts).hasSize(2 * NATIVE_TASKS);
        for (RecordedEvent mount : mounts) {
            var carrier = carrierByVirtualThread.get(mount.getLong("virtualThread"));
            assertThat(carrier.getJavaName()).startsWith("ForkJoinPool-").contains("-worker-");
            assertThat(mount.getLong("carrier")).isEqualTo(carrier.getJavaThreadId());
        }
    }

    @Test
    void anotherRecordingInTheRunnerAddsNothingToWhatTheRunSends() {
        // The user's recording has jdk.ThreadSleep, jdk.ThreadPark and more on; the run sends only what it asks JFR for.
        assertThat(classInit.capture().jfr).extracting(JfrEvent::kind).isNotEmpty()
                .allMatch(kind -> List.of(JfrEvent.PINNED, JfrEvent.SUBMIT_FAILED, JfrEvent.GC, JfrEvent.VTHREAD_START, JfrEvent.VTHREAD_END).contains(kind));
    }

    @Test
    void sleepingInAStaticInitializerPins() {
        VmEvents vm = classInit.result().vm();
        assertThat(vm.pinnedEvents()).isEqualTo(6);
        assertThat(vm.pinnedReasons()).hasSize(1);
        assertThat(vm.pinnedReasons().keySet().iterator().next()).contains("<clinit>");
    }

    @Test
    void sinceJep491SleepingInSynchronizedNoLongerPins() {
        VmEvents vm = synchronizedBlock.result().vm();
        assertThat(vm.pinnedEvents()).isZero();
        assertThat(synchronizedBlock.capture().pinned()).isEmpty();
        assertThat(vm.virtualThreadStarts()).isEqualTo(SYNCHRONIZED_TASKS);
        assertThat(vm.virtualThreadEnds()).isEqualTo(SYNCHRONIZED_TASKS);
    }

    @Test
    void theRecordingHoldsOneMountPerCarrierSliceNamingARealCarrier() {
        List<RecordedEvent> mounts = synchronizedBlock.recorded("dev.loomscope.Mount");
        List<RecordedEvent> unmounts = synchronizedBlock.recorded("dev.loomscope.Unmount");
        // Each task: one slice before its sleep, one after (not pinned, it let go of its carrier).
        assertThat(mounts).hasSize(2 * SYNCHRONIZED_TASKS);
        assertThat(unmounts).hasSize(2 * SYNCHRONIZED_TASKS);
        assertThat(mounts.stream().map(e -> e.getInt("task")).distinct().count()).isEqualTo(SYNCHRONIZED_TASKS);
        for (RecordedEvent mount : mounts) {
            assertThat(mount.getLong("carrier")).isPositive().isNotEqualTo(mount.getLong("virtualThread"));
        }
        assertThat(unmounts.stream().filter(e -> e.getBoolean("ended")).count()).isEqualTo(SYNCHRONIZED_TASKS);
        assertThat(synchronizedBlock.result().mounts()).isEqualTo(2 * SYNCHRONIZED_TASKS);
        assertThat(synchronizedBlock.result().unmounts()).isEqualTo(2 * SYNCHRONIZED_TASKS);
    }

    @Test
    void theThreadDumpHoldsTheSleepingVirtualThreads() throws IOException {
        int counted = synchronizedBlock.result().vm().threadDumpVirtualThreads();
        assertThat(counted).isGreaterThanOrEqualTo(SYNCHRONIZED_TASKS);
        assertThat(ThreadDumps.countVirtualThreads(new ObjectMapper().readTree(Files.readString(threadDump)))).isEqualTo(counted);
    }

    @Test
    void reasonsThatDifferOnlyByAHiddenClassAddressAreGrouped() {
        assertThat(VmEventTally.reasonKey("VM call to a.b.SleepingInitializer/0x0000000079100800.<clinit> on stack"))
                .isEqualTo("VM call to a.b.SleepingInitializer.<clinit> on stack");
        assertThat(VmEventTally.reasonKey("")).isEqualTo("no reason given");
        var tally = new VmEventTally();
        tally.add(new JfrEvent(JfrEvent.GC, -5, 10_000_000, -1, -1, "G1", "", ""));
        tally.add(new JfrEvent(JfrEvent.GC, 5, 2_000_000, -1, -1, "G1", "", ""));
        VmEvents totals = tally.result(false, -1, 0.1);
        assertThat(totals.gcPauses()).as("the baseline GC before time zero is not the run's").isEqualTo(1);
        assertThat(totals.gcPauseMs()).isEqualTo(2.0);
        assertThat(new ArrayList<>(List.of(totals.virtualThreadStarts()))).containsExactly(-1L);
    }

    /** Alone on the machine, JFR's times and our probes' agree to a few milliseconds. */
    @Test
    @Tag("timing")
    void jfrTimesLineUpWithTheLifecycleTimelineWithin5Ms() throws InterruptedException {
        var capture = new Capture();
        RunResult result = new Runner().run(virtual(8, 80, BlockingMode.NATIVE), capture);
        assertThat(result.vm().clockAlignmentErrorMs()).isLessThan(1.0);
        assertThat(capture.pinned()).hasSize(8).allSatisfy(pin -> {
            assertThat(pin.durationNanos() / 1e6).isBetween(75.0, 250.0);
            // Pinning starts when the task, already blocked in our probe's view, tries to unmount.
            long blockedAt = capture.blockedAtByThread.get(pin.threadId());
            assertThat(Math.abs(pin.timeNanos() - blockedAt) / 1e6).as("ms between BLOCKED and the pin").isLessThan(5.0);
        });
    }
}
