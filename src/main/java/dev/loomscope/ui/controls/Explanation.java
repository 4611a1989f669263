package dev.loomscope.ui.controls;

import javafx.scene.control.Tooltip;

/** A tooltip that explains a setting in a few sentences: it wraps at a readable width. FXML uses it as {@code <Explanation text="%key"/>}. */
public final class Explanation extends Tooltip {

    static final double MAX_WIDTH = 360;

    public Explanation() {
        setWrapText(true);
        setMaxWidth(MAX_WIDTH);
    }
}
