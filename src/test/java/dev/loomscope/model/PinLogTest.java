package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.JfrEvent;
import dev.loomscope.result.RunResult;
import dev.loomscope.testing.Events;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A run that pins more often than the JFR event list keeps rows for: its replay, its tasks' stories, its timeline export
 * and its hotspots still count every pin, as its live figures did.
 */
class PinLogTest {

    private static final int TASKS = 12_000;

    private static final RunModel RUN = FinishedRuns.pinning(TASKS);

    @Test
    void theEventListStopsAtItsFirstRowsWhileTheLiveFiguresCountEveryPin() {
        assertThat(RUN.jfrEvents()).hasSize(JfrEventList.MAX_KEPT);
        assertThat(RUN.figures(0).pinnedEvents()).isEqualTo(TASKS);
        assertThat(RUN.pins().size()).isEqualTo(TASKS);
    }

    @Test
    void aReplayCountsEveryPinAsItHappened() {
        var replay = new Replay(RUN);
        // Task t's pin begins at 1 + t % 40 ms: by 20 ms, those of t % 40 in 0..19, half of them.
        replay.seek(20);
        assertThat(replay.replica().figures(0).pinnedEvents()).isEqualTo(TASKS / 2);

        replay.seek(replay.durationMs());
        LiveFigures replayed = replay.replica().figures(0);
        assertThat(replayed.pinnedEvents()).isEqualTo(TASKS);
        assertThat(replayed.pinnedMs()).isCloseTo(RUN.figures(0).pinnedMs(), within(1e-6));
        assertThat(replay.replica().states()).isEqualTo(RUN.states());
        assertThat(replay.replica().pins().hotspots()).isEqualTo(RUN.pins().hotspots());
    }

    @Test
    void theLastTaskToPinHasItsPinInItsStory() {
        TaskLifecycle last = TaskLifecycle.of(RUN, TASKS - 1);
        assertThat(last.pinnedMs()).isEqualTo(10.0);
        assertThat(last.steps()).anySatisfy(step -> assertThat(step.atMs()).isEqualTo(1 + (TASKS - 1) % 40));
    }

    @Test
    void theTimelineExportHasASliceForEveryPin() throws Exception {
        var out = new ByteArrayOutputStream();
        TimelineExport.perfetto(RUN, out);
        var jfrSlices = Pattern.compile("\"cat\"\\s*:\\s*\"jfr\"").matcher(out.toString(StandardCharsets.UTF_8)).results().count();
        assertThat(jfrSlices).isEqualTo(TASKS);
    }

    @Test
    void hotspotsCountEveryPinOfTheirSite() {
        var hotspots = RUN.pins().hotspots();
        assertThat(hotspots).hasSize(2);
        assertThat(hotspots).extracting(PinHotspot::firstCallerFrame)
                .containsExactlyInAnyOrder("app.Odd.sleep(Odd.java:7)", "app.Even.sleep(Even.java:9)");
        for (PinHotspot hotspot : hotspots) {
            assertThat(hotspot.count()).isEqualTo(TASKS / 2);
            assertThat(hotspot.totalMs()).isCloseTo(TASKS / 2 * 10.0, within(1e-6));
            assertThat(hotspot.maxMs()).isEqualTo(10.0);
            assertThat(RUN.pins().of(hotspot)).hasSize(TASKS / 2).allSatisfy(pin -> assertThat(pin.event().stackTrace()).contains(hotspot.firstCallerFrame()));
        }
    }

    @Test
    void anOldRunWhoseRecordingIsDroppedKeepsItsFirstPinsAndItsHotspotsWhole() {
        RunModel old = FinishedRuns.pinning(TASKS);
        var before = old.pins().hotspots();
        old.dropRecording();
        assertThat(old.pins().size()).isEqualTo(JfrEventList.MAX_KEPT);
        assertThat(old.pins().get(JfrEventList.MAX_KEPT - 1).event().threadId()).isEqualTo(10_000 + JfrEventList.MAX_KEPT - 1);
        assertThat(old.pins().hotspots()).isEqualTo(before);
        assertThat(old.figures(0).pinnedEvents()).isEqualTo(TASKS);
    }

