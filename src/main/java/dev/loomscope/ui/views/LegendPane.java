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

    /**
     * As tall as the legend is at the width it has now (one line before its first layout). A FlowPane's own minimum is
     * its height at its narrowest, every item on a line of its own: five lines that the heads of the waves and the lanes
     * then asked for, so that the split under them could not give the tabs the room it meant to.
     */
    @Override
    protected double computeMinHeight(double width) {
        return computePrefHeight(getWidth() > 0 ? getWidth() : computePrefWidth(-1));
    }
}
