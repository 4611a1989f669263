package dev.loomscope.model;

import static dev.loomscope.protocol.EventType.BLOCKED;
import static dev.loomscope.protocol.EventType.CANCELLED;
import static dev.loomscope.protocol.EventType.FAILED;
import static dev.loomscope.protocol.EventType.FINISHED;
import static dev.loomscope.protocol.EventType.RESUMED;
import static dev.loomscope.protocol.EventType.STARTED;
import static dev.loomscope.protocol.EventType.SUBMITTED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.protocol.JfrEvent;
import dev.loomscope.testing.Events;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Feeds a run model the events a runner would send and checks what the views would draw. */
class RunModelTest {

    private static Scenario scenario(ExecutorKind kind, int tasks, int pool) {
        return Scenario.of(kind).withTasks(tasks).withPool(pool).withSleepMs(100).build();
    }
    /** Events that submit tasks 0 to {@code tasks - 1} at the run's start, from the submitting thread. */
    private static Events submitted(int tasks) {
        var events = new Events();
        for (int task = 0; task < tasks; task++) {
            events.add(SUBMITTED, task, 0, 1, 1);
        }
        return events;
    }

    @Test
    void aFixedPoolOfTwoRunsFourTasksInTwoWavesHoldingItsThreadsWhileTheyWait() {
        var model = new RunModel(1, scenario(ExecutorKind.FIXED, 4, 2), 2);
        var events = new Events();
        for (int task = 0; task < 4; task++) {
            events.platform(SUBMITTED, task, 0, 1);
        }
        // Wave 1 on threads 21 and 22, wave 2 on the same threads: each task computes 0 ms, waits 100 ms.
        for (int wave = 0; wave < 2; wave++) {
            for (int t = 0; t < 2; t++) {
                int task = wave * 2 + t;
                long thread = 21 + t;
                double start = wave * 100.0;
                events.platform(STARTED, task, start, thread).platform(BLOCKED, task, start + 1, thread)
                        .platform(RESUMED, task, start + 100, thread).platform(FINISHED, task, start + 100, thread);
            }
        }
        model.onEvents(events.batch());

        assertThat(model.states()).containsOnly(TaskState.DONE);
        var figures = model.figures(0);
        assertThat(figures.completed()).isEqualTo(4);
        assertThat(figures.inFlight()).isZero();
        assertThat(model.curve().total()).isEqualTo(4);

        CarrierLanes lanes = model.lanes();
        assertThat(lanes.laneCount()).isEqualTo(2);
        assertThat(lanes.isVirtual()).isFalse();
        // Over 0-200 ms in two columns, each thread is held (blocked, holding it) about 99% of each column.
        float[] bins = lanes.occupancy(0, 200_000_000L, 2, null);
        for (int lane = 0; lane < 2; lane++) {
            for (int column = 0; column < 2; column++) {
                assertThat(bins[(lane * CarrierLanes.KINDS + CarrierLanes.HELD) * 2 + column]).isCloseTo(0.99f, within(0.001f));
                assertThat(bins[(lane * CarrierLanes.KINDS + CarrierLanes.RUNNING) * 2 + column]).isCloseTo(0.01f, within(0.001f));
            }
        }
        // The completion curve climbs in two steps of two.
        var points = model.curve().points(1_000);
        assertThat(points.completed()[points.size() - 1]).isEqualTo(4);
        assertThat(valueAt(points, 50)).isZero();
        assertThat(valueAt(points, 150)).isEqualTo(2);
    }

    @Test
    void aScopeCancelledByOneFailureEndsItsOtherTasksCancelledAndOffTheCompletionCurve() {
        Scenario scenario = Scenario.of(ExecutorKind.STRUCTURED).withTasks(4).withSleepMs(1_000).withFailAtMs(100).build();
        var model = new RunModel(1, scenario, 2);
        var events = submitted(4);
        // Tasks 0 to 2 start and wait; task 2 is the one that fails; task 3 was forked after the cancellation and never started.
        for (int task = 0; task < 3; task++) {
            events.add(STARTED, task, 1, 100 + task, 21).add(BLOCKED, task, 2, 100 + task, 21);
        }
        model.onEvents(events.batch());
        assertThat(model.figures(0).waiting()).as("three tasks in their wait").isEqualTo(3);
        model.onEvents(new Events().add(FAILED, 2, 100, 102, 22).add(CANCELLED, 0, 101, 100, 21).add(CANCELLED, 1, 101, 101, 22)
                .add(CANCELLED, 3, 102, 1, 1).batch());

        assertThat(scenario.failingTask()).isEqualTo(2);
        assertThat(model.states()).containsExactly(TaskState.CANCELLED, TaskState.CANCELLED, TaskState.FAILED, TaskState.CANCELLED);
        var figures = model.figures(0);
        assertThat(List.of(figures.completed(), figures.failed(), figures.cancelled(), figures.inFlight())).containsExactly(0L, 1L, 3L, 0L);
        assertThat(figures.waiting()).as("none left waiting: they ended in their wait, with no resume").isZero();
        assertThat(model.curve().total()).as("the curve counts what the Completed tile does: neither the failure nor the cancelled")
                .isEqualTo(figures.completed()).isZero();
    }

