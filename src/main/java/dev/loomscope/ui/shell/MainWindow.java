package dev.loomscope.ui.shell;

import dev.loomscope.ui.charts.CompletionChartView;
import dev.loomscope.ui.charts.ElapsedBarsView;
import dev.loomscope.ui.controls.ControlPanel;
import dev.loomscope.ui.controls.ControlsViewModel;
import dev.loomscope.ui.export.WindowExports;
import dev.loomscope.ui.prediction.PredictionBar;
import dev.loomscope.ui.presentation.StageFigures;
import dev.loomscope.ui.replay.RaceView;
import dev.loomscope.ui.replay.ReplayBar;
import dev.loomscope.ui.sweep.SweepView;
import dev.loomscope.ui.theme.Icons;
import dev.loomscope.ui.theme.Palette;
import dev.loomscope.ui.theme.Themes;
import dev.loomscope.ui.views.CarrierLaneView;
import dev.loomscope.ui.views.JfrEventsView;
import dev.loomscope.ui.views.LegendPane;
import dev.loomscope.ui.views.LiveFiguresView;
import dev.loomscope.ui.views.RunHistoryView;
import dev.loomscope.ui.views.TaskWaveView;
import dev.loomscope.ui.web.WebTrafficView;
import dev.loomscope.scenario.Durations;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.result.RunResult;
import dev.loomscope.model.FrameTimes;
import dev.loomscope.model.Preset;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.RunSession;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Rectangle;

/**
 * The LoomScope window: settings and history on the left, the shown run's figures, task waves,
 * carrier lanes and charts in the middle. One {@link AnimationTimer} reads the run models once
 * per frame and refreshes the views that changed; the runner threads never call into the FX
 * thread, so a flood of events costs at most one redraw per frame.
 */
public final class MainWindow extends BorderPane {

    private final RunSession session;
    private final ControlsViewModel controls;
    private final Themes themes;
    private final ControlPanel controlPanel;
    private final RunHistoryView history;
    private final LiveFiguresView figures = new LiveFiguresView();
    private final TaskWaveView waves = new TaskWaveView();
    private final CarrierLaneView lanes = new CarrierLaneView();
    private final CompletionChartView completion = new CompletionChartView();
    private final ElapsedBarsView bars;
    private final JfrEventsView jfrEvents = new JfrEventsView();
    private final WebTrafficView webTraffic = new WebTrafficView(Runtime.getRuntime().availableProcessors());
    private Tab webTab;
    private RunModel lastShownForTabs;
    private final Label shownTitle = new Label("No run yet");
    private final Label presentationHint = new Label("F5 run · Esc stop · PgDn next · F11 exit · ? keys");
    private final Label wavesCaption = new Label();
    // Legends wrap onto a second line rather than hold the views' column wider than a 720p stage allows.
    private final LegendPane wavesLegend = new LegendPane();
    private final LegendPane lanesLegend = new LegendPane();
    private final Label lanesCaption = new Label();
    private final Label status = new Label("Ready. Press Run (F5) for the experiment above, or choose one of your own.");
    private final Label frameStatus = new Label();
    private final HBox banner = new HBox(10);
    private final Label bannerText = new Label();
    private final FrameTimes frameTimes = new FrameTimes();
    private final Label narrativeTitle = new Label();
    private final Label predict = new Label();
    private final Label notice = new Label();
    private final javafx.scene.control.Hyperlink reveal = new javafx.scene.control.Hyperlink("What to notice (shown when the runs end)");
    private Preset narrativePreset;
    private final InfoOverlay shortcuts = InfoOverlay.shortcuts();
    private final ReplayBar replayBar = new ReplayBar(this::closeReplay);
    private final InfoOverlay glossary = InfoOverlay.glossary();
    private final Label why = new Label();
    private PredictionBar predictionBar;
    private SweepView sweepView;
    private TabPane bottomTabs;
    private final WindowExports exports = new WindowExports(this);
    private final RaceView raceView = new RaceView();
    private javafx.scene.Node liveCenter;
    private boolean presentation;
    private boolean fullScreenOnStage = true;
    private boolean fullScreenWatched;
    private SplitPane split;
    /** On stage the views are two columns: the task waves over the lanes, and beside them the explanation over the charts. */
    private final SplitPane viewsColumn = new SplitPane();
    private final VBox sideColumn = new VBox(8);
    /** The explanation's place on stage: on a 720p screen the notice says as much, and the charts need the height. */
    private final VBox sideWhy = new VBox();
    private VBox centerBox;
    private VBox wavesSection;
    private VBox lanesSection;
    private final javafx.beans.property.BooleanProperty onStage = new javafx.beans.property.SimpleBooleanProperty(false);
    /** Set when the window opens with nothing chosen: the first experiment is selected once the presets are listed. */
    private boolean openOnFirstPreset;
    private VBox sidebar;
    private SplitPane charts;
    private static final javafx.css.PseudoClass PRESENTATION = javafx.css.PseudoClass.getPseudoClass("presentation");
    private Preset presetOfRuns;
    private final AnimationTimer pulse;
    /** Runs drawn in the completion chart: more would be lines nobody can tell apart. */
    private static final int CHART_RUNS = 6;
    private final javafx.beans.property.BooleanProperty running = new javafx.beans.property.SimpleBooleanProperty(false);

