package dev.loomscope.launcher;

import dev.loomscope.result.RunResult;
import dev.loomscope.result.VmEvents;
import dev.loomscope.runner.ThreadDumps;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.protocol.EventBatch;
import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.JfrEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** JFR events from real runner JVMs: pinning on JDK 25, clock alignment, the .jfr file, the thread dump. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JfrTelemetryTest {

    private final Runner runner = new Runner();

    /** Keeps the JFR events and, per virtual thread, when it blocked and on which carriers it started. */
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

    private static Scenario virtual(int tasks, int sleepMs, BlockingMode mode) {
        return Scenario.of(ExecutorKind.VIRTUAL).withTasks(tasks).withSleepMs(sleepMs).withBlocking(mode).build();
    }

    @Test
    void sleepingInsideANativeFramePinsOncePerTaskForAboutTheSleep() throws InterruptedException {
        var capture = new Capture();
        RunResult result = runner.run(virtual(10, 60, BlockingMode.NATIVE), capture);

        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.vm().pinnedEvents()).isEqualTo(10);
        assertThat(result.vm().pinnedReasons()).containsExactly(Map.entry("Native or VM frame on stack", 10L));
        assertThat(capture.pinned()).hasSize(10).allSatisfy(pin -> {
            assertThat(pin.durationNanos() / 1e6).isBetween(55.0, 250.0);
            assertThat(pin.blockingOperation()).isNotEmpty();
            assertThat(pin.stackTrace()).contains("NativeBlocking");
            // The carrier JFR names is the one our own probe saw when the task blocked.
            assertThat(pin.carrierId()).isPositive().isEqualTo(capture.carrierAtBlockByThread.get(pin.threadId()));
        });
        assertThat(result.vm().pinnedMs()).isBetween(10 * 55.0, 10 * 250.0);
    }

    @Test
    void sleepingInAStaticInitializerPins() throws InterruptedException {
        RunResult result = runner.run(virtual(6, 40, BlockingMode.CLASS_INIT), RunListener.NONE);
        assertThat(result.vm().pinnedEvents()).isEqualTo(6);
        assertThat(result.vm().pinnedReasons()).hasSize(1);
        assertThat(result.vm().pinnedReasons().keySet().iterator().next()).contains("<clinit>");
    }

    @Test
    void sinceJep491SleepingInSynchronizedNoLongerPins() throws InterruptedException {
        RunResult result = runner.run(virtual(20, 40, BlockingMode.SYNCHRONIZED), RunListener.NONE);
        assertThat(result.isCompleted()).isTrue();
        assertThat(result.vm().pinnedEvents()).isZero();
        assertThat(result.vm().virtualThreadStarts()).isEqualTo(20);
        assertThat(result.vm().virtualThreadEnds()).isEqualTo(20);
    }

    @Test
    void jfrTimesLineUpWithTheLifecycleTimelineWithin5Ms() throws InterruptedException {
        var capture = new Capture();
        RunResult result = runner.run(virtual(8, 80, BlockingMode.NATIVE), capture);
        assertThat(result.vm().clockAlignmentErrorMs()).isLessThan(1.0);
        assertThat(capture.pinned()).hasSize(8).allSatisfy(pin -> {
            // Pinning starts when the task, already blocked in our probe's view, tries to unmount.
            long blockedAt = capture.blockedAtByThread.get(pin.threadId());
            assertThat(Math.abs(pin.timeNanos() - blockedAt) / 1e6).as("ms between BLOCKED and the pin").isLessThan(5.0);
        });
    }

    @Test
    void theSavedRecordingReadsBackWithOurClockMarkAndThePins(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.jfr");
        RunResult result = runner.run(virtual(5, 30, BlockingMode.NATIVE), new RunOptions(true, file, null), RunListener.NONE);
        assertThat(result.isCompleted()).isTrue();

        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        var names = events.stream().map(e -> e.getEventType().getName()).toList();
        assertThat(names).contains("dev.loomscope.ClockMark");
        assertThat(names.stream().filter("jdk.VirtualThreadPinned"::equals).count()).isEqualTo(5);
    }

    @Test
    void theRecordingHoldsOneMountPerCarrierSliceNamingARealCarrier(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("mounts.jfr");
        var capture = new Capture();
        RunResult result = runner.run(virtual(12, 30, BlockingMode.SLEEP), new RunOptions(true, file, null), capture);
        assertThat(result.isCompleted()).isTrue();

        List<RecordedEvent> mounts = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("dev.loomscope.Mount")).toList();
        List<RecordedEvent> unmounts = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("dev.loomscope.Unmount")).toList();
        // Each task: one slice before its sleep, one after.
        assertThat(mounts).hasSize(24);
        assertThat(unmounts).hasSize(24);
        assertThat(mounts.stream().map(e -> e.getInt("task")).distinct().count()).isEqualTo(12);
        for (RecordedEvent mount : mounts) {
            assertThat(mount.getLong("carrier")).isNotEqualTo(mount.getLong("virtualThread"));
            // The carrier in the event is the one our probe saw for that virtual thread when it blocked,
            // or the one it resumed on; either way a carrier our lifecycle stream knows.
            assertThat(mount.getLong("carrier")).isPositive();
        }
        assertThat(unmounts.stream().filter(e -> e.getBoolean("ended")).count()).isEqualTo(12);
        assertThat(result.mounts()).isEqualTo(24);
        assertThat(result.unmounts()).isEqualTo(24);
    }

    @Test
    void mountEventsNameTheForkJoinPoolWorkerThePinHeld(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("pinned-mounts.jfr");
        runner.run(virtual(6, 30, BlockingMode.NATIVE), new RunOptions(true, file, null), RunListener.NONE);
        List<RecordedEvent> all = RecordingFile.readAllEvents(file);
        Map<Long, jdk.jfr.consumer.RecordedThread> carrierByVirtualThread = new java.util.HashMap<>();
        all.stream().filter(e -> e.getEventType().getName().equals("jdk.VirtualThreadPinned"))
                .forEach(e -> carrierByVirtualThread.put(e.getThread().getJavaThreadId(), e.getThread("carrierThread")));
        List<RecordedEvent> mounts = all.stream().filter(e -> e.getEventType().getName().equals("dev.loomscope.Mount")).toList();
        // Two probe slices per task (before and after the sleep), both on the carrier the pin held:
        // pinned, the task never let go of it.
        assertThat(mounts).hasSize(12);
        for (RecordedEvent mount : mounts) {
            var carrier = carrierByVirtualThread.get(mount.getLong("virtualThread"));
            assertThat(carrier.getJavaName()).startsWith("ForkJoinPool-").contains("-worker-");
            assertThat(mount.getLong("carrier")).isEqualTo(carrier.getJavaThreadId());
        }
    }

    @Test
    void aPinnedSleepNeverLetsGoOfItsCarrier() throws InterruptedException {
        RunResult pinned = runner.run(virtual(10, 30, BlockingMode.NATIVE), RunListener.NONE);
        assertThat(pinned.mounts()).as("one mount each: the native sleep kept the carrier").isEqualTo(10);
        assertThat(pinned.unmounts()).isEqualTo(10);
        RunResult platform = runner.run(Scenario.of(ExecutorKind.PLATFORM).withTasks(10).withSleepMs(30).build(), RunListener.NONE);
        assertThat(platform.mounts()).as("a platform thread holds its task throughout").isEqualTo(10);
    }

    @Test
    void theThreadDumpHoldsTheSleepingVirtualThreads(@TempDir Path dir) throws InterruptedException, IOException {
        Path file = dir.resolve("threads.json");
        RunResult result = runner.run(virtual(60, 1_000, BlockingMode.SLEEP), new RunOptions(true, null, file), RunListener.NONE);
        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.vm().threadDumpVirtualThreads()).isGreaterThanOrEqualTo(60);
        var dump = new ObjectMapper().readTree(Files.readString(file));
        assertThat(ThreadDumps.countVirtualThreads(dump)).isEqualTo(result.vm().threadDumpVirtualThreads());
    }

    @Test
    void withoutJfrNothingIsStreamed() throws InterruptedException {
        var capture = new Capture();
        RunResult result = runner.run(virtual(5, 30, BlockingMode.NATIVE), RunOptions.DEFAULT.withoutJfr(), capture);
        assertThat(result.isCompleted()).isTrue();
        assertThat(capture.jfr).isEmpty();
        assertThat(result.vm().pinnedEvents()).isZero();
        assertThat(result.vm().virtualThreadStarts()).isEqualTo(-1);
    }

    @Test
    void reasonsThatDifferOnlyByAHiddenClassAddressAreGrouped() {
        assertThat(VmEventTally.reasonKey("VM call to a.b.SleepingInitializer/0x0000000079100800.<clinit> on stack"))
                .isEqualTo("VM call to a.b.SleepingInitializer.<clinit> on stack");
        assertThat(VmEventTally.reasonKey("")).isEqualTo("(no reason given)");
        var tally = new VmEventTally();
        tally.add(new JfrEvent(JfrEvent.GC, -5, 10_000_000, -1, -1, "G1", "", ""));
        tally.add(new JfrEvent(JfrEvent.GC, 5, 2_000_000, -1, -1, "G1", "", ""));
        VmEvents totals = tally.result(false, -1, 0.1);
        assertThat(totals.gcPauses()).as("the baseline GC before time zero is not the run's").isEqualTo(1);
        assertThat(totals.gcPauseMs()).isEqualTo(2.0);
        assertThat(new ArrayList<>(List.of(totals.virtualThreadStarts()))).containsExactly(-1L);
    }
}