    @Test
    void pinsThatCameWithoutTheirThreadArePutOnTheTaskThatBlockedOnTheirCarrier() {
        RunModel named = FinishedRuns.pinnedInTurn(200, true);
        RunModel unnamed = FinishedRuns.pinnedInTurn(200, false);

        assertThat(unnamed.states()).isEqualTo(named.states());
        for (int task = 0; task < 200; task++) {
            assertThat(TaskState.pinned(unnamed.states()[task])).as("task %d shown pinned", task).isTrue();
        }
        for (int i = 0; i < 200; i++) {
            assertThat(unnamed.pins().get(i).event().threadId()).isEqualTo(10_000 + i);
        }
        assertThat(TaskLifecycle.of(unnamed, 137).pinnedMs()).isEqualTo(9.0);
    }

    @Test
    void pinsThatCameWithoutTheirThreadShowTheirTaskPinnedWhileTheRunGoesOn() {
        // 200 tasks pinned in turn on two carriers, 10 ms each; JFR sends every pin without its thread, after its task's
        // own events, as its stream does. Half the run's events, then their pins; then the other half, then theirs. The
        // last task on each carrier of each half (98, 99, 198 and 199) resumes only after its pin has come.
        var scenario = dev.loomscope.scenario.Scenario.of(dev.loomscope.scenario.ExecutorKind.VIRTUAL).withTasks(200).withPool(2).build();
        var run = new RunModel(6, scenario, 2);
        var submitted = new Events();
        for (int task = 0; task < 200; task++) {
            submitted.add(EventType.SUBMITTED, task, 0, 1, 1);
        }
        run.onEvents(submitted.batch());
        var waiting = java.util.Set.of(98, 99, 198, 199);
        for (int half = 0; half < 2; half++) {
            var events = new Events();
            var resumedLate = new Events();
            var pins = new java.util.ArrayList<JfrEvent>();
            for (int task = half * 100; task < half * 100 + 100; task++) {
                long carrier = 31 + task % 2;
                double start = task / 2 * 10.0;
                events.add(EventType.STARTED, task, start, 10_000 + task, carrier)
                        .add(EventType.BLOCKED, task, start, 10_000 + task, carrier);
                (waiting.contains(task) ? resumedLate : events).add(EventType.RESUMED, task, start + 10, 10_000 + task, carrier)
                        .add(EventType.FINISHED, task, start + 10, 10_000 + task, carrier);
                pins.add(new JfrEvent(JfrEvent.PINNED, (long) ((start + 0.2) * 1e6), 9_000_000L, -1,
                        carrier, "Native or VM frame on stack", "Thread.sleep", "java.lang.Thread.sleep(Thread.java:1)"));
            }
            run.onEvents(events.batch());
            run.onJfrEvents(pins);
            run.onEvents(resumedLate.batch());
        }

        // Named as they came: every pin whose task had resumed, so that no task could have taken its carrier in between.
        // The four that came before their task resumed wait for the run's end.
        for (int task = 0; task < 200; task++) {
            assertThat(TaskState.pinned(run.states()[task])).as("task %d shown pinned during the run", task).isEqualTo(!waiting.contains(task));
            assertThat(run.pins().get(task).event().threadId()).as("pin %d's thread", task).isEqualTo(waiting.contains(task) ? -1 : 10_000 + task);
        }
        run.finish(RunResult.failed(scenario, 1_000, "stopped"));
        for (int task = 0; task < 200; task++) {
            assertThat(run.pins().get(task).event().threadId()).as("pin %d's thread at the end", task).isEqualTo(10_000 + task);
            assertThat(TaskState.pinned(run.states()[task])).as("task %d shown pinned at the end", task).isTrue();
        }
    }

