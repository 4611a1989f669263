package dev.loomscope.ui.views;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The section heads' legends: one line when it fits; wrapped, lines about as long, never one item left alone. */
@WindowTest
class LegendPaneTest {

    private static final double ITEM = 80;

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    /** A legend of {@code count} items, each {@link #ITEM} wide, laid out {@code width} wide: its items' lines, top first, and its height. */
    private static Laid laidOut(int count, double width) throws Exception {
        return Fx.call(() -> {
            var legend = new LegendPane();
            legend.setAlignment(Pos.CENTER_RIGHT);
            for (int i = 0; i < count; i++) {
                var item = new Region();
                item.setPrefSize(ITEM, 20);
                item.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
                legend.getChildren().add(item);
            }
            legend.setManaged(false);
            new Scene(new Pane(legend), 1000, 400);
            double height = legend.prefHeight(width);
            legend.resize(width, height);
            legend.layout();
            Map<Double, List<Node>> lines = new TreeMap<>();
            for (Node item : legend.getChildren()) {
                lines.computeIfAbsent(item.getBoundsInParent().getMinY(), y -> new java.util.ArrayList<>()).add(item);
            }
            double rightmost = legend.getChildren().stream().mapToDouble(item -> item.getBoundsInParent().getMaxX()).max().orElse(0);
            double leftmost = legend.getChildren().stream().mapToDouble(item -> item.getBoundsInParent().getMinX()).min().orElse(0);
            return new Laid(lines.values().stream().map(List::size).toList(), height, legend.prefWidth(-1), leftmost, rightmost,
                    lines.values().stream().map(line -> line.getLast().getBoundsInParent().getMaxX()).toList());
        });
    }

    private record Laid(List<Integer> lines, double height, double oneLine, double leftmost, double rightmost, List<Double> ends) {
    }

    @Test
    void aLegendThatFitsTakesOneLine() throws Exception {
        Laid wide = laidOut(5, 600);
        assertThat(wide.lines()).containsExactly(5);
        assertThat(wide.height()).isEqualTo(20);
        Laid exact = laidOut(5, laidOut(5, 600).oneLine());
        assertThat(exact.lines()).as("at its own preferred width").containsExactly(5);
    }

    @Test
    void wrappedItsLinesAreEvenedOutAndNoItemIsLeftAlone() throws Exception {
        // Four items fit in 400 (4 x 81 + 3 x 14 = 366): a flow would take four, and leave the fifth alone on a line.
        Laid laid = laidOut(5, 400);
        assertThat(laid.lines()).containsExactly(3, 2);
        assertThat(laid.height()).as("two lines and the gap between them").isEqualTo(42);
        assertThat(laid.ends()).as("each line at the right, as the head's legend is").allSatisfy(end -> assertThat(end).isCloseTo(399, within(1.0)));
        assertThat(laid.leftmost()).isGreaterThanOrEqualTo(0);
        assertThat(laid.rightmost()).isLessThanOrEqualTo(400);

        assertThat(laidOut(6, 400).lines()).as("six: three and three, not four and two").containsExactly(3, 3);
        assertThat(laidOut(7, 300).lines()).as("three lines where two cannot hold seven").containsExactly(3, 2, 2);
    }
}
