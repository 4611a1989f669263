package dev.loomscope.ui.observe;

import dev.loomscope.model.observe.Observation;
import dev.loomscope.model.observe.ObservationSnapshot;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.model.observe.StackGroup;
import dev.loomscope.model.observe.ThreadContainerNode;
import dev.loomscope.model.observe.ThreadDump;
import dev.loomscope.model.observe.view.ObservationSummary;
import dev.loomscope.model.observe.view.ObservedFigures;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.scenario.Durations;
import dev.loomscope.ui.actions.Action;
import dev.loomscope.ui.export.WindowExports;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.theme.IconButtons;
import dev.loomscope.ui.theme.Icons;
import dev.loomscope.ui.theme.Palette;
import dev.loomscope.ui.views.FrameView;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.css.PseudoClass;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import dev.loomscope.ui.fx.Tooltips;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The window while it observes a running JVM, in place of the run views: the figures, the timeline
 * (virtual threads, carriers, pins per carrier), the pin hotspots, a thread dump on demand, and what
 * is and is not observed. Each frame it compares the observation's version with the one drawn and
 * only then takes a snapshot; the clock moves between snapshots. Everything that blocks (a thread
 * dump, stopping, exports) goes through the {@link ObserveSession}, off the FX thread.
 */
public final class ObserveView extends BorderPane implements FrameView {

    /** What the view's buttons ask of the window around it. */
    public interface Surroundings {
        void observeAnother();

        void backToRuns();

        void problem(String message);

        void say(String status);
    }

    private static final PseudoClass ENDED = PseudoClass.getPseudoClass("ended");
    private static final long FIGURES_EVERY_NANOS = 100_000_000L;

    private final ObserveSession session;
    private final Surroundings window;
    private final Label title = new Label();
    private final Label state = new Label();
    private final Label coverageLine = new Label();
    private final Map<String, Label> figures = new LinkedHashMap<>();
    private final FlowPane tiles = new FlowPane(8, 8);
    private final ObservationTimeline timeline = new ObservationTimeline();
    private final StackPane timelineHost = new StackPane(timeline);
    private final TableView<PinHotspot> hotspots = new TableView<>();
    private final TextArea hotspotStack = new TextArea();
    private final Label dumpSummary = new Label();
    private final TableView<StackGroup> stackGroups = new TableView<>();
    private final TextArea groupStack = new TextArea();
    private final TreeView<ThreadContainerNode> containers = new TreeView<>();
    private final Label coverageText = new Label();
    private final Button stop = new Button();
    private final Button dump = new Button();
    private final TabPane tabs = new TabPane();
    private final Tab dumpTab;
    private final SplitPane split = new SplitPane();

    private Observed shown;
    private long drawnVersion = -1;
    private ObservationSnapshot snapshot;
    private ThreadDump dumpShown;
    private long figuresAt;

