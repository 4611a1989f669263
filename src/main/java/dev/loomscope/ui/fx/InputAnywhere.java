package dev.loomscope.ui.fx;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import javafx.collections.ListChangeListener;
import javafx.event.EventHandler;
import javafx.scene.Scene;
import javafx.scene.input.InputEvent;
import javafx.stage.Window;
import javafx.util.Subscription;

/**
 * Hears input in every JavaFX window of the app as it shows: the main window, the speaker notes, and
 * the popups that have scenes of their own (a combo box's list, a menu). Input there reaches only its
 * own scene, so a filter on the main scene alone misses a preset picked from a list. (The system's
 * file choosers are not JavaFX windows: what they choose shows once the window acts on it.)
 */
public final class InputAnywhere {

    private final EventHandler<InputEvent> handler;
    /** The scenes heard, weakly: a popup's scene goes with its popup. */
    private final Set<Scene> heard = Collections.newSetFromMap(new WeakHashMap<>());
    /** The windows showing, each with its watch on its scene (dropped when it hides: the watch holds the window). */
    private final Map<Window, Subscription> watched = new HashMap<>();
    private final ListChangeListener<Window> shown = change -> {
        while (change.next()) {
            change.getRemoved().forEach(this::forget);
            change.getAddedSubList().forEach(this::watch);
        }
    };

    private InputAnywhere(EventHandler<InputEvent> handler) {
        this.handler = handler;
    }

    /**
     * Calls {@code handler} for every input event in any window, now and later shown, until unsubscribed. On the FX thread
     * only, as the list of windows is.
     */
    public static Subscription hear(EventHandler<InputEvent> handler) {
        var anywhere = new InputAnywhere(handler);
        Window.getWindows().forEach(anywhere::watch);
        Window.getWindows().addListener(anywhere.shown);
        return anywhere::stop;
    }

    private void watch(Window window) {
        // A window may be given another scene while shown: the new one is heard too.
        watched.computeIfAbsent(window, w -> w.sceneProperty().subscribe(scene -> {
            if (scene != null && heard.add(scene)) {
                scene.addEventFilter(InputEvent.ANY, handler);
            }
        }));
    }

    private void forget(Window window) {
        Subscription watch = watched.remove(window);
        if (watch != null) {
            watch.unsubscribe();
        }
    }

    private void stop() {
        Window.getWindows().removeListener(shown);
        watched.values().forEach(Subscription::unsubscribe);
        watched.clear();
        heard.forEach(scene -> scene.removeEventFilter(InputEvent.ANY, handler));
        heard.clear();
    }
}
