package dev.loomscope.ui.shell;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.theme.IconButtons;
import dev.loomscope.ui.theme.Icons;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

/**
 * What the window shows while its parts are made: its header (the app's icon and name) and its
 * status bar, saying so, on the theme's background. Styled, laid out and painted in a few ms, where
 * the whole window's first frame takes about a quarter of a second on two cores (docs/performance.md,
 * round 10), so the window is on screen as soon as an empty one would be. The window takes its place
 * once its parts are made, header over header at the same height ({@code OpeningFrameTest}), so
 * nothing on screen moves but what is added. In code, not FXML: the FXML loader's first use would cost
 * this frame more than its few nodes do.
 */
public final class OpeningFrame extends BorderPane {

    /** The window's name: its title, and its header's here and once the window has joined ({@code WindowLayout}). */
    public static final String NAME = "LoomScope";

    public OpeningFrame() {
        getStyleClass().add("main-window");
        var title = new Label(NAME, Icons.APP.create(WindowLayout.TITLE_ICON_SIZE));
        title.getStyleClass().add("app-title");
        // Not shown: it holds the header at the height the window's own icon buttons give it.
        var heightOfTheButtons = IconButtons.of(Icons.APP, WindowLayout.HEADER_ICON_SIZE, null);
        heightOfTheButtons.setVisible(false);
        var header = new HBox(title, heightOfTheButtons);
        header.getStyleClass().add("header");
        header.setAlignment(Pos.CENTER_LEFT);
        var status = new Label(Messages.text("window.opening"));
        var statusBar = new HBox(status);
        statusBar.getStyleClass().add("status-bar");
        statusBar.setAlignment(Pos.CENTER_LEFT);
        setTop(header);
        setBottom(statusBar);
    }
}
