package dev.loomscope.ui.presentation;

import javafx.scene.layout.Region;

/**
 * A region kept at least as tall as it was when held, so that what it holds getting shorter moves nothing under it.
 * Runs starting hide the Why line and the story's notice, and ending shows them again: without a hold the views under
 * them moved up at Run and down at the end, a jolt on stage, and each move laid out and painted the whole centre again
 * in the run's first frames, when its runner JVM starts beside them. The hold ends when asked (the runs ended and their
 * Why line shown), or when the region's width changes (its text wraps anew there).
 */
final class HeldHeight {

    private final Region region;
    /** The width the hold was taken at, or -1 when not held. */
    private double heldWidth = -1;

    HeldHeight(Region region) {
        this.region = region;
        region.widthProperty().addListener((obs, was, width) -> {
            if (heldWidth >= 0 && width.doubleValue() != heldWidth) {
                release();
            }
        });
    }

    /** Keeps the region at least as tall as it is now laid out: nothing if it is not shown. */
    void hold() {
        if (region.isVisible() && region.getHeight() > 0) {
            heldWidth = region.getWidth();
            region.setMinHeight(region.getHeight());
        }
    }

    /** Lets the region take the height of what it holds again. */
    void release() {
        if (heldWidth >= 0) {
            heldWidth = -1;
            region.setMinHeight(Region.USE_COMPUTED_SIZE);
        }
    }
}
