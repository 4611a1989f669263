package dev.loomscope.ui.shell;

import dev.loomscope.ui.actions.Action;
import dev.loomscope.model.FrameTimes;
import dev.loomscope.model.Playback;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.RunSession;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.model.window.WindowState;
import dev.loomscope.ui.controls.ControlsViewModel;
import dev.loomscope.ui.export.WindowExports;
import dev.loomscope.ui.fx.Fxml;
import dev.loomscope.ui.fx.FxThread;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.controls.ControlPanel;
import dev.loomscope.ui.observe.Attacher;
import dev.loomscope.ui.observe.JvmPicker;
import dev.loomscope.ui.observe.ObserveSession;
import dev.loomscope.ui.observe.ObserveView;
import dev.loomscope.ui.fx.MadeWhenNeeded;
import dev.loomscope.ui.presentation.PresentationMode;
import dev.loomscope.ui.presentation.SpeakerNotesWindow;
import dev.loomscope.ui.presentation.StageFigures;
import dev.loomscope.ui.replay.ReplayActions;
import dev.loomscope.ui.shell.FrameLoop.Cadence;
import dev.loomscope.ui.sweep.SweepView;
import dev.loomscope.ui.theme.Icons;
import dev.loomscope.ui.theme.Themes;
import dev.loomscope.ui.web.WebTab;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.layout.BorderPane;

/**
 * The LoomScope window's shell. Its skeleton is {@code MainWindow.fxml}; what it shows is decided
 * by the toolkit-free {@link WindowState}, once per frame, and handed to every view in one
 * {@link FrameContext} by the {@link FrameLoop}. The runner threads never call into the FX thread,
 * so a flood of events costs at most one redraw per frame.
 */
public final class MainWindow extends BorderPane {

    private final WindowLayout layout = new WindowLayout();
    private final RunSession session;
    private final Themes themes;
    private final ControlsViewModel controls;
    private final WindowState state;
    private final FrameTimes frameTimes = new FrameTimes();
    private final WindowCards cards;
    private final ScreenHelp docs;
    private final WindowViews views;
    private final Playback playback = new Playback(FxThread::later);
    private final ReplayActions replays;
    private final RunActions runs;
    private final WindowExports exports;
    private final ActionBindings bindings = new ActionBindings();
    private final PresentationMode presentation;
    private final FrameLoop loop;
    private final ProblemBanner problems;
    private final StatusLine statusLine;
    private final SectionWords words;
    private final SessionFollowers followers;
    /** Made when first opened: most sessions never open them. */
    private final MadeWhenNeeded<SpeakerNotesWindow> notes;
    private final dev.loomscope.ui.views.TaskFollower follower = new dev.loomscope.ui.views.TaskFollower();
    private final dev.loomscope.ui.fx.AfterFirstFrame afterFirstFrame = new dev.loomscope.ui.fx.AfterFirstFrame();
    private final ObserveParts observe;
    private final WindowCentre centre;
    private final BottomTabs tabs;
    private final OpenParts opened;
    /** Until disposed, input in any of the app's windows wakes the loop. */
    private javafx.util.Subscription hearingInput = javafx.util.Subscription.EMPTY;

