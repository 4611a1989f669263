package dev.loomscope.ui.views;

import javafx.scene.Node;
import javafx.scene.layout.FlowPane;

/**
 * A legend that asks for one line and wraps onto more when its row is too narrow (a 720p stage),
 * instead of holding the views' column wider than the screen allows.
 */
public final class LegendPane extends FlowPane {

    public LegendPane() {
        super(14, 2);
    }

    /** One line of every item: a plain FlowPane would ask for its whole wrap length. */
    @Override
    protected double computePrefWidth(double height) {
        double width = 0;
        int shown = 0;
        for (Node child : getManagedChildren()) {
            // Rounded up as the flow lays out, plus a pixel: a sum a hair short wraps the last item.
            width += Math.ceil(child.prefWidth(-1)) + 1;
            shown++;
        }
        return Math.ceil(snappedLeftInset() + width + Math.max(0, shown - 1) * getHgap() + snappedRightInset());
    }

    /** The widest item: narrower than that, an item would be cut. */
    @Override
    protected double computeMinWidth(double height) {
        double widest = 0;
        for (Node child : getManagedChildren()) {
            widest = Math.max(widest, child.prefWidth(-1));
        }
        return snappedLeftInset() + widest + snappedRightInset();
    }
}
