package dev.loomscope.ui.views;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.RunModel;
import dev.loomscope.protocol.EventType;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.Events;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.WindowTest;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the views that change while a run streams in ask of the window's layout. A layout asked of a view's parent
 * runs up to the window's root, and the root then lays out the whole window: a frame's largest cost after the
 * drawing itself (docs/performance.md).
 */
@WindowTest
class LayoutWhileRunningTest {

    private static final long MS = 1_000_000;

    @BeforeAll
    static void startToolkit() throws Exception {
        Fx.startToolkit();
    }

    /** Styles and lays out {@code window} as pulses would until it asks for nothing more (a first layout styles new skins, which ask again). */
    private static void settle(javafx.scene.Parent window) {
        for (int pass = 0; pass < 5 && window.isNeedsLayout(); pass++) {
            window.applyCss();
            window.layout();
        }
        assertThat(window.isNeedsLayout()).as("settled").isFalse();
    }

    private static RunModel run(int number) {
        return new RunModel(number, Scenario.of(ExecutorKind.VIRTUAL).withTasks(1_000).withCarriers(2).build(), 2);
    }

    private static void taskStarted(RunModel run, int task) {
        run.onEvents(new Events().add(EventType.STARTED, task, 1.0 + task, 100 + task, 1).batch());
    }

    @Test
    void theTaskWavesRepaintWithoutAskingTheWindowForALayout() throws Exception {
        boolean[] asked = Fx.call(() -> {
            var waves = new TaskWaveView();
            var window = new VBox(new Label("above"), waves);
            new Scene(window, 600, 300);
            var run = run(1);
            settle(window);
            // The first paint makes the picture the waves show: that is a layout's business.
            waves.refresh(run, 0);
            settle(window);
            var picture = ((javafx.scene.image.ImageView) waves.getChildrenUnmodifiable().getFirst()).getImage();
            int before = picture.getPixelReader().getArgb(2, 2);
            taskStarted(run, 0);
            // Past the longest a view waits between repaints, however slow the first.
            waves.refresh(run, 1_000 * MS);
            boolean repainted = picture.getPixelReader().getArgb(2, 2) != before;
            return new boolean[] {repainted, window.isNeedsLayout(), waves.isNeedsLayout()};
        });
        assertThat(asked[0]).as("the started task painted").isTrue();
        assertThat(asked[1]).as("the window asked for a layout by a repaint").isFalse();
        assertThat(asked[2]).as("the waves asked for a layout by a repaint").isFalse();
    }

    @Test
    void aFigureThatFitsItsTileLaysOutTheTileAloneAndANewRunTheWindow() throws Exception {
        Object[] seen = Fx.call(() -> {
            var figures = new LiveFiguresView();
            var window = new VBox(new Label("above"), figures);
            var scene = new Scene(window, 1200, 400);
            // The tiles' least width, as the window's style sheet gives it: the figures change inside it.
            scene.getStylesheets().add("data:text/css,.figure-tile { -fx-min-width: 7.4em; }");
            var run = run(1);
            figures.refresh(run, System.nanoTime());
            settle(window);
            var inFlight = (Label) window.lookup("#figureInFlight");
            String before = inFlight.getText();
            for (int task = 0; task < 5; task++) {
                taskStarted(run, task);
            }
            figures.refresh(run, System.nanoTime());
            String after = inFlight.getText();
            boolean windowAsked = window.isNeedsLayout();
            boolean tileAsked = inFlight.getParent().isNeedsLayout();
            window.layout();
            double labelWidth = inFlight.getWidth();
            double fits = inFlight.prefWidth(-1);
            // Another run: the tiles are laid out afresh, so they fit its figures.
            figures.refresh(run(2), System.nanoTime());
            boolean windowAskedForNewRun = window.isNeedsLayout();
            return new Object[] {before, after, windowAsked, tileAsked, labelWidth, fits, windowAskedForNewRun};
        });
        assertThat(seen[1]).as("the figure changed").isNotEqualTo(seen[0]);
        assertThat((boolean) seen[2]).as("the window asked for a layout by a figure that fits").isFalse();
        assertThat((boolean) seen[3]).as("the tile laid out again").isTrue();
        assertThat((double) seen[4]).as("the value laid out whole in its tile").isGreaterThanOrEqualTo((double) seen[5]);
        assertThat((boolean) seen[6]).isTrue();
    }

    @Test
    void theTilesKeepTheirPlacesThroughARunAsItsCountsGrow() throws Exception {
        Object[] seen = Fx.call(() -> {
            var figures = new LiveFiguresView();
            var window = new VBox(figures);
            // Narrow enough that the tiles wrap onto rows, as on stage.
            var scene = new Scene(window, 700, 400);
            scene.getStylesheets().add("data:text/css,.figure-tile { -fx-min-width: 7.4em; } .figure-value { -fx-font-size: 24px; }");
            var run = new RunModel(1, Scenario.of(ExecutorKind.VIRTUAL).withTasks(1_000_000).withCarriers(2).build(), 2);
            figures.refresh(run, System.nanoTime());
            settle(window);
            String completedBefore = ((Label) window.lookup("#figureCompleted")).getText();
            String placesBefore = places(figures);
            var events = new Events();
            for (int task = 0; task < 123_456; task++) {
                events.add(EventType.STARTED, task, 1.0, 100 + task, 1).add(EventType.FINISHED, task, 2.0, 100 + task, 1);
            }
            for (int task = 123_456; task < 234_567; task++) {
                events.add(EventType.STARTED, task, 1.0, 100 + task, 1);
            }
            run.onEvents(events.batch());
            figures.refresh(run, System.nanoTime());
            settle(window);
            return new Object[] {completedBefore, ((Label) window.lookup("#figureCompleted")).getText(),
                    ((Label) window.lookup("#figureInFlight")).getText(), placesBefore, places(figures)};
        });
        assertThat(seen[0]).isEqualTo("0 / 1,000,000");
        assertThat(seen[1]).isEqualTo("123,456 / 1,000,000");
        assertThat(seen[2]).isEqualTo("111,111");
        assertThat(seen[4]).as("every tile's place and width, the counts grown").isEqualTo(seen[3]);
    }

    /** Each tile's place and width in the figures, in order. */
    private static String places(LiveFiguresView figures) {
        return figures.getChildren().stream()
                .map(tile -> "%.0f,%.0f %.0f".formatted(tile.getLayoutX(), tile.getLayoutY(), tile.getLayoutBounds().getWidth()))
                .collect(java.util.stream.Collectors.joining("; "));
    }
}