    /**
     * @param attacher where "Observe a running JVM" finds JVMs and attaches (tests give their own)
     * @param loadingPanel the control panel, unbound: taken once the window's other parts are made
     *                     (it may be loading on another thread meanwhile)
     */
    public MainWindow(RunSession session, Themes themes, Attacher attacher, java.util.function.Supplier<ControlPanel> loadingPanel) {
        this.session = session;
        this.themes = themes;
        int cores = session.cores();
        this.controls = new ControlsViewModel(cores);
        this.state = WindowState.of(session);
        // A run the window will keep still through need not have its events applied while it runs.
        session.deferEventsWhen(state::defersEventsOf);
        controls.animateLiveProperty().subscribe(state::setAnimateLive);
        views = WindowViews.make(cores, controls, state, this::startSweep, session::isRunning, playback, this::closeReplay, loadingPanel);
        Fxml.load(this, layout, views.byName());
        Node liveCenter = getCenter();
        problems = new ProblemBanner(layout.banner, layout.bannerText, layout.bannerClose, state);
        statusLine = new StatusLine(layout.status, layout.frameStatus, state, frameTimes, this::shownInsteadOfRuns);
        words = new SectionWords(layout.shownTitle, layout.wavesCaption, layout.lanesTitle, layout.lanesCaption, layout.wavesLegend, layout.lanesLegend,
                views.waves(), themes::palette);
        replays = new ReplayActions(playback, session, this::shownRun, statusLine::say, problems::show);
        exports = new WindowExports(new WindowExports.Window(this, this::shownRun,
                () -> playback.replay() != null ? playback.replay().source() : shownRun(), session::history, statusLine::say, problems::show));
        runs = new RunActions(session, controls, views.predictionBar(), state, new RunActions.Surroundings() {
            public void closeReplay() { replays.close(); }
            public void runsStarted() {
                presentation.holdHeights();
                layout.story.hideNotice();
                views.history().clearSelection();
            }
            public void say(String text) { statusLine.say(text); }
            public void problem(String message) { problems.show(message); }
        });
        presentation = new PresentationMode(new PresentationMode.Parts(this, layout.sidebar, layout.centerBox, layout.overviewScroll, layout.overview, layout.split,
                layout.wavesSection, layout.lanesSection, layout.tabs, layout.sweepTab, layout.webTab, layout.why, layout.charts,
                views.completion(), views.bars(), views.lanes(), views.race(), views.figures(), layout.presentationHint,
                List.of(layout.wavesCaption, layout.lanesCaption)), state, controls.presetProperty()::get, words::invalidate);
        notes = MadeWhenNeeded.of(() -> new SpeakerNotesWindow(controls::presets, controls.presetProperty()::get));
        views.follow(follower, playback);
        // A pin hotspot picked in the JFR view shows its pins on the lanes.
        views.jfrEvents().whenMade(jfr -> jfr.showPinsOn(views.lanes()::markPins));
        observe = new ObserveParts(attacher, exports, problems::show, statusLine::say);
        centre = new WindowCentre(this, liveCenter, layout.sidebar, layout.shownTitle, views.race(), observe::view, observe::pickerOutOfTheWay, follower,
                playback, statusLine::say);
        observe.shownWhen(centre::observeShown);
        opened = new OpenParts(this, exports, centre, problems::show, statusLine::say);
        cards = new WindowCards(follower);
        observe.whenPickerMade(cards::pickerMade);
        tabs = new BottomTabs(layout.tabs, layout.sweepTab, views.sweepView(), problems::show);
        docs = new ScreenHelp(layout.tabs, presentation::isOn, () -> observe.shown() || opened.shown(), problems::show);
        runs.useCode(tabs.task());
        followers = new SessionFollowers(session, layout.story, replays, views.predictionBar());
        loop = new FrameLoop(state, playback, views.replayBar(), frameTimes, change -> {
            followers.changed(change);
            if (change.ended()) {
                presentation.releaseOnceExplained();
            }
        }, centre::showRace, problems::show);
        exports.stampWith(() -> observe.shown() ? observe.view().card() : null);
        observe.session.observedProperty().subscribe(observed -> centre.showObservation(observed != null));
        wire();
        views.jfrEvents().placedWhenSelected(layout.jfrTab, layout.jfrTab::setContent);
        views.sweepView().placedWhenSelected(layout.sweepTab, layout.sweepTab::setContent);
        views.webTraffic().placedWhenSelected(layout.webTab, layout.webHost.getChildren()::add);
        afterFirstFrame.tabsBehind(layout.tabs);
        // Kept out of the first frame, but made before a first run's frames would have to make it.
        afterFirstFrame.then(views.completion()::chart);
    }

