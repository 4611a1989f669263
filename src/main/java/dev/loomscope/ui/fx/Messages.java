package dev.loomscope.ui.fx;

import java.util.ResourceBundle;

/**
 * The window's prose (tooltips, captions, the glossary, shortcut texts) in one resource bundle,
 * {@code messages.properties}: FXML reads it as {@code %key}, code through {@link #text}.
 */
public final class Messages {

    public static final ResourceBundle BUNDLE = ResourceBundle.getBundle("dev.loomscope.ui.fx.messages");

    private Messages() {
    }

    /** The text under {@code key}; a missing key is a bug, so it fails loudly. */
    public static String text(String key) {
        return BUNDLE.getString(key);
    }

    /** The text under {@code key} with its {@code %s}/{@code %,d} placeholders filled. */
    public static String text(String key, Object... args) {
        return BUNDLE.getString(key).formatted(args);
    }
}
