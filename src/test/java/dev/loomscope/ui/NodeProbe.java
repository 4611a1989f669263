package dev.loomscope.ui;

import javafx.scene.Node;

/**
 * Finds a part of the window as a person's eye would, by its id (an FXML {@code fx:id}, or one given
 * in code) or another CSS selector, so tests need no accessors written for them. The part must be in
 * the scene graph under {@code root}: a control's inner parts (a tab's content, a split pane's items)
 * are there once it has been shown. Call on the FX thread.
 */
public final class NodeProbe {

    private NodeProbe() {
    }

    /** The node {@code selector} ("#observeStop") finds under {@code root}, as a {@code type}; fails if there is none. */
    /**
     * No node answers the selector. A control's parts appear only once its skin is made, on the pulse
     * after it joins the scene: {@link Fx#waitUntil} therefore reads this as "not yet", not as a failure.
     */
    public static final class Missing extends AssertionError {
        Missing(String message) {
            super(message);
        }
    }

    /** The node, or empty while it is not there yet (a view built when first needed): for waits. */
    public static <T extends Node> java.util.Optional<T> find(Node root, String selector, Class<T> type) {
        Node node = root.lookup(selector);
        return type.isInstance(node) ? java.util.Optional.of(type.cast(node)) : java.util.Optional.empty();
    }

    public static <T extends Node> T lookup(Node root, String selector, Class<T> type) {
        Node node = root.lookup(selector);
        if (node == null) {
            throw new Missing("no node " + selector + " under " + root);
        }
        if (!type.isInstance(node)) {
            throw new AssertionError(selector + " is a " + node.getClass().getSimpleName() + ", not a " + type.getSimpleName());
        }
        return type.cast(node);
    }

    /** The text {@code labeled}'s skin draws: its own, or cut to fit (an ellipsis, lines left out). */
    public static String drawnText(javafx.scene.control.Labeled labeled) {
        return ((javafx.scene.text.Text) labeled.lookup(".text")).getText();
    }

    /**
     * The label that draws each shown column head under {@code root}, a column of columns' own heads left out: a fitted
     * head's label ({@code ColumnHeads}) in its header's text's place, else the header's own.
     */
    public static java.util.List<javafx.scene.control.Label> columnHeads(Node root) {
        var heads = new java.util.ArrayList<javafx.scene.control.Label>();
        for (Node node : root.lookupAll(".column-header")) {
            if (node instanceof javafx.scene.control.skin.TableColumnHeader header && header.isVisible() && header.getTableColumn() != null
                    && header.getTableColumn().getColumns().isEmpty()) {
                var label = (javafx.scene.control.Label) header.getChildrenUnmodifiable().stream()
                        .filter(javafx.scene.control.Label.class::isInstance).findFirst().orElseThrow();
                heads.add(label.getContentDisplay() == javafx.scene.control.ContentDisplay.GRAPHIC_ONLY
                        && label.getGraphic() instanceof javafx.scene.control.Label head ? head : label);
            }
        }
        return heads;
    }
}
