package dev.loomscope.ui.theme;

import atlantafx.base.theme.Styles;
import javafx.scene.control.Button;
import dev.loomscope.ui.fx.Tooltips;

/** The one recipe for a borderless icon button: AtlantaFX's flat, icon-only style, an icon and what it does in a tooltip. */
public final class IconButtons {

    private IconButtons() {
    }

    /** A flat icon button of {@code size} px with its tooltip; the caller sets its action. */
    public static Button of(Icons icon, int size, String tooltip) {
        var button = new Button(null, icon.create(size));
        style(button);
        if (tooltip != null) {
            Tooltips.setText(button, tooltip);
        }
        return button;
    }

    /** Gives a button made elsewhere (FXML, a menu button) the same flat, icon-only look. */
    public static <B extends javafx.scene.control.ButtonBase> B style(B button) {
        button.getStyleClass().addAll(Styles.FLAT, Styles.BUTTON_ICON);
        return button;
    }
}