    private RunModel pinnedSelection;
    private final java.util.Set<String> brokenViews = new java.util.HashSet<>();
    private int seenSessionVersion = -1;
    private String dismissedProblem;
    private Boolean legendVirtual;
    private long lastStatusNanos;
    private long lastFiguresNanos;
    /** The run comes first: whether to animate the run under way, and what to play back after it. */
    private final dev.loomscope.model.RunFirstPolicy runFirst;
    private final dev.loomscope.model.MachineLoad machineLoad;
    private boolean alwaysAnimate;
    private boolean playbackAfterRuns = true;
    /** A sweep's point is its plot: no playback of its last run. */
    private boolean runsAreASweep;

    public MainWindow(RunSession session, Themes themes) {
        this.session = session;
        this.themes = themes;
        this.controls = new ControlsViewModel(session.cores());
        this.runFirst = new dev.loomscope.model.RunFirstPolicy(session.cores());
        this.machineLoad = new dev.loomscope.model.MachineLoad(session.cores());
        // A run the window will keep still through need not have its events applied while it runs.
        session.deferEventsWhen(scenario -> !alwaysAnimate && (!controls.animateLiveProperty().get()
                || !dev.loomscope.model.RunFirstPolicy.watchableLive(scenario, session.cores())));
        this.controlPanel = new ControlPanel(controls, List.of());
        this.predictionBar = new PredictionBar(session.cores());
        this.sweepView = new SweepView(controls::scenarios, this::startSweep, session::isRunning, session.cores());
        this.bars = new ElapsedBarsView(session.cores());
        // Measuring the CPU preset's work takes a moment: list the presets once it is done, off the FX thread.
        CompletableFuture.supplyAsync(() -> Preset.all(session.cores()))
                .whenComplete((all, error) -> Platform.runLater(() -> {
                    if (error != null) {
                        showProblem("The presets could not be listed: " + error);
                    } else {
                        controlPanel.presetBox().getItems().setAll(all);
                        bars.setPresets(all);
                        openFirstPresetIfUntouched(all);
                    }
                }));
        this.history = new RunHistoryView(run -> pinnedSelection = run);
        getStyleClass().add("main-window");

        setTop(new VBox(header(), banner(), replayBar));
        controls.presetProperty().addListener((obs, old, preset) -> {
            openOnFirstPreset = false;
            showNarrative(preset);
            // Guesses belong to the runs they were asked for: a new choice of runs drops a pending question.
            if (predictionBar.isAsking()) {
                predictionBar.cancel();
            }
        });
        sidebar = sidebar();
        setLeft(sidebar);
        liveCenter = center();
        setCenter(liveCenter);
        setBottom(statusBar());

        controlPanel.runButton().setOnAction(e -> runNow());
        controlPanel.stopButton().setOnAction(e -> stopNow());
        controlPanel.stopButton().setDisable(true);
        controlPanel.runButton().disableProperty().bind(controls.problemProperty().isNotNull().or(running).or(predictionBar.askingProperty()));
        themes.paletteProperty().addListener((obs, old, palette) -> applyPalette(palette));
        applyPalette(themes.palette());

        pulse = new AnimationTimer() {
            @Override
            public void handle(long now) {
                frame(now);
            }
        };
    }

    public void start() {
        pulse.start();
    }

    public void dispose() {
        pulse.stop();
        session.stop();
        session.deleteRecordings();
    }

    private HBox header() {
        var name = new Label("LoomScope", Icons.APP.create(28));
        name.getStyleClass().add("app-title");
        shownTitle.getStyleClass().add("shown-title");
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        var theme = new Button();
        theme.getStyleClass().addAll("flat", "button-icon");
        theme.graphicProperty().bind(themes.darkProperty().map(dark -> dark ? Icons.THEME_LIGHT.create(20) : Icons.THEME_DARK.create(20)));
        theme.setTooltip(new Tooltip("Switch between dark and light themes (Ctrl+T)"));
        theme.setOnAction(e -> themes.toggle());
        var screenshot = new Button(null, Icons.SCREENSHOT.create(20));
        screenshot.getStyleClass().addAll("flat", "button-icon");
        screenshot.setTooltip(new Tooltip("Save a picture of the window as PNG (Ctrl+S)"));
        screenshot.setOnAction(e -> exports.chooseAndSaveScreenshot());
        presentationHint.getStyleClass().add("presentation-hint");
        // The keys on stage, where the header has room for them (not beside the icons of a 1280 px screen).
        presentationHint.visibleProperty().bind(onStage.and(widthProperty().greaterThan(1600)));
        presentationHint.managedProperty().bind(presentationHint.visibleProperty());
        var export = exports.windowMenu();
        var glossaryButton = new Button(null, Icons.GLOSSARY.create(20));
        glossaryButton.getStyleClass().addAll("flat", "button-icon");
        glossaryButton.setTooltip(new Tooltip("Glossary: carrier, mount, pinning, ideal time... (F1)"));
        glossaryButton.setOnAction(e -> glossary.toggle());
        var raceButton = new Button(null, Icons.RACE.create(20));
        raceButton.getStyleClass().addAll("flat", "button-icon");
        raceButton.setTooltip(new Tooltip("Race the last two runs side by side on one clock, in slow motion (Ctrl+Shift+P)"));
        raceButton.setOnAction(e -> startRace());
        var replayButton = new Button(null, Icons.REPLAY.create(20));
        replayButton.getStyleClass().addAll("flat", "button-icon");
        replayButton.setTooltip(new Tooltip("Replay the shown run in slow motion (Ctrl+P)"));
        replayButton.setOnAction(e -> startReplay());
        var header = new HBox(16, name, shownTitle, spacer, presentationHint, glossaryButton, raceButton, replayButton, export, screenshot, theme);
        header.setAlignment(Pos.CENTER_LEFT);
        header.getStyleClass().add("header");
        return header;
    }