    private void wire() {
        layout.dress(exports, () -> views.lanes().fitWholeRun());
        var escape = new EscapeChain(observe::pickerShown, observe::hidePicker, cards.shortcuts, cards.glossary, observe::shown, observe.session,
                observe::view, follower, playback, replays::close, runs::stop);
        bindings.on(Action.RUN, opened.leavingFor(() -> observe.run(runs::run))).on(Action.STOP, opened.escapeOr(escape)).on(Action.NEXT_PRESET, opened.stepOr(1, () -> controls.stepPreset(1)))
                .on(Action.PREVIOUS_PRESET, opened.stepOr(-1, () -> controls.stepPreset(-1))).on(Action.REPLAY, replays::replay).on(Action.RACE, replays::race)
                .on(Action.SLOWER, () -> playback.changeSpeed(-1)).on(Action.FASTER, () -> playback.changeSpeed(1))
                .on(Action.PRESENTATION, presentation::toggle).on(Action.NOTES, this::toggleNotes).on(Action.GLOSSARY, cards.glossary::toggle)
                .on(Action.DOCS, docs::open)
                .on(Action.HIGH_CONTRAST, themes::toggleContrast).on(Action.PATTERNS, themes::togglePatterns)
                .on(Action.REDUCED_MOTION, () -> setReducedMotion(!loop.reducedMotion())).on(Action.THEME, themes::toggle)
                .on(Action.QUICK_PICTURE, exports::quickScreenshot).on(Action.PICTURE_AS, exports::chooseAndSaveScreenshot)
                .on(Action.RECORD_CLIP, exports::toggleQuickClip).on(Action.OPEN, opened::choose)
                .on(Action.SHORTCUTS, cards.shortcuts::toggle).on(Action.OBSERVE, () -> observe.picker().show()).on(Action.THREAD_DUMP, observe::threadDump);
        var theme = bindings.button(Action.THEME, WindowLayout.HEADER_ICON_SIZE);
        theme.graphicProperty().bind(themes.darkProperty().map(dark -> (dark ? Icons.THEME_LIGHT : Icons.THEME_DARK).create(WindowLayout.HEADER_ICON_SIZE)));
        layout.headerActions.getChildren().setAll(bindings.button(Action.OPEN, WindowLayout.HEADER_ICON_SIZE), bindings.button(Action.OBSERVE, WindowLayout.HEADER_ICON_SIZE), bindings.button(Action.DOCS, WindowLayout.HEADER_ICON_SIZE),
                bindings.button(Action.GLOSSARY, WindowLayout.HEADER_ICON_SIZE), bindings.button(Action.RACE, WindowLayout.HEADER_ICON_SIZE), bindings.button(Action.REPLAY, WindowLayout.HEADER_ICON_SIZE),
                exports.windowMenu(), bindings.button(Action.PICTURE_AS, WindowLayout.HEADER_ICON_SIZE), theme);
        var controlPanel = views.controlPanel();
        bindings.tellKeys(controlPanel, views.replayBar());
        controlPanel.stopButton().setOnAction(e -> runs.stop());
        controlPanel.stopButton().disableProperty().bind(followers.runningProperty().not());
        controlPanel.runButton().disableProperty().bind(controls.problemProperty().isNotNull().or(followers.runningProperty())
                .or(views.predictionBar().askingProperty()));
        var onStage = presentation.onStageProperty();
        layout.story.follow(controls.presetProperty(), onStage);
        onStage.subscribe(tabs::setOnStage);
        // The tiles follow a preset chosen; settings of one's own keep the last preset's tiles. A new story is read from its title.
        controls.presetProperty().subscribe(preset -> {
            presentation.releaseHeights();
            if (preset != null) {
                views.figures().show(StageFigures.of(preset, presentation.isOn()));
                layout.overviewScroll.setVvalue(0);
            }
        });
        views.waves().emptyTextProperty().bind(controls.tasksProperty()
                .map(tasks -> Messages.text("section.waves.empty", Action.RUN.pressed(), tasks.intValue())));
        onStage.subscribe(observe::setOnStage);
        // Made later, the JFR view follows the stage from then on (subscribing gives it the mode now).
        views.jfrEvents().whenMade(jfr -> onStage.subscribe(jfr::setOnStage));
        themes.paletteProperty().subscribe(palette -> {
            // The canvases only mark themselves to be drawn again: the next frame, not the next idle tick, draws them.
            loop.wake();
            observe.setPalette(palette);
            views.usePalette(palette);
            words.invalidate();
        });
        loop.add("problem-banner", Cadence.ALWAYS, problems).add("task-waves", Cadence.LIVE, views.waves())
                .add("carrier-lanes", Cadence.LIVE, views.lanes()).add("figures", Cadence.FIGURES, views.figures())
                .add("jfr-events", Cadence.LIVE, frame -> views.jfrEvents().ifMade(jfr -> jfr.refresh(frame))).add("completion-chart", Cadence.LIVE, views.completion())
                .add("elapsed-bars", Cadence.LIVE, views.bars())
                .add("web-service", Cadence.LIVE, new WebTab(layout.tabs, layout.webTab, layout.sweepTab, views.webTraffic()))
                .add("run-history", Cadence.FIGURES, views.history()).add("words", Cadence.LIVE, words)
                .add("why", Cadence.ALWAYS, new WhyLine(layout.why, state::explanation))
                .add("sweep", Cadence.ALWAYS, f -> views.sweepView().ifMade(SweepView::refresh)).add("status", Cadence.STATUS, statusLine)
                .add("speaker-notes", Cadence.STATUS, frame -> notes.ifMade(shown -> shown.refresh(frame))).add("task-card", Cadence.ALWAYS, cards.taskCard)
                .add("observation", Cadence.ALWAYS, observe::refresh);
    }