    @Test
    void aRunKeptStillWhoseRecordingStopsKeepingLosesNoEventToItsFigures() {
        var deferred = new RunModel(1, scenario(ExecutorKind.VIRTUAL, 3, 1), 2);
        deferred.deferEventsUntilTheEnd();
        long carrier = 31;
        deferred.onEvents(new Events().add(SUBMITTED, 0, 0, 1, 1).add(SUBMITTED, 1, 0, 1, 1).add(SUBMITTED, 2, 0, 1, 1)
                .add(STARTED, 0, 1, 500, carrier).add(FINISHED, 0, 5, 500, carrier).batch());
        // What an OutOfMemoryError in the recording does: it keeps nothing more, this batch included.
        deferred.recordingWhileRunning().stopKeeping();
        deferred.onEvents(new Events().add(STARTED, 1, 6, 501, carrier).add(FINISHED, 1, 9, 501, carrier).batch());
        deferred.onEvents(new Events().add(STARTED, 2, 10, 502, carrier).add(FINISHED, 2, 12, 502, carrier).batch());
        deferred.finish(dev.loomscope.result.RunResult.failed(deferred.scenario(), 12, "stopped"));

        assertThat(deferred.figures(0).completed()).isEqualTo(3);
        assertThat(deferred.curve().total()).isEqualTo(3);
        assertThat(deferred.recording().truncated()).as("the replay says it shows only the first events").isTrue();
    }

    @Test
    void aRunKeptStillRecordsItsEventsAndAppliesThemOnlyAtItsEndToTheSameStateAsALiveOne() {
        var live = new RunModel(1, scenario(ExecutorKind.VIRTUAL, 2, 1), 2);
        var deferred = new RunModel(2, scenario(ExecutorKind.VIRTUAL, 2, 1), 2);
        deferred.deferEventsUntilTheEnd();
        long carrier = 31;
        var pin = List.of(new JfrEvent(JfrEvent.PINNED, 3_000_000, 100_000_000, 501, carrier, "Native or VM frame on stack", "Thread.sleep", ""));
        for (RunModel model : List.of(live, deferred)) {
            model.onEvents(new Events()
                    .add(SUBMITTED, 0, 0, 1, 1).add(SUBMITTED, 1, 0, 1, 1)
                    .add(STARTED, 0, 1, 500, carrier).add(BLOCKED, 0, 2, 500, carrier)
                    .add(STARTED, 1, 2, 501, carrier).add(BLOCKED, 1, 3, 501, carrier)
                    .add(RESUMED, 0, 102, 500, carrier).add(FINISHED, 0, 102, 500, carrier).batch());
            model.onSample(new dev.loomscope.protocol.Sample(110_000_000L, 1 << 20, 1 << 20, 12, 1, 0, 1));
            model.onJfrEvents(pin);
            model.onEvents(new Events().add(RESUMED, 1, 103, 501, carrier).add(FINISHED, 1, 103, 501, carrier).batch());
        }
        assertThat(deferred.states()).as("nothing applied while it runs").containsOnly((byte) 0);
        assertThat(deferred.lanes().segmentCount()).isZero();
        assertThat(deferred.figures(0).completed()).as("the runner's own count, from its sample").isEqualTo(1);
        var kept = deferred.figures(0);
        assertThat(List.of(kept.inFlight(), kept.waiting(), kept.failed(), kept.cancelled(), kept.pinnedEvents()))
                .as("in flight, waiting, failed, cancelled, pins: unknown until the events are in, not 0").containsOnly(-1L);

        for (RunModel model : List.of(live, deferred)) {
            model.finish(dev.loomscope.result.RunResult.failed(model.scenario(), 100, "stopped"));
        }
        assertThat(deferred.defersEvents()).isFalse();
        assertThat(deferred.states()).isEqualTo(live.states());
        assertThat(TaskState.pinned(deferred.states()[1])).as("the pin found its task once the events were in").isTrue();
        assertThat(deferred.figures(0).completed()).isEqualTo(2);
        assertThat(deferred.figures(0).pinnedEvents()).isEqualTo(1);
        assertThat(List.of(deferred.figures(0).inFlight(), deferred.figures(0).waiting())).containsExactly(0L, 0L);
        assertThat(deferred.lanes().segmentCount()).isEqualTo(live.lanes().segmentCount());
        assertThat(deferred.curve().total()).isEqualTo(live.curve().total());
        assertThat(deferred.recording().size()).isEqualTo(live.recording().size());
    }

