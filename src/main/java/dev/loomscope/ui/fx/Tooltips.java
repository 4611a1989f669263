package dev.loomscope.ui.fx;

import javafx.event.EventHandler;
import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;

/**
 * The window's tooltips, each made the first time the pointer comes over its node. A JavaFX
 * tooltip is a popup window with a scene of its own, and the window has about fifty: made with
 * the window, they took about a sixth of building it. Until then the node keeps the text, which
 * is also its accessible help (what a screen reader says of it), as a tooltip's text would be.
 * FXML sets one as {@code <Button Tooltips.text="%key"/>}.
 */
public final class Tooltips {

    /** Explanations run to a few sentences: they wrap at a width that reads well. */
    static final double MAX_WIDTH = 360;

    private static final String TEXT = "loomscope.tooltip.text";
    private static final String MADE = "loomscope.tooltip";
    private static final EventHandler<MouseEvent> MAKE_ON_HOVER = event -> tooltipOf((Node) event.getSource());

    private Tooltips() {
    }

    /** Gives {@code node} this tooltip text (null or empty: none), shown from the pointer's first visit. */
    public static void setText(Node node, String text) {
        boolean none = text == null || text.isEmpty();
        node.setAccessibleHelp(none ? null : text);
        var made = (Tooltip) node.getProperties().get(MADE);
        if (none) {
            node.getProperties().remove(TEXT);
            node.removeEventHandler(MouseEvent.MOUSE_ENTERED, MAKE_ON_HOVER);
            if (made != null) {
                uninstall(node, made);
            }
        } else if (made != null) {
            made.setText(text);
        } else {
            if (!node.getProperties().containsKey(TEXT)) {
                node.addEventHandler(MouseEvent.MOUSE_ENTERED, MAKE_ON_HOVER);
            }
            node.getProperties().put(TEXT, text);
            if (node.isHover()) {
                // The pointer is already over it (a list's row given a reason, say): it will not enter again.
                tooltipOf(node);
            }
        }
    }

    /**
     * A tooltip that says what is under the pointer in a drawn view (a task's cell, a carrier's lane),
     * shown soon after the pointer stops. Made at the pointer's first move over {@code node}, so on the FX
     * thread: a tooltip is a popup window, and such views are made on another one ({@link MadeElsewhere}),
     * where making it raced the FX thread's first scene for JavaFX's classes.
     */
    public static void describing(Node node, java.util.function.Function<MouseEvent, String> describe) {
        node.addEventHandler(MouseEvent.MOUSE_MOVED, event -> {
            var made = (Tooltip) node.getProperties().get(MADE);
            if (made == null) {
                made = new Tooltip();
                made.setShowDelay(DESCRIBING_DELAY);
                made.setWrapText(true);
                made.setMaxWidth(DESCRIBING_MAX_WIDTH);
                node.getProperties().put(MADE, made);
                Tooltip.install(node, made);
            }
            made.setText(describe.apply(event));
        });
    }

    /** What the pointer rests on in a drawn view is described sooner than a control's help. */
    private static final javafx.util.Duration DESCRIBING_DELAY = javafx.util.Duration.millis(150);
    /** Wider than a control's help: a description carries names and figures (a pin's reason and frame) best on few lines. */
    private static final double DESCRIBING_MAX_WIDTH = 720;

    /**
     * Gives {@code labeled} its whole text as its tooltip while its skin draws it cut (an ellipsis at its width's end, or its
     * last lines left out of its height: JavaFX's {@code textTruncated}), and none while it is whole: a status line, a
     * warning or a table's cell that a short window cuts stays readable under the pointer. The labeled has no other tooltip.
     */
    public static void whenCut(Labeled labeled) {
        Runnable check = () -> {
            String text = labeled.getText();
            // Truncation is not reset when the text becomes empty.
            String tooltip = labeled.isTextTruncated() && text != null && !text.isEmpty() ? text : null;
            // A status line changes through a run, frame after frame: most changes leave its tooltip as it was.
            if (!java.util.Objects.equals(tooltip, getText(labeled))) {
                setText(labeled, tooltip);
            }
        };
        // The skin works truncation out as it lays the labeled out.
        labeled.textTruncatedProperty().subscribe(cut -> check.run());
        // A new text is judged as its layout begins, with the text it ends the pulse with, not as it is set: a table refreshed
        // sets its cells' text to null and back, and judging each step took the tooltip away from under the pointer.
        labeled.needsLayoutProperty().subscribe(needsLayout -> {
            if (!needsLayout) {
                check.run();
            }
        });
    }

    /** The tooltip text {@code node} has, or null. */
    public static String getText(Node node) {
        var made = (Tooltip) node.getProperties().get(MADE);
        return made != null ? made.getText() : (String) node.getProperties().get(TEXT);
    }

    /** The tooltip itself, made now if the pointer has not yet been over the node; null if it has no text. */
    public static Tooltip tooltipOf(Node node) {
        var made = (Tooltip) node.getProperties().get(MADE);
        String text = (String) node.getProperties().get(TEXT);
        if (made == null && text != null) {
            made = new Tooltip(text);
            made.setWrapText(true);
            made.setMaxWidth(MAX_WIDTH);
            node.getProperties().put(MADE, made);
            node.getProperties().remove(TEXT);
            node.removeEventHandler(MouseEvent.MOUSE_ENTERED, MAKE_ON_HOVER);
            if (node instanceof Control control) {
                control.setTooltip(made);
            } else {
                Tooltip.install(node, made);
            }
        }
        return made;
    }

    private static void uninstall(Node node, Tooltip made) {
        node.getProperties().remove(MADE);
        if (node instanceof Control control) {
            control.setTooltip(null);
        } else {
            Tooltip.uninstall(node, made);
        }
    }
}