    private HBox banner() {
        var close = new Button(null, Icons.CLOSE.create(16));
        close.getStyleClass().addAll("flat", "button-icon");
        close.setOnAction(e -> {
            dismissedProblem = bannerText.getText();
            banner.setVisible(false);
        });
        bannerText.setWrapText(true);
        bannerText.setGraphic(Icons.ERROR.create(20));
        HBox.setHgrow(bannerText, Priority.ALWAYS);
        bannerText.setMaxWidth(Double.MAX_VALUE);
        banner.getChildren().setAll(bannerText, close);
        banner.getStyleClass().add("problem-banner");
        banner.setAlignment(Pos.CENTER_LEFT);
        banner.setVisible(false);
        banner.managedProperty().bind(banner.visibleProperty());
        return banner;
    }

    private VBox sidebar() {
        var scroll = new ScrollPane(controlPanel);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.getStyleClass().add("edge-to-edge");
        history.setPadding(new Insets(0, 12, 12, 12));
        history.setPrefHeight(150);
        history.setMinHeight(100);
        var sidebar = new VBox(scroll, history);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        // Its width is in the stylesheet, in em, so it grows with the type in presentation mode.
        sidebar.getStyleClass().add("sidebar");
        return sidebar;
    }

    private VBox center() {
        wavesSection = section("Task waves", wavesCaption, wavesLegend, waves);
        lanesSection = section("Carrier lanes", lanesCaption, lanesLegend, lanes);
        waves.emptyTextProperty().bind(controls.tasksProperty().map(tasks ->
                "Press Run (F5): %,d tasks appear here as cells: queued, running, waiting, done.".formatted(tasks.intValue())));
        var fit = new Button(null, Icons.ZOOM_FIT.create(16));
        fit.getStyleClass().addAll("flat", "button-icon");
        fit.setTooltip(new Tooltip("Show the whole run (or double-click the lanes). Scroll to zoom, drag to pan."));
        fit.setOnAction(e -> lanes.fitWholeRun());
        ((HBox) lanesSection.getChildren().getFirst()).getChildren().add(fit);

        charts = new SplitPane(completion, bars);
        charts.setDividerPositions(0.62);
        var chartsHost = new StackPane(charts);
        exports.register("charts", chartsHost, chartsHost);
        // The charts have no header of their own: their picture menu is a right-click away.
        var chartsMenu = new javafx.scene.control.ContextMenu();
        chartsMenu.getItems().setAll(exports.pictureItems("charts"));
        chartsHost.setOnContextMenuRequested(e -> chartsMenu.show(chartsHost, e.getScreenX(), e.getScreenY()));
        var chartsTab = new Tab("Results", chartsHost);
        var jfrTab = new Tab("JFR events", jfrEvents);
        var sweepTab = new Tab("Sweep", sweepView);
        jfrTab.setGraphic(Icons.PIN.create(14));
        var webHost = new StackPane(webTraffic);
        exports.register("web-service", webHost, webHost);
        var webMenu = new javafx.scene.control.ContextMenu();
        webMenu.getItems().setAll(exports.pictureItems("web-service"));
        webHost.setOnContextMenuRequested(e -> webMenu.show(webHost, e.getScreenX(), e.getScreenY()));
        webTab = new Tab("Web service", webHost);
        webTab.setGraphic(Icons.WEB.create(14));
        var tabs = new TabPane(chartsTab, jfrTab, sweepTab, webTab);
        bottomTabs = tabs;
        // A sweep's plot is the point of its tab: it gets the height the task grid has otherwise.
        tabs.getSelectionModel().selectedItemProperty().addListener((obs, old, tab) -> layoutSplit());
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.getStyleClass().add("bottom-tabs");

        split = new SplitPane(wavesSection, lanesSection, tabs);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.33, 0.64);
        VBox.setVgrow(split, Priority.ALWAYS);
        viewsColumn.setOrientation(Orientation.VERTICAL);
        sideColumn.heightProperty().addListener((obs, old, height) -> {
            if (presentation) {
                showCompletionChart(height.doubleValue() >= TALL_SIDE);
            }
        });
        widthProperty().addListener((obs, old, width) -> {
            if (presentation && (old.doubleValue() >= 1600) != (width.doubleValue() >= 1600)) {
                layoutSplit();
            }
        });
        VBox.setVgrow(tabs, Priority.ALWAYS);
        sideColumn.setMinWidth(0);
        sideWhy.visibleProperty().bind(heightProperty().greaterThanOrEqualTo(860));
        sideWhy.managedProperty().bind(sideWhy.visibleProperty());
        why.getStyleClass().add("explanation");
        why.setWrapText(true);
        why.setMinHeight(Region.USE_PREF_SIZE);
        why.setVisible(false);
        why.managedProperty().bind(why.visibleProperty());
        centerBox = new VBox(10, narrative(), predictionBar, figures, why, split);
        centerBox.setPadding(new Insets(10, 12, 6, 12));
        return centerBox;
    }

    /**
     * At the desk the views stack (waves, lanes, charts); on stage the waves and the lanes take the
     * left column's full height and the explanation and the charts stand beside them, so what runs
     * stays large on a 720p projector too.
     */
    private void arrangeViews(boolean stage) {
        split.getItems().clear();
        viewsColumn.getItems().clear();
        sideColumn.getChildren().clear();
        sideWhy.getChildren().clear();
        centerBox.getChildren().remove(why);
        if (stage) {
            viewsColumn.getItems().setAll(wavesSection, lanesSection);
            sideWhy.getChildren().setAll(why);
            sideColumn.getChildren().setAll(sideWhy, bottomTabs);
            split.setOrientation(Orientation.HORIZONTAL);
            split.getItems().setAll(viewsColumn, sideColumn);
        } else {
            split.setOrientation(Orientation.VERTICAL);
            split.getItems().setAll(wavesSection, lanesSection, bottomTabs);
            centerBox.getChildren().add(centerBox.getChildren().indexOf(split), why);
        }
        // Side by side, the two charts would be too narrow to read: they stack.
        charts.setOrientation(stage ? Orientation.VERTICAL : Orientation.HORIZONTAL);
        showCompletionChart(!stage || sideColumn.getHeight() >= TALL_SIDE);
    }

    /** On stage the comparison comes first; the completion curves join it only where both stay readable (not on 720p). */
    private static final double TALL_SIDE = 560;

    private void showCompletionChart(boolean show) {
        List<javafx.scene.Node> wanted = show ? (presentation ? List.of(bars, completion) : List.of(completion, bars)) : List.of(bars);
        if (!charts.getItems().equals(wanted)) {
            charts.getItems().setAll(wanted);
            charts.setDividerPositions(presentation ? 0.5 : 0.62);
        }
    }

    private VBox narrative() {
        narrativeTitle.getStyleClass().add("narrative-title");
        predict.getStyleClass().add("narrative-text");
        predict.setWrapText(true);
        notice.getStyleClass().add("narrative-text");
        notice.setWrapText(true);
        // Wrapped labels must be allowed their full height, or they end in "..." instead of wrapping.
        predict.setMinHeight(Region.USE_PREF_SIZE);
        notice.setMinHeight(Region.USE_PREF_SIZE);
        reveal.setOnAction(e -> notice.setVisible(true));
        // On stage the story is two lines under its title: the question, and once the runs end the notice in its place.
        reveal.visibleProperty().bind(notice.visibleProperty().not().and(onStage.not()));
        reveal.managedProperty().bind(reveal.visibleProperty());
        predict.visibleProperty().bind(onStage.not().or(notice.visibleProperty().not()));
        predict.managedProperty().bind(predict.visibleProperty());
        notice.managedProperty().bind(notice.visibleProperty());
        var box = new VBox(4, narrativeTitle, predict, reveal, notice);
        box.getStyleClass().add("narrative");
        // The story stays while the preset's settings do; moving a slider makes them custom, and it goes.
        box.visibleProperty().bind(controls.presetProperty().isNotNull());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    /**
     * A newcomer's window (nothing chosen on the command line) opens on the first experiment, its
     * question shown, once the presets are listed; unless settings were chosen or a run started first.
     */
    public void openOnFirstPreset() {
        openOnFirstPreset = true;
        javafx.beans.InvalidationListener touched = changed -> openOnFirstPreset = false;
        for (javafx.beans.Observable setting : List.of(controls.tasksProperty(), controls.poolProperty(), controls.carriersProperty(),
                controls.sleepMsProperty(), controls.cpuMsProperty(), controls.permitsProperty(), controls.connectionsProperty(),
                controls.blockingProperty())) {
            setting.addListener(touched);
        }
        for (var kind : dev.loomscope.scenario.ExecutorKind.values()) {
            controls.selectedProperty(kind).addListener(touched);
        }
        openFirstPresetIfUntouched(controlPanel.presetBox().getItems());
    }

    private void openFirstPresetIfUntouched(List<Preset> all) {
        if (openOnFirstPreset && !all.isEmpty() && controls.presetProperty().get() == null && !session.isRunning()
                && session.history().isEmpty()) {
            controlPanel.presetBox().setValue(all.getFirst());
        }
        if (!all.isEmpty()) {
            openOnFirstPreset = false;
        }
    }

    /** Shows a preset's story: what to predict now, what to notice once its runs are done. */
    private void showNarrative(Preset preset) {
        if (preset == null) {
            return;
        }
        narrativePreset = preset;
        figures.show(StageFigures.of(preset, presentation));
        narrativeTitle.setText(preset.title());
        predict.setText("Predict: " + preset.predict());
        notice.setText("Notice: " + preset.notice());
        notice.setVisible(false);
    }

    private VBox section(String title, Label caption, LegendPane legend, Region content) {
        var name = new Label(title);
        name.getStyleClass().add("section-title");
        name.setMinWidth(Region.USE_PREF_SIZE);
        caption.getStyleClass().add("section-caption");
        // On stage the legend says what the colours mean; the caption's detail would only be cut short.
        caption.visibleProperty().bind(onStage.not());
        caption.managedProperty().bind(caption.visibleProperty());
        // When space runs short the caption gives way first; the title and the legend stay whole.
        caption.setMinWidth(0);
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        legend.getStyleClass().add("legend");
        legend.setAlignment(Pos.CENTER_RIGHT);
        legend.setPrefWrapLength(0);
        var frame = new StackPane(content);
        var head = new HBox(12, name, caption, spacer, legend, exports.viewMenu(title.toLowerCase(), frame, frame));
        head.setAlignment(Pos.CENTER_LEFT);
        frame.getStyleClass().add("canvas-frame");
        frame.setMinHeight(60);
        VBox.setVgrow(frame, Priority.ALWAYS);
        var section = new VBox(6, head, frame);
        section.setPadding(new Insets(6, 0, 6, 0));
        section.setMinHeight(100);
        return section;
    }

    private HBox statusBar() {
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        frameStatus.setTooltip(new Tooltip("Time between frames of this window over the last few seconds (60 fps = 16.7 ms)."));
        var bar = new HBox(12, status, spacer, frameStatus);
        bar.getStyleClass().add("status-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    // ---- actions ----

    /** Runs the selected executors one after another. Returns false (and says why) if it cannot. */
    /**
     * Run (the button, Ctrl+R): runs the selected executors one after another. With a preset and
     * "Predict first" on, asks for a guess of each run first. Returns false (and says why) if it cannot.
     */
    public boolean runNow() {
        if (session.isRunning()) {
            return false;
        }
        if (predictionBar.isAsking()) {
            return false;
        }
        if (controls.presetProperty().get() != null && controls.predictFirstProperty().get()) {
            List<dev.loomscope.scenario.Scenario> scenarios;
            try {
                scenarios = controls.scenarios();
            } catch (InvalidScenarioException e) {
                showProblem(e.getMessage());
                return false;
            }
            predictionBar.ask(scenarios, () -> start(scenarios));
            status.setText("Predict first: pick a guess for each run, or skip.");
            return true;
        }
        return runWithoutPredicting();
    }

    /** A sweep's runs go through the session like any comparison, one at a time. */
    private List<RunModel> startSweep(List<dev.loomscope.scenario.Scenario> scenarios) {
        closeReplay();
        List<RunModel> runs = session.start(scenarios);
        runsAreASweep = true;
        pinnedSelection = null;
        history.clearSelection();
        status.setText("Sweeping: " + runs.size() + " runs, one after another...");
        return runs;
    }

    WebTrafficView webTraffic() {
        return webTraffic;
    }

    boolean webTabShown() {
        return bottomTabs.getSelectionModel().getSelectedItem() == webTab;
    }

    public SweepView sweepView() {
        return sweepView;
    }

    /** Shows the Sweep tab and sweeps as given (the command line's --sweep). */
    public void startSweepTab(dev.loomscope.model.Sweep sweep) {
        bottomTabs.getSelectionModel().select(2);
        sweepView.setRange(sweep.setting(), sweep.values().getFirst(), sweep.values().getLast(), sweep.values().size());
        if (!sweepView.sweep()) {
            showProblem(sweepView.progressText());
        }
    }

    /** Runs the selected executors at once, asking nothing (scripts, benchmarks). */
    public boolean runWithoutPredicting() {
        try {
            return start(controls.scenarios());
        } catch (InvalidScenarioException e) {
            showProblem(e.getMessage());
            return false;
        }
    }

    /** Starts exactly these runs; false (and why) if they cannot start. */
    private boolean start(List<dev.loomscope.scenario.Scenario> scenarios) {
        if (session.isRunning()) {
            return false;
        }
        try {
            closeReplay();
            List<RunModel> runs = session.start(scenarios);
            runsAreASweep = false;
            presetOfRuns = controls.presetProperty().get();
            notice.setVisible(false);
            pinnedSelection = null;
            history.clearSelection();
            status.setText("Starting " + runs.size() + (runs.size() == 1 ? " run" : " runs, one after another") + "...");
            return true;
        } catch (InvalidScenarioException | IllegalStateException e) {
            showProblem(e.getMessage());
            return false;
        }
    }

    public void stopNow() {
        session.stop();
        status.setText("Stopping...");
    }

    /** Replays the shown run in slow motion (or pauses and resumes a replay going on). */
    public void startReplay() {
        if (replayBar.isActive()) {
            replayBar.setPlaying(!replayBar.isPlaying());
            return;
        }
        if (session.isRunning()) {
            showProblem("Replay after the run: while it runs, the replay would take CPU from what is being measured.");
            return;
        }
        RunModel run = shownRun();
        if (run == null || run.phase() != RunModel.Phase.FINISHED) {
            showProblem("Replay needs a run that has ended: run something, or pick a finished run in the history.");
            return;
        }
        status.setText("Preparing the replay of " + run.title() + "...");
        replayBar.show(run).exceptionally(error -> {
            showProblem(error.getMessage());
            return null;
        });
    }

    /** Races the last two finished runs of the session (a comparison of two: fixed against virtual). */
    public void startRace() {
        if (session.isRunning()) {
            showProblem("Race after the run: while it runs, the race would take CPU from what is being measured.");
            return;
        }
        List<RunModel> finished = session.history().stream().filter(r -> r.phase() == RunModel.Phase.FINISHED && r.recording() != null).toList();
        if (finished.size() < 2) {
            showProblem("A race needs two finished runs: run a comparison of two executors first (for example the preset waiting-10k).");
            return;
        }
        replayBar.showRace(finished.get(finished.size() - 2), finished.getLast()).exceptionally(error -> {
            showProblem(error.getMessage());
            return null;
        });
    }

    public void closeReplay() {
        replayBar.hide();
    }

    public ReplayBar replayBar() {
        return replayBar;
    }

    /** Page Down / Page Up: the next or previous classic experiment, ready to run. */
    public void stepPreset(int by) {
        var box = controlPanel.presetBox();
        int count = box.getItems().size();
        if (count == 0) {
            return;
        }
        int at = box.getItems().indexOf(box.getValue());
        int next = at < 0 ? (by > 0 ? 0 : count - 1) : Math.floorMod(at + by, count);
        box.setValue(box.getItems().get(next));
    }

    /** Full screen and large type (every size in the stylesheet is relative to the root's). */
    public void setPresentation(boolean on) {
        presentation = on;
        onStage.set(on);
        getScene().getRoot().pseudoClassStateChanged(PRESENTATION, on);
        figures.show(StageFigures.of(controls.presetProperty().get(), on));
        legendVirtual = null;
        arrangeViews(on);
        // Lane labels are 11 px at 1x: 1.7x makes them 18 px, the floor for a projector.
        lanes.setTextScale(on ? 1.7 : 1);
        raceView.setTextScale(on ? 1.7 : 1);
        // On stage the views get the whole width (presets and keys drive the runs) and the charts more height.
        sidebar.setVisible(!on);
        sidebar.setManaged(!on);
        layoutSplit();
        if (fullScreenOnStage && getScene().getWindow() instanceof javafx.stage.Stage stage) {
            // Esc stops runs here; only F11 leaves presentation mode. If the system takes the
            // window out of full screen anyway, presentation mode ends with it.
            stage.setFullScreenExitHint("");
            stage.setFullScreenExitKeyCombination(javafx.scene.input.KeyCombination.NO_MATCH);
            stage.setFullScreen(on);
            if (!fullScreenWatched) {
                fullScreenWatched = true;
                stage.fullScreenProperty().addListener((obs, was, full) -> {
                    if (!full && presentation) {
                        setPresentation(false);
                    }
                });
            }
        }
    }

    /** The heights of the task grid, the lanes and the tabs, for the mode and the tab shown. */
    private void layoutSplit() {
        boolean sweeping = bottomTabs != null && bottomTabs.getSelectionModel().getSelectedIndex() == 2;
        // Like a sweep's plot, the web charts are the point of their tab: they get the height the task grid has otherwise.
        boolean web = bottomTabs != null && bottomTabs.getSelectionModel().getSelectedItem() == webTab;
        if (presentation) {
            // The left column holds the waves over the lanes; the charts beside them get more width when they are the point.
            boolean wide = getWidth() >= 1600;
            split.setDividerPositions(sweeping || web ? 0.5 : wide ? 0.6 : 0.55);
            viewsColumn.setDividerPositions(0.55);
            return;
        }
        split.setDividerPositions(sweeping ? new double[] {0.18, 0.36} : web ? new double[] {0.17, 0.40} : new double[] {0.33, 0.64});
    }

    public void togglePresentation() {
        setPresentation(!presentation);
    }

    /**
     * Tests turn full screen off: JavaFX 26's headless platform (a 1000 x 1000 screen) overflows its
     * pixel buffer when a window goes full screen, printing an exception on the FX thread.
     */
    public void setFullScreenOnStage(boolean fullScreen) {
        fullScreenOnStage = fullScreen;
    }

    public boolean isPresentation() {
        return presentation;
    }

    public InfoOverlay glossary() {
        return glossary;
    }

    public PredictionBar predictionBar() {
        return predictionBar;
    }

    public InfoOverlay shortcutsOverlay() {
        return shortcuts;
    }

    public void showProblem(String message) {
        bannerText.setText(message);
        banner.setVisible(true);
    }

    // ---- once per frame ----

    private void frame(long now) {
        frameTimes.frame(now);
        safely("replay", () -> replayBar.frame(now));
        if (replayBar.race() != null) {
            // A race replaces the views with its two columns until it is closed.
            if (getCenter() != raceView) {
                setCenter(raceView);
                status.setText("Racing on one clock: each side shows what its run had done by then. Esc goes back.");
            }
            safely("race", () -> raceView.refresh(replayBar.race(), now));
            return;
        }
        if (getCenter() != liveCenter) {
            setCenter(liveCenter);
        }
        int sessionVersion = session.version();
        if (sessionVersion != seenSessionVersion) {
            seenSessionVersion = sessionVersion;
            sessionChanged();
        }
        RunModel shown = shownRun();
        if (shown != null && shown == session.current() && !animateNow(shown, now)) {
            // Still while it runs: only the clock, the figures and the status move, twice a second and in
            // one frame (at 1080p without a GPU, every frame drawn costs the run a few ms of CPU).
            if (now - lastFiguresNanos > 500_000_000L) {
                lastFiguresNanos = now;
                lastStatusNanos = now;
                safely("figures", () -> figures.refresh(shown, System.nanoTime()));
                updateStatus(shown);
                safely("run history", () -> history.refresh(session.history()));
            }
            safely("sweep", () -> sweepView.refresh());
            return;
        }
        followWebRuns(shown);
        safely("task waves", () -> waves.refresh(shown, now));
        safely("carrier lanes", () -> lanes.refresh(shown, now));
        if (now - lastFiguresNanos > 100_000_000L) {
            // Ten times a second: faster than that, changing digits cannot be read anyway.
            lastFiguresNanos = now;
            safely("figures", () -> figures.refresh(shown, System.nanoTime()));
        }
        safely("JFR events", () -> jfrEvents.refresh(shown));
        List<RunModel> comparison = comparisonOf(shown);
        safely("completion chart", () -> completion.refresh(recentRuns(shown), shown, now));
        safely("elapsed bars", () -> bars.refresh(comparison));
        if (webTabShown()) {
            safely("web service", () -> webTraffic.refresh(recentRuns(shown), shown, now));
        }
        safely("run history", () -> history.refresh(session.history()));
        safely("captions", () -> updateCaptions(shown));
        safely("explanation", () -> explain(shown));
        safely("sweep", () -> sweepView.refresh());
        if (now - lastStatusNanos > 500_000_000L) {
            lastStatusNanos = now;
            frameStatus.setText("frames p50 %.1f ms, p95 %.1f ms".formatted(frameTimes.recentPercentileMs(50), frameTimes.recentPercentileMs(95)));
            updateStatus(shown);
        }
    }

    /**
     * Whether to paint the run under way this frame. "Animate while running" off: never. On: as the
     * run-first policy says (a run too short to watch, a CPU-bound run, or a machine with no core to
     * spare gets only its clock), unless a benchmark of the painting itself asked for every frame.
     */
    private boolean animateNow(RunModel current, long now) {
        if (!controls.animateLiveProperty().get()) {
            return false;
        }
        boolean live = runFirst.animate(current, machineLoad.spareCores(now), now);
        // Its events wait for its end: until then there is nothing to draw but the clock.
        return !current.defersEvents() && (live || alwaysAnimate);
    }

    /**
     * Once the runs end: the last run that could not be watched live plays back in slow motion, so
     * the audience sees the burst the window kept still through.
     */
    private void playBackWhatWasNotWatched() {
        List<RunModel> comparison = session.comparison();
        RunModel unseen = runFirst.playbackOf(comparison);
        runFirst.forget(comparison);
        if (unseen == null || !playbackAfterRuns || alwaysAnimate || runsAreASweep || replayBar.isActive() || pinnedSelection != null
                || unseen.recording() == null) {
            return;
        }
        double speed = dev.loomscope.model.RunFirstPolicy.playbackSpeed(unseen.result().elapsedMs());
        replayBar.setSpeed(speed);
        replayBar.show(unseen).thenRun(() -> status.setText("%s took %s; the window kept still while it ran, so here it is again at %sx."
                .formatted(unseen.title(), Durations.humanMillis(unseen.result().elapsedMs()), speed < 1 ? String.valueOf(speed) : "%.0f".formatted(speed))))
                .exceptionally(error -> {
                    showProblem(error.getMessage());
                    return null;
                });
    }

    /** For the frame-time benchmark: paint every frame of every run, whatever the run-first policy says. */
    public void setAlwaysAnimate(boolean always) {
        alwaysAnimate = always;
    }

    /** Scripts that take a picture of the end state turn the slow-motion playback after the runs off. */
    public void setPlaybackAfterRuns(boolean playback) {
        playbackAfterRuns = playback;
    }

    /** Brings the Web service tab forward when a web run is shown, and puts it away for a plain one (not over a sweep). */
    private void followWebRuns(RunModel shown) {
        if (shown == null || shown == lastShownForTabs) {
            return;
        }
        lastShownForTabs = shown;
        var selection = bottomTabs.getSelectionModel();
        if (selection.getSelectedIndex() == 2) {
            return;
        }
        if (shown.scenario().isWeb()) {
            selection.select(webTab);
        } else if (selection.getSelectedItem() == webTab) {
            selection.select(0);
        }
    }

    /** A view that throws must not take the others down: the problem is shown once, the rest keep drawing. */
    private void safely(String view, Runnable refresh) {
        try {
            refresh.run();
        } catch (RuntimeException e) {
            if (brokenViews.add(view)) {
                e.printStackTrace();
                showProblem("Drawing the " + view + " failed (" + e + "). The run itself is unaffected; the details are on the console.");
            }
        }
    }

    private void sessionChanged() {
        boolean running = session.isRunning();
        if (!running && presetOfRuns != null && presetOfRuns == narrativePreset) {
            notice.setVisible(true);
        }
        boolean ended = this.running.get() && !running;
        this.running.set(running);
        controlPanel.stopButton().setDisable(!running);
        if (ended && controls.animateLiveProperty().get()) {
            playBackWhatWasNotWatched();
        }
        if (!running && predictionBar.awaitingResults()) {
            predictionBar.showResults(session.comparison());
        }
        String problem = session.problem();
        if (problem != null && !problem.equals(dismissedProblem)) {
            showProblem(problem);
        }
    }

    /** The replay if one is going, else the run the user picked in the history, else the one under way, else the newest. */
    public RunModel shownRun() {
        RunModel replayed = replayBar.shownRun();
        if (replayed != null) {
            return replayed;
        }
        if (pinnedSelection != null) {
            return pinnedSelection;
        }
        RunModel current = session.current();
        if (current != null) {
            return current;
        }
        List<RunModel> comparison = session.comparison();
        for (RunModel run : comparison.reversed()) {
            if (run.phase() != RunModel.Phase.QUEUED) {
                return run;
            }
        }
        return comparison.isEmpty() ? null : comparison.getFirst();
    }

    /** The runs the completion chart compares: the last few of the session that ran, and the shown one. */
    private List<RunModel> recentRuns(RunModel shown) {
        var recent = new java.util.ArrayList<RunModel>();
        for (RunModel run : session.history().reversed()) {
            if (run.phase() != RunModel.Phase.QUEUED && recent.size() < CHART_RUNS) {
                recent.addFirst(run);
            }
        }
        if (shown != null && !recent.contains(shown)) {
            recent.addLast(shown);
        }
        return recent;
    }

    /** The runs the comparison chart compares: the shown run's comparison (a replayed run's, while it replays), or the run alone. */
    private List<RunModel> comparisonOf(RunModel shown) {
        if (shown == null) {
            return List.of();
        }
        var replay = replayBar.replay();
        RunModel run = replay != null && replay.replica() == shown ? replay.source() : shown;
        List<RunModel> comparison = session.comparison();
        return comparison.contains(run) ? comparison.stream().filter(r -> r.phase() != RunModel.Phase.QUEUED).toList() : List.of(shown);
    }

    private void updateCaptions(RunModel shown) {
        if (shown == null) {
            return;
        }
        String title = shown.title() + " · " + RunHistoryView.settings(shown.scenario());
        if (!title.equals(shownTitle.getText())) {
            shownTitle.setText(title);
        }
        boolean virtual = shown.scenario().executor().isVirtual();
        if (legendVirtual == null || legendVirtual != virtual) {
            legendVirtual = virtual;
            rebuildLegends();
        }
        String wavesText = (shown.scenario().isWeb() ? "%,d HTTP requests in the order sent, %s" : "%,d tasks in submission order, %s")
                .formatted(shown.scenario().tasks(), waves.scaleDescription());
        if (!wavesText.equals(wavesCaption.getText())) {
            wavesCaption.setText(wavesText);
        }
        var lanesModel = shown.lanes();
        String lanesText = lanesModel.isVirtual() ? "%d carrier threads of the virtual-thread scheduler".formatted(lanesModel.laneCount())
                : lanesModel.aggregated() ? "%d lanes, each a group of platform threads (height = share busy)".formatted(lanesModel.laneCount())
                : "one lane per platform thread";
        if (!lanesText.equals(lanesCaption.getText())) {
            lanesCaption.setText(lanesText);
        }
    }

    /** One plain sentence on why the shown run took as long as it did, once it has ended. */
    private void explain(RunModel shown) {
        var result = shown == null ? null : shown.result();
        String text = result == null ? "" : "Why: " + dev.loomscope.model.Explanation.of(result, session.cores());
        if (!text.equals(why.getText())) {
            why.setText(text);
            why.setVisible(!text.isEmpty());
        }
    }

    private void updateStatus(RunModel shown) {
        RunModel current = session.current();
        if (current != null) {
            var hello = current.hello();
            String still = runFirst.mode().reason() == null || !controls.animateLiveProperty().get() ? ""
                    : "; the window keeps still, %s (a slow-motion replay follows)".formatted(runFirst.mode().reason());
            status.setText("Running %s%s%s...".formatted(current.title(), hello == null ? "" : " in runner JVM " + hello.pid() + " (JDK " + hello.javaVersion() + ")", still));
        } else if (shown != null && shown.result() != null) {
            RunResult result = shown.result();
            status.setText(switch (result.outcome()) {
                case COMPLETED -> "%s took %s; a perfect world would take %s.".formatted(shown.title(),
                        Durations.humanMillis(result.elapsedMs()), Durations.humanMillis(shown.idealMs()));
                case CANCELLED -> shown.title() + ": " + result.message();
                case FAILED -> shown.title() + " failed: " + result.message();
            });
        }
    }

    private void applyPalette(Palette palette) {
        raceView.setPalette(palette);
        waves.setPalette(palette);
        lanes.setPalette(palette);
        legendVirtual = null;
    }

    private void rebuildLegends() {
        Palette p = themes.palette();
        boolean virtual = Boolean.TRUE.equals(legendVirtual);
        // On stage the words are fewer, so the legend leaves the charts beside it their width (the glossary has the rest).
        boolean brief = presentation;
        wavesLegend.getChildren().setAll(
                legendItem(p.queued(), "queued"),
                legendItem(p.running(), virtual && !brief ? "running (mounted)" : "running"),
                virtual ? legendItem(p.waitingUnmounted(), brief ? "unmounted" : "waiting, unmounted")
                        : legendItem(p.heldThread(), brief ? "holding thread" : "blocked, holding thread"),
                legendItem(p.pinned(), brief ? "pinned" : "pinned (JFR)"),
                legendItem(p.done(), "done"));
        lanesLegend.getChildren().setAll(
                legendItem(p.running(), "running"),
                virtual ? legendItem(p.pinned(), brief ? "pinned" : "pinned (JFR)")
                        : legendItem(p.heldThread(), brief ? "holding thread" : "blocked, holding thread"),
                legendItem(p.laneIdle(), "idle"));
    }

    private static Label legendItem(int color, String text) {
        var swatch = new Rectangle(12, 12, Palette.fx(color));
        swatch.getStyleClass().add("legend-swatch");
        var label = new Label(text, swatch);
        label.getStyleClass().add("legend-item");
        label.setMinWidth(Region.USE_PREF_SIZE);
        return label;
    }

    // ---- for tests, benchmarks and the screenshot command ----

    public ControlsViewModel controls() {
        return controls;
    }

    public ControlPanel controlPanel() {
        return controlPanel;
    }

    public RunSession session() {
        return session;
    }

    public FrameTimes frameTimes() {
        return frameTimes;
    }

    public LiveFiguresView figures() {
        return figures;
    }

    public CarrierLaneView lanes() {
        return lanes;
    }

    public RunHistoryView history() {
        return history;
    }

    public JfrEventsView jfrEvents() {
        return jfrEvents;
    }

    int completionSeriesCount() {
        return completion.chart().getData().size();
    }

    public String bannerMessage() {
        return banner.isVisible() ? bannerText.getText() : null;
    }

    public void setStatus(String text) {
        status.setText(text);
    }

    /** Pictures, results, timelines and recordings out of the window. */
    public WindowExports exports() {
        return exports;
    }

    /** Lines the preset's story takes now: its title, and the question or the notice shown under it. */
    public int narrativeLines() {
        int lines = narrativeTitle.isVisible() ? 1 : 0;
        for (Label text : List.of(predict, notice)) {
            if (text.isVisible() && text.getParent() != null && text.getParent().isVisible()) {
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
        return notice.isVisible() ? notice.getText() : predict.getText();
    }

    /** What the reveal link does: shows the notice now, as the end of the preset's runs would. */
    public void revealNotice() {
        notice.setVisible(true);
    }

    public ElapsedBarsView comparisonChart() {
        return bars;
    }

    public String explanationText() {
        return why.getText();
    }

    public String statusText() {
        return status.getText();
    }
}