    @Test
    void aVirtualThreadLetsGoOfItsCarrierUnlessJfrSaysItPinned() {
        var model = new RunModel(1, scenario(ExecutorKind.VIRTUAL, 2, 1), 2);
        long carrier = 31;
        model.onEvents(new Events()
                .add(SUBMITTED, 0, 0, 1, 1).add(SUBMITTED, 1, 0, 1, 1)
                .add(STARTED, 0, 1, 500, carrier).add(BLOCKED, 0, 2, 500, carrier)
                .add(STARTED, 1, 2, 501, carrier).add(BLOCKED, 1, 3, 501, carrier)
                .batch());
        assertThat(model.states()).containsExactly(TaskState.WAITING, TaskState.WAITING);
        assertThat(model.figures(0).waiting()).isEqualTo(2);

        // JFR, a second later: task 1's virtual thread (501) kept carrier 31 for 100 ms.
        model.onJfrEvents(List.of(new JfrEvent(JfrEvent.PINNED, 3_000_000, 100_000_000, 501, carrier,
                "Native or VM frame on stack", "Thread.sleep", "at Workload.run")));
        assertThat(TaskState.pinned(model.states()[1])).isTrue();
        assertThat(TaskState.pinned(model.states()[0])).isFalse();
        assertThat(model.figures(0).pinnedEvents()).isEqualTo(1);
        assertThat(model.jfrEvents()).singleElement().satisfies(e -> assertThat(e.lane()).isZero());
        // A pin before the run began (JFR's start-up, a web service's warm-up) is not the run's, as in the summary.
        model.onJfrEvents(List.of(new JfrEvent(JfrEvent.PINNED, -5_000_000, 1_000_000, 777, carrier,
                "Freeze or preempt failed (2)", "", "")));
        assertThat(model.figures(0).pinnedEvents()).isEqualTo(1);
        assertThat(model.jfrEvents()).hasSize(1);

        // No lane segment was "held": the unpinned wait left the carrier idle, the pin shows as pinned.
        float[] bins = model.lanes().occupancy(0, 200_000_000L, 1, null);
        assertThat(bins[CarrierLanes.HELD]).isZero();
        assertThat(bins[CarrierLanes.PINNED]).isCloseTo(0.5f, within(0.01f));

        model.onEvents(new Events().add(RESUMED, 1, 103, 501, carrier).add(FINISHED, 1, 103, 501, carrier).batch());
        assertThat(TaskState.state(model.states()[1])).isEqualTo(TaskState.DONE);
        assertThat(TaskState.pinned(model.states()[1])).as("a pinned task stays marked once done").isTrue();
    }

    @Test
    void eventsOfATaskArrivingOutOfOrderNeverMoveItBackwards() {
        var model = new RunModel(1, scenario(ExecutorKind.VIRTUAL, 1, 1), 2);
        // The worker's ring was drained before the submitter's: FINISHED arrives before SUBMITTED.
        model.onEvents(new Events().add(STARTED, 0, 1, 500, 31).add(FINISHED, 0, 2, 500, 31).batch());
        model.onEvents(new Events().add(SUBMITTED, 0, 0, 1, 1).add(BLOCKED, 0, 1.5, 500, 31).batch());
        assertThat(model.states()[0]).isEqualTo(TaskState.DONE);
        assertThat(model.figures(0).completed()).isEqualTo(1);
        assertThat(model.figures(0).waiting()).as("a block that came after the end waits for nothing").isZero();
    }

