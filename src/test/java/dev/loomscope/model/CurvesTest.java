package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** Completion curves, the perfect-world curve, slider steps and the frame-time probe. */
class CurvesTest {

    @Test
    void aLongRunCoarsensItsBucketsButKeepsEveryCompletion() {
        var curve = new CompletionCurve();
        long[] times = new long[10_000];
        for (int i = 0; i < times.length; i++) {
            times[i] = i * 1_000_000L; // one a millisecond for 10 s: more than 4,096 one-ms buckets
        }
        curve.addAll(times, times.length);
        assertThat(curve.total()).isEqualTo(10_000);
        var points = curve.points(100);
        assertThat(points.size()).isLessThanOrEqualTo(101);
        assertThat(points.completed()[points.size() - 1]).isEqualTo(10_000);
        for (int i = 1; i < points.size(); i++) {
            assertThat(points.timesMs()[i]).isGreaterThan(points.timesMs()[i - 1]);
            assertThat(points.completed()[i]).isGreaterThanOrEqualTo(points.completed()[i - 1]);
        }
        // Half the tasks are done by the middle of the run.
        assertThat(points.completed()[points.size() / 2]).isBetween(4_000.0, 6_000.0);
    }

    @Test
    void aFixedPoolsPerfectWorldClimbsInFiftyWavesAndVirtualInOne() {
        var fixed = Scenario.of(ExecutorKind.FIXED).withTasks(10_000).withPool(200).withSleepMs(100).build();
        var points = IdealCurve.points(fixed, IdealTime.millis(fixed, 2), 500);
        assertThat(IdealCurve.waveSize(fixed)).isEqualTo(200);
        assertThat(points.size()).isEqualTo(101);
        assertThat(points.timesMs()[points.size() - 1]).isEqualTo(5_000);
        assertThat(points.completed()[points.size() - 1]).isEqualTo(10_000);
        assertThat(points.completed()[2]).isEqualTo(200);

        var virtual = fixed.withExecutor(ExecutorKind.VIRTUAL);
        var jump = IdealCurve.points(virtual, IdealTime.millis(virtual, 2), 500);
        assertThat(jump.size()).isEqualTo(3);
        assertThat(jump.timesMs()[2]).isEqualTo(100);
        assertThat(jump.completed()[2]).isEqualTo(10_000);

        // One thread for 10,000 tasks is too many steps to draw: a ramp to the same end.
        var single = fixed.withExecutor(ExecutorKind.SINGLE);
        var ramp = IdealCurve.points(single, IdealTime.millis(single, 2), 500);
        assertThat(ramp.size()).isEqualTo(2);
        assertThat(ramp.timesMs()[1]).isEqualTo(1_000_000);
    }

    @Test
    void cpuBoundWorkRampsAndPermitsQueueOnlyTheSleeps() {
        // 48 tasks of 100 ms CPU on 2 cores: the cores set the pace (2.4 s), not one wave of 100 ms.
        var cpu = Scenario.of(ExecutorKind.VIRTUAL).withTasks(48).withSleepMs(0).withCpuMs(100).build();
        var ramp = IdealCurve.points(cpu, IdealTime.millis(cpu, 2), 500);
        assertThat(ramp.size()).isEqualTo(2);
        assertThat(ramp.timesMs()[1]).isEqualTo(2_400);

        // 100 tasks, 10 permits, 5 ms CPU then 100 ms sleep: waves end at 105, 205, ... 1,005 ms.
        var limited = Scenario.of(ExecutorKind.VIRTUAL_LIMITED).withTasks(100).withSleepMs(100).withCpuMs(5).withPermits(10).build();
        var steps = IdealCurve.points(limited, IdealTime.millis(limited, 2), 500);
        assertThat(steps.timesMs()[1]).isEqualTo(105);
        assertThat(steps.timesMs()[steps.size() - 1]).isEqualTo(IdealTime.millis(limited, 2)).isEqualTo(1_005);
        assertThat(steps.completed()[steps.size() - 1]).isEqualTo(100);
    }

    @Test
    void sliderStepsSnapToTheNearestAndRejectDisorder() {
        assertThat(SliderSteps.TASKS.min()).isEqualTo(10);
        assertThat(SliderSteps.TASKS.max()).isEqualTo(1_000_000);
        assertThat(SliderSteps.TASKS.valueAt(SliderSteps.TASKS.indexOf(10_000))).isEqualTo(10_000);
        assertThat(SliderSteps.TASKS.valueAt(SliderSteps.TASKS.indexOf(12_000))).isEqualTo(10_000);
        assertThat(SliderSteps.TASKS.valueAt(99)).isEqualTo(1_000_000);
        assertThat(SliderSteps.POOL.values()).contains(4, 200);
        assertThat(SliderSteps.upTo(3).values()).containsExactly(1, 2, 3);
        assertThatThrownBy(() -> new SliderSteps(1, 5, 5)).hasMessageContaining("increase");
    }

    @Test
    void frameTimesAreTheIntervalsBetweenFrames() {
        var frames = new FrameTimes();
        frames.reset();
        long t = 0;
        for (int i = 0; i < 100; i++) {
            frames.frame(t);
            t += i == 50 ? 100_000_000L : 16_000_000L; // one slow frame
        }
        assertThat(frames.frames()).isEqualTo(99);
        assertThat(frames.percentileMs(50)).isEqualTo(16.0);
        assertThat(frames.percentileMs(100)).isEqualTo(100.0);
        frames.reset();
        assertThat(frames.percentileMs(95)).isNaN();
    }

    @Test
    void aPauseInTheFramesIsNoLongFrame() {
        var frames = new FrameTimes();
        frames.reset();
        frames.frame(0);
        frames.frame(16_000_000L);
        // The window idled on its slow tick for 5 s: the next frame starts a new interval.
        frames.pause();
        frames.frame(5_016_000_000L);
        frames.frame(5_032_000_000L);
        assertThat(frames.frames()).isEqualTo(2);
        assertThat(frames.percentileMs(100)).isEqualTo(16.0);
        assertThat(frames.recentPercentileMs(100)).isEqualTo(16.0);
    }

    /** Every frame is kept only once a benchmark asks (reset): the status bar's recent frames alone before that, however long the window stays open. */
    @Test
    void everyFrameIsKeptOnlyOnceAsked() {
        var frames = new FrameTimes();
        for (int i = 0; i < 10_000; i++) {
            frames.frame(i * 16_000_000L);
        }
        assertThat(frames.frames()).isZero();
        assertThat(frames.recentPercentileMs(50)).isEqualTo(16.0);
        frames.reset();
        frames.frame(0);
        frames.frame(20_000_000L);
        assertThat(frames.frames()).isEqualTo(1);
        assertThat(frames.percentileMs(100)).isEqualTo(20.0);
    }
}