    /** Where F1 opens the docs: the app gives its HostServices, a test its own list. */
    public void openDocumentsWith(java.util.function.Consumer<java.net.URI> opener) {
        docs.openWith(opener);
    }

    public void start() {
        // Input wakes an idle loop, in any of the app's windows: a preset picked from the combo box's list (a popup with a
        // scene of its own) shows at once, not at the idle loop's next tick.
        hearingInput = dev.loomscope.ui.fx.InputAnywhere.hear(event -> loop.wake());
        widthProperty().subscribe(loop::wake);
        heightProperty().subscribe(loop::wake);
        loop.movesWhile(() -> observe.shown() && observe.session.isObserving() || exports.clips().isRecording());
        loop.start();
        // Listing the presets measures this machine's CPU for a second or so: after the first frame, not before it.
        afterFirstFrame.joinOncePainted(this, () -> runs.listPresetsInTheBackground(views.bars()::setPresets));
    }

    /** Reduced motion: what moves (waves, lanes, charts, replays) changes in steps twice a second. */
    public void setReducedMotion(boolean on) {
        loop.setReducedMotion(on);
        statusLine.say(Messages.text(on ? "status.reduced-motion-on" : "status.reduced-motion-off"));
    }

    /** Opens the speaker notes in a window of their own (or closes them), styled and keyed as this window is. */
    public void toggleNotes() {
        notes.get().toggle(getScene() == null ? null : getScene().getWindow(), scene -> {
            themes.dress(scene);
            bindings.install(scene);
        });
    }

    // ---- what its tests look at ----

    /** Whether the views draw each state's pattern over its colour. */
    boolean patterns() { return themes.palette().patterns(); }

    /** Whether the window is keeping still through a run on a slow tick instead of 60 pulses a second. */
    boolean keepsStill() { return loop.keepsStill(); }

    /** Whether the window runs on the slow tick while the run under way waits for its JVM. */
    boolean waitsForTheRunsJvm() { return loop.waitsForTheRunsJvm(); }

    /** The slow tick's period from the next time the window slows (tests make it long). */
    void slowTick(long ms) { loop.slowTick(ms); }

    /** Whether the window idles on the slow tick: nothing moves, and no input came for a moment. */
    boolean idles() { return loop.idles(); }

