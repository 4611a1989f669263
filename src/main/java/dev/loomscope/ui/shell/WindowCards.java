package dev.loomscope.ui.shell;

import dev.loomscope.ui.fx.AfterFirstFrame;
import dev.loomscope.ui.observe.JvmPicker;
import dev.loomscope.ui.views.LifecycleCard;
import dev.loomscope.ui.views.TaskFollower;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/**
 * What lies over the window: the shortcut card, the glossary, the JVM picker and the followed task's card. Each lies on
 * the window only while it shows, and the picker is made the first time it is needed: what does not show is not in
 * the scene, where every frame would walk it.
 */
final class WindowCards {

    final InfoOverlay shortcuts = InfoOverlay.shortcuts();
    final InfoOverlay glossary = InfoOverlay.glossary();
    final LifecycleCard taskCard;
    private JvmPicker picker;
    /** Where the cards lie, once the window's first frame is on screen; null before. */
    private StackPane layers;

    WindowCards(TaskFollower follower) {
        this.taskCard = new LifecycleCard(follower);
    }

    /** In the order they lie: the shortcut card, the glossary, the JVM picker (once made), the task card. */
    List<Region> all() {
        var all = new ArrayList<Region>(List.of(shortcuts, glossary));
        if (picker != null) {
            all.add(picker);
        }
        all.add(taskCard);
        return List.copyOf(all);
    }

    /** Lays them on {@code layers} as they show, once the window's first frame is on screen; the task card at the top right. */
    void placeOn(StackPane layers, AfterFirstFrame afterFirstFrame) {
        StackPane.setAlignment(taskCard, Pos.TOP_RIGHT);
        StackPane.setMargin(taskCard, new Insets(96, 20, 0, 0));
        afterFirstFrame.then(() -> {
            this.layers = layers;
            all().forEach(this::follow);
        });
    }

    /** The JVM picker, now made: it lies with the others. */
    void pickerMade(JvmPicker made) {
        picker = made;
        if (layers != null) {
            follow(made);
        }
    }

    private void follow(Region card) {
        card.visibleProperty().subscribe(shown -> arrange());
    }

    /** Takes the hidden cards off the layers and puts the shown ones on, in their order, over the window's content. */
    private void arrange() {
        List<Region> order = all();
        var children = layers.getChildren();
        for (Region card : order) {
            if (!card.isVisible()) {
                children.remove(card);
            }
        }
        // The cards lie last, after the window's content: where they begin, then each shown one in turn.
        int at = children.size() - (int) order.stream().filter(children::contains).count();
        for (Region card : order) {
            if (card.isVisible()) {
                if (!children.contains(card)) {
                    children.add(at, card);
                }
                at++;
            }
        }
    }
}
