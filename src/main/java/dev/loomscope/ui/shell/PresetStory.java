package dev.loomscope.ui.shell;

import dev.loomscope.model.Preset;
import dev.loomscope.ui.fx.Fxml;
import dev.loomscope.ui.fx.Messages;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableObjectValue;
import javafx.fxml.FXML;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

/**
 * A preset's story above the figures: its title, what to predict now, and once its runs are done
 * what to notice. It stays while the preset's settings do; moving a slider makes them custom, and it goes.
 */
public final class PresetStory extends VBox {

    @FXML
    private Label storyTitle;
    @FXML
    private Label predict;
    @FXML
    private Hyperlink reveal;
    @FXML
    private Label notice;
    private Preset preset;

    public PresetStory() {
        Fxml.load(this);
    }

    /** Follows the chosen preset; on stage the story is two lines: the question, then the notice in its place. */
    public void follow(ObservableObjectValue<Preset> chosen, ObservableBooleanValue onStage) {
        reveal.visibleProperty().bind(notice.visibleProperty().not().and(javafx.beans.binding.Bindings.not(onStage)));
        reveal.managedProperty().bind(reveal.visibleProperty());
        predict.visibleProperty().bind(javafx.beans.binding.Bindings.not(onStage).or(notice.visibleProperty().not()));
        predict.managedProperty().bind(predict.visibleProperty());
        notice.managedProperty().bind(notice.visibleProperty());
        visibleProperty().bind(javafx.beans.binding.Bindings.isNotNull(chosen));
        managedProperty().bind(visibleProperty());
        chosen.addListener((obs, old, now) -> show(now));
        show(chosen.get());
    }

    private void show(Preset chosen) {
        if (chosen == null) {
            return;
        }
        preset = chosen;
        storyTitle.setText(chosen.title());
        predict.setText(Messages.text("story.predict", chosen.predict()));
        notice.setText(Messages.text("story.notice", chosen.notice()));
        notice.setVisible(false);
    }

    /** The preset whose story is told, or null. */
    public Preset preset() {
        return preset;
    }

    /** What the reveal link does, and the end of the preset's runs. */
    @FXML
    public void revealNotice() {
        notice.setVisible(true);
    }

    /** New runs of the preset: the notice waits for their end again. */
    public void hideNotice() {
        notice.setVisible(false);
    }
}