    @Test
    void tasksInFlightAreThoseStartedAndNotEndedWhateverTheEventsOrder() {
        var model = new RunModel(1, scenario(ExecutorKind.VIRTUAL, 4, 1), 2);
        var events = submitted(4);
        // Tasks 0 and 1 wait; task 2's submit failed (the runner records a failure for a task that never started); task 3's
        // end came before its start, from another carrier's ring.
        events.add(STARTED, 0, 1, 500, 31).add(BLOCKED, 0, 2, 500, 31).add(STARTED, 1, 1, 501, 32).add(BLOCKED, 1, 2, 501, 32)
                .add(FAILED, 2, 1, 1, 1).add(FINISHED, 3, 3, 503, 31);
        model.onEvents(events.batch());
        var figures = model.figures(0);
        assertThat(List.of(figures.inFlight(), figures.waiting())).as("in flight, waiting").containsExactly(2L, 2L);
        model.onEvents(new Events().add(STARTED, 3, 1, 503, 31).batch());
        assertThat(model.figures(0).inFlight()).as("a start after its end changes nothing").isEqualTo(2);
    }

    @Test
    void aRunStoppedPartWayEndsWhatWasUnderWayCancelledAndKeepsWhatHadEnded() {
        var model = new RunModel(1, scenario(ExecutorKind.VIRTUAL, 5, 1), 2);
        var events = submitted(4);
        // Task 0 done, 1 waiting, 2 running, 3 cancelled by its scope, 4 never submitted.
        events.add(STARTED, 0, 1, 500, 31).add(FINISHED, 0, 2, 500, 31).add(STARTED, 1, 1, 501, 31).add(BLOCKED, 1, 2, 501, 31)
                .add(STARTED, 2, 3, 502, 32).add(CANCELLED, 3, 3, 1, 1);
        model.onEvents(events.batch());
        assertThat(List.of(model.figures(0).inFlight(), model.figures(0).waiting())).containsExactly(2L, 1L);

        model.finish(dev.loomscope.result.RunResult.failed(model.scenario(), model.idealMs(), "stopped"));
        assertThat(model.states()).containsExactly(TaskState.DONE, TaskState.CANCELLED, TaskState.CANCELLED, TaskState.CANCELLED, TaskState.PENDING);
        var figures = model.figures(0);
        assertThat(List.of(figures.completed(), figures.inFlight(), figures.waiting(), figures.cancelled())).as("completed, in flight, waiting, cancelled")
                .containsExactly(1L, 0L, 0L, 3L);
        assertThat(model.cutShort()).isEqualTo(2);
        assertThat(List.of(0, 1, 2, 3, 4).stream().map(model::wasCutShort).toList()).as("which tasks the stop ended, not their scope")
                .containsExactly(false, true, true, false, false);
        assertThat(FinishedRuns.oneWave().cutShort()).as("a run that completed cuts nothing short").isZero();
    }

    @Test
    void carriersTheSchedulerAddsGetLanesOfTheirOwn() {
        var model = new RunModel(1, Scenario.of(ExecutorKind.VIRTUAL).withTasks(4).withCarriers(2).withSleepMs(10).build(), 2);
        CarrierLanes lanes = model.lanes();
        assertThat(lanes.laneCount()).isEqualTo(2);
        var events = new Events();
        // Four virtual threads on four carrier threads: two asked for, two the scheduler added while the first two were held.
        for (int task = 0; task < 4; task++) {
            events.add(STARTED, task, 0, 100 + task, 21 + task).add(FINISHED, task, 10, 100 + task, 21 + task);
        }
        model.onEvents(events.batch());

        assertThat(lanes.laneCount()).isEqualTo(4);
        assertThat(lanes.addedLanes()).isEqualTo(2);
        assertThat(lanes.aggregated()).isFalse();
        assertThat(java.util.stream.IntStream.range(0, 4).mapToObj(lanes::laneName).toList())
                .containsExactly("carrier 1", "carrier 2", "carrier 3 (added)", "carrier 4 (added)");
        float[] bins = lanes.occupancy(0, 10_000_000L, 1, null);
        for (int lane = 0; lane < 4; lane++) {
            assertThat(lanes.threadsInLane(lane)).isEqualTo(1);
            assertThat(bins[lane * CarrierLanes.KINDS + CarrierLanes.RUNNING]).as("lane %d", lane).isCloseTo(1f, within(0.001f));
        }
    }