    boolean reducedMotion() { return loop.reducedMotion(); }

    /** Whether the first frame is on screen, and what waited for it has joined (the cards). */
    public boolean firstFrameShown() { return afterFirstFrame.joined(); }

    /** What lies over the window as it shows: the shortcut card, the glossary, the JVM picker (once made) and the followed task's card. */
    List<javafx.scene.layout.Region> cards() { return cards.all(); }

    /** The status bar's line for what the middle shows instead of the runs: an observed JVM, an opened file; null for the runs. */
    private String shownInsteadOfRuns() {
        String observing = observe.statusLine();
        return observing != null ? observing : opened.statusLine();
    }

    /** The speaker notes (made now if they were never opened). */
    SpeakerNotesWindow notes() { return notes.get(); }

    public void dispose() {
        // First: the app-wide list of windows holds this window through it.
        hearingInput.unsubscribe();
        notes.ifMade(SpeakerNotesWindow::close);
        exports.clips().stop(); // the clip so far is saved, not lost with the window
        loop.stop();
        observe.session.dispose();
        session.stop();
        session.deleteRecordings();
    }

    /** The window's keys, on its scene: the app calls this once the scene exists. */
    public void installKeys() {
        bindings.install(getScene());
    }

    private List<RunModel> startSweep(List<dev.loomscope.scenario.Scenario> scenarios) { return runs.startSweep(scenarios); }

    private void closeReplay() { replays.close(); }

    // ---- what the app, scripts and benchmarks reach ----

    /** The run every view shows: a replay's, else the history's pick, else the one under way, else the newest. */
    public RunModel shownRun() {
        return state.shownRun(playback.replay());
    }

    /** The problem banner's message, or null when none shows. */
    public String bannerMessage() {
        return problems.message();
    }

    /** Does this once the window's first frame is on screen (at once if it is). */
    public void afterFirstFrame(Runnable work) {
        afterFirstFrame.then(work);
    }

    /** Tells {@code action}, each frame that paints the run under way live, which run that is (what its JVM's priority follows). */
    public void whileAnimatingTheRun(java.util.function.Consumer<RunModel> action) {
        loop.add("run-animated", Cadence.ALWAYS, frame -> {
            RunModel run = state.runAnimatedLive(frame);
            if (run != null) {
                action.accept(run);
            }
        });
    }

    /** Does this as soon as the window's first frame is on screen, before the parts it did not show join (at once if it is). */
    public void onFirstFrame(Runnable work) {
        afterFirstFrame.first(work);
    }

    /** Lays the cards (shortcuts, glossary, the JVM picker, the task card) over the window as they show, from its first frame on. */
    public void placeCards(javafx.scene.layout.StackPane layers) {
        cards.placeOn(layers, afterFirstFrame);
    }

    /** The task followed by a click on its cell or lane. */
    public dev.loomscope.ui.views.TaskFollower follower() {
        return follower;
    }

    /** Asks {@code watcher} at the end of each frame (given its time) until it answers true (what a start script waits for). */
    public void watchFrames(java.util.function.LongPredicate watcher) {
        loop.watch(watcher);
    }

    // The parts, for the start scripts and the window tests.
    public ObserveSession observing() { return observe.session; }
    public ObserveView observeView() { return observe.view(); }
    public OpenParts opened() { return opened; }
    public JvmPicker picker() { return observe.picker(); }
    public RunActions runs() { return runs; }
    public BottomTabs tabs() { return tabs; }
    public ReplayActions replays() { return replays; }
    public Playback playback() { return playback; }
    public PresentationMode presentation() { return presentation; }
    /** The completion chart, beside the comparison or stepped aside (then out of the scene). */
    public dev.loomscope.ui.charts.CompletionChartView completionChart() { return views.completion(); }
    public WindowState state() { return state; }
    public ControlsViewModel controls() { return controls; }
    public RunSession session() { return session; }
    public WindowExports exports() { return exports; }
    public FrameTimes frameTimes() { return frameTimes; }
}
