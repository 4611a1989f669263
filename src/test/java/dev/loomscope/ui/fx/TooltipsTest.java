package dev.loomscope.ui.fx;

import dev.loomscope.ui.WindowTest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.ui.Fx;
import dev.loomscope.ui.NodeProbe;
import javafx.event.Event;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Pane;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A tooltip is made when the pointer first comes over its node, with the text the node kept until then. */
@WindowTest
class TooltipsTest {

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    private static void pointerEnters(javafx.scene.Node node) {
        Event.fireEvent(node, new MouseEvent(MouseEvent.MOUSE_ENTERED, 5, 5, 5, 5, MouseButton.NONE, 0,
                false, false, false, false, false, false, false, false, false, false, null));
    }

    @Test
    void aControlGetsItsTooltipOnlyWhenThePointerFirstComesOver() throws Exception {
        Fx.run(() -> {
            var button = new Button("Run");
            Tooltips.setText(button, "Runs the chosen executors");

            assertThat(button.getTooltip()).as("nothing made before the pointer comes").isNull();
            assertThat(Tooltips.getText(button)).isEqualTo("Runs the chosen executors");
            assertThat(button.getAccessibleHelp()).as("what a screen reader says, from the start").isEqualTo("Runs the chosen executors");

            pointerEnters(button);

            Tooltip made = button.getTooltip();
            assertThat(made).isNotNull();
            assertThat(made.getText()).isEqualTo("Runs the chosen executors");
            assertThat(made.isWrapText()).isTrue();
            assertThat(made.getMaxWidth()).isEqualTo(Tooltips.MAX_WIDTH);

            pointerEnters(button);
            assertThat(button.getTooltip()).as("made once").isSameAs(made);
        });
    }

    @Test
    void changingTheTextChangesTheTooltipMadeOrNot() throws Exception {
        Fx.run(() -> {
            var lazy = new Button();
            Tooltips.setText(lazy, "Replay");
            Tooltips.setText(lazy, Tooltips.getText(lazy) + " (R)");
            pointerEnters(lazy);
            assertThat(lazy.getTooltip().getText()).isEqualTo("Replay (R)");

            Tooltips.setText(lazy, "Replay slowly");
            assertThat(lazy.getTooltip().getText()).isEqualTo("Replay slowly");
            assertThat(lazy.getAccessibleHelp()).isEqualTo("Replay slowly");
        });
    }

    @Test
    void noTextMeansNoTooltipAndNothingMadeLater() throws Exception {
        Fx.run(() -> {
            var shown = new Button();
            Tooltips.setText(shown, "Stop");
            pointerEnters(shown);
            Tooltips.setText(shown, null);
            assertThat(shown.getTooltip()).isNull();
            assertThat(Tooltips.getText(shown)).isNull();
            assertThat(shown.getAccessibleHelp()).isNull();

            var never = new Button();
            Tooltips.setText(never, "Stop");
            Tooltips.setText(never, "");
            pointerEnters(never);
            assertThat(never.getTooltip()).isNull();
            assertThat(Tooltips.tooltipOf(never)).isNull();
        });
    }

    @Test
    void aNodeThatIsNotAControlHasItsTooltipInstalled() throws Exception {
        Fx.run(() -> {
            var tile = new Pane();
            Tooltips.setText(tile, "Tasks finished so far");
            assertThat(tile.getProperties().values()).noneMatch(Tooltip.class::isInstance);

            pointerEnters(tile);

            Tooltip made = Tooltips.tooltipOf(tile);
            assertThat(made.getText()).isEqualTo("Tasks finished so far");
            // Tooltip.install keeps the tooltip under this key: that is how JavaFX finds it on hover.
            assertThat(tile.getProperties().get("javafx.scene.control.Tooltip")).isSameAs(made);
        });
    }

    /** The drawn views' tooltips say what is under the pointer; made at its first move, on the FX thread, not with the view. */
    @Test
    void aDescribingTooltipIsMadeAtThePointersFirstMoveAndSaysWhatIsUnderIt() throws Exception {
        var view = new Pane();
        // Made off the FX thread, as the window's parts are: no popup window yet.
        Tooltips.describing(view, event -> "cell at " + (int) event.getX());
        assertThat(view.getProperties()).as("nothing made with the view").doesNotContainKey("javafx.scene.control.Tooltip");
        Fx.run(() -> {
            Event.fireEvent(view, new MouseEvent(MouseEvent.MOUSE_MOVED, 12, 5, 12, 5, MouseButton.NONE, 0,
                    false, false, false, false, false, false, false, false, false, false, null));
            var made = (Tooltip) view.getProperties().get("javafx.scene.control.Tooltip");
            assertThat(made).isNotNull();
            assertThat(made.getText()).isEqualTo("cell at 12");
            assertThat(made.getShowDelay().toMillis()).as("what the pointer rests on is told soon").isEqualTo(150);
            assertThat(made.isWrapText()).as("a long description wraps rather than running off the screen").isTrue();
            Event.fireEvent(view, new MouseEvent(MouseEvent.MOUSE_MOVED, 40, 5, 40, 5, MouseButton.NONE, 0,
                    false, false, false, false, false, false, false, false, false, false, null));
            assertThat(view.getProperties().get("javafx.scene.control.Tooltip")).as("made once").isSameAs(made);
            assertThat(Tooltips.getText(view)).isEqualTo("cell at 40");
        });
    }

    /** A status line cut by a narrow window says itself whole under the pointer; whole again, it has no tooltip; so for a wrapped line cut by its height. */
    @Test
    void aLabelDrawnCutHasItsWholeTextAsItsTooltipAndNoneWhenWhole() throws Exception {
        Fx.run(() -> {
            String line = "Observing PID 3133, loomscope.jar, JDK 25.0.3. Esc stops observing; then Run (F5) runs the chosen executors.";
            var status = new javafx.scene.control.Label(line);
            var root = new javafx.scene.layout.StackPane(status);
            new javafx.scene.Scene(root, 200, 40);
            Tooltips.whenCut(status);
            root.applyCss();
            root.layout();
            assertThat(NodeProbe.drawnText(status)).as("drawn cut").endsWith("...");
            assertThat(Tooltips.getText(status)).isEqualTo(line);

            root.resize(2000, 40);
            root.layout();
            assertThat(NodeProbe.drawnText(status)).isEqualTo(line);
            assertThat(Tooltips.getText(status)).as("whole: nothing more to say").isNull();

            status.setText("Ready.");
            root.layout();
            assertThat(Tooltips.getText(status)).isNull();

            // Whole with an icon beside it, as a recording's warnings are (an icon font's glyph is a text node too): no tooltip.
            status.setText(line);
            status.setGraphic(new javafx.scene.text.Text("!"));
            root.resize(2000, 40);
            root.layout();
            assertThat(NodeProbe.drawnText(status)).isEqualTo(line);
            assertThat(Tooltips.getText(status)).as("whole beside its icon").isNull();

            // Wrapped in a width that holds it in three lines, given the height of one.
            status.setText(line);
            status.setWrapText(true);
            status.setMaxHeight(20);
            root.resize(300, 20);
            root.layout();
            assertThat(NodeProbe.drawnText(status)).as("its last lines left out").isNotEqualTo(line);
            assertThat(Tooltips.getText(status)).isEqualTo(line);
        });
    }
}
