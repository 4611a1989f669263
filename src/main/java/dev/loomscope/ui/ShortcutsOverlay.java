package dev.loomscope.ui;

import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/** The keyboard shortcuts, over the window: {@code ?} shows and hides it, as do Esc and a click. */
public final class ShortcutsOverlay extends StackPane {

    /** Each shortcut: the keys, then what they do. */
    static final List<String[]> SHORTCUTS = List.of(
            new String[] {"Ctrl+R  or  F5", "run the selected executors"},
            new String[] {"Esc", "stop the run (or close the replay, or this)"},
            new String[] {"Page Down / Page Up", "next / previous experiment"},
            new String[] {"Ctrl+P", "replay the shown run in slow motion; pause and resume"},
            new String[] {"Ctrl+Shift+P", "race the last two runs side by side, in slow motion"},
            new String[] {"[  /  ]", "replay slower / faster (0.1x to 2x)"},
            new String[] {"F11", "presentation mode: full screen, large type"},
            new String[] {"Ctrl+H", "high contrast"},
            new String[] {"Ctrl+T", "dark or light theme"},
            new String[] {"Ctrl+S", "save a 2x picture of the window to ~/LoomScope"},
            new String[] {"Ctrl+Shift+S", "save a picture as..."},
            new String[] {"F1", "the glossary: carrier, mount, pinning, ideal time..."},
            new String[] {"?", "show or hide these shortcuts"});

    public ShortcutsOverlay() {
        getStyleClass().add("shortcuts-overlay");
        var grid = new GridPane(24, 10);
        for (int row = 0; row < SHORTCUTS.size(); row++) {
            var key = new Label(SHORTCUTS.get(row)[0]);
            key.getStyleClass().add("shortcut-key");
            grid.add(key, 0, row);
            grid.add(new Label(SHORTCUTS.get(row)[1]), 1, row);
        }
        var title = new Label("Keyboard shortcuts");
        title.getStyleClass().add("section-title");
        var card = new VBox(14, title, grid);
        card.getStyleClass().add("shortcuts-card");
        card.setMaxSize(USE_PREF_SIZE, USE_PREF_SIZE);
        getChildren().add(card);
        setAlignment(Pos.CENTER);
        setVisible(false);
        setOnMouseClicked(e -> setVisible(false));
    }

    public void toggle() {
        setVisible(!isVisible());
    }
}