    @Test
    void aThousandPlatformThreadsShareTheLanesAndEachLaneCountsItsThreads() {
        var model = new RunModel(1, scenario(ExecutorKind.PLATFORM, 1_000, 1), 2);
        var events = new Events();
        for (int task = 0; task < 1_000; task++) {
            events.platform(STARTED, task, 0, 10_000 + task).platform(FINISHED, task, 10, 10_000 + task);
        }
        model.onEvents(events.batch());
        CarrierLanes lanes = model.lanes();
        assertThat(lanes.laneCount()).isEqualTo(CarrierLanes.MAX_LANES);
        assertThat(lanes.aggregated()).isTrue();
        int threads = 0;
        for (int lane = 0; lane < lanes.laneCount(); lane++) {
            threads += lanes.threadsInLane(lane);
            // Each lane's name gives the range of threads it holds, consecutive from 1 to 1,000.
            var range = java.util.regex.Pattern.compile("threads (\\d+)-(\\d+)").matcher(lanes.laneName(lane));
            assertThat(range.matches()).as(lanes.laneName(lane)).isTrue();
            assertThat(Integer.parseInt(range.group(1))).isEqualTo(threads - lanes.threadsInLane(lane) + 1);
            assertThat(Integer.parseInt(range.group(2))).isEqualTo(threads);
        }
        assertThat(threads).isEqualTo(1_000);
        // Every thread ran the whole first 10 ms: every lane is fully busy there.
        float[] bins = lanes.occupancy(0, 10_000_000L, 1, null);
        for (int lane = 0; lane < lanes.laneCount(); lane++) {
            assertThat(bins[lane * CarrierLanes.KINDS + CarrierLanes.RUNNING]).isCloseTo(1f, within(0.001f));
        }
    }

    @Test
    void aThreadHeldForSecondsShowsOnItsLaneAsItGoesAndAStoppedRunKeepsWhatItShowed() {
        var model = new RunModel(1, scenario(ExecutorKind.FIXED, 1, 1), 2);
        model.onEvents(new Events().platform(SUBMITTED, 0, 0, 1).platform(STARTED, 0, 0, 21).platform(BLOCKED, 0, 1, 21).batch());
        // No event for the next second (the task sleeps), only samples: the hold shows up to the latest one.
        model.onSample(new dev.loomscope.protocol.Sample(1_000_000_000L, 1, 1, 1, -1, -1, 0));
        float[] bins = model.lanes().occupancy(0, 1_000_000_000L, 1, null);
        assertThat(bins[CarrierLanes.HELD]).isCloseTo(0.999f, within(0.001f));

        model.onEvents(new Events().platform(SUBMITTED, 0, 1_200, 1).batch());
        model.finish(dev.loomscope.result.RunResult.failed(model.scenario(), model.idealMs(), "stopped"));
        assertThat(model.phase()).isEqualTo(RunModel.Phase.FINISHED);
        bins = model.lanes().occupancy(0, 1_200_000_000L, 1, null);
        assertThat(bins[CarrierLanes.HELD]).as("the hold ends where the events ended").isCloseTo(1_199f / 1_200f, within(0.001f));
    }

    @Test
    void theWholeRunViewFromBucketsAgreesWithTheSegmentsZoomedIn() {
        var lanes = new CarrierLanes(scenario(ExecutorKind.VIRTUAL, 10, 1));
        int lane = lanes.laneOf(31);
        lanes.add(lane, CarrierLanes.RUNNING, 1_000_000, 3_000_000);
        lanes.add(lane, CarrierLanes.RUNNING, 10_000_000, 10_500_000);
        lanes.add(lane, CarrierLanes.PINNED, 12_000_000, 17_000_000);

        // Zoomed out (5 ms columns, buckets of 50 us): from the histogram.
        float[] wide = lanes.occupancy(0, 20_000_000, 4, null);
        assertThat(wide[CarrierLanes.RUNNING * 4]).isCloseTo(0.4f, within(0.001f));
        assertThat(wide[CarrierLanes.RUNNING * 4 + 2]).isCloseTo(0.1f, within(0.001f));
        assertThat(wide[CarrierLanes.PINNED * 4 + 2]).isCloseTo(0.6f, within(0.001f));
        assertThat(wide[CarrierLanes.PINNED * 4 + 3]).isCloseTo(0.4f, within(0.001f));

        // Zoomed in (1 us columns): from the segments, exactly.
        float[] close = lanes.occupancy(0, 4_000_000, 4_000, null);
        assertThat(close[CarrierLanes.RUNNING * 4_000 + 500]).isZero();
        assertThat(close[CarrierLanes.RUNNING * 4_000 + 1_500]).isEqualTo(1f);
        assertThat(close[CarrierLanes.RUNNING * 4_000 + 3_500]).isZero();

        // A run far longer than the first buckets coarsens them and keeps the busy time.
        lanes.add(lane, CarrierLanes.RUNNING, 1_000_000_000L, 3_000_000_000L);
        float[] whole = lanes.occupancy(0, 4_000_000_000L, 2, null);
        assertThat(whole[CarrierLanes.RUNNING * 2 + 1]).isCloseTo(0.5f, within(0.001f));
        assertThat(whole[CarrierLanes.RUNNING * 2]).isCloseTo((2f + 0.5f + 1_000f) / 2_000f, within(0.001f));
    }

