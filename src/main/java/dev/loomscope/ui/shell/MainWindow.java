package dev.loomscope.ui.shell;

import dev.loomscope.model.FrameTimes;
import dev.loomscope.model.Preset;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.RunSession;
import dev.loomscope.model.Sweep;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.model.window.WindowState;
import dev.loomscope.ui.charts.CompletionChartView;
import dev.loomscope.ui.charts.ElapsedBarsView;
import dev.loomscope.ui.controls.ControlPanel;
import dev.loomscope.ui.controls.ControlsViewModel;
import dev.loomscope.ui.export.WindowExports;
import dev.loomscope.ui.fx.Fxml;
import dev.loomscope.ui.fx.FxThread;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.prediction.PredictionBar;
import dev.loomscope.ui.presentation.PresentationMode;
import dev.loomscope.ui.presentation.StageFigures;
import dev.loomscope.ui.replay.RaceView;
import dev.loomscope.ui.replay.ReplayActions;
import dev.loomscope.ui.replay.ReplayBar;
import dev.loomscope.ui.shell.FrameLoop.Cadence;
import dev.loomscope.ui.sweep.SweepView;
import dev.loomscope.ui.theme.IconButtons;
import dev.loomscope.ui.theme.Icons;
import dev.loomscope.ui.theme.Themes;
import dev.loomscope.ui.views.JfrEventsView;
import dev.loomscope.ui.views.LegendPane;
import dev.loomscope.ui.views.LiveFiguresView;
import dev.loomscope.ui.views.RunHistoryView;
import dev.loomscope.ui.views.TaskWaveView;
import dev.loomscope.ui.views.CarrierLaneView;
import dev.loomscope.ui.web.WebTrafficView;
import java.util.List;
import javafx.animation.AnimationTimer;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.*;
import javafx.scene.layout.*;

/**
 * The LoomScope window's shell. Its skeleton is {@code MainWindow.fxml}; what it shows is decided
 * by the toolkit-free {@link WindowState}, once per frame, and handed to every view in one
 * {@link FrameContext} by the {@link FrameLoop}. The runner threads never call into the FX thread,
 * so a flood of events costs at most one redraw per frame.
 */
public final class MainWindow extends BorderPane implements WindowExports.Window {

    @FXML private HBox headerActions;
    @FXML private Label appTitle, shownTitle, presentationHint, bannerText, wavesCaption, lanesCaption, why, status, frameStatus;
    @FXML private HBox banner, wavesHead, lanesHead;
    @FXML private Button bannerClose, fitLanes;
    @FXML private VBox sidebar, centerBox, wavesSection, lanesSection;
    @FXML private PresetStory story;
    @FXML private SplitPane split, charts;
    @FXML private LegendPane wavesLegend, lanesLegend;
    @FXML private StackPane wavesFrame, lanesFrame, chartsHost, webHost;
    @FXML private TabPane tabs;
    @FXML private Tab sweepTab, webTab;

    private final RunSession session;
    private final Themes themes;
    private final ControlsViewModel controls;
    private final WindowState state;
    private final FrameTimes frameTimes = new FrameTimes();
    private final LiveFiguresView figures = new LiveFiguresView();
    private final TaskWaveView waves = new TaskWaveView();
    private final CarrierLaneView lanes = new CarrierLaneView();
    private final CompletionChartView completion = new CompletionChartView();
    private final JfrEventsView jfrEvents = new JfrEventsView();
    private final RaceView raceView = new RaceView();
    private final InfoOverlay shortcuts = InfoOverlay.shortcuts();
    private final InfoOverlay glossary = InfoOverlay.glossary();
    private final ControlPanel controlPanel;
    private final RunHistoryView history;
    private final ElapsedBarsView bars;
    private final WebTrafficView webTraffic;
    private final PredictionBar predictionBar;
    private final SweepView sweepView;
    private final ReplayBar replayBar;
    private final ReplayActions replays;
    private final RunActions runs;
    private final WindowExports exports = new WindowExports(this);
    private final ActionBindings actions = new ActionBindings();
    private final PresentationMode presentation;
    private final FrameLoop loop;
    private final ProblemBanner problems;
    private final StatusLine statusLine;
    private final SectionWords words;
    private final SimpleBooleanProperty running = new SimpleBooleanProperty(false);
    private Node liveCenter;
    private final AnimationTimer pulse = new AnimationTimer() {
        @Override
        public void handle(long now) {
            frame(now);
        }
    };

