package dev.loomscope.ui.observe;

import dev.loomscope.ui.fx.TextColumns;
import dev.loomscope.model.observe.Observation;
import dev.loomscope.model.observe.ObservationSnapshot;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.model.observe.StackGroup;
import dev.loomscope.model.observe.ThreadContainerNode;
import dev.loomscope.model.observe.ThreadDump;
import dev.loomscope.model.observe.view.ObservedFigures;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.scenario.Durations;
import dev.loomscope.ui.actions.Action;
import dev.loomscope.ui.export.WindowExports;
import dev.loomscope.ui.fx.Fxml;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.fx.Tooltips;
import dev.loomscope.ui.theme.IconButtons;
import dev.loomscope.ui.theme.Icons;
import dev.loomscope.ui.theme.Palette;
import dev.loomscope.ui.views.FrameView;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The window while it observes a running JVM, in place of the run views: the figures, the timeline
 * (virtual threads, carriers, pins per carrier), the pin hotspots, a thread dump on demand, and what
 * is and is not observed. Each frame it compares the observation's version with the one drawn and
 * only then takes a snapshot; the clock moves between snapshots. Everything that blocks (a thread
 * dump, stopping, exports) goes through the {@link ObserveSession}, off the FX thread. The layout is
 * in {@code ObserveView.fxml}, the words in {@link ObserveTexts}, the files in {@link ObservationExports}.
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
    private final WindowExports exports;
    private final ObservationExports saving;
    private final Map<String, Label> figures = new LinkedHashMap<>();

    @FXML
    private Label observeTitle;
    @FXML
    private Label observeState;
    @FXML
    private Label observeLag;
    @FXML
    private Button observeDump;
    @FXML
    private Button observeStop;
    @FXML
    private MenuButton observeExport;
    @FXML
    private Button observeAnother;
    @FXML
    private Button observeBack;
    @FXML
    private Label observeElapsed;
    @FXML
    private Label observeStarts;
    @FXML
    private Label observeAlive;
    @FXML
    private Label observeMounted;
    @FXML
    private Label observeQueued;
    @FXML
    private Label observePins;
    @FXML
    private Label observePinnedMs;
    @FXML
    private Label observeSubmitFailed;
    @FXML
    private Label observeCoverageLine;
    @FXML
    private SplitPane observeSplit;
    @FXML
    private StackPane observeTimeline;
    @FXML
    private ObservationTimeline observationTimeline;
    @FXML
    private TabPane observeTabs;
    @FXML
    private Tab hotspotTab;
    @FXML
    private Tab dumpTab;
    @FXML
    private TableView<PinHotspot> hotspotTable;
    @FXML
    private TableColumn<PinHotspot, String> hotspotTotal;
    @FXML
    private TableColumn<PinHotspot, String> hotspotCount;
    @FXML
    private TableColumn<PinHotspot, String> hotspotMax;
    @FXML
    private TableColumn<PinHotspot, String> hotspotWhere;
    @FXML
    private TableColumn<PinHotspot, String> hotspotReason;
    @FXML
    private TableColumn<PinHotspot, String> hotspotOperation;
    @FXML
    private TextArea hotspotStack;
    @FXML
    private Label dumpSummary;
    @FXML
    private TableView<StackGroup> dumpGroups;
    @FXML
    private TableColumn<StackGroup, String> groupCount;
    @FXML
    private TableColumn<StackGroup, String> groupUnchanged;
    @FXML
    private TableColumn<StackGroup, String> groupStates;
    @FXML
    private TableColumn<StackGroup, String> groupTop;
    @FXML
    private TextArea dumpStack;
    @FXML
    private TreeView<ThreadContainerNode> dumpTree;
    @FXML
    private Label observeCoverage;

    private Observed shown;
    private long drawnVersion = -1;
    private ObservationSnapshot snapshot;
    private ThreadDump dumpShown;
    private long figuresAt;
    private boolean onStage;

    public ObserveView(ObserveSession session, WindowExports exports, Surroundings window) {
        this.session = session;
        this.window = window;
        this.exports = exports;
        this.saving = new ObservationExports(session, exports, window::problem, window::say);
        Fxml.load(this);
        exports.register("observation timeline", observeTimeline, observeTimeline);
        exports.register("observation", this, observeTimeline);
        observeDump.disableProperty().bind(session.dumpingProperty());
    }

    @FXML
    private void initialize() {
        // The lag line takes room only while there is a lag to tell (a running observation with events in).
        observeLag.visibleProperty().bind(observeLag.textProperty().isNotEmpty());
        observeLag.managedProperty().bind(observeLag.visibleProperty());
        observeTitle.setGraphic(Icons.OBSERVE.create(22));
        observeStop.setGraphic(Icons.STOP.create(16));
        Tooltips.setText(observeStop, Messages.text("observe.stop.tooltip") + " (" + Action.STOP.keysText() + ")");
        observeDump.setGraphic(Icons.THREAD_DUMP.create(16));
        Tooltips.setText(observeDump, Action.THREAD_DUMP.tooltip());
        IconButtons.style(observeAnother).setGraphic(Icons.OBSERVE.create(20));
        Tooltips.setText(observeAnother, Action.OBSERVE.tooltip());
        observeBack.setGraphic(Icons.BACK.create(16));
        IconButtons.style(observeExport).setGraphic(Icons.EXPORT.create(20));
        observeExport.getItems().addAll(0, exports.pictureItems("observation"));
        hotspotTab.setGraphic(Icons.PIN.create(14));
        dumpTab.setGraphic(Icons.THREAD_DUMP.create(14));
        List.of(observeElapsed, observeStarts, observeAlive, observeMounted, observeQueued, observePins, observePinnedMs, observeSubmitFailed)
                .forEach(label -> figures.put(figureKey(label), label));

        // A stack keeps its lines as they are; the prompt shown while there is none wraps, whole in a 720p stage's narrow pane.
        for (TextArea stack : List.of(hotspotStack, dumpStack)) {
            stack.wrapTextProperty().bind(stack.textProperty().isEmpty());
        }
        observationTimeline.setOnPinClicked(pin -> {
            hotspotTable.getSelectionModel().clearSelection();
            hotspotStack.setText(ObserveTexts.pin(pin, 64, targetFeature()));
            observeTabs.getSelectionModel().selectFirst();
        });
        TextColumns.fill(hotspotTotal, h -> Durations.humanMillis(h.totalMs()));
        TextColumns.fill(hotspotCount, h -> "%,d".formatted(h.count()));
        TextColumns.fill(hotspotMax, h -> Durations.humanMillis(h.maxMs()));
        TextColumns.fill(hotspotWhere, PinHotspot::whereBriefly, PinHotspot::where);
        TextColumns.fill(hotspotReason, h -> String.join(", ", h.reasons().stream().map(r -> r.isEmpty() ? Messages.text("observe.no-reason") : r).toList()));
        TextColumns.fill(hotspotOperation, h -> String.join(", ", h.blockingOperations()));
        hotspotTable.getSelectionModel().selectedItemProperty().subscribe(h -> {
            observationTimeline.highlight(h);
            if (h != null) {
                hotspotStack.setText(ObserveTexts.hotspot(h, targetFeature()));
            }
        });

        dumpGroups.setPlaceholder(new Label(Messages.text("observe.dump.empty", Action.THREAD_DUMP.pressKey())));
        TextColumns.fill(groupCount, g -> "%,d".formatted(g.count()));
        TextColumns.fill(groupUnchanged, g -> Messages.text("observe.dump.unchanged.cell", g.unchanged(), g.count()));
        TextColumns.fill(groupStates, g -> String.join(", ", g.states().entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toList()));
        TextColumns.fill(groupTop, g -> g.frames().isEmpty() ? Messages.text("observe.dump.no-frames") : g.frames().getFirst());
        dumpGroups.getSelectionModel().selectedItemProperty().subscribe(g -> dumpStack.setText(g == null ? "" : ObserveTexts.group(g)));
        dumpTree.setCellFactory(tree -> new TreeCell<>() {
            @Override
            protected void updateItem(ThreadContainerNode node, boolean empty) {
                super.updateItem(node, empty);
                setText(empty || node == null ? null : ObserveTexts.container(node));
            }
        });
    }

    /** "observePinnedMs" is the tile of "pinnedMs". */
    private static String figureKey(Label value) {
        String name = value.getId().substring("observe".length());
        return Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }

    @FXML
    private void exportCsv() {
        saving.chooseSummary(true);
    }

    @FXML
    private void exportJson() {
        saving.chooseSummary(false);
    }

    @FXML
    private void exportJfr() {
        saving.chooseJfr();
    }

    @FXML
    private void observeAnother() {
        window.observeAnother();
    }

    @FXML
    private void backToRuns() {
        window.backToRuns();
    }

    public void setPalette(Palette palette) {
        observationTimeline.setPalette(palette);
    }

    /**
     * On stage (presentation mode): large type on the timeline, which gets most of the height, and
     * a tile that says nothing (no submit failures) makes room for the others to stay on one row.
     */
    public void setOnStage(boolean on) {
        onStage = on;
        observationTimeline.setTextScale(on ? 1.7 : 1);
        observeSplit.setDividerPositions(on ? 0.7 : 0.58);
        if (snapshot != null) {
            showTiles(snapshot);
        }
    }

    private void showTiles(ObservationSnapshot s) {
        boolean quiet = onStage && s.submitFailed() == 0;
        var tile = figures.get("submitFailed").getParent();
        tile.setVisible(!quiet);
        tile.setManaged(!quiet);
    }

    /** Stop (the button, Esc): stops observing off the FX thread; the data stays. */
    @FXML
    public void stop() {
        if (session.isObserving()) {
            session.stop();
            window.say(Messages.text("observe.stopping"));
        }
    }

    /** A thread dump (the button, Ctrl+D), off the FX thread; it shows in its tab once taken. */
    @FXML
    public void threadDump() {
        if (session.observed() == null) {
            return;
        }
        observeTabs.getSelectionModel().select(dumpTab);
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
            hotspotTable.getItems().clear();
            hotspotStack.clear();
            dumpGroups.getItems().clear();
            dumpTree.setRoot(null);
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
            ObserveTexts.figures(ObservedFigures.of(snapshot), nowMs).forEach((key, text) -> set(figures.get(key), text));
            observationTimeline.show(snapshot, nowMs);
            double lag = snapshot.running() ? observed.lagSeconds() : -1;
            set(observeLag, lag < 0 ? "" : Messages.text("observe.lag", lag));
        }
    }

    /**
     * The status bar's line while this view shows: whom it observes, and what Esc and Run do now; null before its first
     * snapshot (attaching says so in the view).
     */
    public String statusLine() {
        if (snapshot == null) {
            return null;
        }
        String who = ObserveTexts.who(snapshot.target());
        return snapshot.running() ? Messages.text("status.observing", who, Action.STOP.pressKey(), Action.RUN.pressed())
                : Messages.text("status.observed", who, Action.RUN.pressed());
    }

    /** The observed JVM's feature release (0 before anything is shown): a JDK 21 target's monitor pins say JDK 24+ would not pin. */
    private int targetFeature() {
        return snapshot == null ? 0 : snapshot.target().jdkFeature();
    }

    private void showSnapshot(ObservationSnapshot s) {
        set(observeTitle, onStage ? ObserveTexts.who(s.target()) : ObserveTexts.title(s.target()));
        // The target's full name (a second observation may be of another JVM).
        if (!s.target().name().equals(Tooltips.getText(observeTitle))) {
            Tooltips.setText(observeTitle, s.target().name());
        }
        set(observeState, ObserveTexts.state(s));
        observeState.pseudoClassStateChanged(ENDED, !s.running());
        observeStop.setDisable(!s.running());
        set(observeCoverageLine, ObserveTexts.coverageSummary(s));
        showTiles(s);
        set(observeCoverage, ObserveTexts.coverageDetail(s));
        if (!s.pinHotspots().equals(hotspotTable.getItems())) {
            PinHotspot selected = hotspotTable.getSelectionModel().getSelectedItem();
            hotspotTable.getItems().setAll(s.pinHotspots());
            if (selected != null) {
                // The same hotspot, with its counts grown, stays selected.
                s.pinHotspots().stream().filter(h -> h.frames().equals(selected.frames())).findFirst()
                        .ifPresent(hotspotTable.getSelectionModel()::select);
            } else if (hotspotStack.getText().isEmpty() && !s.pinHotspots().isEmpty()) {
                // Until a hotspot or a pin is picked, the costliest answers "why is it pinned".
                hotspotTable.getSelectionModel().selectFirst();
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
        // A dump after another is read with it: which virtual threads kept their stack between the two.
        dumpSummary.setText(Messages.text("observe.dump.summary", Durations.humanMillis(d.takenAtMs()), d.virtualThreads(), d.platformThreads(),
                d.virtualThreadStacks().size(), d.runtimeVersion())
                + (d.compared() ? Messages.text("observe.dump.unchanged.summary", d.unchangedVirtualThreads(), d.virtualThreads(),
                        Durations.humanMillis(d.comparedWithMs())) : ""));
        if (d.compared()) {
            groupUnchanged.setText(Messages.text("observe.dump.unchanged.column", Durations.humanMillis(d.comparedWithMs())));
        }
        groupUnchanged.setVisible(d.compared());
        dumpGroups.getItems().setAll(d.virtualThreadStacks());
        if (!d.virtualThreadStacks().isEmpty()) {
            dumpGroups.getSelectionModel().selectFirst();
        }
        dumpTree.setRoot(treeItem(d.root()));
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

    private static void set(Label label, String text) {
        if (!Objects.equals(text, label.getText())) {
            label.setText(text);
        }
    }

    /** The card stamped on pictures while observing (the window's exports ask for it); null before anything is shown. */
    public VBox card() {
        return snapshot == null ? null : ObservationExports.card(snapshot);
    }
}
