package dev.loomscope.ui.shell;

import dev.loomscope.model.window.FrameContext;
import dev.loomscope.model.window.WindowState;
import dev.loomscope.ui.theme.IconButtons;
import dev.loomscope.ui.theme.Icons;
import dev.loomscope.ui.views.FrameView;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;

/** The banner under the header that says what went wrong, until it is closed; a closed message does not come back. */
final class ProblemBanner implements FrameView {

    private final HBox banner;
    private final Label text;
    private final WindowState state;

    ProblemBanner(HBox banner, Label text, Button close, WindowState state) {
        this.banner = banner;
        this.text = text;
        this.state = state;
        text.setGraphic(Icons.ERROR.create(20));
        IconButtons.style(close).setGraphic(Icons.CLOSE.create(16));
        close.setOnAction(e -> {
            state.dismissProblem();
            banner.setVisible(false);
        });
        banner.managedProperty().bind(banner.visibleProperty());
    }

    void show(String message) {
        state.showProblem(message);
        display(message);
    }

    /** The message shown, or null. */
    String message() {
        return banner.isVisible() ? text.getText() : null;
    }

    /** A problem the session reported since the last frame. */
    @Override
    public void refresh(FrameContext frame) {
        String problem = state.problem();
        if (problem != null && (!banner.isVisible() || !problem.equals(text.getText()))) {
            display(problem);
        }
    }

    private void display(String message) {
        text.setText(message);
        banner.setVisible(true);
    }
}
