package dev.loomscope.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.RunModel;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.presentation.PresentationMode;
import java.util.List;
import javafx.scene.control.Label;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Why line: a run's own once it has ended, and, in the place of one shown, a quiet line while the next is under way. */
@WindowTest
class WhyLineTest {

    @BeforeAll
    static void startToolkit() throws Exception {
        Fx.startToolkit();
    }

    private static RunModel run(int number) {
        return new RunModel(number, Scenario.of(ExecutorKind.VIRTUAL).withTasks(10).withCarriers(2).build(), 2);
    }

    private static FrameContext showing(RunModel shown) {
        return new FrameContext(0, shown, List.of(), List.of(), List.of(), null, false, true, true, false);
    }

    /** What the window says of a run: its outcome's message once it has one. */
    private static String explanation(RunModel run) {
        return run == null || run.result() == null ? "" : "Why: " + run.result().message();
    }

    @Test
    void aRunUnderWayHoldsThePlaceOfTheLastWhyLineWithAQuietLine() throws Exception {
        Object[] seen = Fx.call(() -> {
            var label = new Label();
            label.setVisible(false);
            var why = new WhyLine(label, WhyLineTest::explanation);
            var first = run(1);
            why.refresh(showing(first));
            boolean shownAtAFirstRun = label.isVisible();
            first.endAs(RunResult.failed(first.scenario(), 50, "stopped"));
            why.refresh(showing(first));
            String explained = label.getText();
            boolean quietWhenExplained = label.getPseudoClassStates().contains(PresentationMode.WHY_PENDING);
            var second = run(2);
            why.refresh(showing(second));
            String pending = label.getText();
            boolean quiet = label.getPseudoClassStates().contains(PresentationMode.WHY_PENDING);
            second.endAs(RunResult.failed(second.scenario(), 50, "stopped again"));
            why.refresh(showing(second));
            return new Object[] {shownAtAFirstRun, explained, quietWhenExplained, pending, quiet, label.getText(),
                    label.getPseudoClassStates().contains(PresentationMode.WHY_PENDING), second.title()};
        });
        assertThat((boolean) seen[0]).as("a first run: no line before it, none in its place").isFalse();
        assertThat(seen[1]).isEqualTo("Why: stopped");
        assertThat((boolean) seen[2]).isFalse();
        assertThat(seen[3]).isEqualTo(Messages.text("status.why.pending", seen[7]));
        assertThat((boolean) seen[4]).as("the quiet line marked as such").isTrue();
        assertThat(seen[5]).isEqualTo("Why: stopped again");
        assertThat((boolean) seen[6]).as("the run's own line no longer quiet").isFalse();
    }
}
