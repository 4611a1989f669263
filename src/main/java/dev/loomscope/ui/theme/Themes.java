package dev.loomscope.ui.theme;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.css.PseudoClass;
import javafx.scene.Scene;

/**
 * Dark and light: AtlantaFX's Primer themes as the user-agent stylesheet, LoomScope's own sheet on
 * top (it reads the theme's colour variables), a {@code :dark} pseudo-class on the root for the
 * few rules that differ, and the matching {@link Palette} for the drawn views.
 */
public final class Themes {

    private static final PseudoClass DARK = PseudoClass.getPseudoClass("dark");
    private static final PseudoClass HIGH_CONTRAST = PseudoClass.getPseudoClass("high-contrast");
    private static final String STYLESHEET = Themes.class.getResource("loomscope.css").toExternalForm();

    private final ReadOnlyBooleanWrapper dark = new ReadOnlyBooleanWrapper(true);
    private final ReadOnlyBooleanWrapper highContrast = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyObjectWrapper<Palette> palette = new ReadOnlyObjectWrapper<>(Palette.DARK);
    private final ReadOnlyBooleanWrapper patterns = new ReadOnlyBooleanWrapper(false);
    private Scene scene;

    public void install(Scene scene, boolean startDark, boolean startHighContrast) {
        this.scene = scene;
        if (!scene.getStylesheets().contains(STYLESHEET)) {
            scene.getStylesheets().add(STYLESHEET);
        }
        apply(startDark, startHighContrast);
    }

    /** Gives a scene (the speaker notes', the window's while it opens) LoomScope's stylesheet and the current theme. */
    public void dress(Scene other) {
        other.getStylesheets().add(STYLESHEET);
        other.getRoot().pseudoClassStateChanged(DARK, dark.get());
        other.getRoot().pseudoClassStateChanged(HIGH_CONTRAST, highContrast.get());
    }

    public void toggle() {
        apply(!dark.get(), highContrast.get());
    }

    /** Patterns on the states (hollow, dots, stripes, cross-hatch), for reading the views without colour. */
    public void togglePatterns() {
        setPatterns(!patterns.get());
    }

    public void setPatterns(boolean on) {
        patterns.set(on);
        palette.set(Palette.of(dark.get(), highContrast.get()).withPatterns(on));
    }

    public ReadOnlyBooleanProperty patternsProperty() {
        return patterns.getReadOnlyProperty();
    }

    public void toggleContrast() {
        apply(dark.get(), !highContrast.get());
    }

    public void apply(boolean useDark, boolean useHighContrast) {
        String userAgent = useDark ? new PrimerDark().getUserAgentStylesheet() : new PrimerLight().getUserAgentStylesheet();
        // Setting the same sheet again would have every node's style looked up again.
        if (!userAgent.equals(Application.getUserAgentStylesheet())) {
            Application.setUserAgentStylesheet(userAgent);
        }
        if (scene != null) {
            scene.getRoot().pseudoClassStateChanged(DARK, useDark);
            scene.getRoot().pseudoClassStateChanged(HIGH_CONTRAST, useHighContrast);
        }
        dark.set(useDark);
        highContrast.set(useHighContrast);
        palette.set(Palette.of(useDark, useHighContrast).withPatterns(patterns.get()));
    }

    public ReadOnlyBooleanProperty highContrastProperty() {
        return highContrast.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty darkProperty() {
        return dark.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Palette> paletteProperty() {
        return palette.getReadOnlyProperty();
    }

    public Palette palette() {
        return palette.get();
    }
}
