package dev.loomscope.ui.fx;

import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;

/**
 * Says when a window's first frame has been painted, the same way for the window and for the
 * start-up benchmark's yardstick, as JavaFX has no event for it. A pulse styles the scene, lays it
 * out and copies it to the render thread, which paints it while the FX thread goes on; a later pulse
 * waits for that painting only if its scene has something new to copy (otherwise it skips the
 * wait). So the second pulse after {@code show()} proves nothing: the window's came about 100 ms
 * before its first frame was painted (JavaFX's pulse log). Here the second pulse changes a node that
 * draws nothing, so it waits for the first frame's painting; what it then posts runs right after it.
 */
public final class FirstPaint {

    private FirstPaint() {
    }

    /**
     * Runs {@code painted} on the FX thread once the first frame of {@code host}'s scene is painted.
     * Call before the pulse that styles and lays out that frame (as the window joins its scene, or
     * right after {@code show()}); {@code host} keeps an empty, unmanaged region until then.
     */
    public static void then(Pane host, Runnable painted) {
        var marker = new Region();
        marker.setManaged(false);
        marker.setVisible(false);
        host.getChildren().add(marker);
        new AnimationTimer() {
            private int pulses;

            @Override
            public void handle(long now) {
                if (++pulses == 2) {
                    stop();
                    // Something to copy: this pulse waits until the first frame is painted, and what it
                    // posts runs once the pulse is over.
                    marker.setVisible(true);
                    Platform.runLater(() -> {
                        host.getChildren().remove(marker);
                        painted.run();
                    });
                }
            }
        }.start();
    }
}
