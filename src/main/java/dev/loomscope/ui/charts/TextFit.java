package dev.loomscope.ui.charts;

import dev.loomscope.ui.fx.TextWidth;
import java.util.List;
import java.util.TreeSet;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/**
 * Fits texts to a width, for {@link BarsLayout}: a line's height in a font, words wrapped to a width or
 * onto a number of lines, a text cut with an ellipsis, a text's widest word. A text's width is
 * {@link TextWidth}'s.
 */
public final class TextFit {

    private TextFit() {
    }

    /** {@code base}'s family at {@code size} px (never below {@link BarsLayout#MIN_FONT}), bold or not. */
    static Font font(Font base, double size, boolean bold) {
        return Font.font(base.getFamily(), bold ? FontWeight.BOLD : FontWeight.NORMAL, Math.max(BarsLayout.MIN_FONT, size));
    }

    /** The width of {@code text}'s widest word (words parted by spaces; a no-break space keeps two together). */
    public static double widestWord(String text, Font font) {
        return java.util.Arrays.stream(text.split(" ")).mapToDouble(word -> TextWidth.of(word, font)).max().orElse(0);
    }

    static double lineOf(Font font) {
        var t = new Text("Mg");
        t.setFont(font);
        return Math.ceil(t.getLayoutBounds().getHeight());
    }

    /** {@code words} joined by {@code gap} on at most {@code lines} lines (if they can be), the widest as narrow as can be. */
    static List<String> narrowest(List<String> words, String gap, Font font, int lines) {
        // Candidate widths: every run of consecutive words on one line; the smallest that needs few enough lines wins.
        var widths = new TreeSet<Double>();
        for (int from = 0; from < words.size(); from++) {
            for (int to = from + 1; to <= words.size(); to++) {
                widths.add(TextWidth.of(String.join(gap, words.subList(from, to)), font));
            }
        }
        for (double max : widths) {
            List<String> wrapped = wrap(words, gap, font, max);
            if (wrapped.size() <= lines) {
                return wrapped;
            }
        }
        return List.of(String.join(gap, words));
    }

    /** {@code words} joined by {@code gap} into lines of at most {@code max} px (a word wider than that on a line of its own). */
    static List<String> wrap(List<String> words, String gap, Font font, double max) {
        return TextWidth.wrap(words, gap, max, text -> TextWidth.of(text, font));
    }

    /** {@code text} cut with an ellipsis to {@code max} px. */
    static String elide(String text, Font font, double max) {
        if (TextWidth.of(text, font) <= max) {
            return text;
        }
        String cut = text;
        while (cut.length() > 1 && TextWidth.of(cut + "\u2026", font) > max) {
            cut = cut.substring(0, cut.length() - 1);
        }
        return cut + "\u2026";
    }
}
