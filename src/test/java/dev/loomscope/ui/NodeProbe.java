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
}
