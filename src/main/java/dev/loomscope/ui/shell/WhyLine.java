package dev.loomscope.ui.shell;

import dev.loomscope.model.RunModel;
import dev.loomscope.result.RunResult;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.presentation.PresentationMode;
import dev.loomscope.ui.views.FrameView;
import java.util.function.Function;
import javafx.scene.control.Label;

/**
 * The Why line: why the shown run took as long as it did, once it has ended. While a run is under way it keeps the place of
 * the Why line it replaces with a quiet line that says when its own comes ({@link PresentationMode#WHY_PENDING}): that place
 * is kept so that no view moves at Run, and it stood empty through the run. Refreshed every frame the loop makes (made
 * anew only when the shown run or its result changes), so it changes at Run and in the very frame the run's end shows,
 * whether the window animates the run or keeps still through it.
 */
final class WhyLine implements FrameView {

    private final Label why;
    private final Function<RunModel, String> explanation;
    /** The run and the result the explanation was last made from, and that explanation. */
    private RunModel explainedRun;
    private RunResult explainedResult;
    private String explained = "";
    /** The run title the quiet line was last written for, and that line. */
    private String pendingTitle;
    private String pendingLine;

    WhyLine(Label why, Function<RunModel, String> explanation) {
        this.why = why;
        this.explanation = explanation;
        why.managedProperty().bind(why.visibleProperty());
    }

    @Override
    public void refresh(FrameContext frame) {
        RunModel shown = frame.shown();
        RunResult result = shown == null ? null : shown.result();
        if (shown != explainedRun || result != explainedResult) {
            explainedRun = shown;
            explainedResult = result;
            explained = explanation.apply(shown);
        }
        String because = explained;
        // Only in place of a line shown: at a first run nothing was there, and a new line would move the views down.
        boolean pending = because.isEmpty() && shown != null && result == null && why.isVisible() && !why.getText().isEmpty();
        if (pending) {
            if (!shown.title().equals(pendingTitle)) {
                pendingTitle = shown.title();
                pendingLine = Messages.text("status.why.pending", pendingTitle);
            }
            because = pendingLine;
        }
        // Before the text: a listener of the text (the held heights) then sees whether it is the quiet line.
        why.pseudoClassStateChanged(PresentationMode.WHY_PENDING, pending);
        if (!because.equals(why.getText())) {
            why.setText(because);
            why.setVisible(!because.isEmpty());
        }
    }
}