    public ObserveView(ObserveSession session, WindowExports exports, Surroundings window) {
        this.session = session;
        this.window = window;
        getStyleClass().add("observe-view");
        setId("observeView");
        title.getStyleClass().add("observe-title");
        title.setId("observeTitle");
        title.setGraphic(Icons.OBSERVE.create(22));
        state.getStyleClass().add("observe-state");
        state.setId("observeState");
        state.setWrapText(true);
        state.setMinWidth(0);
        HBox.setHgrow(state, Priority.ALWAYS);
        state.setMaxWidth(Double.MAX_VALUE);

        stop.setText(Messages.text("observe.stop"));
        stop.setGraphic(Icons.STOP.create(16));
        stop.setId("observeStop");
        Tooltips.setText(stop, Messages.text("observe.stop.tooltip") + " (" + Action.STOP.keysText() + ")");
        stop.setOnAction(e -> stop());
        dump.setText(Messages.text("observe.dump"));
        dump.setGraphic(Icons.THREAD_DUMP.create(16));
        dump.setId("observeDump");
        Tooltips.setText(dump, Action.THREAD_DUMP.tooltip());
        dump.setOnAction(e -> threadDump());
        var another = IconButtons.of(Icons.OBSERVE, 20, Action.OBSERVE.tooltip());
        another.setId("observeAnother");
        another.setOnAction(e -> window.observeAnother());
        var back = new Button(Messages.text("observe.back"));
        back.setGraphic(Icons.BACK.create(16));
        back.setId("observeBack");
        Tooltips.setText(back, Messages.text("observe.back.tooltip"));
        back.setOnAction(e -> window.backToRuns());
        var exportMenu = exportMenu(exports);
        for (Button button : List.of(dump, stop, back)) {
            button.setMinWidth(Region.USE_PREF_SIZE);
        }
        title.setMinWidth(0);
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        var bar = new HBox(12, title, spacer, dump, stop, exportMenu, another, back);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("observe-bar");

        for (String key : List.of("elapsed", "starts", "alive", "mounted", "queued", "pins", "pinnedMs", "submitFailed")) {
            tile(key);
        }
        tiles.getStyleClass().add("live-figures");
        tiles.setId("observeFigures");
        coverageLine.getStyleClass().add("section-caption");
        coverageLine.setId("observeCoverageLine");
        coverageLine.setWrapText(true);
        coverageLine.setMinHeight(Region.USE_PREF_SIZE);
        var top = new VBox(8, bar, state, tiles, coverageLine);
        top.setPadding(new javafx.geometry.Insets(10, 12, 6, 12));
        setTop(top);

        timelineHost.getStyleClass().add("canvas-frame");
        timelineHost.setId("observeTimeline");
        timeline.setOnPinClicked(pin -> {
            hotspots.getSelectionModel().clearSelection();
            hotspotStack.setText(ObserveTexts.pin(pin, 64));
            tabs.getSelectionModel().selectFirst();
        });
        exports.register("observation timeline", timelineHost, timelineHost);
        exports.register("observation", this, timelineHost);

        tabs.getStyleClass().add("bottom-tabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        var hotspotTab = new Tab(Messages.text("observe.tab.hotspots"), hotspotsPane());
        hotspotTab.setGraphic(Icons.PIN.create(14));
        dumpTab = new Tab(Messages.text("observe.tab.dump"), dumpPane());
        dumpTab.setGraphic(Icons.THREAD_DUMP.create(14));
        coverageText.setWrapText(true);
        coverageText.setId("observeCoverage");
        coverageText.setAlignment(Pos.TOP_LEFT);
        var coverageScroll = new javafx.scene.control.ScrollPane(coverageText);
        coverageScroll.setFitToWidth(true);
        coverageScroll.setPadding(new javafx.geometry.Insets(8, 12, 8, 12));
        var coverageTab = new Tab(Messages.text("observe.tab.coverage"), coverageScroll);
        tabs.getTabs().setAll(hotspotTab, dumpTab, coverageTab);
        tabs.setId("observeTabs");

        split.setOrientation(Orientation.VERTICAL);
        split.getItems().setAll(timelineHost, tabs);
        split.setDividerPositions(0.58);
        split.setPadding(new javafx.geometry.Insets(0, 12, 6, 12));
        setCenter(split);
        dump.disableProperty().bind(session.dumpingProperty());
    }

    private MenuButton exportMenu(WindowExports exports) {
        var menu = new MenuButton(null, Icons.EXPORT.create(20));
        IconButtons.style(menu);
        menu.setId("observeExport");
        Tooltips.setText(menu, Messages.text("observe.export.tooltip"));
        var csv = new MenuItem(Messages.text("observe.export.csv"));
        csv.setOnAction(e -> exports.chooseFile("observation.csv", "CSV", "*.csv").ifPresent(file -> saveSummary(exports, file, true)));
        var json = new MenuItem(Messages.text("observe.export.json"));
        json.setOnAction(e -> exports.chooseFile("observation.json", "JSON", "*.json").ifPresent(file -> saveSummary(exports, file, false)));
        var jfr = new MenuItem(Messages.text("observe.export.jfr"));
        jfr.setOnAction(e -> exports.chooseFile("observation.jfr", "JDK Flight Recorder", "*.jfr").ifPresent(file -> saveJfr(exports, file)));
        menu.getItems().addAll(exports.pictureItems("observation"));
        menu.getItems().addAll(new SeparatorMenuItem(), csv, json, jfr);
        return menu;
    }

    /** The summary with the fields of {@code loomscope attach --json}, as CSV or JSON, written off the FX thread. */
    public java.util.concurrent.CompletableFuture<java.nio.file.Path> saveSummary(WindowExports exports, java.nio.file.Path file, boolean csv) {
        Observed now = session.observed();
        if (now == null) {
            window.problem(Messages.text("observe.export.none"));
            return java.util.concurrent.CompletableFuture.failedFuture(new IllegalStateException("nothing observed"));
        }
        ObservationSnapshot s = now.observation().snapshot();
        return exports.saveText(file, csv ? ObservationSummary.csv(s) : ObservationSummary.json(s) + "\n");
    }

    /** The observation's recording as .jfr: what it has so far while it runs, all of it once stopped. */
    public java.util.concurrent.CompletableFuture<java.nio.file.Path> saveJfr(WindowExports exports, java.nio.file.Path file) {
        window.say(Messages.text("observe.export.jfr-saving", file));
        return exports.reported(session.saveJfr(file));
    }

    private javafx.scene.Node hotspotsPane() {
        hotspots.setId("hotspotTable");
        hotspots.setPlaceholder(new Label(Messages.text("observe.hotspots.empty")));
        hotspots.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        hotspots.getColumns().setAll(List.of(
                column("observe.hotspots.total", 95, (PinHotspot h) -> Durations.humanMillis(h.totalMs())),
                column("observe.hotspots.count", 70, (PinHotspot h) -> "%,d".formatted(h.count())),
                column("observe.hotspots.max", 80, (PinHotspot h) -> Durations.humanMillis(h.maxMs())),
                column("observe.hotspots.where", 260, ObserveTexts::where),
                column("observe.hotspots.reason", 260, (PinHotspot h) -> String.join(", ", h.reasons().stream()
                        .map(r -> r.isEmpty() ? Messages.text("observe.no-reason") : r).toList())),
                column("observe.hotspots.operation", 140, (PinHotspot h) -> String.join(", ", h.blockingOperations()))));
        hotspots.getSelectionModel().selectedItemProperty().subscribe(h -> {
            timeline.highlight(h);
            if (h != null) {
                hotspotStack.setText(ObserveTexts.hotspot(h));
            }
        });
        hotspotStack.setEditable(false);
        hotspotStack.setId("hotspotStack");
        hotspotStack.getStyleClass().add("stack-trace");
        hotspotStack.setPromptText(Messages.text("observe.hotspots.prompt"));
        var pane = new SplitPane(hotspots, hotspotStack);
        pane.setDividerPositions(0.55);
        return pane;
    }

    private javafx.scene.Node dumpPane() {
        dumpSummary.setId("dumpSummary");
        dumpSummary.setWrapText(true);
        stackGroups.setId("dumpGroups");
        stackGroups.setPlaceholder(new Label(Messages.text("observe.dump.empty", Action.THREAD_DUMP.pressKey())));
        stackGroups.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        stackGroups.getColumns().setAll(List.of(
                column("observe.dump.count", 70, (StackGroup g) -> "%,d".formatted(g.count())),
                column("observe.dump.states", 150, (StackGroup g) -> String.join(", ", g.states().entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue()).toList())),
                column("observe.dump.top", 320, (StackGroup g) -> g.frames().isEmpty() ? Messages.text("observe.dump.no-frames") : g.frames().getFirst())));
        stackGroups.getSelectionModel().selectedItemProperty().subscribe(g -> groupStack.setText(g == null ? "" : groupText(g)));
        groupStack.setEditable(false);
        groupStack.setId("dumpStack");
        groupStack.getStyleClass().add("stack-trace");
        groupStack.setPromptText(Messages.text("observe.dump.prompt"));
        containers.setId("dumpTree");
        containers.setShowRoot(true);
        containers.setCellFactory(tree -> new javafx.scene.control.TreeCell<>() {
            @Override
            protected void updateItem(ThreadContainerNode node, boolean empty) {
                super.updateItem(node, empty);
                setText(empty || node == null ? null : containerText(node));
            }
        });
        var columns = new SplitPane(stackGroups, groupStack, containers);
        columns.setDividerPositions(0.38, 0.7);
        VBox.setVgrow(columns, Priority.ALWAYS);
        var pane = new VBox(6, dumpSummary, columns);
        pane.setPadding(new javafx.geometry.Insets(6, 0, 0, 0));
        return pane;
    }

