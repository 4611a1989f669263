package dev.loomscope.ui.actions;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.theme.Icons;
import java.util.List;
import java.util.stream.Collectors;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;

/**
 * Everything the window can be told to do, each once: its words (in the prose bundle, under
 * {@code action.<name>.}), its icon and its keys. Buttons, tooltips, the keyboard, the {@code ?}
 * card and the table of keys in docs/presenting.md all come from here (a test holds the page to it).
 */
public enum Action {
    RUN(Icons.RUN, List.of(ctrl(KeyCode.R), key(KeyCode.F5)), null),
    STOP(Icons.STOP, List.of(key(KeyCode.ESCAPE)), null),
    NEXT_PRESET(null, List.of(key(KeyCode.PAGE_DOWN)), null),
    PREVIOUS_PRESET(null, List.of(key(KeyCode.PAGE_UP)), null),
    REPLAY(Icons.REPLAY, List.of(ctrl(KeyCode.P)), null),
    RACE(Icons.RACE, List.of(ctrlShift(KeyCode.P)), null),
    SLOWER(null, List.of(), "["),
    FASTER(null, List.of(), "]"),
    OPEN(Icons.OPEN, List.of(ctrl(KeyCode.O)), null),
    OBSERVE(Icons.OBSERVE, List.of(ctrlShift(KeyCode.O)), null),
    THREAD_DUMP(Icons.THREAD_DUMP, List.of(ctrl(KeyCode.D)), null),
    PRESENTATION(null, List.of(key(KeyCode.F11)), null),
    NOTES(null, List.of(ctrl(KeyCode.N)), null),
    DOCS(Icons.DOCS, List.of(key(KeyCode.F1)), null),
    GLOSSARY(Icons.GLOSSARY, List.of(shift(KeyCode.F1)), null),
    HIGH_CONTRAST(null, List.of(ctrl(KeyCode.H)), null),
    PATTERNS(null, List.of(ctrl(KeyCode.M)), null),
    REDUCED_MOTION(null, List.of(ctrlShift(KeyCode.M)), null),
    THEME(Icons.THEME_DARK, List.of(ctrl(KeyCode.T)), null),
    QUICK_PICTURE(Icons.SCREENSHOT, List.of(ctrl(KeyCode.S)), null),
    PICTURE_AS(Icons.SCREENSHOT, List.of(ctrlShift(KeyCode.S)), null),
    RECORD_CLIP(null, List.of(ctrlShift(KeyCode.R)), null),
    SHORTCUTS(null, List.of(), "?");

    private final Icons icon;
    private final List<KeyCombination> keys;
    /** A typed character rather than a key: "?" is Shift+/ on some keyboards and another key on others. */
    private final String typed;

    Action(Icons icon, List<KeyCombination> keys, String typed) {
        this.icon = icon;
        this.keys = keys;
        this.typed = typed;
    }

    /** The icon of its button, or null for an action only the keyboard reaches. */
    public Icons icon() {
        return icon;
    }

    public List<KeyCombination> keys() {
        return keys;
    }

    /** The character that does it, or null. */
    public String typed() {
        return typed;
    }

    /** What it does, in a few words for the shortcut card ("run the selected executors"). */
    public String help() {
        return Messages.text(key("help"));
    }

    /** Its tooltip: a sentence of its own where the bundle has one, else its help; then its keys. */
    public String tooltip() {
        String sentence = Messages.has(key("tooltip")) ? Messages.text(key("tooltip")) : capitalized(help());
        return sentence + " (" + keysText(" or ") + ")";
    }

    /** "Run (F5)": its name and the key people are told to press (the last listed: F5, not Ctrl+R, for Run). */
    public String pressed() {
        return Messages.text(key("name")) + " (" + pressKey() + ")";
    }

    /** The one key a hint names: the last listed, or its character. */
    public String pressKey() {
        return keys.isEmpty() ? typed : spoken(keys.getLast());
    }

    /** The keys a presenter needs, in the header on stage: "F5 run · Esc stop · Page Down next · F11 exit · ? keys". */
    public static String stageHint() {
        return java.util.stream.Stream.of(RUN, STOP, NEXT_PRESET, PRESENTATION, SHORTCUTS)
                .map(action -> action.pressKey() + " " + Messages.text(action.key("on-stage")))
                .collect(Collectors.joining(" \u00b7 "));
    }

    /** Its keys as people write them: "Ctrl+R, F5". */
    public String keysText() {
        return keysText(", ");
    }

    private String keysText(String between) {
        var names = keys.stream().map(Action::spoken).collect(Collectors.toList());
        if (typed != null) {
            names.add(typed);
        }
        return String.join(between, names);
    }

    /** Page Up runs as the twin of Page Down, "]" of "["...: the card shows such pairs on one line. */
    public Action twin() {
        return switch (this) {
            case NEXT_PRESET -> PREVIOUS_PRESET;
            case SLOWER -> FASTER;
            default -> null;
        };
    }

    /** The card's words for this action and its twin on one line ("next / previous experiment"). */
    public String pairHelp() {
        return Messages.text(key("pair"));
    }

    /** Whether this action is the second of a pair shown on its twin's line. */
    public boolean isSecondOfPair() {
        for (Action a : values()) {
            if (a.twin() == this) {
                return true;
            }
        }
        return false;
    }

    /** The texts an action may have in the bundle: help always; name, on-stage, tooltip and pair where it needs them. */
    public static final List<String> TEXTS = List.of("name", "on-stage", "help", "tooltip", "pair");

    /** The key of one of its texts: {@code action.next-preset.help}. */
    public String key(String part) {
        return "action." + name().toLowerCase(java.util.Locale.ROOT).replace('_', '-') + "." + part;
    }

    /** "Ctrl+Shift+P", "Page Down", "Esc": the modifiers in a fixed order, whatever the platform's own rendering. */
    public static String spoken(KeyCombination combination) {
        var text = new StringBuilder();
        if (combination.getShortcut() == KeyCombination.ModifierValue.DOWN) {
            text.append("Ctrl+");
        }
        if (combination.getShift() == KeyCombination.ModifierValue.DOWN) {
            text.append("Shift+");
        }
        return text.append(((KeyCodeCombination) combination).getCode().getName()).toString();
    }

    private static String capitalized(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    private static KeyCombination key(KeyCode code) {
        return new KeyCodeCombination(code);
    }

    private static KeyCombination shift(KeyCode code) {
        return new KeyCodeCombination(code, KeyCombination.SHIFT_DOWN);
    }

    private static KeyCombination ctrl(KeyCode code) {
        return new KeyCodeCombination(code, KeyCombination.SHORTCUT_DOWN);
    }

    private static KeyCombination ctrlShift(KeyCode code) {
        return new KeyCodeCombination(code, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);
    }
}
