package dev.loomscope.ui.views;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.model.observe.PinHotspot;

import dev.loomscope.model.window.FrameContext;
import dev.loomscope.scenario.Durations;
import dev.loomscope.model.LaneEvent;
import dev.loomscope.model.PinLog;
import dev.loomscope.model.RunModel;
import dev.loomscope.protocol.JfrEvent;
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
    private long shownCount = -1;
    /** True while a refresh picks the hotspot the user had picked again: not a new pick. */
    private boolean reselecting;

    public JfrEventsView() {
        getStyleClass().add("jfr-events");
        setOrientation(Orientation.HORIZONTAL);
        var placeholder = EmptyHint.label("jfr");
        table.setPlaceholder(placeholder);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().setAll(java.util.List.of(
                shortColumn("at", 90, e -> Durations.humanMillis(e.event().timeNanos() / 1e6)),
                shortColumn("event", 90, e -> e.event().kind()),
                shortColumn("duration", 110, e -> e.event().durationNanos() == 0 ? "" : Durations.humanMillis(e.event().durationNanos() / 1e6)),
                carrierColumn,
                column("reason", 220, e -> e.event().reason()),
                operationColumn));
        stack.setEditable(false);
        stack.setPromptText(Messages.text("jfr.prompt"));
        stack.getStyleClass().add("stack-trace");
        table.getSelectionModel().selectedItemProperty().addListener((obs, old, selected) -> stack.setText(selected == null ? "" : describe(selected.event())));
        hotspots.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        hotspots.getColumns().setAll(java.util.List.of(
                shortColumn("pins", 70, h -> "%,d".formatted(h.count())),
                shortColumn("pinned", 90, h -> Durations.humanMillis(h.totalMs())),
                hotspotReason,
                whereColumn()));
        hotspots.widthProperty().subscribe(width -> fitHotspotColumns());
        hotspots.setId("jfrHotspots");
        hotspots.setPrefHeight(130);
        // The header and two hotspots stay whole when the tab is short (the events below give way first).
        hotspots.setMinHeight(96);
        hotspots.getSelectionModel().selectedItemProperty().addListener((obs, old, picked) -> {
            if (picked != null && !reselecting) {
                table.getSelectionModel().clearSelection();
                stack.setText(describe(picked));
            }
            pinsOnLanes.accept(model == null ? null : model.pins(), picked);
        });
        var hotspotTitle = new javafx.scene.control.Label();
        hotspotTitle.getStyleClass().add("hotspots-title");
        // As much of the sentence as the tab has room for, whole (a 720p stage cut it at "pick one fo..."): the rest in its tooltip.
        // As the window's other fitted captions: it takes the column's width and asks for none, the width picks the form.
        hotspotTitle.setMinWidth(0);
        hotspotTitle.setPrefWidth(0);
        hotspotTitle.setMaxWidth(Double.MAX_VALUE);
        dev.loomscope.ui.fx.FittedText.on(hotspotTitle).show(java.util.List.of(Messages.text("jfr.hotspots"), Messages.text("jfr.hotspots.short"),
                Messages.text("jfr.hotspots.shortest")));
        hotspotBox.getChildren().setAll(hotspotTitle, hotspots);
        hotspotBox.managedProperty().bind(hotspotBox.visibleProperty());
        hotspotBox.setVisible(false);
        javafx.scene.layout.VBox.setVgrow(table, javafx.scene.layout.Priority.ALWAYS);
        var left = new javafx.scene.layout.VBox(6, hotspotBox, table);
        getItems().setAll(left, stack);
        setOnStage(false);
    }

    private final TableColumn<PinHotspot, String> hotspotReason = column("reason", 200, h -> String.join("; ", h.reasons()));
    private boolean onStage;
    /**
     * On stage, a hotspot table narrower than this (a 720p projector's: about 555 px) cut both its reason and its place; the
     * place is what a talk points at, so the reason gives way there (it is in the events below, and in a picked hotspot's text).
     */
    private static final double STAGE_WIDTH_FOR_REASONS = 700;

    private final TableColumn<LaneEvent, String> carrierColumn = column("carrier", 90, this::carrierName);
    private final TableColumn<LaneEvent, String> operationColumn = column("operation", 120, e -> e.event().blockingOperation());

    /**
     * On stage the tab has a third of a projector's width and large type: the stack trace goes below
     * the tables instead of beside them, and the events keep the columns a talk reads from the back
     * of the room (time, event, duration, reason); the carrier and the operation come back off stage.
     */
    public void setOnStage(boolean on) {
        setOrientation(on ? Orientation.VERTICAL : Orientation.HORIZONTAL);
        setDividerPositions(on ? 0.72 : 0.68);
        carrierColumn.setVisible(!on);
        operationColumn.setVisible(!on);
        onStage = on;
        fitHotspotColumns();
    }

    private void fitHotspotColumns() {
        hotspotReason.setVisible(!onStage || hotspots.getWidth() == 0 || hotspots.getWidth() >= STAGE_WIDTH_FOR_REASONS);
    }

    /** The hotspot table's reason column (hidden on a narrow stage). */
    public TableColumn<PinHotspot, String> hotspotReasonColumn() {
        return hotspotReason;
    }

    private final TableView<PinHotspot> hotspots = new TableView<>();
    private final javafx.scene.layout.VBox hotspotBox = new javafx.scene.layout.VBox(2);
    private java.util.function.BiConsumer<PinLog, PinHotspot> pinsOnLanes = (log, hotspot) -> {};

    /** Where a picked hotspot's pins are shown: the carrier lanes. */
    public void showPinsOn(java.util.function.BiConsumer<PinLog, PinHotspot> lanes) {
        this.pinsOnLanes = lanes;
    }

    private static String describe(PinHotspot hotspot) {
        return Messages.text("jfr.hotspot", hotspot.count(), Durations.humanMillis(hotspot.totalMs()),
                Durations.humanMillis(hotspot.maxMs()), String.join("; ", hotspot.reasons()),
                hotspot.blockingOperations().stream().anyMatch(op -> !op.isEmpty()) ? Messages.text("jfr.during", String.join(", ", hotspot.blockingOperations())) : "",
                String.join("\n", hotspot.frames()));
    }

    private static <T> TableColumn<T, String> column(String name, double width, java.util.function.Function<T, String> text) {
        var column = JfrEventsView.<T>unfilled(name, width);
        dev.loomscope.ui.fx.TextColumns.fill(column, text);
        return column;
    }

    private static <T> TableColumn<T, String> unfilled(String name, double width) {
        var column = new TableColumn<T, String>(Messages.text("jfr.column." + name));
        column.setPrefWidth(width);
        column.setSortable(false);
        return column;
    }

    /** Where a hotspot's pins are, as its class and method (the package cut from the end left only the package): whole in its tooltip. */
    private static TableColumn<PinHotspot, String> whereColumn() {
        var column = JfrEventsView.<PinHotspot>unfilled("where", 260);
        dev.loomscope.ui.fx.TextColumns.fill(column, PinHotspot::whereBriefly, PinHotspot::where);
        return column;
    }

    /**
     * A column of short values (times, counts): it keeps its width whatever the tab's (the table is
     * first laid out while its tab is hidden, and the constrained policy would leave it squeezed),
     * and a wide tab gives its width to the reasons and the frames.
     */
    private static <T> TableColumn<T, String> shortColumn(String name, double width, java.util.function.Function<T, String> text) {
        var column = JfrEventsView.<T>column(name, width, text);
        column.setMinWidth(width);
        column.setMaxWidth(width * 2);
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
            text.append(Messages.text("jfr.during", event.blockingOperation()));
        }
        text.append("\n\n").append(event.stackTrace() == null || event.stackTrace().isEmpty() ? Messages.text("jfr.no-stack") : event.stackTrace());
        return text.toString();
    }

    @Override
    public void refresh(FrameContext frame) {
        refresh(frame.shown());
    }

    /** Adds rows that arrived since the last frame, and counts every pin in the hotspots (the rows stop at the first {@code MAX_KEPT}). */
    public void refresh(RunModel run) {
        long count = run == null ? 0 : (long) run.pins().size() << 32 | run.jfrEventCount();
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
        // The pins by hotspot, costliest first: the "why is it pinned" answer. A picked hotspot stays picked as its pins add up.
        PinHotspot picked = hotspots.getSelectionModel().getSelectedItem();
        var byCost = run == null ? java.util.List.<PinHotspot>of() : run.pins().hotspots();
        hotspots.getItems().setAll(byCost);
        hotspotBox.setVisible(!byCost.isEmpty());
        var same = picked == null ? java.util.Optional.<PinHotspot>empty() : byCost.stream().filter(h -> h.frames().equals(picked.frames())).findFirst();
        // Picked again as its pins add up, its lanes' outlines follow; an event row the user picked since keeps its stack.
        reselecting = true;
        try {
            same.ifPresentOrElse(hotspots.getSelectionModel()::select, () -> pinsOnLanes.accept(null, null));
        } finally {
            reselecting = false;
        }
    }

    public TableView<LaneEvent> table() {
        return table;
    }

    public String stackText() {
        return stack.getText();
    }
}
