package dev.loomscope.ui.views;

import dev.loomscope.model.TaskLifecycle;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.fx.Messages;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The followed task's card: its states with their times, the carriers it ran on slice by slice,
 * and how long it was queued, running, waiting and pinned. Long lives show their first and last
 * steps.
 */
public final class LifecycleCard extends VBox implements FrameView {

    static final int STEPS_SHOWN = 14;
    private final TaskFollower follower;
    private final Label title = new Label();
    private final Label body = new Label();
    private int shownVersion = -1;

    public LifecycleCard(TaskFollower follower) {
        this.follower = follower;
        getStyleClass().add("lifecycle-card");
        setId("lifecycleCard");
        var close = new Button("×");
        close.getStyleClass().add("flat");
        close.setOnAction(e -> follower.clear());
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        title.getStyleClass().add("lifecycle-title");
        var head = new HBox(8, title, spacer, close);
        head.setAlignment(Pos.CENTER_LEFT);
        body.setWrapText(true);
        body.setMinHeight(Region.USE_PREF_SIZE);
        body.getStyleClass().add("lifecycle-body");
        getChildren().addAll(head, body);
        setMaxSize(640, Region.USE_PREF_SIZE);
        setVisible(false);
    }

    @Override
    public void refresh(FrameContext frame) {
        boolean show = follower.task() >= 0;
        setVisible(show);
        if (!show) {
            shownVersion = -1;
            return;
        }
        TaskLifecycle life = follower.lifecycle();
        if (follower.version() == shownVersion) {
            return;
        }
        shownVersion = follower.version();
        title.setText(Messages.text("lifecycle.title", follower.task() + 1, follower.run().title()));
        body.setText(life == null ? Messages.text("lifecycle.after-run")
                : describe(life, Messages.text(follower.run().scenario().executor().isVirtual() ? "lifecycle.carriers" : "lifecycle.threads")));
    }

    /** The card's text: steps, slices and totals. */
    static String describe(TaskLifecycle life, String lanes) {
        var text = new StringBuilder();
        var steps = life.steps();
        for (int i = 0; i < steps.size(); i++) {
            if (steps.size() > STEPS_SHOWN && i == STEPS_SHOWN / 2) {
                text.append(Messages.text("lifecycle.more", steps.size() - STEPS_SHOWN)).append('\n');
                i = steps.size() - STEPS_SHOWN / 2;
            }
            text.append("%9.2f ms  %s%n".formatted(steps.get(i).atMs(), steps.get(i).what()));
        }
        text.append(Messages.text("lifecycle.slices", life.slices().size(), life.carriersUsed(), lanes)).append('\n');
        for (var slice : life.slices().stream().limit(6).toList()) {
            text.append("  %s: %.2f-%.2f ms%n".formatted(slice.laneName(), slice.fromNanos() / 1e6, slice.toNanos() / 1e6));
        }
        text.append(Messages.text("lifecycle.totals", life.queuedMs(), life.runningMs(), life.waitingMs(), life.pinnedMs()));
        if (!life.complete()) {
            text.append('\n').append(Messages.text("lifecycle.incomplete"));
        }
        return text.toString();
    }
}
