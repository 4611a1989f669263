package dev.loomscope.ui.shell;

import dev.loomscope.model.FrameTimes;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.model.window.WindowState;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.views.FrameView;
import javafx.scene.control.Label;

/**
 * The status bar: what is running (and why the window keeps still), or what the shown run took;
 * beside it, this window's own frame times. A message said meanwhile ("Saved ...") stays until
 * the runs' own line changes.
 */
final class StatusLine implements FrameView {

    private final Label status;
    private final Label frames;
    private final WindowState state;
    private final FrameTimes frameTimes;
    private String lastRunsLine;

    StatusLine(Label status, Label frames, WindowState state, FrameTimes frameTimes) {
        this.status = status;
        this.frames = frames;
        this.state = state;
        this.frameTimes = frameTimes;
    }

    void say(String message) {
        status.setText(message);
    }

    String text() {
        return status.getText();
    }

    @Override
    public void refresh(FrameContext frame) {
        String line = state.statusLine(frame.shown());
        if (line != null && !line.equals(lastRunsLine)) {
            lastRunsLine = line;
            status.setText(line);
        }
        frames.setText(Messages.text("status.frames", frameTimes.recentPercentileMs(50), frameTimes.recentPercentileMs(95)));
    }
}
