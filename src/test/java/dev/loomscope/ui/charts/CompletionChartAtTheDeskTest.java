package dev.loomscope.ui.charts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.Preset;
import dev.loomscope.model.RunSession;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.WindowProbe;
import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.app.WindowCommand;
import dev.loomscope.ui.shell.MainWindow;
import java.time.Duration;
import javafx.event.Event;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * At the desk, the completion chart steps aside where it cannot name its curves, the comparison taking the tab's
 * width, and comes back once the window is larger, where the user had put the divider between them.
 */
@WindowTest(lane = WindowTest.Lane.GEOMETRY)
class CompletionChartAtTheDeskTest {

    @RegisterExtension
    final HeadlessWindow opened = new HeadlessWindow();

    @Test
    void aChartThatCannotNameItsCurvesStepsAsideAndComesBackWhereItsDividerWas() throws Exception {
        var blockingKinds = Preset.named("blocking-kinds", 2).orElseThrow();
        var runner = new FakeRunner().playing(s -> ComparisonChartsOnStageTest.realistic(s, RunOptions.DEFAULT));
        MainWindow window = opened.openAtTheDesk(new RunSession(runner, RunOptions.DEFAULT),
                WindowCommand.Settings.DEFAULT.withPreset(blockingKinds).withSize(1440, 900));
        var probe = new WindowProbe(window);
        Fx.waitUntil("the presets listed", Duration.ofSeconds(30), () -> !probe.controlPanel().presetBox().getItems().isEmpty());
        Fx.run(() -> window.runs().runWithoutPredicting());
        Fx.waitUntil("the nine kinds run and explained", Duration.ofSeconds(120), () -> !window.session().isRunning()
                && window.session().history().size() == blockingKinds.scenarios().size() && probe.explainsTheShownRun());
        var charts = Fx.call(() -> (SplitPane) window.getScene().lookup("#charts"));
        var completion = Fx.call(() -> (CompletionChartView) window.getScene().lookup(".completion-chart"));
        Fx.waitUntil("the completion chart beside the table, its curves named", Duration.ofSeconds(10),
                () -> charts.getItems().size() == 2 && completion.namesShown());
        // Dragged by hand, as a person moves it: pressed on the divider, moved, released.
        Fx.run(() -> {
            Node divider = charts.lookup(".split-pane-divider");
            Event.fireEvent(divider, mouse(MouseEvent.MOUSE_PRESSED));
            charts.setDividerPositions(0.45);
            Event.fireEvent(divider, mouse(MouseEvent.MOUSE_RELEASED));
        });
        Fx.settle(window.getScene(), 2);

        var stage = Fx.call(() -> (Stage) window.getScene().getWindow());
        Fx.run(() -> {
            stage.setWidth(960);
            stage.setHeight(640);
        });
        Fx.waitUntil("the completion chart aside in the smallest window", Duration.ofSeconds(10), () -> charts.getItems().size() == 1);
        Fx.settle(window.getScene(), 2);
        assertThat(Fx.call(() -> charts.getItems().getFirst().getLayoutBounds().getWidth() / charts.getWidth()))
                .as("the comparison's share of the tab's width").isGreaterThan(0.95);

        Fx.run(() -> {
            stage.setWidth(1440);
            stage.setHeight(900);
        });
        Fx.waitUntil("the completion chart back, its curves named", Duration.ofSeconds(10),
                () -> charts.getItems().size() == 2 && completion.namesShown());
        assertThat(Fx.call(() -> charts.getDividerPositions()[0])).as("the divider where it was put").isCloseTo(0.45,
                org.assertj.core.data.Offset.offset(0.01));
    }

    private static MouseEvent mouse(javafx.event.EventType<MouseEvent> type) {
        return new MouseEvent(type, 1, 1, 1, 1, MouseButton.PRIMARY, 1, false, false, false, false, true, false, false, true, false, false, null);
    }
}
