package dev.loomscope.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.Preset;
import dev.loomscope.model.RunSession;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.testing.RunScript;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.WindowProbe;
import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.app.WindowCommand;
import dev.loomscope.ui.charts.BarsChart;
import dev.loomscope.ui.charts.BarsLayout;
import java.time.Duration;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The window at the desk from its default size down to its smallest, after a comparison has run: everything stays
 * inside the window (at 960 x 640 it ran 90 px past its bottom, the tabs out of sight), the views under the overview
 * keep the room that shows them (at 1280 x 720 the charts had 90 px, and five runs' names ran over each other), and
 * the overview scrolls for what it cannot show: whole where there is room, its first row of figures on a 720p screen.
 */
@WindowTest(lane = WindowTest.Lane.GEOMETRY)
class WindowHeightsTest {

    /** The schedulers preset's: one thread, a pool, a fork-join pool, a thread per task, a virtual thread per task. */
    private static final int RUNS = 5;

    @RegisterExtension
    final HeadlessWindow opened = new HeadlessWindow();

    @ParameterizedTest(name = "{0} x {1}")
    @CsvSource({"1440, 900", "1280, 720", "960, 640"})
    void everyPartStaysInTheWindowAndTheOverviewScrollsFirst(int width, int height) throws Exception {
        var schedulers = Preset.named("schedulers", 2).orElseThrow();
        var runner = new FakeRunner().playing(s -> RunScript.synthesise(s, RunOptions.DEFAULT, 2));
        MainWindow window = opened.openAtTheDesk(new RunSession(runner, RunOptions.DEFAULT),
                WindowCommand.Settings.DEFAULT.withPreset(schedulers).withSize(width, height));
        var probe = new WindowProbe(window);
        Fx.waitUntil("the presets listed", Duration.ofSeconds(30), () -> !probe.controlPanel().presetBox().getItems().isEmpty());
        Fx.run(() -> window.runs().runWithoutPredicting());
        Fx.waitUntil("the runs done and explained", Duration.ofSeconds(60), () -> !window.session().isRunning()
                && window.session().history().size() == RUNS && !probe.explanationText().isBlank()
                && probe.comparisonChart().charts().stream().allMatch(chart -> chart.barsLayout() != null
                        && chart.barsLayout().runLabels().size() == RUNS));
        Fx.settle(window.getScene(), 3);

        Fx.run(() -> {
            Scene scene = window.getScene();
            assertThat(scene.getHeight()).isEqualTo(height);
            Bounds status = inScene(scene.lookup(".status-bar"));
            Bounds tabs = inScene(scene.lookup(".bottom-tabs"));
            assertThat(status.getMaxY()).as("the status bar's bottom, in the window").isLessThanOrEqualTo(height + 0.5);
            assertThat(tabs.getMaxY()).as("the tabs' bottom, above the status bar").isLessThanOrEqualTo(status.getMinY() + 0.5);
            for (String section : new String[] {"waves", "lanes"}) {
                Node view = scene.lookup("#" + section);
                assertThat(inScene(view).getHeight()).as("the %s, at least their smallest", section).isGreaterThanOrEqualTo(view.minHeight(-1) - 0.5);
            }
            // Under the tab's head, the comparison of five runs: each run named, no two texts over each other.
            for (BarsChart chart : probe.comparisonChart().charts()) {
                BarsLayout drawn = chart.barsLayout();
                assertThat(drawn.runLabels().keySet()).as("the runs named").hasSize(RUNS);
                var texts = drawn.texts();
                for (int i = 0; i < texts.size(); i++) {
                    for (int j = i + 1; j < texts.size(); j++) {
                        assertThat(texts.get(i).bounds().intersects(texts.get(j).bounds())).as("'%s' over '%s' in %.0f x %.0f",
                                texts.get(i).text(), texts.get(j).text(), drawn.width(), drawn.height()).isFalse();
                    }
                }
            }

            var scroll = (ScrollPane) scene.lookup("#overviewScroll");
            Node overview = scroll.getContent();
            Bounds shown = inScene(scroll);
            assertThat(inScene(scene.lookup(".narrative-title")).getMinY()).as("the story's title in sight").isGreaterThanOrEqualTo(shown.getMinY() - 0.5);
            boolean scrolls = overview.getLayoutBounds().getHeight() > shown.getHeight() + 0.5;
            if (height >= 900) {
                assertThat(scrolls).as("the overview whole at the default size, the explanation too").isFalse();
            }
            if (height >= 720) {
                // The figures' first row (elapsed, the perfect world, completed...): the rest may be a scroll away.
                Bounds first = inScene(probe.figures().getChildrenUnmodifiable().getFirst());
                assertThat(first.getMaxY()).as("the figures' first row, in sight (the overview shows to %.1f)", shown.getMaxY())
                        .isLessThanOrEqualTo(shown.getMaxY() + 0.5);
            }
            if (height < 720) {
                assertThat(scrolls).as("the overview scrolls in the smallest window").isTrue();
            }
        });
        // What the overview hides is a scroll away: at its end the explanation is in sight.
        var scroll = Fx.call(() -> (ScrollPane) window.getScene().lookup("#overviewScroll"));
        Fx.run(() -> scroll.setVvalue(scroll.getVmax()));
        Fx.settle(window.getScene(), 2);
        Fx.run(() -> {
            Bounds shown = inScene(scroll);
            Bounds why = inScene(window.getScene().lookup(".explanation"));
            assertThat(why.getMaxY()).as("the explanation's bottom, scrolled to").isLessThanOrEqualTo(shown.getMaxY() + 0.5);
            assertThat(why.getMinY()).as("the explanation's top, scrolled to").isGreaterThanOrEqualTo(shown.getMinY() - 0.5);
        });
    }

    private static Bounds inScene(Node node) {
        return node.localToScene(node.getLayoutBounds());
    }
}
