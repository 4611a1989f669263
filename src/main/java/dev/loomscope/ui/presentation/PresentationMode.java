package dev.loomscope.ui.presentation;

import dev.loomscope.model.Preset;
import dev.loomscope.model.window.WindowState;
import dev.loomscope.ui.charts.CompletionChartView;
import dev.loomscope.ui.charts.ElapsedBarsView;
import dev.loomscope.ui.replay.RaceView;
import dev.loomscope.ui.views.CarrierLaneView;
import dev.loomscope.ui.views.LiveFiguresView;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.css.PseudoClass;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/**
 * Presentation mode (F11): full screen and large type (every size in the stylesheet is relative to
 * the root's, which the {@code :presentation} pseudo-class scales), no sidebar (presets and keys
 * drive the runs), and the views in two columns: the task waves over the lanes, and beside them
 * the explanation over the charts, so what runs stays large on a 720p projector too. At the desk
 * the views stack: waves, lanes, charts.
 */
public final class PresentationMode {

    /** The parts of the window it rearranges. */
    public record Parts(Region window, VBox sidebar, VBox centerBox, ScrollPane overviewScroll, VBox overview, SplitPane split, Node wavesSection, Node lanesSection,
                        TabPane tabs, Tab sweepTab, Tab webTab, Label why, SplitPane charts, CompletionChartView completion, ElapsedBarsView bars,
                        CarrierLaneView lanes, RaceView race, LiveFiguresView figures, Node keysHint, List<Node> deskCaptions) {
    }

    private static final PseudoClass PRESENTATION = PseudoClass.getPseudoClass("presentation");
    /** On stage the comparison comes first; the completion curves join it only where both stay readable (not on 720p). */
    private static final double TALL_SIDE = 560;
    /** Below this width (a 720p stage) the charts get less of it. */
    private static final double WIDE = 1600;
    /** Lane labels are 11 px at 1x: 1.7x makes them 18 px, the floor for a projector. */
    private static final double STAGE_TEXT_SCALE = 1.7;

    private final Parts parts;
    private final WindowState state;
    private final Supplier<Preset> preset;
    private final Runnable wordsChanged;
    private final BooleanProperty onStage = new SimpleBooleanProperty(false);
    private final SplitPane viewsColumn = new SplitPane();
    private final VBox sideColumn = new VBox(8);
    /** The explanation's place on stage: on a 720p screen the notice says as much, and the charts need the height. */
    private final VBox sideWhy = new VBox();
    /** The Why line while its run is under way: a quiet line in its place that says when the run's own comes. */
    public static final javafx.css.PseudoClass WHY_PENDING = javafx.css.PseudoClass.getPseudoClass("pending");
    /** The overview and, on stage, the Why line's place keep their height from Run on ({@link #holdHeights}). */
    private final HeldHeight overviewHeld;
    private final HeldHeight sideWhyHeld = new HeldHeight(sideWhy);
    private final DeskHeights desk;
    private final ChartsShare charts;
    private boolean fullScreen = true;
    private boolean fullScreenWatched;

    /** @param wordsChanged called when the views' words change length (the legends are briefer on stage) */
    public PresentationMode(Parts parts, WindowState state, Supplier<Preset> preset, Runnable wordsChanged) {
        this.parts = parts;
        this.state = state;
        this.preset = preset;
        this.wordsChanged = wordsChanged;
        viewsColumn.setOrientation(Orientation.VERTICAL);
        desk = new DeskHeights(parts.centerBox(), parts.overviewScroll(), parts.split(), onStage.not());
        overviewHeld = new HeldHeight(parts.overview());
        // Not at the Why line of one run of several, between them (the next run's quiet line takes its place again), nor at a quiet line.
        parts.why().textProperty().addListener((obs, was, because) -> releaseOnceExplained());
        sideColumn.setMinWidth(0);
        VBox.setVgrow(parts.tabs(), javafx.scene.layout.Priority.ALWAYS);
        sideWhy.visibleProperty().bind(parts.window().heightProperty().greaterThanOrEqualTo(860));
        sideWhy.managedProperty().bind(sideWhy.visibleProperty());
        charts = new ChartsShare(parts.charts(), parts.completion(), parts.bars(), onStage, () -> sideColumn.getHeight() >= TALL_SIDE);
        // The charts' own size follows the side column's a layout later.
        sideColumn.heightProperty().addListener((obs, old, height) -> charts.place());
        parts.window().widthProperty().addListener((obs, old, width) -> {
            if (isOn() && (old.doubleValue() >= WIDE) != (width.doubleValue() >= WIDE)) {
                layoutSplit();
            }
        });
        // The keys on stage, where the header has room for them (not beside the icons of a 1280 px screen).
        parts.keysHint().visibleProperty().bind(onStage.and(parts.window().widthProperty().greaterThan(WIDE)));
        parts.keysHint().managedProperty().bind(parts.keysHint().visibleProperty());
        // On stage the legend says what the colours mean; the captions' detail would only be cut short.
        for (Node caption : parts.deskCaptions()) {
            caption.visibleProperty().bind(onStage.not());
            caption.managedProperty().bind(caption.visibleProperty());
        }
        // A sweep's plot or the web charts are the point of their tab: they get the height the task grid has otherwise.
        parts.tabs().getSelectionModel().selectedItemProperty().addListener((obs, old, tab) -> layoutSplit());
    }

