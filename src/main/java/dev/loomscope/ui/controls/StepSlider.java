package dev.loomscope.ui.controls;

import dev.loomscope.model.SliderSteps;
import java.util.function.IntFunction;
import javafx.beans.property.IntegerProperty;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;

/**
 * A labelled slider that stops only at the given steps (a 1-2-5 scale for task counts), kept in
 * step with an integer property both ways. It cannot produce a value outside its steps.
 */
public final class StepSlider extends VBox {

    private final Slider slider;
    private final SliderSteps steps;
    private final IntegerProperty value;
    private final Label valueLabel = new Label();
    private boolean syncing;

    public StepSlider(String name, SliderSteps steps, IntegerProperty value, IntFunction<String> format, String explanation) {
        this.steps = steps;
        this.value = value;
        slider = new Slider(0, steps.size() - 1, steps.indexOf(value.get()));
        slider.setMajorTickUnit(1);
        slider.setMinorTickCount(0);
        slider.setSnapToTicks(true);
        slider.setBlockIncrement(1);
        slider.setAccessibleText(name);
        var nameLabel = new Label(name);
        nameLabel.getStyleClass().add("control-name");
        valueLabel.getStyleClass().add("control-value");
        var header = new BorderPane();
        header.setLeft(nameLabel);
        header.setRight(valueLabel);
        BorderPane.setAlignment(valueLabel, Pos.CENTER_RIGHT);
        getChildren().setAll(header, slider);
        getStyleClass().add("step-slider");
        var tooltip = new Tooltip(explanation);
        tooltip.setWrapText(true);
        tooltip.setMaxWidth(360);
        Tooltip.install(this, tooltip);
        slider.setTooltip(tooltip);

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
