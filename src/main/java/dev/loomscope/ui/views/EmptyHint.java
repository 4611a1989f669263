package dev.loomscope.ui.views;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.text.TextAlignment;

/** The line an empty view shows: what pressing Run will put there, so no pane is ever blank. */
public final class EmptyHint {

    private EmptyHint() {
    }

    /** A centred, wrapping line that lets the pointer through to the view under it. */
    public static Label label(String text) {
        var label = new Label(text);
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
