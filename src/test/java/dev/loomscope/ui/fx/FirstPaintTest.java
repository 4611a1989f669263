package dev.loomscope.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A window says its first frame is painted only after a pulse that had something to copy, as such a
 * pulse alone waits for the frame before it to be painted (a pulse with nothing new skips the wait).
 */
@WindowTest
class FirstPaintTest {

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    @Test
    void paintedComesAfterTheSecondPulseMadeTheSceneChangeAndLeavesItAsItWas() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        var painted = new CompletableFuture<Void>();
        var stage = Fx.call(Stage::new);
        try {
            Fx.run(() -> {
                var root = new StackPane(new Label("LoomScope"));
                stage.setScene(new Scene(root, 320, 200));
                stage.show();
                int[] pulses = {0};
                new AnimationTimer() {
                    @Override
                    public void handle(long now) {
                        pulses[0]++;
                    }
                }.start();
                // After the pulse's layout comes its copy to the render thread, the part that waits for the painting.
                stage.getScene().addPostLayoutPulseListener(() -> {
                    if (pulses[0] == 2) {
                        seen.add("pulse 2 laid out");
                    }
                });
                root.getChildren().addListener((ListChangeListener<Node>) change -> {
                    while (change.next()) {
                        change.getAddedSubList().forEach(marker -> marker.visibleProperty().subscribe(visible -> seen.add("marker " + (visible ? "shown" : "hidden") + " in pulse " + pulses[0])));
                    }
                });
                FirstPaint.then(root, () -> {
                    seen.add("painted after pulse " + pulses[0] + (Platform.isFxApplicationThread() ? " on the FX thread" : "")
                            + ", " + root.getChildren().size() + " child");
                    painted.complete(null);
                });
            });
            painted.get(10, TimeUnit.SECONDS);
            // The marker is made hidden (before any pulse) and shown in the second pulse; what says the frame is
            // painted runs once that whole pulse is over (not within it), before a third, and the marker is gone.
            assertThat(seen).containsExactly("marker hidden in pulse 0", "marker shown in pulse 2", "pulse 2 laid out",
                    "painted after pulse 2 on the FX thread, 1 child");
        } finally {
            Fx.run(stage::close);
        }
    }
}