    public MainWindow(RunSession session, Themes themes) {
        this.session = session;
        this.themes = themes;
        int cores = session.cores();
        this.controls = new ControlsViewModel(cores);
        this.state = WindowState.of(session);
        // A run the window will keep still through need not have its events applied while it runs.
        session.deferEventsWhen(state::defersEventsOf);
        controls.animateLiveProperty().subscribe(state::setAnimateLive);
        controlPanel = new ControlPanel(controls, List.of());
        history = new RunHistoryView(state::pin);
        bars = new ElapsedBarsView(cores);
        webTraffic = new WebTrafficView(cores);
        predictionBar = new PredictionBar(cores);
        replayBar = new ReplayBar(this::closeReplay);
        sweepView = new SweepView(controls::scenarios, this::startSweep, session::isRunning, cores);
        Fxml.load(this, Fxml.parts("replayBar", replayBar, "controlPanel", controlPanel, "history", history, "predictionBar",
                predictionBar, "figures", figures, "waves", waves, "lanes", lanes, "completion", completion, "bars", bars,
                "jfrEvents", jfrEvents, "sweepView", sweepView, "webTraffic", webTraffic));
        liveCenter = getCenter();
        problems = new ProblemBanner(banner, bannerText, bannerClose, state);
        statusLine = new StatusLine(status, frameStatus, state, frameTimes);
        words = new SectionWords(shownTitle, wavesCaption, lanesCaption, wavesLegend, lanesLegend, waves, themes::palette);
        replays = new ReplayActions(replayBar, session, this::shownRun, statusLine::say, problems::show);
        runs = new RunActions(session, controls, controlPanel.presetBox(), predictionBar, state, new RunActions.Surroundings() {
            private List<RunModel> startSweep(List<dev.loomscope.scenario.Scenario> scenarios) {
        return runs.startSweep(scenarios);
    }

    public void closeReplay() { replays.close(); }
            public void runsStarted() { story.hideNotice(); history.clearSelection(); }
            public void say(String text) { statusLine.say(text); }
            public void problem(String message) { problems.show(message); }
        });
        presentation = new PresentationMode(new PresentationMode.Parts(this, sidebar, centerBox, split, wavesSection, lanesSection,
                tabs, sweepTab, webTab, why, charts, completion, bars, lanes, raceView, figures), state,
                controls.presetProperty()::get, words::invalidate);
        loop = new FrameLoop(problems::show);
        wire();
        listPresetsInTheBackground();
    }

