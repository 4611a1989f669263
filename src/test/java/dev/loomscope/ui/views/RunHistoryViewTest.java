package dev.loomscope.ui.views;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.RunModel;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.fx.Tooltips;
import java.util.List;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.layout.StackPane;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The run history in a sidebar as narrow as a 1280x720 desk leaves it: no sideways scroll bar, a long line whole in its tooltip. */
@WindowTest
class RunHistoryViewTest {

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    @Test
    void aNarrowHistoryCutsALongLineAndSaysItWholeUnderThePointerRatherThanScrollSideways() throws Exception {
        var scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(10_000).withSleepMs(50).withThreadLocalKb(16).build();
        List<Object> seen = Fx.call(() -> {
            var history = new RunHistoryView(run -> {});
            var root = new StackPane(history);
            new Scene(root, 240, 200).getStylesheets().addAll(new atlantafx.base.theme.PrimerDark().getUserAgentStylesheet(),
                    RunHistoryView.class.getResource("/dev/loomscope/ui/theme/loomscope.css").toExternalForm());
            history.refresh(List.of(new RunModel(2, scenario, 2)));
            for (int pass = 0; pass < 3; pass++) {
                root.applyCss();
                root.layout();
            }
            boolean sideways = history.list().lookupAll(".scroll-bar").stream()
                    .anyMatch(bar -> bar instanceof ScrollBar scroll && scroll.getOrientation() == Orientation.HORIZONTAL && scroll.isVisible());
            var detail = (Label) history.list().lookup(".history-detail");
            return List.of(sideways, detail.getText(), String.valueOf(Tooltips.getText(detail)));
        });
        assertThat(seen.get(0)).as("a sideways scroll bar").isEqualTo(false);
        assertThat(seen.get(2)).as("the cut line's tooltip").isEqualTo(seen.get(1));
    }
}
