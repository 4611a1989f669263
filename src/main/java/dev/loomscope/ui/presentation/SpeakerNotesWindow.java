package dev.loomscope.ui.presentation;

import dev.loomscope.model.Preset;
import dev.loomscope.model.SpeakerNotes;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.actions.Action;
import dev.loomscope.ui.fx.Fxml;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.views.FrameView;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.fxml.FXML;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Speaker notes in a window of their own, for the presenter's screen: the audience's window shows
 * none of it. It follows the experiment on stage (Page Down and Page Up work in either window, as
 * every key of the action table does), quotes what the runs measured once they have, and keeps
 * the talk's time. With a second screen it opens there; with one, it can be put anywhere.
 */
public final class SpeakerNotesWindow extends VBox implements FrameView {

    @FXML
    private Label notesTitle;
    @FXML
    private Label talkTime;
    @FXML
    private Label question;
    @FXML
    private Label pointOut;
    @FXML
    private VBox figures;
    @FXML
    private Label next;
    @FXML
    private Label keys;
    private final Supplier<List<Preset>> presets;
    private final Supplier<Preset> current;
    private Stage stage;
    private long talkStartedAt = System.nanoTime();
    private SpeakerNotes.Page shown;

    public SpeakerNotesWindow(Supplier<List<Preset>> presets, Supplier<Preset> current) {
        this.presets = presets;
        this.current = current;
        Fxml.load(this);
        keys.setText(Messages.text("notes.keys", Action.NEXT_PRESET.pressKey(), Action.PREVIOUS_PRESET.pressKey(), Action.RUN.pressKey(),
                Action.NOTES.pressKey()));
    }

    /**
     * Opens the notes (or closes them if open). {@code dress} gives their scene what the main
     * window's has: the theme's stylesheet and every key of the action table.
     */
    public void toggle(Window audience, Consumer<Scene> dress) {
        if (isShowing()) {
            stage.hide();
            return;
        }
        if (stage == null) {
            stage = new Stage();
            stage.setTitle(Messages.text("notes.window-title"));
            var scene = new Scene(this, 960, 640);
            dress.accept(scene);
            stage.setScene(scene);
            placeAwayFrom(audience);
        }
        stage.show();
        refreshNow();
    }

    /** On another screen than the audience's window when there is one; else where the window system puts it. */
    private void placeAwayFrom(Window audience) {
        if (audience == null) {
            return;
        }
        var screens = Screen.getScreensForRectangle(audience.getX(), audience.getY(), Math.max(1, audience.getWidth()), Math.max(1, audience.getHeight()));
        Screen audienceScreen = screens.isEmpty() ? Screen.getPrimary() : screens.getFirst();
        for (Screen screen : Screen.getScreens()) {
            if (!screen.equals(audienceScreen)) {
                Rectangle2D area = screen.getVisualBounds();
                stage.setX(area.getMinX() + 40);
                stage.setY(area.getMinY() + 40);
                return;
            }
        }
    }

    public boolean isShowing() {
        return stage != null && stage.isShowing();
    }

    public void close() {
        if (stage != null) {
            stage.close();
        }
    }

    @FXML
    public void restartTimer() {
        talkStartedAt = System.nanoTime();
        refreshNow();
    }

    private List<dev.loomscope.model.RunModel> history = List.of();

    private void refreshNow() {
        show(SpeakerNotes.page(presets.get(), current.get(), history, (System.nanoTime() - talkStartedAt) / 1_000_000));
    }

    @Override
    public void refresh(FrameContext frame) {
        if (!isShowing()) {
            return;
        }
        history = frame.history();
        refreshNow();
    }

    private void show(SpeakerNotes.Page page) {
        if (page.equals(shown)) {
            return;
        }
        shown = page;
        notesTitle.setText(page.title());
        talkTime.setText(page.talkTime());
        question.setText(page.question().isEmpty() ? Messages.text("notes.no-question") : page.question());
        pointOut.setText(page.pointOut().isEmpty() ? Messages.text("notes.no-point") : page.pointOut());
        if (page.figures().isEmpty()) {
            var none = new Label(Messages.text("notes.no-figures"));
            none.getStyleClass().add("notes-quiet");
            figures.getChildren().setAll(none);
        } else {
            figures.getChildren().setAll(page.figures().stream().map(line -> {
                var label = new Label(line);
                label.getStyleClass().add("notes-figure");
                return label;
            }).toList());
        }
        next.setText(page.next().isEmpty() ? Messages.text("notes.last") : page.next());
    }
}