    @Test
    void aFinishedRunsLanesShrinkToTheirFiguresAndShowTheSameOccupancy() {
        var lanes = new CarrierLanes(scenario(ExecutorKind.FIXED, 400, 4));
        var random = new java.util.Random(7);
        for (int thread = 0; thread < 4; thread++) {
            int lane = lanes.laneOf(100 + thread);
            long t = random.nextInt(1_000_000);
            for (int task = 0; task < 100; task++) {
                long run = 50_000 + random.nextInt(2_000_000);
                lanes.add(lane, CarrierLanes.RUNNING, t, t + run);
                long held = 1_000_000 + random.nextInt(20_000_000);
                lanes.add(lane, CarrierLanes.HELD, t + run, t + run + held);
                t += run + held + random.nextInt(100_000);
            }
        }
        long end = lanes.lastEndNanos();
        float[] wideBefore = lanes.occupancy(0, end, 300, null).clone();
        float[] closeBefore = lanes.occupancy(end / 3, end / 3 + 2_000_000, 2_000, null).clone();

        lanes.trim();

        // The same figures from the frozen buckets (zoomed out) and the trimmed segments (zoomed in).
        assertThat(lanes.occupancy(0, end, 300, null)).containsExactly(wideBefore);
        assertThat(lanes.occupancy(end / 3, end / 3 + 2_000_000, 2_000, null)).containsExactly(closeBefore);
        assertThat(lanes.segmentCount()).isEqualTo(800);

        // A segment that comes after all still counts, in both views.
        int lane = lanes.laneOf(100);
        lanes.add(lane, CarrierLanes.PINNED, end, end + 10_000_000);
        float[] after = lanes.occupancy(0, end + 10_000_000, 1, null);
        assertThat(after[(lane * CarrierLanes.KINDS + CarrierLanes.PINNED)]).isGreaterThan(0f);
        assertThat(lanes.segmentCount()).isEqualTo(801);
    }

    private static double valueAt(CompletionCurve.Points points, double ms) {
        double value = 0;
        for (int i = 0; i < points.size() && points.timesMs()[i] <= ms; i++) {
            value = points.completed()[i];
        }
        return value;
    }

    /** The title is asked by several views each frame and kept: it is still made again when what it says changes. */
    @Test
    void theTitleFollowsTheRunnersVersionAndAReplay() {
        var run = new RunModel(3, Scenario.of(ExecutorKind.VIRTUAL).withTasks(10).build(), 2);
        String before = run.title();
        assertThat(run.title()).isSameAs(before);
        run.onHello(new dev.loomscope.protocol.RunnerHello(1, "21.0.2+13", 2, 2, 1.0));
        assertThat(run.title()).isNotEqualTo(before).contains("21");
        var replica = RunModel.replicaOf(run);
        assertThat(replica.title()).startsWith("#3 ").isNotEqualTo(run.title());
    }

    @Test
    void whatWaitsForARunToStartIsToldOnceWhenItStartsOrAtOnceWhenItHas() {
        var waiting = new RunModel(1, scenario(ExecutorKind.VIRTUAL, 2, 1), 2);
        var told = new java.util.concurrent.atomic.AtomicInteger();
        waiting.onceUnderWay(told::incrementAndGet);
        assertThat(told).as("told while the run waits for its JVM").hasValue(0);
        waiting.onStarted(new dev.loomscope.protocol.RunStart(0, 0));
        assertThat(told).as("told when it starts").hasValue(1);
        waiting.finish(dev.loomscope.result.RunResult.failed(waiting.scenario(), 12, "stopped"));
        assertThat(told).as("told only once").hasValue(1);

        waiting.onceUnderWay(told::incrementAndGet);
        assertThat(told).as("told at once by a run already under way").hasValue(2);

        var failed = new RunModel(2, scenario(ExecutorKind.VIRTUAL, 2, 1), 2);
        failed.onceUnderWay(told::incrementAndGet);
        failed.endAs(dev.loomscope.result.RunResult.failed(failed.scenario(), 0, "its JVM did not start"));
        assertThat(told).as("told by a run that ended before its start").hasValue(3);
    }
}