    private void wire() {
        appTitle.setGraphic(Icons.APP.create(28));
        why.managedProperty().bind(why.visibleProperty());
        actions.on(Action.RUN, runs::run).on(Action.STOP, this::escape).on(Action.NEXT_PRESET, () -> runs.stepPreset(1))
                .on(Action.PREVIOUS_PRESET, () -> runs.stepPreset(-1)).on(Action.REPLAY, replays::replay).on(Action.RACE, replays::race)
                .on(Action.SLOWER, () -> replayBar.changeSpeed(-1)).on(Action.FASTER, () -> replayBar.changeSpeed(1))
                .on(Action.PRESENTATION, presentation::toggle).on(Action.GLOSSARY, glossary::toggle)
                .on(Action.HIGH_CONTRAST, themes::toggleContrast).on(Action.THEME, themes::toggle)
                .on(Action.QUICK_PICTURE, exports::quickScreenshot).on(Action.PICTURE_AS, exports::chooseAndSaveScreenshot)
                .on(Action.SHORTCUTS, shortcuts::toggle);
        var theme = actions.button(Action.THEME, 20);
        theme.graphicProperty().bind(themes.darkProperty().map(dark -> (dark ? Icons.THEME_LIGHT : Icons.THEME_DARK).create(20)));
        headerActions.getChildren().setAll(actions.button(Action.GLOSSARY, 20), actions.button(Action.RACE, 20),
                actions.button(Action.REPLAY, 20), exports.windowMenu(), actions.button(Action.PICTURE_AS, 20), theme);
        actions.bind(controlPanel.runButton(), Action.RUN);
        controlPanel.stopButton().setTooltip(new Tooltip(Action.STOP.tooltip()));
        controlPanel.stopButton().setOnAction(e -> runs.stop());
        controlPanel.stopButton().disableProperty().bind(running.not());
        controlPanel.runButton().disableProperty().bind(controls.problemProperty().isNotNull().or(running).or(predictionBar.askingProperty()));
        var onStage = presentation.onStageProperty();
        // The keys on stage, where the header has room for them (not beside the icons of a 1280 px screen).
        presentationHint.setText(Messages.text("window.presentation-hint"));
        presentationHint.visibleProperty().bind(onStage.and(widthProperty().greaterThan(1600)));
        presentationHint.managedProperty().bind(presentationHint.visibleProperty());
        // On stage the legend says what the colours mean; the caption's detail would only be cut short.
        for (Label caption : List.of(wavesCaption, lanesCaption)) {
            caption.visibleProperty().bind(onStage.not());
            caption.managedProperty().bind(caption.visibleProperty());
        }
        story.follow(controls.presetProperty(), onStage);
        controls.presetProperty().subscribe(preset -> figures.show(StageFigures.of(preset, presentation.isOn())));
        waves.emptyTextProperty().bind(controls.tasksProperty().map(tasks -> Messages.text("section.waves.empty", tasks.intValue())));
        IconButtons.style(fitLanes).setGraphic(Icons.ZOOM_FIT.create(16));
        fitLanes.setOnAction(e -> lanes.fitWholeRun());
        wavesHead.getChildren().add(exports.viewMenu("task waves", wavesFrame, wavesFrame));
        lanesHead.getChildren().add(lanesHead.getChildren().indexOf(fitLanes), exports.viewMenu("carrier lanes", lanesFrame, lanesFrame));
        exports.register("charts", chartsHost, chartsHost);
        exports.register("web-service", webHost, webHost);
        // The charts have no header of their own: their picture menu is a right-click away.
        chartsHost.setOnContextMenuRequested(e -> new ContextMenu(exports.pictureItems("charts").toArray(MenuItem[]::new)).show(chartsHost, e.getScreenX(), e.getScreenY()));
        webHost.setOnContextMenuRequested(e -> new ContextMenu(exports.pictureItems("web-service").toArray(MenuItem[]::new)).show(webHost, e.getScreenX(), e.getScreenY()));
        jfrTab().setGraphic(Icons.PIN.create(14));
        webTab.setGraphic(Icons.WEB.create(14));
        themes.paletteProperty().subscribe(palette -> {
            raceView.setPalette(palette);
            waves.setPalette(palette);
            lanes.setPalette(palette);
            words.invalidate();
        });
        loop.add("problem banner", Cadence.ALWAYS, problems).add("task waves", Cadence.LIVE, waves)
                .add("carrier lanes", Cadence.LIVE, lanes).add("figures", Cadence.FIGURES, figures)
                .add("JFR events", Cadence.LIVE, jfrEvents).add("completion chart", Cadence.LIVE, completion)
                .add("elapsed bars", Cadence.LIVE, bars).add("web service", Cadence.LIVE, this::refreshWebTab)
                .add("run history", Cadence.FIGURES, history).add("captions", Cadence.LIVE, words)
                .add("explanation", Cadence.LIVE, this::explain).add("sweep", Cadence.ALWAYS, f -> sweepView.refresh())
                .add("status", Cadence.STATUS, statusLine);
    }

    /** Measuring the CPU preset's work takes a moment: the presets are listed once it is done, off the FX thread. */
    private void listPresetsInTheBackground() {
        FxThread.whenDone(java.util.concurrent.CompletableFuture.supplyAsync(() -> Preset.all(session.cores())), (all, error) -> {
            if (error != null) {
                problems.show("The presets could not be listed: " + error);
                return;
            }
            controlPanel.presetBox().getItems().setAll(all);
            bars.setPresets(all);
            runs.presetsListed(all);
        });
    }

    public void start() {
        pulse.start();
    }

    public void dispose() {
        pulse.stop();
        session.stop();
        session.deleteRecordings();
    }

    /** The window's keys, on its scene: the app calls this once the scene exists. */
    public void installKeys() {
        actions.install(getScene());
    }

