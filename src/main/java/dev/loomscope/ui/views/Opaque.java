package dev.loomscope.ui.views;

import dev.loomscope.ui.theme.Palette;
import javafx.scene.layout.Background;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Region;

/**
 * Gives a view that paints all of its area an opaque background of the colour it paints with.
 * JavaFX then starts a frame's drawing at the view when all that changed lies inside it, instead
 * of repainting every pane behind it first: with software rendering, the backgrounds of the
 * panes under the task waves and the lanes (filled again each time the view repainted) were
 * most of the render thread's time during a big run.
 */
final class Opaque {

    private Opaque() {
    }

    static void fill(Region view, int argb) {
        view.setBackground(new Background(new BackgroundFill(Palette.fx(argb), null, null)));
    }
}
