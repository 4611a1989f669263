package dev.loomscope.ui.fx;

import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.text.Text;

/**
 * A label that says the longest of its forms that fits its width ("40 tasks in submission order, each cell is one task",
 * else "40 tasks, each cell is one task", else "40 tasks"), so a narrow head shows a whole shorter phrase rather than a
 * longer one cut off mid-clause. Only the shortest form, where even it does not fit, ends in an ellipsis. The full form
 * stays the label's tooltip while a shorter one shows.
 */
public final class FittedText {

    private final Label label;
    private final Text measure = new Text();
    private List<String> forms = List.of("");

    private FittedText(Label label) {
        this.label = label;
        label.widthProperty().subscribe(this::fit);
        label.fontProperty().subscribe(this::fit);
    }

    /** Fits {@code label}'s text to its width from now on; its forms are given with {@link #show}. */
    public static FittedText on(Label label) {
        return new FittedText(label);
    }

    /** Shows the longest of {@code forms} (longest first) that fits; the same forms again change nothing. */
    public void show(List<String> forms) {
        if (!forms.isEmpty() && !forms.equals(this.forms)) {
            this.forms = List.copyOf(forms);
            fit();
        }
    }

    private void fit() {
        double room = label.getWidth() - label.snappedLeftInset() - label.snappedRightInset();
        measure.setFont(label.getFont());
        String chosen = forms.getLast();
        for (String form : forms) {
            measure.setText(form);
            if (measure.getLayoutBounds().getWidth() <= room) {
                chosen = form;
                break;
            }
        }
        if (!chosen.equals(label.getText())) {
            label.setText(chosen);
        }
        // Set whether or not the text changed: new forms can keep the same short one and change the full one.
        String full = chosen.equals(forms.getFirst()) ? null : forms.getFirst();
        if (!java.util.Objects.equals(full, Tooltips.getText(label))) {
            Tooltips.setText(label, full);
        }
    }
}
