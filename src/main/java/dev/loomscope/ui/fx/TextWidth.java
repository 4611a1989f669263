package dev.loomscope.ui.fx;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * A text's width in a font, as JavaFX lays it out: for what must make room for a text before it shows it; and words wrapped
 * by such a width, for what draws its text on a canvas.
 */
public final class TextWidth {

    private TextWidth() {
    }

    /** The width of {@code text} in {@code font}, rounded up to a whole pixel. */
    public static double of(String text, Font font) {
        var t = new Text(text);
        t.setFont(font);
        return Math.ceil(t.getLayoutBounds().getWidth());
    }

    /**
     * {@code words} joined by {@code gap} into lines of at most {@code max} by {@code width} (a word wider than that on a line
     * of its own).
     */
    public static List<String> wrap(List<String> words, String gap, double max, ToDoubleFunction<String> width) {
        var lines = new ArrayList<String>();
        String line = null;
        for (String word : words) {
            String longer = line == null ? word : line + gap + word;
            if (line != null && width.applyAsDouble(longer) > max) {
                lines.add(line);
                line = word;
            } else {
                line = longer;
            }
        }
        if (line != null) {
            lines.add(line);
        }
        return lines;
    }
}