    /** Esc: hides a card, else closes a replay, else stops the runs. */
    private void escape() {
        if (shortcuts.isVisible()) {
            shortcuts.setVisible(false);
        } else if (glossary.isVisible()) {
            glossary.setVisible(false);
        } else if (replayBar.isActive()) {
            closeReplay();
        } else {
            runs.stop();
        }
    }

    private void frame(long now) {
        frameTimes.frame(now);
        loop.safely("replay", () -> replayBar.frame(now));
        var change = state.sessionChange();
        if (change != null) {
            running.set(change.running());
            if (change.doneTopic() != null && change.doneTopic() == story.preset()) {
                story.revealNotice();
            }
            if (change.playBack() != null) {
                replays.playBack(change.playBack());
            }
            if (!change.running() && predictionBar.awaitingResults()) {
                predictionBar.showResults(session.comparison());
            }
        }
        FrameContext frame = state.frame(now, replayBar.replay(), replayBar.race());
        // A race replaces the views with its two columns until it is closed.
        Node center = frame.race() != null ? raceView : liveCenter;
        if (getCenter() != center) {
            setCenter(center);
            if (center == raceView) {
                statusLine.say("Racing on one clock: each side shows what its run had done by then. Esc goes back.");
            }
        }
        if (frame.race() != null) {
            loop.safely("race", () -> raceView.refresh(frame.race(), now));
        } else {
            loop.refresh(frame);
        }
    }

    /** The web charts draw only while their tab is shown; a web run brings the tab forward, a plain one puts it away (not over a sweep). */
    private void refreshWebTab(FrameContext frame) {
        var selection = tabs.getSelectionModel();
        if (frame.shown() != null && frame.shown() != lastShownForTabs && selection.getSelectedItem() != sweepTab) {
            selection.select(frame.shown().scenario().isWeb() ? webTab : selection.getSelectedItem() == webTab ? tabs.getTabs().getFirst() : selection.getSelectedItem());
        }
        lastShownForTabs = frame.shown();
        if (selection.getSelectedItem() == webTab) {
            webTraffic.refresh(frame);
        }
    }

    private RunModel lastShownForTabs;

    private void explain(FrameContext frame) {
        String text = state.explanation(frame.shown());
        if (!text.equals(why.getText())) {
            why.setText(text);
            why.setVisible(!text.isEmpty());
        }
    }

    private Tab jfrTab() {
        return tabs.getTabs().get(1);
    }

    /** Shows the Sweep tab and sweeps as given (the command line's --sweep). */
    public void startSweepTab(Sweep sweep) {
        tabs.getSelectionModel().select(sweepTab);
        sweepView.setRange(sweep.setting(), sweep.values().getFirst(), sweep.values().getLast(), sweep.values().size());
        if (!sweepView.sweep()) {
            problems.show(sweepView.progressText());
        }
    }

    private List<RunModel> startSweep(List<dev.loomscope.scenario.Scenario> scenarios) {
        return runs.startSweep(scenarios);
    }

    public void closeReplay() {
        replays.close();
    }

    // ---- what the app, the exports, scripts and tests reach ----

    @Override
    public RunModel shownRun() {
        return state.shownRun(replayBar.replay());
    }

    @Override
    public RunModel shownSource() {
        return replayBar.replay() != null ? replayBar.replay().source() : shownRun();
    }

    @Override
    public List<RunModel> allRuns() {
        return session.history();
    }

    @Override
    public void setStatus(String text) {
        statusLine.say(text);
    }

    @Override
    public void showProblem(String message) {
        problems.show(message);
    }

    public String bannerMessage() {
        return problems.message();
    }

    public String statusText() {
        return statusLine.text();
    }

    public RunActions actions() {
        return runs;
    }

    public ReplayActions replays() {
        return replays;
    }

    public PresentationMode presentation() {
        return presentation;
    }

    public WindowState state() {
        return state;
    }

    public ControlsViewModel controls() {
        return controls;
    }

    public RunSession session() {
        return session;
    }

    public WindowExports exports() {
        return exports;
    }

    public ReplayBar replayBar() {
        return replayBar;
    }

    public FrameTimes frameTimes() {
        return frameTimes;
    }

    /** The cards over the window (keys, glossary), for the app's scene. */
    public List<InfoOverlay> cards() {
        return List.of(shortcuts, glossary);
    }
}
