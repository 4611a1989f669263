package dev.loomscope.ui.shell;

import dev.loomscope.ui.fx.AfterFirstFrame;
import dev.loomscope.ui.observe.JvmPicker;
import dev.loomscope.ui.views.LifecycleCard;
import dev.loomscope.ui.views.TaskFollower;
import java.util.List;
import java.util.function.Supplier;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/** What lies over the window: the shortcut card, the glossary, the JVM picker and the followed task's card. */
final class WindowCards {

    final InfoOverlay shortcuts = InfoOverlay.shortcuts();
    final InfoOverlay glossary = InfoOverlay.glossary();
    final LifecycleCard taskCard;
    private final Supplier<JvmPicker> picker;

    /** @param picker made when the cards are placed, once the first frame is on screen */
    WindowCards(TaskFollower follower, Supplier<JvmPicker> picker) {
        this.taskCard = new LifecycleCard(follower);
        this.picker = picker;
    }

    /** In the order they lie: the shortcut card, the glossary, the JVM picker, the task card. */
    List<Region> all() {
        return List.of(shortcuts, glossary, picker.get(), taskCard);
    }

    /** Puts them on {@code layers} once the window's first frame is on screen; the task card at the top right. */
    void placeOn(StackPane layers, AfterFirstFrame afterFirstFrame) {
        StackPane.setAlignment(taskCard, Pos.TOP_RIGHT);
        StackPane.setMargin(taskCard, new Insets(96, 20, 0, 0));
        afterFirstFrame.then(() -> layers.getChildren().addAll(all()));
    }
}
