package dev.loomscope.ui.fx;

import java.io.IOException;
import java.io.UncheckedIOException;
import javafx.fxml.FXMLLoader;

/**
 * Loads a component's FXML beside its class ({@code ControlPanel.fxml} for {@code ControlPanel}),
 * the component being both the root ({@code <fx:root>}) and the controller, with the prose bundle.
 * Scene Builder opens these files as they are.
 */
public final class Fxml {

    private Fxml() {
    }

    public static void load(Object component) {
        load(component, java.util.Map.of());
    }

    /**
     * As {@link #load(Object)}, with parts made in code (views drawn on a canvas, controls that need
     * arguments) that the FXML places by {@code <fx:reference source="name"/>}.
     */
    public static void load(Object component, java.util.Map<String, Object> parts) {
        load(component, component, parts);
    }

    /** As {@link #load(Object, java.util.Map)}, with a controller of its own for the FXML's {@code fx:id}s. */
    public static void load(Object component, Object controller, java.util.Map<String, Object> parts) {
        var type = component.getClass();
        var url = type.getResource(type.getSimpleName() + ".fxml");
        if (url == null) {
            throw new IllegalStateException("no " + type.getSimpleName() + ".fxml beside " + type.getName());
        }
        var loader = new FXMLLoader(url, Messages.BUNDLE);
        loader.setRoot(component);
        loader.setController(controller);
        loader.getNamespace().putAll(parts);
        try {
            loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not load " + url, e);
        }
    }

}
