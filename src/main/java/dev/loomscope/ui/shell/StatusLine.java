package dev.loomscope.ui.shell;

import dev.loomscope.model.FrameTimes;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.model.window.WindowState;
import dev.loomscope.ui.actions.Action;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.fx.Tooltips;
import dev.loomscope.ui.views.FrameView;
import javafx.scene.control.Label;

/**
 * The status bar: what is running (and why the window keeps still), or what the shown run took, or
 * the opened file or observed JVM the window shows instead; beside it, this window's own frame
 * times. A message said meanwhile ("Saved ...") stays a few seconds, or until the runs' own line
 * changes, and then the runs' line is back.
 */
final class StatusLine implements FrameView {

    private final Label status;
    private final Label frames;
    private final WindowState state;
    private final FrameTimes frameTimes;
    /** A line for what the window's middle shows instead of the runs (an opened file, an observed JVM), or null. */
    private final java.util.function.Supplier<String> shownInstead;
    private String lastRunsLine;
    /** Whether the last frame showed an opened file's or an observed JVM's line. */
    private boolean insteadShown;
    private long saidAtNanos;
    /** Long enough to read a message, short enough that a stale one ("Racing...", "Preparing...") goes. */
    private static final long MESSAGE_NANOS = 4_000_000_000L;

    StatusLine(Label status, Label frames, WindowState state, FrameTimes frameTimes, java.util.function.Supplier<String> shownInstead) {
        this.status = status;
        this.frames = frames;
        this.state = state;
        this.frameTimes = frameTimes;
        this.shownInstead = shownInstead;
        // A narrow window cuts the line before the frame figures beside it: the pointer still reads it whole.
        Tooltips.whenCut(status);
        status.setText(ready());
    }

    private static String ready() {
        return Messages.text("status.ready", Action.RUN.pressed());
    }

    void say(String message) {
        status.setText(message);
        saidAtNanos = System.nanoTime();
    }

    String text() {
        return status.getText();
    }

    @Override
    public void refresh(FrameContext frame) {
        String instead = shownInstead.get();
        String runs = state.statusLine(frame.shown());
        // An opened file or an observed JVM says what it is instead of the runs' line. The runs' null keeps the last line
        // ("Predict first..." stays); only just after such a view is left, with no run to speak of, is the ready line back.
        String line = instead != null ? instead : runs != null ? runs : insteadShown ? ready() : null;
        insteadShown = instead != null;
        boolean messageRead = System.nanoTime() - saidAtNanos > MESSAGE_NANOS;
        if (line != null && (!line.equals(lastRunsLine) || messageRead && !line.equals(status.getText()))) {
            lastRunsLine = line;
            status.setText(line);
        }
        frames.setText(Messages.text("status.frames", frameTimes.recentPercentileMs(50), frameTimes.recentPercentileMs(95)));
    }
}
