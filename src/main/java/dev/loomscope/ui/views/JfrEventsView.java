package dev.loomscope.ui.views;

import dev.loomscope.model.window.FrameContext;
import dev.loomscope.scenario.Durations;
import dev.loomscope.model.LaneEvent;
import dev.loomscope.model.RunModel;
import dev.loomscope.protocol.JfrEvent;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.geometry.Orientation;

/**
 * What JDK Flight Recorder saw in the run: pinning (reason, carrier, duration), submit failures,
 * GC pauses. JFR delivers about a second late, so rows appear behind the animation. Click a row
 * for its stack trace.
 */
public final class JfrEventsView extends SplitPane implements FrameView {

    private final TableView<LaneEvent> table = new TableView<>();
    private final TextArea stack = new TextArea();
    private RunModel model;
    private int shownCount = -1;

    public JfrEventsView() {
        getStyleClass().add("jfr-events");
        setOrientation(Orientation.HORIZONTAL);
        var placeholder = EmptyHint.label("jfr");
        table.setPlaceholder(placeholder);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().setAll(java.util.List.of(
                column("at", 80, e -> Durations.humanMillis(e.event().timeNanos() / 1e6)),
                column("event", 90, e -> e.event().kind()),
                column("duration", 80, e -> e.event().durationNanos() == 0 ? "" : Durations.humanMillis(e.event().durationNanos() / 1e6)),
                column("carrier", 90, this::carrierName),
                column("reason", 220, e -> e.event().reason()),
                column("operation", 120, e -> e.event().blockingOperation())));
        stack.setEditable(false);
        stack.setPromptText("Click an event to see its stack trace.");
        stack.getStyleClass().add("stack-trace");
        table.getSelectionModel().selectedItemProperty().addListener((obs, old, selected) ->
                stack.setText(selected == null ? "" : describe(selected.event())));
        getItems().setAll(table, stack);
        setDividerPositions(0.68);
    }

    private TableColumn<LaneEvent, String> column(String name, double width, java.util.function.Function<LaneEvent, String> text) {
        var column = new TableColumn<LaneEvent, String>(name);
        column.setPrefWidth(width);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(text.apply(cell.getValue())));
        column.setSortable(false);
        return column;
    }

    private String carrierName(LaneEvent e) {
        return e.lane() < 0 || model == null ? "" : model.lanes().laneName(e.lane());
    }

    private static String describe(JfrEvent event) {
        var text = new StringBuilder(event.kind());
        if (event.reason() != null && !event.reason().isEmpty()) {
            text.append(": ").append(event.reason());
        }
        if (event.blockingOperation() != null && !event.blockingOperation().isEmpty()) {
            text.append(" during ").append(event.blockingOperation());
        }
        text.append("\n\n").append(event.stackTrace() == null || event.stackTrace().isEmpty() ? "(no stack trace)" : event.stackTrace());
        return text.toString();
    }

    @Override
    public void refresh(FrameContext frame) {
        refresh(frame.shown());
    }

    /** Adds rows that arrived since the last frame. */
    public void refresh(RunModel run) {
        int count = run == null ? 0 : run.jfrEventCount();
        if (run == model && count == shownCount) {
            return;
        }
        if (run != model) {
            stack.clear();
        }
        model = run;
        shownCount = count;
        if (run == null) {
            table.getItems().clear();
        } else {
            var events = run.jfrEvents();
            if (table.getItems().size() <= events.size() && !table.getItems().isEmpty() && table.getItems().getFirst() == events.getFirst()) {
                table.getItems().addAll(events.subList(table.getItems().size(), events.size()));
            } else {
                table.getItems().setAll(events);
            }
        }
    }

    public TableView<LaneEvent> table() {
        return table;
    }

    public String stackText() {
        return stack.getText();
    }
}
