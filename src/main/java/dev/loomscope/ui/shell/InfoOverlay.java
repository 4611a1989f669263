package dev.loomscope.ui.shell;

import dev.loomscope.ui.actions.Action;
import dev.loomscope.ui.fx.Messages;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * A card of two columns over the window, such as the keyboard shortcuts ({@code ?}) and the
 * glossary (F1). Its key shows and hides it, as do Esc and a click.
 */
public final class InfoOverlay extends StackPane {

    /** Each shortcut: the keys, then what they do; an action and its twin share a line. */
    public static List<String[]> shortcutRows() {
        var rows = new java.util.ArrayList<String[]>();
        for (Action action : Action.values()) {
            if (action.isSecondOfPair()) {
                continue;
            }
            Action twin = action.twin();
            rows.add(twin == null ? new String[] {action.keysText(), action.help()}
                    : new String[] {action.keysText() + " / " + twin.keysText(), action.pairHelp()});
        }
        return rows;
    }

    /** Each word the views use, then what it means in plain words (glossary.N.term and .meaning in the bundle). */
    static List<String[]> terms() {
        var rows = new java.util.ArrayList<String[]>();
        for (int n = 1; Messages.has("glossary." + n + ".term"); n++) {
            rows.add(new String[] {Messages.text("glossary." + n + ".term"), Messages.text("glossary." + n + ".meaning")});
        }
        return rows;
    }

    private final String title;
    private final java.util.function.Supplier<List<String[]>> rows;
    private final double wrapWidth;

    /** @param rows       each row: what is explained (bold), then the explanation
     *  @param wrapWidth  where explanations wrap, or 0 for none */
    private InfoOverlay(String title, java.util.function.Supplier<List<String[]>> rows, double wrapWidth) {
        this.title = title;
        this.rows = rows;
        this.wrapWidth = wrapWidth;
        getStyleClass().add("shortcuts-overlay");
        setAlignment(Pos.CENTER);
        setVisible(false);
        setOnMouseClicked(e -> setVisible(false));
        // The card's labels are made the first time it shows, not while the window starts.
        visibleProperty().subscribe(visible -> {
            if (visible && getChildren().isEmpty()) {
                getChildren().add(card());
            }
        });
    }

    private VBox card() {
        var grid = new GridPane(24, 10);
        List<String[]> all = rows.get();
        for (int row = 0; row < all.size(); row++) {
            var key = new Label(all.get(row)[0]);
            key.getStyleClass().add("shortcut-key");
            var text = new Label(all.get(row)[1]);
            if (wrapWidth > 0) {
                text.setWrapText(true);
                text.setMaxWidth(wrapWidth);
            }
            grid.add(key, 0, row);
            grid.add(text, 1, row);
        }
        var heading = new Label(title);
        heading.getStyleClass().add("section-title");
        var card = new VBox(14, heading, grid);
        card.getStyleClass().add("shortcuts-card");
        card.setMaxSize(USE_PREF_SIZE, USE_PREF_SIZE);
        return card;
    }

    public static InfoOverlay shortcuts() {
        return new InfoOverlay(Messages.text("card.shortcuts.title"), InfoOverlay::shortcutRows, 0);
    }

    public static InfoOverlay glossary() {
        return new InfoOverlay(Messages.text("card.glossary.title"), InfoOverlay::terms, 640);
    }

    public void toggle() {
        setVisible(!isVisible());
    }
}
