package dev.loomscope.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.ui.Fx;
import dev.loomscope.ui.NodeProbe;
import dev.loomscope.ui.WindowTest;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import javafx.scene.text.Font;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Wrapped labels short of room keep whole lines, each at least its first, the first labels served first. */
@WindowTest
class WholeLinesTest {

    private static final String LONG = "A sentence long enough to wrap to three lines or more in a column this narrow, "
            + "so that giving it less than its whole height cuts it, and it must then keep whole lines of what it says.";

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    private static List<Label> laidOut(double height) throws Exception {
        return Fx.call(() -> {
            var labels = List.of(label(), label(), label());
            var box = new WholeLines();
            box.setSpacing(2);
            box.getChildren().addAll(labels);
            new Scene(new Pane(box));
            box.resizeRelocate(0, 0, 300, height);
            for (int pass = 0; pass < 3; pass++) {
                box.applyCss();
                box.layout();
            }
            return labels;
        });
    }

    private static Label label() {
        var label = new Label(LONG);
        label.setWrapText(true);
        label.setFont(Font.font(16));
        return label;
    }

    @Test
    void withRoomEnoughEachIsWhole() throws Exception {
        for (Label label : laidOut(2000)) {
            assertThat(Fx.call(() -> NodeProbe.drawnText(label))).isEqualTo(LONG);
        }
    }

    @Test
    void shortOfRoomEachKeepsWholeLinesTheFirstServedFirst() throws Exception {
        var whole = laidOut(2000);
        double wholeHeight = Fx.call(() -> whole.getFirst().getHeight());
        double line = Fx.call(() -> whole.getFirst().minHeight(300));
        // Room for every first line and two more lines: both go to the first label, none is left blank.
        var cut = laidOut(3 * line + 2 * 2 + 2 * line + line / 2);
        double lineOfText = Fx.call(() -> {
            var one = new javafx.scene.text.Text("X");
            one.setFont(Font.font(16));
            return one.getLayoutBounds().getHeight();
        });
        List<Long> lines = Fx.call(() -> cut.stream().map(label -> Math.round(label.lookup(".text").getLayoutBounds().getHeight() / lineOfText)).toList());
        List<Double> heights = Fx.call(() -> cut.stream().map(Label::getHeight).toList());
        assertThat(lines).containsExactly(3L, 1L, 1L);
        assertThat(heights.getFirst()).isLessThan(wholeHeight);
        for (Label label : cut) {
            double blank = Fx.call(() -> label.getHeight() - label.lookup(".text").getLayoutBounds().getHeight());
            assertThat(blank).as("the height left under what it draws").isLessThan(line / 2);
        }
    }
}
