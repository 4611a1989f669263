package dev.loomscope.ui;

import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.ui.charts.CompletionChartView;
import dev.loomscope.ui.charts.ElapsedBarsView;
import dev.loomscope.ui.controls.ControlPanel;
import dev.loomscope.ui.prediction.PredictionBar;
import dev.loomscope.ui.shell.MainWindow;
import dev.loomscope.ui.shell.PresetStory;
import dev.loomscope.ui.sweep.SweepView;
import dev.loomscope.ui.views.CarrierLaneView;
import dev.loomscope.ui.views.JfrEventsView;
import dev.loomscope.ui.views.LiveFiguresView;
import dev.loomscope.ui.views.RunHistoryView;
import dev.loomscope.ui.web.WebTrafficView;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;

/**
 * Finds the window's parts as a person's eye would, by their ids (the {@code fx:id}s of
 * {@code MainWindow.fxml} and of the parts it places), so tests need no accessors written for them.
 * Call on the FX thread.
 */
public record WindowProbe(MainWindow window) {

    /** The cell of {@code table}'s first row in the column headed {@code column}, once it shows text; null until then (call on the FX thread). */
    public static javafx.scene.control.TableCell<?, ?> firstRowCell(TableView<?> table, String column) {
        return table.lookupAll(".table-cell").stream().map(node -> (javafx.scene.control.TableCell<?, ?>) node)
                .filter(cell -> cell.isVisible() && cell.getIndex() == 0 && cell.getTableColumn() != null && cell.getTableColumn().getText().equals(column)
                        && cell.getText() != null)
                .findFirst().orElse(null);
    }

    /** The nearest of {@code node}'s parents (or itself) that is a {@code type}: the scroll pane a view scrolls in. */
    public static <T extends Node> T ancestor(Node node, Class<T> type) {
        Node up = node;
        while (!type.isInstance(up)) {
            up = up.getParent();
        }
        return type.cast(up);
    }

    public <T extends Node> T find(String id, Class<T> type) {
        return NodeProbe.lookup(window, "#" + id, type);
    }

    public ControlPanel controlPanel() {
        return find("controlPanel", ControlPanel.class);
    }

    public LiveFiguresView figures() {
        return find("figures", LiveFiguresView.class);
    }

    /** The figure a tile shows: "completed", "inFlight"... (its value label is {@code #figureCompleted}). */
    public String figure(String key) {
        return find("figure" + Character.toUpperCase(key.charAt(0)) + key.substring(1), Label.class).getText();
    }

    /** The tiles shown, in order, by their keys. */
    public List<String> shownFigures() {
        return figures().getChildrenUnmodifiable().stream().map(tile -> tile.lookup(".figure-value").getId().substring("figure".length()))
                .map(key -> Character.toLowerCase(key.charAt(0)) + key.substring(1)).toList();
    }

    /** The JFR tab's pin hotspots, costliest first. */
    @SuppressWarnings("unchecked")
    public TableView<PinHotspot> jfrHotspots() {
        return find("jfrHotspots", TableView.class);
    }

    public CarrierLaneView lanes() {
        return find("lanes", CarrierLaneView.class);
    }

    public RunHistoryView history() {
        return find("history", RunHistoryView.class);
    }

    public JfrEventsView jfrEvents() {
        return find("jfrEvents", JfrEventsView.class);
    }

    public SweepView sweepView() {
        return find("sweepView", SweepView.class);
    }

    public WebTrafficView webTraffic() {
        return find("webTraffic", WebTrafficView.class);
    }

    public PredictionBar predictionBar() {
        return find("predictionBar", PredictionBar.class);
    }

    public ElapsedBarsView comparisonChart() {
        return find("bars", ElapsedBarsView.class);
    }

    public int completionSeriesCount() {
        return find("completion", CompletionChartView.class).chart().getData().size();
    }

    public String statusText() {
        return find("status", Label.class).getText();
    }

    public String explanationText() {
        return find("why", Label.class).getText();
    }

    /**
     * Whether the Why line says why the shown run took its time: it is set on a frame after the run
     * ends, and makes the overview taller, so a test that measures the window waits for it.
     */
    public boolean explainsTheShownRun() {
        String why = explanationText();
        return !why.isEmpty() && why.equals(window.state().explanation(window.shownRun()));
    }

    /**
     * Whether the tiles show the shown run's final figures: they update on their own cadence (twice a second while a run
     * too short to watch is current), and a wider figure can wrap a row of tiles and make the overview taller.
     */
    public boolean figuresOfTheShownRun() {
        var run = window.shownRun();
        if (run == null || run.result() == null) {
            return false;
        }
        var f = run.figures(System.nanoTime());
        return figure("elapsed").equals(dev.loomscope.scenario.Durations.humanMillis(f.elapsedMs()))
                && figure("completed").equals("%,d / %,d".formatted(f.completed(), f.tasks()));
    }

    /**
     * Whether the lanes' last drawing is of the shown run as it stands, at their laid-out size: they redraw within a frame
     * budget (up to 200 ms late), so a test that measures their labels waits for this once the layout has settled.
     */
    public boolean lanesDrewTheShownRun() {
        return lanes().drewLatest(window.shownRun());
    }

    public boolean webTabShown() {
        return find("tabs", TabPane.class).getSelectionModel().getSelectedItem().getId().equals("webTab");
    }

    public PresetStory story() {
        return find("story", PresetStory.class);
    }

    /** Lines the preset's story takes now: its title, and the question or the notice shown under it. */
    public int narrativeLines() {
        var story = story();
        int lines = story.lookup("#storyTitle").isVisible() ? 1 : 0;
        for (String id : List.of("predict", "notice")) {
            var text = (Label) story.lookup("#" + id);
            if (text.isVisible() && story.isVisible()) {
                var one = new javafx.scene.text.Text("Ag");
                one.setFont(text.getFont());
                one.setLineSpacing(text.getLineSpacing());
                lines += (int) Math.round(text.getHeight() / one.getLayoutBounds().getHeight());
            }
        }
        return lines;
    }

    /** The question or notice shown under the story's title (the notice once revealed). */
    public String narrativeText() {
        var notice = (Label) story().lookup("#notice");
        return notice.isVisible() ? notice.getText() : ((Label) story().lookup("#predict")).getText();
    }
}
