package dev.loomscope.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.Preset;
import dev.loomscope.model.RunModel;
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
import dev.loomscope.ui.charts.CompletionChartView;
import java.time.Duration;
import java.util.List;
import javafx.event.Event;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Pane;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The window at the desk from its default size down to its smallest. After a comparison has run, everything stays
 * inside the window (at 960 x 640 it ran 90 px past its bottom, the tabs out of sight), the charts keep the room to
 * name every run (at 1280 x 720 they had 90 px, and five runs' names ran over each other), and the overview (story,
 * figures, Why line) scrolls for what it cannot show: whole where there is room, its first row of figures on a 720p
 * screen. What a scrolling overview must not cost: the keys, a question asked before a run, a divider put by hand.
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
        MainWindow window = open("schedulers", width, height);
        var probe = new WindowProbe(window);
        runAll(window);

        Fx.run(() -> {
            Scene scene = window.getScene();
            assertThat(scene.getHeight()).isEqualTo(height);
            Bounds status = inScene(scene.lookup(".status-bar"));
            Bounds tabs = inScene(scene.lookup(".bottom-tabs"));
            assertThat(status.getMaxY()).as("the status bar's bottom, in the window").isLessThanOrEqualTo(height + 0.5);
            assertThat(tabs.getMaxY()).as("the tabs' bottom, above the status bar").isLessThanOrEqualTo(status.getMinY() + 0.5);
            for (String section : new String[] {"waves", "lanes"}) {
                Bounds room = inScene(scene.lookup("#" + section + "Section"));
                Bounds view = inScene(scene.lookup("#" + section));
                assertThat(view.getMaxY()).as("the %s' bottom, in their section", section).isLessThanOrEqualTo(room.getMaxY() + 0.5);
            }
            // Under the tab's head, the comparison of five runs: each run named, no two texts over each other.
            for (BarsChart chart : probe.comparisonChart().charts()) {
                BarsLayout drawn = chart.barsLayout();
                var texts = drawn.texts();
                for (int i = 0; i < texts.size(); i++) {
                    for (int j = i + 1; j < texts.size(); j++) {
                        assertThat(texts.get(i).bounds().intersects(texts.get(j).bounds())).as("'%s' over '%s' in %.0f x %.0f",
                                texts.get(i).text(), texts.get(j).text(), drawn.width(), drawn.height()).isFalse();
                    }
                }
            }

            // Beside them, the completion chart names every curve: JavaFX hid its legend in a tab this short.
            var completion = probe.find("completion", CompletionChartView.class).chart();
            Node legend = completion.lookup(".chart-legend");
            assertThat(legend.isVisible()).as("the completion chart's legend, in a %.0f x %.0f chart", completion.getWidth(), completion.getHeight())
                    .isTrue();
            assertThat(inScene(legend).intersects(inScene(completion.lookup(".chart-plot-background")))).as("the legend, clear of the plot")
                    .isFalse();
            assertThat(inScene(completion).contains(inScene(legend))).as("the legend, inside its chart").isTrue();
            assertThat(legend.lookupAll(".chart-legend-item").stream().map(item -> ((Labeled) item).getText()).toList())
                    .as("a name for each run's curve").containsAll(window.session().history().stream().map(RunModel::title).toList());

            ScrollPane scroll = probe.find("overviewScroll", ScrollPane.class);
            Bounds shown = inScene(scroll);
            boolean scrolls = scroll.getContent().getLayoutBounds().getHeight() > shown.getHeight() + 0.5;
            assertEndsBetweenItsPieces(scroll);
            if (height >= 900) {
                assertThat(scrolls).as("the overview whole at the default size, the Why line too").isFalse();
            }
            if (height >= 720) {
                // The figures' first row (elapsed, the perfect world, completed...): the rest may be a scroll away.
                List<Node> tiles = probe.figures().getChildrenUnmodifiable();
                double firstRow = inScene(tiles.getFirst()).getMinY();
                tiles.stream().map(WindowHeightsTest::inScene).filter(tile -> Math.abs(tile.getMinY() - firstRow) < 0.5).forEach(tile -> assertThat(tile.getMaxY()).as("a tile of the first row, in sight (the overview shows to %.1f)", shown.getMaxY())
                        .isLessThanOrEqualTo(shown.getMaxY() + 0.5));
            } else {
                assertThat(scrolls).as("the overview scrolls in the smallest window").isTrue();
            }
        });

        // What the overview hides is a scroll away: at its end the Why line is in sight.
        ScrollPane scroll = Fx.call(() -> probe.find("overviewScroll", ScrollPane.class));
        Fx.run(() -> scroll.setVvalue(scroll.getVmax()));
        Fx.settle(window.getScene(), 2);
        Fx.run(() -> {
            Bounds shown = inScene(scroll);
            Bounds why = inScene(window.getScene().lookup(".explanation"));
            assertThat(why.getMaxY()).as("the Why line's bottom, scrolled to").isLessThanOrEqualTo(shown.getMaxY() + 0.5);
            assertThat(why.getMinY()).as("the Why line's top, scrolled to").isGreaterThanOrEqualTo(shown.getMinY() - 0.5);
        });
        // The next experiment's story is read from its title.
        Fx.run(() -> window.controls().loadPreset(Preset.named("pinning", 2).orElseThrow()));
        Fx.settle(window.getScene(), 2);
        Fx.run(() -> assertThat(inScene(window.getScene().lookup(".narrative-title")).getMinY()).as("the new story's title in sight")
                .isGreaterThanOrEqualTo(inScene(scroll).getMinY() - 0.5));
    }

    /**
     * A presenter clicks on the story or a figure, then steps on with the clicker: Page Down still chooses the next
     * experiment, though the overview's scroll pane has taken the focus with the click.
     */
    @Test
    void aClickOnTheOverviewLeavesPageDownToTheWindow() throws Exception {
        MainWindow window = open("waiting-10k", 1280, 720);
        Fx.run(() -> {
            Node story = window.getScene().lookup(".narrative-title");
            Bounds at = story.localToScene(story.getLayoutBounds());
            Event.fireEvent(story, new MouseEvent(MouseEvent.MOUSE_PRESSED, at.getCenterX() - at.getMinX(), at.getCenterY() - at.getMinY(),
                    at.getCenterX(), at.getCenterY(), MouseButton.PRIMARY, 1, false, false, false, false, true, false, false, true, false, false, null));
        });
        assertThat(Fx.call(() -> window.getScene().getFocusOwner())).as("the focus, taken by the click")
                .isSameAs(Fx.call(() -> new WindowProbe(window).find("overviewScroll", ScrollPane.class)));
        Fx.run(() -> {
            Scene scene = window.getScene();
            Node target = scene.getFocusOwner();
            Event.fireEvent(target, new KeyEvent(KeyEvent.KEY_PRESSED, "", "", KeyCode.PAGE_DOWN, false, false, false, false));
        });
        assertThat(Fx.call(() -> window.controls().presetProperty().get().name())).isEqualTo("cpu-48");
    }

    /** In the smallest window, the guesses a preset asks for before its runs are in sight, not scrolled away with the story. */
    @Test
    void theQuestionBeforeARunIsInSightInTheSmallestWindow() throws Exception {
        MainWindow window = open("pinning", 960, 640);
        var probe = new WindowProbe(window);
        Fx.run(() -> probe.controlPanel().runButton().fire());
        Fx.settle(window.getScene(), 3);
        Fx.run(() -> {
            Bounds bar = inScene(probe.predictionBar());
            Bounds status = inScene(window.getScene().lookup(".status-bar"));
            assertThat(probe.predictionBar().isVisible()).isTrue();
            assertThat(bar.getHeight()).as("the prediction bar whole").isGreaterThanOrEqualTo(probe.predictionBar().prefHeight(bar.getWidth()) - 0.5);
            assertThat(bar.getMaxY()).as("the prediction bar above the status bar").isLessThanOrEqualTo(status.getMinY() + 0.5);
        });
    }

    /**
     * Dividers dragged by hand stay about where they were put when the overview grows (the Why line shown after the
     * runs): the split gives up the height as it does, the desk's own shares (the waves about a third) do not return.
     */
    @Test
    void dividersPutByHandStay() throws Exception {
        MainWindow window = open("schedulers", 1440, 900);
        SplitPane split = Fx.call(() -> new WindowProbe(window).find("split", SplitPane.class));
        Fx.run(() -> {
            Node divider = split.lookup(".split-pane-divider");
            Event.fireEvent(divider, new MouseEvent(MouseEvent.MOUSE_PRESSED, 1, 1, 1, 1, MouseButton.PRIMARY, 1, false, false, false, false, true,
                    false, false, true, false, false, null));
            split.setDividerPositions(0.5, 0.75);
        });
        Fx.settle(window.getScene(), 2);
        double before = Fx.call(() -> split.getHeight());
        runAll(window);
        assertThat(Fx.call(() -> split.getHeight())).as("the split, shorter once the Why line shows").isLessThan(before - 20);
        assertThat(Fx.call(() -> split.getDividerPositions()[0])).as("the waves' share, half as put").isGreaterThan(0.45);
    }

    /**
     * The web service's tab, where the plots are the point: whole, their time axes in sight, and plots a room can read
     * (10 px high at 720p once the lanes took their due), while the lanes above still name both carriers (one of two at
     * the default size) and, at the default size, the overview stays whole.
     */
    @ParameterizedTest(name = "{0} x {1}")
    @CsvSource({"1440, 900, 100", "1280, 720, 80"})
    void theWebPlotsAndBothCarriersShareAShortTab(int width, int height, int plotHeight) throws Exception {
        MainWindow window = open("web-service", width, height);
        var probe = new WindowProbe(window);
        Fx.run(() -> window.runs().runWithoutPredicting());
        Fx.waitUntil("the web runs done", Duration.ofSeconds(60), () -> !window.session().isRunning() && window.session().history().size() == 2);
        // The Why line comes on a frame after the run ends and makes the overview taller: wait for the last run's, then lay out.
        Fx.waitUntil("the last run's Why line", Duration.ofSeconds(10),
                () -> probe.explainsTheShownRun() && probe.figuresOfTheShownRun());
        Fx.run(() -> window.tabs().show("web"));
        Fx.settle(window.getScene(), 3);
        Fx.waitUntil("the lanes drawn for the shown run at their size", Duration.ofSeconds(10), probe::lanesDrewTheShownRun);
        Fx.run(() -> {
            Bounds tabs = inScene(window.getScene().lookup(".bottom-tabs"));
            var charts = probe.webTraffic().lookupAll(".chart");
            assertThat(charts).hasSize(2);
            for (Node chart : charts) {
                Bounds at = inScene(chart);
                assertThat(at.getMaxY()).as("a web chart's bottom, in its tab (to %.1f)", tabs.getMaxY()).isLessThanOrEqualTo(tabs.getMaxY() + 0.5);
                assertThat(chart.lookup(".chart-plot-background").getLayoutBounds().getHeight()).as("a web plot's height").isGreaterThanOrEqualTo(plotHeight);
            }
            assertThat(probe.lanes().labelBounds()).as("the carriers named in the lanes").hasSize(2);
            if (height >= 900) {
                ScrollPane scroll = probe.find("overviewScroll", ScrollPane.class);
                assertThat(scroll.getHeight()).as("the overview whole at the default size, its Why line too")
                        .isGreaterThanOrEqualTo(scroll.getContent().getLayoutBounds().getHeight() - 0.5);
            }
        });
    }

    /**
     * A story that grows once laid out (its notice revealed, as at the end of the runs) moves where the overview can end
     * cleanly. The window kept the shorter story's edge: at 720p, blocking-kinds' overview ended through its first row of
     * tiles, their figures in sight and the names under them cut off.
     */
    @ParameterizedTest(name = "{0} at {1} x {2}")
    @CsvSource({"blocking-kinds, 1280, 720", "blocking-kinds, 960, 640", "connection-pool, 1280, 720", "waiting-10k, 960, 640"})
    void theOverviewEndsBetweenItsPiecesWhenItsStoryGrows(String preset, int width, int height) throws Exception {
        MainWindow window = open(preset, width, height);
        var probe = new WindowProbe(window);
        Fx.run(() -> probe.find("reveal", Hyperlink.class).fire());
        Fx.settle(window.getScene(), 2);
        Fx.run(() -> assertEndsBetweenItsPieces(probe.find("overviewScroll", ScrollPane.class)));
    }

    /** Where the overview is cut short, it ends between its paragraphs and rows of tiles, never through one. */
    private static void assertEndsBetweenItsPieces(ScrollPane scroll) {
        Bounds shown = inScene(scroll);
        var overview = (Parent) scroll.getContent();
        for (Node part : overview.getChildrenUnmodifiable()) {
            List<Node> pieces = part instanceof Pane pane ? pane.getChildren() : List.of(part);
            pieces.stream().filter(Node::isVisible).map(WindowHeightsTest::inScene).filter(piece -> piece.getMinY() < shown.getMaxY() - 0.5)
                    .forEach(piece -> assertThat(piece.getMaxY()).as("a piece of the overview begun in sight, ended in sight (%s, shown to %.1f)",
                            piece, shown.getMaxY()).isLessThanOrEqualTo(shown.getMaxY() + 0.5));
        }
    }

    private MainWindow open(String preset, int width, int height) throws Exception {
        var runner = new FakeRunner().playing(s -> RunScript.synthesise(s, RunOptions.DEFAULT, 2));
        MainWindow window = opened.openAtTheDesk(new RunSession(runner, RunOptions.DEFAULT),
                WindowCommand.Settings.DEFAULT.withPreset(Preset.named(preset, 2).orElseThrow()).withSize(width, height));
        var probe = new WindowProbe(window);
        Fx.waitUntil("the presets listed", Duration.ofSeconds(30), () -> !probe.controlPanel().presetBox().getItems().isEmpty());
        Fx.settle(window.getScene(), 2);
        return window;
    }

    /** Runs the chosen preset's executors, without the guesses, and waits for their comparison and its Why line. */
    private static void runAll(MainWindow window) throws Exception {
        var probe = new WindowProbe(window);
        Fx.run(() -> window.runs().runWithoutPredicting());
        Fx.waitUntil("the runs done and explained", Duration.ofSeconds(60), () -> !window.session().isRunning()
                && window.session().history().size() == RUNS && probe.explainsTheShownRun() && probe.figuresOfTheShownRun()
                && probe.comparisonChart().charts().stream().allMatch(chart -> chart.barsLayout() != null
                        && chart.barsLayout().runLabels().size() == RUNS));
        Fx.settle(window.getScene(), 3);
    }

    private static Bounds inScene(Node node) {
        return node.localToScene(node.getLayoutBounds());
    }
}