    @Test
    void aPinNamedFromEventsThatCameOutOfOrderIsNamedAgainFromTheWholeRecording() {
        var run = pinsRun(2);
        long carrier = 31;
        // Task 0 blocks and lets the carrier go at 10 ms, and resumes there at 20. Task 1 ran there in between and pinned in
        // code that records no block, but its events come after the pin: as it came, the pin looked held by task 0.
        run.onEvents(new Events().add(EventType.STARTED, 0, 0, 500, carrier).add(EventType.BLOCKED, 0, 10, 500, carrier)
                .add(EventType.RESUMED, 0, 20, 500, carrier).add(EventType.FINISHED, 0, 21, 500, carrier)
                .batch());
        run.onJfrEvents(List.of(pin(13_000_000L, 5_000_000L, carrier)));
        assertThat(TaskState.pinned(run.states()[0])).as("named as it came, from the events that had come").isTrue();
        run.onEvents(new Events().add(EventType.STARTED, 1, 12, 501, carrier)
                .add(EventType.FINISHED, 1, 19, 501, carrier).batch());
        run.finish(RunResult.failed(run.scenario(), 21, "stopped"));

        assertThat(TaskState.pinned(run.states()[0])).as("task 0 let its carrier go: not its pin").isFalse();
        assertThat(TaskState.pinned(run.states()[1])).as("task 1's thread the pin did not name: left unnamed").isFalse();
        assertThat(run.pins().get(0).event().threadId()).isEqualTo(-1);
    }

    @Test
    void aReplayGoesOnWholeWhenItsRunBecomesOldAndKeepsOnlyItsFirstPins() {
        RunModel old = FinishedRuns.pinning(TASKS);
        var replay = new Replay(old);
        replay.seek(20);
        old.dropRecording();

        replay.seek(replay.durationMs());
        assertThat(replay.replica().figures(0).pinnedEvents()).isEqualTo(TASKS);
        assertThat(old.pins().size()).isEqualTo(JfrEventList.MAX_KEPT);
    }

    @Test
    void aPinIsNeverPutOnATaskThatDidNotHoldItsCarrierOrOnAThreadItDidNotCome() {
        var run = pinsRun(2);
        long carrier = 31;
        // Task 1's BLOCKED event is missing (its runner's ring lost it, say): its own start is the last event before its pin,
        // and task 0's block, 200 ms earlier, is no longer the carrier's last.
        run.onEvents(new Events().add(EventType.STARTED, 0, 0, 500, carrier).add(EventType.BLOCKED, 0, 0, 500, carrier)
                .add(EventType.RESUMED, 0, 10, 500, carrier).add(EventType.FINISHED, 0, 10, 500, carrier)
                .add(EventType.STARTED, 1, 200, 501, carrier).add(EventType.FINISHED, 1, 210, 501, carrier)
                .batch());
        var noThread = pin(200_200_000L, 9_000_000L, carrier);
        // A thread that is no task of the run (a service's own, say) pinned on the same carrier just after task 0 blocked.
        var notATask = new JfrEvent(JfrEvent.PINNED, 200_000L, 1_000_000L, 999_999_999L, carrier, "r", "", "");
        run.onJfrEvents(List.of(noThread, notATask));
        run.finish(RunResult.failed(run.scenario(), 210, "stopped"));

        assertThat(TaskState.pinned(run.states()[0])).isFalse();
        assertThat(run.pins().get(0).event().threadId()).isEqualTo(-1);
        assertThat(run.pins().get(1).event().threadId()).isEqualTo(999_999_999L);
    }

    @Test
    void aShortPinThatBeganLateIsNamedAtTheRunsEndAfterItsOwnTaskNotTheNext() {
        // The measured case (RecentCarrierEventsTest's), its pin coming before its task resumed: named at the run's end.
        long carrier = 34;
        var late = pinsRun(3);
        late.onEvents(new Events().add(EventType.STARTED, 1, 3_247.9, 1_228, carrier)
                .add(EventType.BLOCKED, 1, 3_247.960, 1_228, carrier).batch());
        late.onJfrEvents(List.of(pin(3_252_296_000L, 751_000L, carrier)));
        assertThat(TaskState.pinned(late.states()[1])).as("not named before its task resumed").isFalse();
        late.onEvents(new Events().add(EventType.RESUMED, 1, 3_253.090, 1_228, carrier)
                .add(EventType.FINISHED, 1, 3_253.092, 1_228, carrier)
                .add(EventType.STARTED, 2, 3_253.100, 1_230, carrier).add(EventType.BLOCKED, 2, 3_253.131, 1_230, carrier)
                .add(EventType.RESUMED, 2, 3_258.3, 1_230, carrier).batch());
        late.finish(RunResult.failed(late.scenario(), 3_260, "stopped"));

        assertThat(TaskState.pinned(late.states()[1])).isTrue();
        assertThat(TaskState.pinned(late.states()[2])).isFalse();
        assertThat(late.pins().get(0).event().threadId()).isEqualTo(1_228);
    }