    static String groupText(StackGroup g) {
        var text = new StringBuilder(Messages.text("observe.dump.group", g.count(), String.join(", ", g.containers())));
        if (!g.threadIds().isEmpty()) {
            text.append("\n").append(Messages.text("observe.dump.ids", String.join(", ", g.threadIds().stream().map(String::valueOf).toList()),
                    g.count() > g.threadIds().size() ? ", ..." : ""));
        }
        text.append("\n");
        g.frames().forEach(f -> text.append("\n    at ").append(f));
        return text.toString();
    }

    static String containerText(ThreadContainerNode node) {
        String owner = node.ownerThreadId() >= 0 ? Messages.text("observe.dump.owner", node.ownerThreadId()) : "";
        return Messages.text("observe.dump.container", node.name(), node.virtualThreadsBelow(), node.platformThreads(), owner);
    }

    private static <T> TableColumn<T, String> column(String key, double width, java.util.function.Function<T, String> text) {
        var column = new TableColumn<T, String>(Messages.text(key));
        column.setPrefWidth(width);
        // Narrow columns keep their heading whole, also in large type.
        column.setMinWidth(width < 100 ? width : 60);
        column.setSortable(false);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(text.apply(cell.getValue())));
        return column;
    }

    private void tile(String key) {
        var value = new Label("\u2013");
        value.getStyleClass().add("figure-value");
        var name = new Label(Messages.text("observe.tile." + key));
        name.getStyleClass().add("figure-caption");
        var tile = new VBox(2, value, name);
        tile.getStyleClass().add("figure-tile");
        Tooltips.setText(tile, Messages.text("observe.tile." + key + ".tooltip"));
        figures.put(key, value);
        tiles.getChildren().add(tile);
    }

    public void setPalette(Palette palette) {
        timeline.setPalette(palette);
    }

    /**
     * On stage (presentation mode): large type on the timeline, which gets most of the height, and
     * a tile that says nothing (no submit failures) makes room for the others to stay on one row.
     */
    public void setOnStage(boolean on) {
        onStage = on;
        timeline.setTextScale(on ? 1.7 : 1);
        split.setDividerPositions(on ? 0.7 : 0.58);
        if (snapshot != null) {
            showTiles(snapshot);
        }
    }

    private boolean onStage;

    private void showTiles(ObservationSnapshot s) {
        boolean quiet = onStage && s.submitFailed() == 0;
        var tile = figures.get("submitFailed").getParent();
        tile.setVisible(!quiet);
        tile.setManaged(!quiet);
    }

    /** Stop (the button, Esc): stops observing off the FX thread; the data stays. */
    public void stop() {
        if (session.isObserving()) {
            session.stop();
            window.say(Messages.text("observe.stopping"));
        }
    }

    /** A thread dump (the button, Ctrl+D), off the FX thread; it shows in its tab once taken. */
    public void threadDump() {
        if (session.observed() == null) {
            return;
        }
        tabs.getSelectionModel().select(dumpTab);
        if (!session.observed().observation().ended()) {
            window.say(Messages.text("observe.dump.taking"));
        }
        session.threadDump(window::problem);
    }

    @Override
    public void refresh(FrameContext frame) {
        refresh(System.nanoTime());
    }

    /** Per frame: a new snapshot only when the observation's version moved; the clock and the figures ten times a second. */
    public void refresh(long nowNanos) {
        Observed observed = session.observed();
        if (observed != shown) {
            shown = observed;
            drawnVersion = -1;
            snapshot = null;
            dumpShown = null;
            hotspots.getItems().clear();
            hotspotStack.clear();
            stackGroups.getItems().clear();
            containers.setRoot(null);
            dumpSummary.setText(Messages.text("observe.dump.none", Action.THREAD_DUMP.pressKey()));
        }
        if (observed == null) {
            return;
        }
        Observation observation = observed.observation();
        long version = observation.version();
        boolean changed = version != drawnVersion;
        if (changed) {
            snapshot = observation.snapshot();
            drawnVersion = version;
            showSnapshot(snapshot);
        }
        long nowMs = snapshot.running() ? observation.nowMs() : snapshot.elapsedMs();
        if (changed || nowNanos - figuresAt >= FIGURES_EVERY_NANOS) {
            figuresAt = nowNanos;
            showFigures(ObservedFigures.of(snapshot), nowMs);
            timeline.show(snapshot, nowMs);
        }
    }

    private void showSnapshot(ObservationSnapshot s) {
        set(title, onStage ? ObserveTexts.who(s.target()) : ObserveTexts.title(s.target()));
        // The target's full name (a second observation may be of another JVM).
        if (!s.target().name().equals(Tooltips.getText(title))) {
            Tooltips.setText(title, s.target().name());
        }
        set(state, ObserveTexts.state(s));
        state.pseudoClassStateChanged(ENDED, !s.running());
        stop.setDisable(!s.running());
        set(coverageLine, coverageSummary(s));
        showTiles(s);
        set(coverageText, coverageDetail(s));
        if (!s.pinHotspots().equals(hotspots.getItems())) {
            PinHotspot selected = hotspots.getSelectionModel().getSelectedItem();
            hotspots.getItems().setAll(s.pinHotspots());
            if (selected != null) {
                // The same hotspot, with its counts grown, stays selected.
                s.pinHotspots().stream().filter(h -> h.frames().equals(selected.frames())).findFirst()
                        .ifPresent(hotspots.getSelectionModel()::select);
            } else if (hotspotStack.getText().isEmpty() && !s.pinHotspots().isEmpty()) {
                // Until a hotspot or a pin is picked, the costliest answers "why is it pinned".
                hotspots.getSelectionModel().selectFirst();
            }
        }
        if (s.threadDump() != dumpShown) {
            dumpShown = s.threadDump();
            showDump(dumpShown);
        }
    }

    private void showDump(ThreadDump d) {
        if (d == null) {
            return;
        }
        dumpSummary.setText(Messages.text("observe.dump.summary", Durations.humanMillis(d.takenAtMs()), d.virtualThreads(), d.platformThreads(),
                d.virtualThreadStacks().size(), d.runtimeVersion()));
        stackGroups.getItems().setAll(d.virtualThreadStacks());
        if (!d.virtualThreadStacks().isEmpty()) {
            stackGroups.getSelectionModel().selectFirst();
        }
        containers.setRoot(treeItem(d.root()));
    }

    private static TreeItem<ThreadContainerNode> treeItem(ThreadContainerNode node) {
        var item = new TreeItem<>(node);
        for (ThreadContainerNode child : node.children()) {
            item.getChildren().add(treeItem(child));
        }
        // Open down to where the virtual threads are; closed where there are none.
        item.setExpanded(node.virtualThreadsBelow() > 0 || node.children().size() <= 3);
        return item;
    }

    private void showFigures(ObservedFigures f, long nowMs) {
        set("elapsed", Durations.humanMillis(nowMs));
        set("starts", f.startsPerSecond() < 0 ? "\u2013" : "%,.0f".formatted(f.startsPerSecond()));
        set("alive", f.alive() < 0 ? "\u2013" : (f.aliveKnown() ? "" : "\u2265 ") + "%,d".formatted(f.alive()));
        var latest = f.latest();
        set("mounted", latest == null ? "\u2013" : "%d / %d".formatted(latest.mounted(), latest.parallelism()));
        set("queued", latest == null ? "\u2013" : "%,d".formatted(latest.queued()));
        set("pins", "%,d".formatted(f.pinnedEvents()));
        set("pinnedMs", Durations.humanMillis(f.pinnedMs()));
        set("submitFailed", "%,d".formatted(f.submitFailed()));
    }

    /** One line: what is enabled, what cannot be seen (the details are in their tab). */
    static String coverageSummary(ObservationSnapshot s) {
        var c = s.coverage();
        String enabled = Messages.text("observe.coverage.enabled", c.enabledEvents().size(),
                c.schedulerMXBean() ? Messages.text("observe.coverage.scheduler") : "",
                c.threadDumps() ? Messages.text("observe.coverage.dumps") : "");
        List<String> unseen = c.missing().stream().map(line -> line.contains(":") ? line.substring(0, line.indexOf(':')) : line).toList();
        return unseen.isEmpty() ? enabled : enabled + " \u00b7 " + Messages.text("observe.coverage.unseen", String.join(", ", unseen).toLowerCase());
    }

    static String coverageDetail(ObservationSnapshot s) {
        var text = new StringBuilder(Messages.text("observe.coverage.enabled-title")).append('\n');
        s.coverage().enabledEvents().forEach(e -> text.append("  \u2022 ").append(e).append('\n'));
        if (s.coverage().schedulerMXBean()) {
            text.append("  \u2022 ").append(Messages.text("observe.coverage.scheduler-detail")).append('\n');
        }
        if (s.coverage().threadDumps()) {
            text.append("  \u2022 ").append(Messages.text("observe.coverage.dumps-detail")).append('\n');
        }
        text.append('\n').append(Messages.text("observe.coverage.missing-title")).append('\n');
        s.coverage().missing().forEach(m -> text.append("  \u2022 ").append(m).append('\n'));
        if (!s.notes().isEmpty()) {
            text.append('\n').append(Messages.text("observe.coverage.notes-title")).append('\n');
            s.notes().forEach(n -> text.append("  \u2022 ").append(n).append('\n'));
        }
        return text.toString();
    }

    private void set(String key, String text) {
        set(figures.get(key), text);
    }

    private static void set(Label label, String text) {
        if (!Objects.equals(text, label.getText())) {
            label.setText(text);
        }
    }

    /** The card stamped on pictures while observing: what was observed and what it showed. */
    public VBox card() {
        if (snapshot == null) {
            return null;
        }
        var s = snapshot;
        var heading = new Label(ObserveTexts.title(s.target()));
        heading.getStyleClass().add("run-card-title");
        var seen = new Label(Messages.text("observe.card", Durations.humanMillis(s.elapsedMs()), s.virtualThreadStarts(), s.pinnedEvents(),
                Durations.humanMillis(s.pinnedMs())));
        var brand = new Label("LoomScope");
        brand.getStyleClass().add("run-card-brand");
        var card = new VBox(2, heading, seen, new Label(ObserveTexts.state(s)), brand);
        card.getStyleClass().add("run-card");
        card.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        card.setMouseTransparent(true);
        return card;
    }

    // ---- for tests and scripts ----

    public String figure(String key) {
        return figures.get(key).getText();
    }

    public String stateText() {
        return state.getText();
    }

    public ObservationTimeline timeline() {
        return timeline;
    }

    public TableView<PinHotspot> hotspots() {
        return hotspots;
    }

    public String hotspotStackText() {
        return hotspotStack.getText();
    }

    public TableView<StackGroup> stackGroups() {
        return stackGroups;
    }

    public TreeView<ThreadContainerNode> containers() {
        return containers;
    }

    public String groupStackText() {
        return groupStack.getText();
    }

    public String coverageLineText() {
        return coverageLine.getText();
    }

    public String coverageText() {
        return coverageText.getText();
    }

    public Button stopButton() {
        return stop;
    }

    public Button dumpButton() {
        return dump;
    }

    public SplitPane split() {
        return split;
    }
}
