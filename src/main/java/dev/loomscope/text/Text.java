package dev.loomscope.text;

import java.util.ResourceBundle;

/**
 * Every sentence LoomScope shows or prints, read from two resource bundles beside this class:
 * {@code messages.properties} (the window's and the command line's words) and
 * {@code lessons.properties} (the teaching prose: the presets' questions and answers, the why
 * of each run). A second language is a {@code messages_xx.properties} and a
 * {@code lessons_xx.properties}. Every layer may read it: it knows nothing but the JDK.
 *
 * <p>Placeholders are {@link java.util.Formatter}'s ({@code %s}, {@code %,d}, {@code %.1f}, and
 * {@code %2$s} to reorder), so numbers read as they always have; durations arrive already
 * written by {@code Durations}. A key lives in one bundle only (a test checks it).
 */
public final class Text {

    private Text() {
    }

    /**
     * Writes numbers, in every JVM of LoomScope's, as its English words have them ("1,000 tasks", "2.5 s"), whatever the
     * machine's locale: a German or Turkish one wrote "1.000 tasks" and "2,5 s" inside English sentences, and code that
     * reads or trims a figure it wrote ("1.50 s" to "1.5 s") cut "1,00 s" to "1, s". To call first thing in each main.
     */
    public static void writeNumbersAsTheWordsDo() {
        java.util.Locale.setDefault(java.util.Locale.Category.FORMAT, java.util.Locale.ROOT);
    }

    /** The window's and the command line's words: FXML reads them as {@code %key}. */
    public static ResourceBundle messages() {
        return Bundles.MESSAGES;
    }

    /** The teaching prose, read when a preset or a run is explained (not at start-up). */
    public static ResourceBundle lessons() {
        return Lessons.LESSONS;
    }

    /** The text under {@code key}; a missing key is a bug, so it fails loudly. */
    public static String get(String key) {
        return Bundles.MESSAGES.containsKey(key) ? Bundles.MESSAGES.getString(key) : Lessons.LESSONS.getString(key);
    }

    /** The text under {@code key} with its placeholders filled (with no arguments, as written: a lone % stays). */
    public static String get(String key, Object... args) {
        String pattern = get(key);
        return args.length == 0 ? pattern : pattern.formatted(args);
    }

    /** Whether {@code key} is written, for texts that only some things have (an action's tooltip). */
    public static boolean has(String key) {
        return Bundles.MESSAGES.containsKey(key) || Lessons.LESSONS.containsKey(key);
    }

    /** Loaded with the class: the window needs its words for its first frame. */
    private static final class Bundles {
        static final ResourceBundle MESSAGES = ResourceBundle.getBundle("dev.loomscope.text.messages");
    }

    /** Loaded on first use. */
    private static final class Lessons {
        static final ResourceBundle LESSONS = ResourceBundle.getBundle("dev.loomscope.text.lessons");
    }

    /**
     * "%-17s": a left-aligned column of a plain-text table as wide as its widest entry, its heading among them, so that
     * the columns after it stand in line whatever the names ("connection-pool", "virtual, synchronized · JDK 21").
     */
    public static String leftColumn(String heading, java.util.Collection<String> entries) {
        int width = Math.max(heading.length(), entries.stream().mapToInt(String::length).max().orElse(0));
        return "%-" + Math.max(1, width) + "s";
    }

    /** Names as a sentence lists them: "A", "A and B", "A, B and C". */
    public static String list(java.util.List<String> names) {
        if (names.size() <= 1) {
            return names.isEmpty() ? "" : names.getFirst();
        }
        return String.join(get("text.list.separator"), names.subList(0, names.size() - 1)) + get("text.list.last") + names.getLast();
    }
}
