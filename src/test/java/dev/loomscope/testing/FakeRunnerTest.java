package dev.loomscope.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomscope.launcher.RunListener;
import dev.loomscope.protocol.EventBatch;
import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.JfrEvent;
import dev.loomscope.protocol.RunStart;
import dev.loomscope.protocol.RunnerHello;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The fake runner the model and window tests run on: a plausible stream, the same every time, held and stopped on demand. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class FakeRunnerTest {

    private static final Scenario FOUR_ON_A_POOL_OF_TWO = Scenario.of(ExecutorKind.FIXED).withTasks(4).withPool(2).withSleepMs(50).build();

    /** What a listener heard, in order. */
    static final class Heard implements RunListener {
        final List<String> calls = new CopyOnWriteArrayList<>();
        final List<Events.Event> events = new CopyOnWriteArrayList<>();
        final List<List<Events.Event>> frames = new CopyOnWriteArrayList<>();
        final List<JfrEvent> jfr = new CopyOnWriteArrayList<>();
        volatile RunStart start;
        final List<Long> lateness = new CopyOnWriteArrayList<>();

        @Override
        public void onHello(RunnerHello hello) {
            calls.add("hello");
        }

        @Override
        public void onStarted(RunStart start) {
            this.start = start;
            calls.add("started");
        }

        @Override
        public void onEvents(EventBatch batch) {
            calls.add("events");
            var frame = new ArrayList<Events.Event>();
            for (int i = 0; i < batch.size(); i++) {
                frame.add(new Events.Event(batch.type(i), batch.task(i), batch.timeNanos(i), batch.threadId(i), batch.carrierId(i)));
            }
            frames.add(frame);
            events.addAll(frame);
            long newest = frame.stream().mapToLong(Events.Event::timeNanos).max().orElse(0);
            lateness.add(System.nanoTime() - start.monotonicNanos() - newest);
        }

        @Override
        public void onSample(dev.loomscope.protocol.Sample sample) {
            calls.add("sample");
        }

        @Override
        public void onJfrEvents(List<JfrEvent> events) {
            calls.add("jfr");
            jfr.addAll(events);
        }

        List<EventType> lifecycleOf(int task) {
            return events.stream().filter(e -> e.task() == task).sorted(Comparator.comparingLong(Events.Event::timeNanos))
                    .map(Events.Event::type).toList();
        }
    }

    @Test
    void aRunStreamsEveryTasksLifecycleInWavesAndCompletes() throws Exception {
        var heard = new Heard();
        RunResult result = new FakeRunner().run(FOUR_ON_A_POOL_OF_TWO, heard);

        assertThat(result.isCompleted()).isTrue();
        assertThat(result.completed()).isEqualTo(4);
        assertThat(result.idealMs()).isEqualTo(100);
        assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(result.idealMs());
        assertThat(heard.calls.subList(0, 3)).containsExactly("hello", "started", "sample");
        for (int task = 0; task < 4; task++) {
            assertThat(heard.lifecycleOf(task)).containsExactly(EventType.SUBMITTED, EventType.STARTED, EventType.BLOCKED, EventType.RESUMED,
                    EventType.FINISHED);
        }
        // Two waves: the pool's two threads take the last two tasks once the first two have slept.
        Map<Integer, Long> startMs = heard.events.stream().filter(e -> e.type() == EventType.STARTED)
                .collect(Collectors.toMap(Events.Event::task, e -> e.timeNanos() / 1_000_000));
        assertThat(startMs.get(0)).isLessThan(50);
        assertThat(startMs.get(2)).isGreaterThanOrEqualTo(50);
        assertThat(heard.events.stream().filter(e -> e.type() == EventType.STARTED).map(Events.Event::thread).distinct()).hasSize(2);
        assertThat(result.delivery().complete()).isTrue();
        assertThat(result.delivery().eventsReceived()).isEqualTo(heard.events.size());
    }

    @Test
    void theSameScenarioGivesTheSameStreamAndEventsArriveOnlyRoughlyInOrder() {
        var scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(200).withSleepMs(30).build();
        RunScript once = RunScript.synthesise(scenario, RunOptions.DEFAULT, 2);
        RunScript again = RunScript.synthesise(scenario, RunOptions.DEFAULT, 2);
        assertThat(again.events()).isEqualTo(once.events());
        assertThat(again.samples()).isEqualTo(once.samples());
        // Drained ring by ring, as the runner does: an older event may come after a newer one.
        List<Long> times = once.events().stream().map(Events.Event::timeNanos).toList();
        assertThat(times).isNotEqualTo(times.stream().sorted().toList());
        // Virtual threads: one per task, each on a carrier other than itself, moving to another after its sleep.
        assertThat(once.events().stream().filter(e -> e.type() == EventType.STARTED).map(Events.Event::thread).distinct()).hasSize(200);
        assertThat(once.events()).filteredOn(e -> e.type() != EventType.SUBMITTED).allSatisfy(e -> assertThat(e.carrier()).isNotEqualTo(e.thread()));
        assertThat(once.samples().getLast().completedTasks()).isEqualTo(200);
    }

    @Test
    void nativeBlockingOnVirtualThreadsPinsEachTaskOnceWithJfrAndNeverWithout() throws Exception {
        var pinning = Scenario.of(ExecutorKind.VIRTUAL).withTasks(6).withSleepMs(40).withBlocking(BlockingMode.NATIVE).build();
        var heard = new Heard();
        RunResult result = new FakeRunner().run(pinning, heard);
        assertThat(heard.jfr).hasSize(6).allSatisfy(pin -> {
            assertThat(pin.kind()).isEqualTo(JfrEvent.PINNED);
            assertThat(pin.reason()).isEqualTo("Native or VM frame on stack");
            assertThat(pin.durationNanos()).isEqualTo(40_000_000L);
        });
        assertThat(result.vm().pinnedEvents()).isEqualTo(6);
        // Pinned, each task keeps its carrier: three waves of two on two carriers.
        assertThat(result.idealMs()).isEqualTo(120);
        assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(120);

        var withoutJfr = new Heard();
        RunResult unrecorded = new FakeRunner().run(pinning, RunOptions.DEFAULT.withoutJfr(), withoutJfr);
        assertThat(withoutJfr.jfr).isEmpty();
        assertThat(unrecorded.vm().pinnedEvents()).isZero();
    }

    @Test
    void aHeldRunWaitsPartWayUntilStoppedAndSaysHowFarItGot() throws Exception {
        var runner = new FakeRunner().holdingAt(0.75);
        var heard = new Heard();
        var handle = runner.start(FOUR_ON_A_POOL_OF_TWO, heard);
        Poll.until("the run held three quarters of the way", Duration.ofSeconds(10), () -> runner.heldNow() == 1);
        assertThat(handle.result()).isNotDone();
        long finishedSoFar = heard.events.stream().filter(e -> e.type() == EventType.FINISHED).count();
        assertThat(finishedSoFar).isBetween(1L, 3L);

        handle.cancel();
        RunResult result = handle.result().get(10, TimeUnit.SECONDS);
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.CANCELLED);
        assertThat(result.message()).startsWith("Stopped after " + finishedSoFar + " of 4 tasks had finished");
        assertThat(runner.heldNow()).isZero();
    }

    @Test
    void aReleasedRunGoesOnToItsEnd() throws Exception {
        var runner = new FakeRunner().holdingAt(0);
        var heard = new Heard();
        var handle = runner.start(FOUR_ON_A_POOL_OF_TWO, heard);
        Poll.until("the run held at its start", Duration.ofSeconds(10), () -> runner.heldNow() == 1);
        assertThat(heard.events).isEmpty();
        runner.release();
        assertThat(handle.result().get(10, TimeUnit.SECONDS).isCompleted()).isTrue();
        assertThat(heard.events).hasSize(20);
    }

    @Test
    void aFailingRunnerFailsEachRunWithItsMessageBeforeSayingHello() throws Exception {
        var heard = new Heard();
        RunResult result = new FakeRunner().failingWith("The runner JVM exited with code 1: bad flag").run(FOUR_ON_A_POOL_OF_TWO, heard);
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.FAILED);
        assertThat(result.message()).isEqualTo("The runner JVM exited with code 1: bad flag");
        assertThat(heard.calls).isEmpty();
    }

    @Test
    void aListenerThatThrowsStopsTheRunAndIsNamed() throws Exception {
        RunResult result = new FakeRunner().run(FOUR_ON_A_POOL_OF_TWO, new RunListener() {
            @Override
            public void onEvents(EventBatch batch) {
                throw new IllegalStateException("view broke");
            }
        });
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.FAILED);
        assertThat(result.message()).contains("showing the run failed").contains("view broke");
    }

    @Test
    void pacedEachFrameArrivesNoEarlierThanItsTimeOnTheRunsClock() throws Exception {
        var heard = new Heard();
        new FakeRunner().paced(10).run(FOUR_ON_A_POOL_OF_TWO, heard);
        assertThat(heard.lateness).isNotEmpty();
        // Each frame is timed by its newest event, at one tenth of the run's clock: never before.
        List<Long> frameEnds = heard.frames.stream().map(f -> f.stream().mapToLong(Events.Event::timeNanos).max().orElse(0)).toList();
        for (int i = 0; i < frameEnds.size(); i++) {
            assertThat(heard.lateness.get(i) + frameEnds.get(i)).as("frame %d", i).isGreaterThanOrEqualTo(frameEnds.get(i) / 10);
        }
    }

    @Test
    void aRecordedRunPlaysAgainAsItWasHeard() throws Exception {
        var recorder = new RunScript.Recorder();
        RunResult original = new FakeRunner().run(FOUR_ON_A_POOL_OF_TWO, recorder);
        RunScript recorded = recorder.script(original);

        var heard = new Heard();
        RunResult replayed = new FakeRunner().playing(scenario -> recorded).run(FOUR_ON_A_POOL_OF_TWO, heard);
        assertThat(replayed).isEqualTo(original);
        assertThat(heard.events).isEqualTo(recorded.events());
    }

    @Test
    void aRunAskedForARecordingLeavesOneToReadBack(@TempDir Path dir) throws Exception {
        var virtual = Scenario.of(ExecutorKind.VIRTUAL).withTasks(5).withSleepMs(10).build();
        Path plain = dir.resolve("plain.jfr");
        new FakeRunner().run(virtual, RunOptions.DEFAULT.withJfrFile(plain, false), RunListener.NONE);
        // Only its own events: JFR is one per JVM, and test classes beside this one record and commit events too.
        Map<String, Long> names = RecordingFile.readAllEvents(plain).stream().filter(e -> FakeRunner.committedFor(e, plain))
                .collect(Collectors.groupingBy(e -> e.getEventType().getName(), Collectors.counting()));
        assertThat(names).containsEntry("dev.loomscope.ClockMark", 1L).containsKey("jdk.VirtualThreadStart").doesNotContainKey("dev.loomscope.Mount");
        assertThat(names.get("jdk.VirtualThreadStart")).isGreaterThanOrEqualTo(5);

        Path withMounts = dir.resolve("mounts.jfr");
        new FakeRunner().run(virtual, RunOptions.DEFAULT.withJfrFile(withMounts, true), RunListener.NONE);
        assertThat(RecordingFile.readAllEvents(withMounts)).filteredOn(e -> FakeRunner.committedFor(e, withMounts))
                .filteredOn(e -> e.getEventType().getName().equals("dev.loomscope.Mount")).hasSize(5);
    }

    @Test
    void startsAreRecordedAbsurdRunsRefusedAndRunsCounted() throws Exception {
        var runner = new FakeRunner(4);
        runner.run(FOUR_ON_A_POOL_OF_TWO, RunOptions.DEFAULT.withoutJfr(), RunListener.NONE);
        var forever = Scenario.of(ExecutorKind.SINGLE).withTasks(10_000_000).withSleepMs(60_000).build();
        assertThatThrownBy(() -> runner.start(forever, RunListener.NONE)).isInstanceOf(InvalidScenarioException.class);
        assertThat(runner.started()).containsExactly(new FakeRunner.Started(FOUR_ON_A_POOL_OF_TWO, RunOptions.DEFAULT.withoutJfr()));
        assertThat(runner.mostAtOnce()).isEqualTo(1);
        assertThat(runner.cores()).isEqualTo(4);
    }
}
