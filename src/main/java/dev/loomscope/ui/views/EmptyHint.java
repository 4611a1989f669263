package dev.loomscope.ui.views;

import dev.loomscope.ui.actions.Action;
import dev.loomscope.ui.fx.Messages;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.text.TextAlignment;

/** The line an empty view shows: what pressing Run will put there, so no pane is ever blank. */
public final class EmptyHint {

    private EmptyHint() {
    }

    /** The hint under {@code hint.<name>} in the prose bundle, naming Run and its key from the action table. */
    public static String text(String name) {
        return Messages.text("hint." + name, Action.RUN.pressed());
    }

    /** A centred, wrapping line that lets the pointer through to the view under it: the hint called {@code name}. */
    public static Label label(String name) {
        var label = new Label(text(name));
        label.getStyleClass().add("empty-hint");
        label.setWrapText(true);
        label.setTextAlignment(TextAlignment.CENTER);
        label.setAlignment(Pos.CENTER);
        label.setMouseTransparent(true);
        label.setMaxWidth(Double.MAX_VALUE);
        label.managedProperty().bind(label.visibleProperty());
        return label;
    }
}
