package dev.loomscope.ui.observe;

import dev.loomscope.attach.LocalJvm;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.model.observe.StackGroup;
import dev.loomscope.model.observe.ThreadContainerNode;
import dev.loomscope.ui.NodeProbe;
import dev.loomscope.ui.shell.MainWindow;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeView;

/** The picker's and the observation's parts, found by their ids in the FXML (call on the FX thread). */
final class ObserveProbe {

    private ObserveProbe() {
    }

    @SuppressWarnings("unchecked")
    static TableView<LocalJvm> jvmTable(MainWindow window) {
        return NodeProbe.lookup(window.picker(), "#jvmTable", TableView.class);
    }

    /** The observer's error on the picker's card, "" while none shows. */
    static String pickerError(MainWindow window) {
        var error = NodeProbe.lookup(window.picker(), "#jvmPickerError", Label.class);
        return error.isVisible() ? error.getText() : "";
    }

    /**
     * The exports of the window's observation, as its export menu makes them, the files given rather
     * than chosen; "nothing is observed" fails the test (a failed write still shows in the banner).
     */
    static ObservationExports saving(MainWindow window) {
        return new ObservationExports(window.observing(), window.exports(), message -> {
            throw new AssertionError("unexpected: " + message);
        }, status -> {});
    }

    /** A tile's figure: "pins", "pinnedMs"... */
    static String figure(ObserveView view, String key) {
        return text(view, "#observe" + Character.toUpperCase(key.charAt(0)) + key.substring(1));
    }

    static String text(Node root, String selector) {
        return NodeProbe.lookup(root, selector, Labeled.class).getText();
    }

    static ObservationTimeline timeline(ObserveView view) {
        return NodeProbe.lookup(view, "#observationTimeline", ObservationTimeline.class);
    }

    @SuppressWarnings("unchecked")
    static TableView<PinHotspot> hotspots(ObserveView view) {
        return NodeProbe.lookup(view, "#hotspotTable", TableView.class);
    }

    @SuppressWarnings("unchecked")
    static TableView<StackGroup> stackGroups(ObserveView view) {
        return NodeProbe.lookup(view, "#dumpGroups", TableView.class);
    }

    @SuppressWarnings("unchecked")
    static TreeView<ThreadContainerNode> containers(ObserveView view) {
        return NodeProbe.lookup(view, "#dumpTree", TreeView.class);
    }
}
