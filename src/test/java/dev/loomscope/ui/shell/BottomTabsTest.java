package dev.loomscope.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.testing.TestJvms;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.WindowTest;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.model.RunSession;
import dev.loomscope.ui.app.WindowCommand;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The tabs under the lanes, each chosen in the real window. */
@WindowTest
class BottomTabsTest {

    @RegisterExtension
    final HeadlessWindow opened = new HeadlessWindow();

    /**
     * Whatever tab is chosen, the task waves and the carrier lanes stay whole in the room the split leaves them: the
     * Sweep and Web service tabs take more of it (their plots are the point), but never so much that a frame runs past
     * its section's edge, where the split cuts it off (the lanes' time axis was cut in half under the Sweep tab).
     */
    @ParameterizedTest
    @ValueSource(strings = {"results", "jfr", "sweep", "web", "task"})
    void atTheDeskTheWavesAndLanesStayWholeUnderEveryTab(String tab) throws Exception {
        assertWholeUnder(tab, opened.openForRuns(TestJvms.runner()));
    }

    /**
     * The Sweep tab's progress line (what to do first, which run is on, why a sweep was refused) is read whole at the
     * window's size: it had the bar's leftover width and showed "Cho..." at 1440x900.
     */
    @Test
    void theSweepsProgressIsReadWhole() throws Exception {
        MainWindow window = opened.openForRuns(TestJvms.runner());
        Fx.run(() -> window.tabs().show("sweep"));
        Fx.settle(window.getScene(), 3);

        Fx.run(() -> {
            var progress = (Label) window.getScene().lookup("#progressLabel");
            var shown = (Text) progress.lookup(".text");
            assertThat(progress.getText()).isEqualTo("Choose a setting and a range, then Sweep.");
            assertThat(shown.getText()).as("the text the label shows").isEqualTo(progress.getText());
        });
    }

    /** On stage the waves and lanes stand in a column of their own beside the tabs, at the two sizes a projector has. */
    @ParameterizedTest(name = "{0} at {1} x {2}")
    @CsvSource({"sweep, 1280, 720", "web, 1280, 720", "results, 1280, 720", "sweep, 1920, 1080"})
    void onStageTheWavesAndLanesStayWholeUnderEveryTab(String tab, int width, int height) throws Exception {
        var settings = WindowCommand.Settings.DEFAULT.withSize(width, height);
        assertWholeUnder(tab, opened.openOnStage(new RunSession(TestJvms.runner(), RunOptions.DEFAULT), settings));
    }

    private static void assertWholeUnder(String tab, MainWindow window) throws Exception {
        Fx.run(() -> window.tabs().show(tab));
        Fx.settle(window.getScene(), 3);

        Fx.run(() -> {
            Scene scene = window.getScene();
            for (String section : new String[] {"waves", "lanes"}) {
                Bounds room = inScene(scene.lookup("#" + section + "Section"));
                Bounds frame = inScene(scene.lookup("#" + section + "Frame"));
                Bounds view = inScene(scene.lookup("#" + section));
                assertThat(frame.getMaxY()).as("the bottom of the %s' frame, within its section (to %.1f)", section, room.getMaxY())
                        .isLessThanOrEqualTo(room.getMaxY() + 0.5);
                assertThat(view.getMaxY()).as("the bottom of the %s, within their frame (to %.1f)", section, frame.getMaxY())
                        .isLessThanOrEqualTo(frame.getMaxY() + 0.5);
                assertThat(view.getHeight()).as("the %s, at least their smallest", section)
                        .isGreaterThanOrEqualTo(scene.lookup("#" + section).minHeight(-1) - 0.5);
            }
        });
    }

    private static Bounds inScene(Node node) {
        return node.localToScene(node.getLayoutBounds());
    }
}
