package dev.loomscope.model.window;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MotionStepsTest {

    private static int stepsOver(MotionSteps motion, long frames, long frameNanos) {
        int steps = 0;
        for (long frame = 0; frame < frames; frame++) {
            steps += motion.due(1_000_000_000L + frame * frameNanos, true) ? 1 : 0;
        }
        return steps;
    }

    @Test
    void reducedMotionDrawsTwiceASecondInsteadOfEveryFrame() {
        var motion = new MotionSteps();
        assertThat(stepsOver(motion, 180, 16_666_667L)).as("3 s at 60 fps, animated").isEqualTo(180);
        motion.setReduced(true);
        assertThat(stepsOver(motion, 180, 16_666_667L)).as("3 s at 60 fps, in steps of 0.5 s").isBetween(6, 7);
    }

    @Test
    void theFirstFrameAfterTurningItOnIsAStepAndStillFramesAreNever() {
        var motion = new MotionSteps();
        motion.setReduced(true);
        assertThat(motion.due(5_000, true)).isTrue();
        assertThat(motion.due(6_000, true)).isFalse();
        assertThat(motion.due(10_000_000_000L, false)).as("a frame that keeps still paints nothing either way").isFalse();
        motion.setReduced(false);
        assertThat(motion.due(6_000, true)).isTrue();
    }
}
