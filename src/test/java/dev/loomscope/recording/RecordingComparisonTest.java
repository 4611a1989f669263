package dev.loomscope.recording;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Two recordings' figures, written to the precision a recording has. */
class RecordingComparisonTest {

    @Test
    void aFigureIsWrittenToAboutThreeSignificantDigitsAndACountWhole() {
        assertThat(RecordingComparison.text(1_268)).isEqualTo("1,268");
        assertThat(RecordingComparison.text(2_019.32)).isEqualTo("2,019");
        assertThat(RecordingComparison.text(115.49)).isEqualTo("115");
        assertThat(RecordingComparison.text(32.33)).isEqualTo("32.3");
        assertThat(RecordingComparison.text(-83.16)).isEqualTo("-83.2");
        assertThat(RecordingComparison.text(0.054)).isEqualTo("0.054");
        assertThat(RecordingComparison.text(0)).isEqualTo("0");
        // Rounded first: just under a step is written as the step's.
        assertThat(RecordingComparison.text(99.96)).isEqualTo("100");
        assertThat(RecordingComparison.text(9.996)).isEqualTo("10");
        assertThat(RecordingComparison.text(-0.004)).as("never -0.00").isEqualTo("-0.004");
        assertThat(RecordingComparison.text(1e-9)).isEqualTo("0.000000001");
    }

    @Test
    void aDifferenceSaysWhichWayItWent() {
        assertThat(new RecordingComparison.Figure("startsPerSecond", 115.49, 32.33).differenceText()).isEqualTo("-83.2");
        assertThat(new RecordingComparison.Figure("pinnedMs", 0, 2_019.32).differenceText()).isEqualTo("+2,019");
        assertThat(new RecordingComparison.Figure("pinnedEvents", 40, 40).differenceText()).isEqualTo("0");
        assertThat(new RecordingComparison.Figure("pinsPerSecond", 1.0, 1.004).differenceText()).isEqualTo("+0.004");
    }

    /** A figure one recording left out (starts, with the JDK's default settings) reads "off" there, not 0, and has no difference. */
    @Test
    void aFigureNotRecordedIsOffWithNoDifference() {
        var starts = new RecordingComparison.Figure("virtualThreadStarts", Double.NaN, 1_000);
        assertThat(RecordingComparison.text(starts.before())).isEqualTo("off");
        assertThat(RecordingComparison.text(starts.after())).isEqualTo("1,000");
        assertThat(starts.differenceText()).isEqualTo("-");
    }
}