    public ReadOnlyBooleanProperty onStageProperty() {
        return onStage;
    }

    public boolean isOn() {
        return onStage.get();
    }

    public void toggle() {
        set(!isOn());
    }

    public void set(boolean on) {
        releaseHeights();
        state.setPresentation(on);
        onStage.set(on);
        parts.window().getScene().getRoot().pseudoClassStateChanged(PRESENTATION, on);
        parts.figures().show(StageFigures.of(preset.get(), on));
        wordsChanged.run();
        arrangeViews(on);
        parts.lanes().setTextScale(on ? STAGE_TEXT_SCALE : 1);
        parts.bars().setTableWhole(on);
        parts.race().setTextScale(on ? STAGE_TEXT_SCALE : 1);
        parts.sidebar().setVisible(!on);
        parts.sidebar().setManaged(!on);
        layoutSplit();
        if (fullScreen && parts.window().getScene().getWindow() instanceof Stage stage) {
            followFullScreen(stage, on);
        }
    }

    /**
     * Runs start: the overview (the story, the figures, at the desk the Why line) and the Why line's place on stage keep
     * the height they have, so the story's notice going away and the last run's Why line giving way to a shorter quiet line
     * move no view under them. Held
     * until the runs have ended and their Why line shows (the views move then only if it needs another height than the
     * last), another preset ({@link #releaseHeights}), a change of mode, or of the window's width.
     */
    public void holdHeights() {
        overviewHeld.hold();
        sideWhyHeld.hold();
    }

    /**
     * The runs have ended and their Why line says why: the overview and the Why line's place take the height they now need.
     * Asked when the Why line changes, and when the runs end (its words may be the same as before, and change nothing).
     */
    public void releaseOnceExplained() {
        if (!parts.why().getText().isEmpty() && !parts.why().getPseudoClassStates().contains(WHY_PENDING) && !state.sessionRunning()) {
            releaseHeights();
        }
    }

    /** The overview and the Why line's place take the height of what they hold again (another preset's story, say). */
    public void releaseHeights() {
        overviewHeld.release();
        sideWhyHeld.release();
    }

    /** Esc stops runs here; only F11 leaves presentation mode. If the system ends full screen anyway, presentation mode ends with it. */
    private void followFullScreen(Stage stage, boolean on) {
        fullScreen(stage, on);
        if (!fullScreenWatched) {
            fullScreenWatched = true;
            stage.fullScreenProperty().addListener((obs, was, full) -> {
                if (!full && isOn()) {
                    set(false);
                }
            });
        }
    }

    /**
     * A window that opens on stage looks it from its first frame ({@code OpeningFrame}'s): its scene's
     * root in the stage's type, full screen. {@link #set} does the same once the window joins.
     */
    public static void openOnStage(Stage stage) {
        stage.getScene().getRoot().pseudoClassStateChanged(PRESENTATION, true);
        fullScreen(stage, true);
    }

    private static void fullScreen(Stage stage, boolean on) {
        stage.setFullScreenExitHint("");
        stage.setFullScreenExitKeyCombination(KeyCombination.NO_MATCH);
        stage.setFullScreen(on);
    }

    /**
     * Tests turn full screen off: JavaFX's headless platform (a 1000 x 1000 screen) overflows its
     * pixel buffer when a window goes full screen, printing an exception on the FX thread.
     */
    public void setFullScreen(boolean fullScreen) {
        this.fullScreen = fullScreen;
    }

    private void arrangeViews(boolean stage) {
        var split = parts.split();
        split.getItems().clear();
        viewsColumn.getItems().clear();
        sideColumn.getChildren().clear();
        sideWhy.getChildren().clear();
        parts.overview().getChildren().remove(parts.why());
        if (stage) {
            viewsColumn.getItems().setAll(parts.wavesSection(), parts.lanesSection());
            sideWhy.getChildren().setAll(parts.why());
            sideColumn.getChildren().setAll(sideWhy, parts.tabs());
            split.setOrientation(Orientation.HORIZONTAL);
            split.getItems().setAll(viewsColumn, sideColumn);
        } else {
            split.setOrientation(Orientation.VERTICAL);
            split.getItems().setAll(parts.wavesSection(), parts.lanesSection(), parts.tabs());
            parts.overview().getChildren().add(parts.why());
        }
        charts.arrange();
    }

    /** The heights of the task grid, the lanes and the tabs, for the mode and the tab shown. */
    private void layoutSplit() {
        Tab tab = parts.tabs().getSelectionModel().getSelectedItem();
        boolean sweeping = tab == parts.sweepTab();
        boolean web = tab == parts.webTab();
        if (isOn()) {
            // The left column holds the waves over the lanes; the charts beside them get more width when they are the point.
            boolean wide = parts.window().getWidth() >= WIDE;
            parts.split().setDividerPositions(sweeping || web ? 0.5 : wide ? 0.6 : 0.55);
            viewsColumn.setDividerPositions(0.55);
            return;
        }
        desk.share(sweeping ? new double[] {0.18, 0.36} : web ? new double[] {0.17, 0.40} : null);
    }
}
