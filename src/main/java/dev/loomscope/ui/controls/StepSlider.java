package dev.loomscope.ui.controls;

import dev.loomscope.model.SliderSteps;
import dev.loomscope.ui.fx.Tooltips;
import java.util.function.IntFunction;
import javafx.beans.property.IntegerProperty;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;

/**
 * A labelled slider that stops only at the given steps (a 1-2-5 scale for task counts), kept in
 * step with an integer property both ways. It cannot produce a value outside its steps. FXML
 * creates it with its name and explanation; {@link #bind} then gives it its steps and property.
 */
public final class StepSlider extends VBox {

    private final Slider slider = new Slider(0, 1, 0);
    private final Label nameLabel = new Label();
    private final Label valueLabel = new Label();
    private SliderSteps steps;
    private IntegerProperty value;
    private boolean syncing;

    /** An unbound slider, as FXML makes it: set its name and explanation, then {@link #bind} it. */
    public StepSlider() {
        slider.setMajorTickUnit(1);
        slider.setMinorTickCount(0);
        slider.setSnapToTicks(true);
        slider.setBlockIncrement(1);
        nameLabel.getStyleClass().add("control-name");
        valueLabel.getStyleClass().add("control-value");
        var header = new BorderPane();
        header.setLeft(nameLabel);
        header.setRight(valueLabel);
        BorderPane.setAlignment(valueLabel, Pos.CENTER_RIGHT);
        getChildren().setAll(header, slider);
        getStyleClass().add("step-slider");
    }

    public StepSlider(String name, SliderSteps steps, IntegerProperty value, IntFunction<String> format, String explanation) {
        this();
        setName(name);
        setExplanation(explanation);
        bind(steps, value, format);
    }

    /** The name above the slider (also what a screen reader says). */
    public String getName() {
        return nameLabel.getText();
    }

    public void setName(String name) {
        nameLabel.setText(name);
        slider.setAccessibleText(name);
    }

    /** What the setting does, in the tooltip over the whole control (and the slider's accessible help). */
    public String getExplanation() {
        return Tooltips.getText(this);
    }

    public void setExplanation(String explanation) {
        Tooltips.setText(this, explanation);
        slider.setAccessibleHelp(getAccessibleHelp());
    }

    /**
     * Stops the slider at {@code steps} and keeps it and {@code value} in step both ways, the value
     * shown as {@code format} says. Once per slider.
     */
    public void bind(SliderSteps steps, IntegerProperty value, IntFunction<String> format) {
        if (this.value != null) {
            throw new IllegalStateException(getName() + " is bound already");
        }
        this.steps = steps;
        this.value = value;
        slider.setMax(steps.size() - 1);
        slider.setValue(steps.indexOf(value.get()));
        valueLabel.setText(format.apply(value.get()));
        slider.valueProperty().addListener((obs, old, position) -> {
            if (!syncing) {
                syncing = true;
                value.set(steps.valueAt((int) Math.round(position.doubleValue())));
                syncing = false;
            }
        });
        value.addListener((obs, old, v) -> {
            valueLabel.setText(format.apply(v.intValue()));
            if (!syncing) {
                syncing = true;
                slider.setValue(steps.indexOf(v.intValue()));
                syncing = false;
            }
        });
    }

    public Slider slider() {
        return slider;
    }

    /** Moves the slider one step (positive: up), as the keyboard would. */
    public void step(int by) {
        slider.setValue(Math.clamp(Math.round(slider.getValue()) + by, 0, steps.size() - 1));
    }

    public int value() {
        return value.get();
    }
}
