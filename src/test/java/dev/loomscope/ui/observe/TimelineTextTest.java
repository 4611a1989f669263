package dev.loomscope.ui.observe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The timeline's words in an empty band: wrapped to the plot, and never more lines than the band holds. */
class TimelineTextTest {

    private static final String PINS = "No pins so far. A virtual thread that blocks inside a native frame or a class initializer pins its "
            + "carrier: it shows here, red.";

    /** Ten pixels a character: a stand-in for a font, so the lines are known. */
    private static double width(String line) {
        return line.length() * 10.0;
    }

    @Test
    void aBandTallEnoughHasTheWholeTextWrappedToThePlot() {
        var lines = TimelinePainter.linesThatFit(PINS, 800, 100, 20, TimelineTextTest::width);
        assertThat(lines).hasSize(2).allSatisfy(line -> assertThat(width(line)).isLessThanOrEqualTo(800));
        assertThat(String.join(" ", lines)).isEqualTo(PINS);
    }

    @Test
    void aShortBandKeepsTheFirstSentencesWholeRatherThanDrawingPastItsEdge() {
        assertThat(TimelinePainter.linesThatFit(PINS, 800, 30, 20, TimelineTextTest::width)).containsExactly("No pins so far.");
        assertThat(TimelinePainter.linesThatFit("One sentence too long for a line of twenty.", 200, 10, 20, TimelineTextTest::width))
                .as("nothing shorter to give way to: wrapped as it is").hasSize(3);
    }
}
