package dev.loomscope.ui.fx;

import dev.loomscope.text.Text;
import java.util.ResourceBundle;

/**
 * The window's words, as the window's code and FXML reach them: FXML reads {@link #BUNDLE} as
 * {@code %key}, code calls {@link #text}. The bundles themselves are {@link Text}'s, shared with
 * the model and the command line.
 */
public final class Messages {

    public static final ResourceBundle BUNDLE = Text.messages();

    private Messages() {
    }

    /** The text under {@code key}; a missing key is a bug, so it fails loudly. */
    public static String text(String key) {
        return Text.get(key);
    }

    /** The text under {@code key} with its {@code %s}/{@code %,d} placeholders filled. */
    public static String text(String key, Object... args) {
        return Text.get(key, args);
    }

    /** Whether {@code key} is written, for texts only some things have (an action's tooltip). */
    public static boolean has(String key) {
        return Text.has(key);
    }
}
