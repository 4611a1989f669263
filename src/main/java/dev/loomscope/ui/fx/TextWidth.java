package dev.loomscope.ui.fx;

import javafx.scene.text.Font;
import javafx.scene.text.Text;

/** A text's width in a font, as JavaFX lays it out: for what must make room for a text before it shows it. */
public final class TextWidth {

    private TextWidth() {
    }

    /** The width of {@code text} in {@code font}, rounded up to a whole pixel. */
    public static double of(String text, Font font) {
        var t = new Text(text);
        t.setFont(font);
        return Math.ceil(t.getLayoutBounds().getWidth());
    }
}
