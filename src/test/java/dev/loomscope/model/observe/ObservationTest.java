package dev.loomscope.model.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ObservationTest {

    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final Observation observation = new Observation(new ObservedJvm(42, "Main", "25.0.1", 25), 1_000_000, clock::get);

    private static Pin pin(long timeMs, double ms, String reason, String carrier, String... frames) {
        return new Pin(timeMs, ms, 7, carrier, 3, reason, "Thread.sleep", List.of(frames));
    }

    @Test
    void startsAndEndsLandInTheirBucketsAndAliveCountsFromTheBaseline() {
        observation.aliveBaseline(10);
        observation.virtualThreadStarted(5);
        observation.virtualThreadStarted(50);
        observation.virtualThreadStarted(150);
        observation.virtualThreadEnded(160);
        observation.virtualThreadEnded(250);
        clock.addAndGet(300);

        ObservationSnapshot s = observation.snapshot();

        assertThat(s.bucketMs()).isEqualTo(100);
        assertThat(s.threadBuckets()).containsExactly(new ThreadBucket(0, 2, 0, 12), new ThreadBucket(100, 1, 1, 12),
                new ThreadBucket(200, 0, 1, 11), new ThreadBucket(300, 0, 0, 11));
        assertThat(s.virtualThreadStarts()).isEqualTo(3);
        assertThat(s.virtualThreadEnds()).isEqualTo(2);
        assertThat(s.elapsedMs()).isEqualTo(300);
    }

    @Test
    void aLongObservationWidensItsBucketsAndKeepsEveryCount() {
        long last = Observation.MAX_BUCKETS * Observation.FIRST_BUCKET_MS * 3;
        for (long t = 0; t < last; t += 1_000) {
            observation.virtualThreadStarted(t);
        }
        clock.addAndGet(last);

        ObservationSnapshot s = observation.snapshot();

        assertThat(s.bucketMs()).isEqualTo(400);
        assertThat(s.threadBuckets()).hasSizeLessThanOrEqualTo(Observation.MAX_BUCKETS);
        assertThat(s.threadBuckets().stream().mapToLong(ThreadBucket::started).sum()).isEqualTo(s.virtualThreadStarts()).isEqualTo(900);
        assertThat(s.threadBuckets().getFirst().started()).isEqualTo(1); // 0..400 ms holds the start at 0 only
        assertThat(s.threadBuckets().get(2).started()).isEqualTo(1); // 800..1,200 ms holds the start at 1,000
    }

    @Test
    void aliveNeverGoesBelowZeroWhenThreadsStartedBeforeTheObservationEnd() {
        observation.virtualThreadEnded(10);
        observation.virtualThreadEnded(20);
        observation.virtualThreadStarted(130);

        assertThat(observation.snapshot().threadBuckets()).extracting(ThreadBucket::alive).containsExactly(0L, 1L);
        assertThat(observation.snapshot().aliveBaseline()).isEqualTo(-1);
    }

    @Test
    void pinsGroupIntoHotspotsByTheirFramesOrderedByCarrierTime() {
        String[] sleepInCallback = {"java.lang.VirtualThread.parkOnCarrierThread:830", "java.lang.Thread.sleep:540", "app.Native.compare:6",
                "java.lang.invoke.LambdaForm$DMH.0x1.invokeStatic", "jdk.internal.foreign.abi.UpcallStub.invoke", "app.Native.sortPair:20",
                "app.Main.handle:40"};
        String[] sameButOtherPlumbing = sleepInCallback.clone();
        sameButOtherPlumbing[3] = "java.lang.invoke.DirectMethodHandle$Holder.invokeStatic";
        observation.pinned(pin(10, 20, "Native or VM frame on stack", "ForkJoinPool-1-worker-1", sleepInCallback));
        observation.pinned(pin(40, 30, "Native or VM frame on stack", "ForkJoinPool-1-worker-2", sameButOtherPlumbing));
        observation.pinned(pin(90, 100, "Monitor", "ForkJoinPool-1-worker-1", "java.lang.Object.wait0 (native)", "app.Cache.load:12",
                "app.Main.handle:41"));

        ObservationSnapshot s = observation.snapshot();

        assertThat(s.pinnedEvents()).isEqualTo(3);
        assertThat(s.pinnedMs()).isEqualTo(150.0);
        assertThat(s.pinnedReasons()).containsExactly(java.util.Map.entry("Native or VM frame on stack", 2L), java.util.Map.entry("Monitor", 1L));
        assertThat(s.pinHotspots()).hasSize(2);
        PinHotspot costliest = s.pinHotspots().getFirst();
        assertThat(costliest.totalMs()).isEqualTo(100.0);
        assertThat(costliest.firstCallerFrame()).isEqualTo("app.Cache.load:12");
        PinHotspot callback = s.pinHotspots().get(1);
        assertThat(callback.count()).isEqualTo(2);
        assertThat(callback.totalMs()).isEqualTo(50.0);
        assertThat(callback.maxMs()).isEqualTo(30.0);
        assertThat(callback.frames()).containsExactly("java.lang.VirtualThread.parkOnCarrierThread:830", "java.lang.Thread.sleep:540",
                "app.Native.compare:6", "app.Native.sortPair:20");
        assertThat(callback.reasons()).containsExactly("Native or VM frame on stack");
        assertThat(s.pinnedCarriers()).containsExactly("ForkJoinPool-1-worker-1", "ForkJoinPool-1-worker-2");
    }

    @Test
    void onlyTheLatestPinsAreKeptOneByOneButEveryPinIsCounted() {
        int total = Observation.PINS_KEPT + 10;
        for (int i = 0; i < total; i++) {
            observation.pinned(pin(i, 1, "r", "c", "app.A.b:1"));
        }

        ObservationSnapshot s = observation.snapshot();

        assertThat(s.pins()).hasSize(Observation.PINS_KEPT);
        assertThat(s.pins().getFirst().timeMs()).isEqualTo(10);
        assertThat(s.pinnedEvents()).isEqualTo(total);
        assertThat(s.pinHotspots().getFirst().count()).isEqualTo(total);
    }

    @Test
    void schedulerPeaksSurviveThinningOfOldSamples() {
        observation.scheduler(new SchedulerSample(0, 2, 2, 5, 900));
        for (int i = 1; i <= Observation.SCHEDULER_SAMPLES_KEPT * 2; i++) {
            observation.scheduler(new SchedulerSample(i, 1, 2, 2, 0));
        }

        ObservationSnapshot s = observation.snapshot();

        assertThat(s.schedulerSamples()).hasSizeLessThanOrEqualTo(Observation.SCHEDULER_SAMPLES_KEPT);
        assertThat(s.schedulerSamples().getLast().timeMs()).isEqualTo(Observation.SCHEDULER_SAMPLES_KEPT * 2);
        assertThat(s.schedulerSamples()).isSortedAccordingTo(java.util.Comparator.comparingLong(SchedulerSample::timeMs));
        assertThat(s.queuedMax()).isEqualTo(900);
        assertThat(s.schedulerPoolSizeMax()).isEqualTo(5);
        assertThat(s.mountedMax()).isEqualTo(2);
        assertThat(s.schedulerParallelism()).isEqualTo(2);
    }

    @Test
    void withoutSamplesTheSchedulerFiguresSayNotMeasured() {
        ObservationSnapshot s = observation.snapshot();

        assertThat(s.schedulerSamples()).isEmpty();
        assertThat(s.latestSchedulerSample()).isNull();
        assertThat(List.of(s.schedulerParallelism(), s.schedulerPoolSizeMax(), s.mountedMax())).containsOnly(-1);
        assertThat(s.queuedMax()).isEqualTo(-1);
    }

    @Test
    void theFirstEndWinsAndTheDataIsKept() {
        observation.virtualThreadStarted(10);
        clock.addAndGet(1_500);
        observation.end(ObservationEnd.TARGET_EXITED, "PID 42 exited after 1.5 s");
        clock.addAndGet(5_000);
        observation.end(ObservationEnd.STOPPED, "stopped");

        ObservationSnapshot s = observation.snapshot();

        assertThat(s.running()).isFalse();
        assertThat(s.end()).isEqualTo(ObservationEnd.TARGET_EXITED);
        assertThat(s.endMessage()).isEqualTo("PID 42 exited after 1.5 s");
        assertThat(s.elapsedMs()).isEqualTo(1_500);
        assertThat(s.virtualThreadStarts()).isEqualTo(1);
    }

    @Test
    void theVersionMovesOnEveryChangeAndAnUnchangedSnapshotIsTheSameObject() {
        long before = observation.version();
        ObservationSnapshot first = observation.snapshot();
        assertThat(observation.snapshot()).isSameAs(first);

        observation.virtualThreadStarted(1);

        assertThat(observation.version()).isGreaterThan(before);
        ObservationSnapshot second = observation.snapshot();
        assertThat(second).isNotSameAs(first);
        assertThat(second.version()).isEqualTo(observation.version());
        assertThat(first.virtualThreadStarts()).isZero(); // a snapshot never changes under its reader
    }

    @Test
    void writersOnManyThreadsLoseNoEvent() throws InterruptedException {
        var threads = new java.util.ArrayList<Thread>();
        for (int t = 0; t < 4; t++) {
            threads.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 10_000; i++) {
                    observation.virtualThreadStarted(i % 700);
                    observation.snapshot();
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }

        assertThat(observation.snapshot().virtualThreadStarts()).isEqualTo(40_000);
    }

    @Test
    void framesOfTheJdkAreToldFromTheProgramsWithOrWithoutAModule() {
        assertThat(Observation.isJdkFrame("java.base/java.lang.Thread.sleep(Thread.java:540)")).isTrue();
        assertThat(Observation.isJdkFrame("jdk.internal.misc.Unsafe.park (native)")).isTrue();
        assertThat(Observation.isJdkFrame("dev.loomscope.runner.NativeBlocking.compare:70")).isFalse();
        assertThat(Observation.isJdkFrame("app//com.example.Service.call(Service.java:3)")).isFalse();
    }
}