    @Test
    void aPinnedWaitThatEndsItsTaskIsStillItsTasks() {
        // A cancelled scope ends a task in its pinned sleep: the task records its cancellation, no resume.
        var run = pinsRun(1);
        long carrier = 31;
        run.onEvents(new Events().add(EventType.STARTED, 0, 1, 700, carrier)
                .add(EventType.BLOCKED, 0, 1, 700, carrier).add(EventType.CANCELLED, 0, 30, 700, carrier).batch());
        namedAsItComesAndAtTheEnd(run, pin(1_200_000L, 28_700_000L, carrier), 30);
        assertThat(run.pins().get(0).event().threadId()).isEqualTo(700);
    }

    @Test
    void aPinOfAMicrosecondIsNamedAlikeAsItComesAndAtTheEnd() {
        // Block, pin and resume within one microsecond: the run's end compares their times to the nanosecond, as the live naming.
        var run = pinsRun(1);
        long carrier = 31;
        run.onEvents(new Events().add(EventType.STARTED, 0, 10.0, 700, carrier)
                .add(EventType.BLOCKED, 0, 10.000_000, 700, carrier)
                .add(EventType.RESUMED, 0, 10.000_700, 700, carrier).batch());
        namedAsItComesAndAtTheEnd(run, pin(10_000_100L, 400L, carrier), 11);
    }

    @Test
    void aPinPastWhatTheRecordingKeptKeepsTheNameItWasGivenAsItCame() {
        var run = pinsRun(2);
        long carrier = 31;
        run.onEvents(new Events().add(EventType.STARTED, 0, 1, 700, carrier)
                .add(EventType.BLOCKED, 0, 1, 700, carrier).add(EventType.RESUMED, 0, 11, 700, carrier).batch());
        // The recording stops keeping (its heap would not grow): task 1's events are applied, not kept.
        run.recordingWhileRunning().stopKeeping();
        run.onEvents(new Events().add(EventType.STARTED, 1, 20, 701, carrier)
                .add(EventType.BLOCKED, 1, 20, 701, carrier).add(EventType.RESUMED, 1, 30, 701, carrier).batch());
        run.onJfrEvents(List.of(pin(1_200_000L, 9_000_000L, carrier), pin(20_200_000L, 9_000_000L, carrier)));
        run.finish(RunResult.failed(run.scenario(), 30, "stopped"));

        assertThat(TaskState.pinned(run.states()[0])).isTrue();
        assertThat(TaskState.pinned(run.states()[1])).as("named as it came; the recording cannot tell").isTrue();
        assertThat(run.pins().get(1).event().threadId()).isEqualTo(701);
    }

    /** A virtual run of {@code tasks}, each submitted. */
    private static RunModel pinsRun(int tasks) {
        var run = new RunModel(8, dev.loomscope.scenario.Scenario.of(dev.loomscope.scenario.ExecutorKind.VIRTUAL).withTasks(tasks).withPool(2).build(), 2);
        var submitted = new Events();
        for (int task = 0; task < tasks; task++) {
            submitted.add(EventType.SUBMITTED, task, 0, 1, 1);
        }
        run.onEvents(submitted.batch());
        return run;
    }

    /** {@code run} gets {@code pin}, then ends at {@code endMs}: its task 0 shows pinned as the pin comes, and still at the end. */
    private static void namedAsItComesAndAtTheEnd(RunModel run, JfrEvent pin, double endMs) {
        run.onJfrEvents(List.of(pin));
        assertThat(TaskState.pinned(run.states()[0])).as("named as it came").isTrue();
        run.finish(RunResult.failed(run.scenario(), endMs, "stopped"));
        assertThat(TaskState.pinned(run.states()[0])).as("and at the end").isTrue();
    }

    /** A pin JFR sent without its thread. */
    private static JfrEvent pin(long startNanos, long durationNanos, long carrier) {
        return new JfrEvent(JfrEvent.PINNED, startNanos, durationNanos, -1, carrier, "r", "", "");
    }
}
