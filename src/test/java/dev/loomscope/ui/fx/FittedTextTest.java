package dev.loomscope.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.text.Text;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A caption says the longest of its forms that its width holds, whole, and the full form stays its tooltip. */
@WindowTest
class FittedTextTest {

    private static final List<String> FORMS = List.of("40 tasks in submission order, each cell is one task", "40 tasks, each cell is one task",
            "40 tasks");

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    /** The label's text once laid out in a head {@code width} wide (the label given the whole width, as the window's caption is). */
    private static String shownIn(double width, Label label, HBox head) {
        head.resize(width, 30);
        head.applyCss();
        head.layout();
        return label.getText();
    }

    private static double widthOf(String text, Label label) {
        var measure = new Text(text);
        measure.setFont(label.getFont());
        return measure.getLayoutBounds().getWidth() + label.snappedLeftInset() + label.snappedRightInset();
    }

    @Test
    void theLongestFormThatFitsIsShownAndTheFullOneIsItsTooltip() throws Exception {
        Fx.run(() -> {
            var label = new Label();
            label.setMinWidth(0);
            label.setPrefWidth(0);
            label.setMaxWidth(Double.MAX_VALUE);
            HBox.setHgrow(label, Priority.ALWAYS);
            var head = new HBox(label);
            new Scene(head);
            // Styled first, so the widths measured are in the font it shows (whatever stylesheet the platform has by now).
            head.applyCss();
            var fitted = FittedText.on(label);
            fitted.show(FORMS);

            double full = widthOf(FORMS.get(0), label);
            double shorter = widthOf(FORMS.get(1), label);
            assertThat(shownIn(full + 2, label, head)).isEqualTo(FORMS.get(0));
            assertThat(Tooltips.getText(label)).as("nothing more to say").isNull();

            assertThat(shownIn(full - 2, label, head)).as("no room for the whole phrase: the shorter one, whole").isEqualTo(FORMS.get(1));
            assertThat(Tooltips.getText(label)).isEqualTo(FORMS.get(0));
            assertThat(shownIn(shorter - 2, label, head)).isEqualTo(FORMS.get(2));
            assertThat(shownIn(5, label, head)).as("the shortest, cut only where even it does not fit").isEqualTo(FORMS.get(2));

            assertThat(shownIn(full + 40, label, head)).as("wider again").isEqualTo(FORMS.get(0));
            assertThat(Tooltips.getText(label)).isNull();

            // New forms whose shortest is the one shown: the tooltip is the new full form.
            assertThat(shownIn(5, label, head)).isEqualTo("40 tasks");
            fitted.show(List.of("40 tasks in submission order, a task every 1.5 pixels", "40 tasks, a task every 1.5 pixels", "40 tasks"));
            assertThat(label.getText()).isEqualTo("40 tasks");
            assertThat(Tooltips.getText(label)).isEqualTo("40 tasks in submission order, a task every 1.5 pixels");
        });
    }
}
