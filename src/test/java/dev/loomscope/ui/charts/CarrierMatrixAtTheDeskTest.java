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
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The blocking-kinds table at the desk, where the tab under the lanes is shorter than its nine rows: every row can be
 * read, scrolled to where it does not fit, and no cell is cut short (its last rows were lost at the tab's edge, and a
 * two-line verdict cut to one). On stage, where it is shown whole, {@link ComparisonChartsOnStageTest} checks it.
 */
@WindowTest(lane = WindowTest.Lane.GEOMETRY)
class CarrierMatrixAtTheDeskTest {

    @RegisterExtension
    final HeadlessWindow opened = new HeadlessWindow();

    /** The window's default size and a 720p laptop's screen. */
    @ParameterizedTest(name = "{0} x {1}")
    @CsvSource({"1440, 900", "1280, 720"})
    void everyRowOfTheTableCanBeReadWhole(int width, int height) throws Exception {
        var blockingKinds = Preset.named("blocking-kinds", 2).orElseThrow();
        var runner = new FakeRunner().playing(s -> ComparisonChartsOnStageTest.realistic(s, RunOptions.DEFAULT));
        MainWindow window = opened.openAtTheDesk(new RunSession(runner, RunOptions.DEFAULT),
                WindowCommand.Settings.DEFAULT.withPreset(blockingKinds).withSize(width, height));
        var probe = new WindowProbe(window);
        Fx.waitUntil("the presets listed", Duration.ofSeconds(30), () -> !probe.controlPanel().presetBox().getItems().isEmpty());
        Fx.run(() -> window.runs().runWithoutPredicting());
        int runs = blockingKinds.scenarios().size();
        Fx.waitUntil("the nine kinds run", Duration.ofSeconds(120), () -> probe.comparisonChart().matrix().rows().size() == runs);
        // The last run's end lands on a later frame (its notice, its Why line), and shortens the table's place: wait for it.
        Fx.waitUntil("the runs ended and explained", Duration.ofSeconds(30), () -> !window.session().isRunning() && probe.explainsTheShownRun());
        Fx.settle(window.getScene(), 3);

        CarrierMatrixView matrix = Fx.call(() -> probe.comparisonChart().matrix());
        ScrollPane place = Fx.call(() -> WindowProbe.ancestor(matrix, ScrollPane.class));
        var problems = new ArrayList<String>();
        for (double scrolled : new double[] {0, 1}) {
            Fx.run(() -> place.setVvalue(scrolled * place.getVmax()));
            Fx.settle(window.getScene(), 2);
            problems.addAll(Fx.call(() -> {
                var found = new ArrayList<String>();
                for (Label cell : matrix.cells()) {
                    if (cell.getHeight() + 0.5 < cell.prefHeight(cell.getWidth()) || !cell.isWrapText() && cell.getWidth() + 0.5 < cell.prefWidth(-1)) {
                        found.add("'%s' cut (%.0f x %.0f)".formatted(cell.getText(), cell.getWidth(), cell.getHeight()));
                    }
                }
                return found;
            }));
        }
        // Each cell in sight somewhere along the scrolling, from the top to the bottom in tenths.
        List<String> neverSeen = new ArrayList<>(Fx.call(() -> matrix.cells().stream().map(Label::getText).toList()));
        for (int tenth = 0; tenth <= 10; tenth++) {
            double scrolled = tenth / 10.0;
            Fx.run(() -> place.setVvalue(scrolled * place.getVmax()));
            Fx.settle(window.getScene(), 2);
            List<String> seen = Fx.call(() -> {
                Bounds view = inSight(place);
                return matrix.cells().stream().filter(cell -> {
                    Bounds b = cell.localToScene(cell.getLayoutBounds());
                    return b.getMinY() >= view.getMinY() - 0.5 && b.getMaxY() <= view.getMaxY() + 0.5;
                }).map(Label::getText).toList();
            });
            seen.forEach(neverSeen::remove);
        }
        assertThat(problems).isEmpty();
        assertThat(neverSeen).as("cells never in sight").isEmpty();
    }

    /** What of {@code node} is on screen: its bounds cut by every parent's, as the tab and the split clip what runs past them. */
    private static Bounds inSight(Node node) {
        Bounds b = node.localToScene(node.getLayoutBounds());
        double minY = b.getMinY();
        double maxY = b.getMaxY();
        for (Node up = node.getParent(); up != null; up = up.getParent()) {
            Bounds u = up.localToScene(up.getLayoutBounds());
            minY = Math.max(minY, u.getMinY());
            maxY = Math.min(maxY, u.getMaxY());
        }
        return new javafx.geometry.BoundingBox(b.getMinX(), minY, b.getWidth(), Math.max(0, maxY - minY));
    }
}
