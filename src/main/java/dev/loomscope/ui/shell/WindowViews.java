package dev.loomscope.ui.shell;

import dev.loomscope.ui.fx.PaintTurns;
import dev.loomscope.model.Playback;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.window.WindowState;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.ui.charts.CompletionChartView;
import dev.loomscope.ui.charts.ElapsedBarsView;
import dev.loomscope.ui.controls.ControlPanel;
import dev.loomscope.ui.controls.ControlsViewModel;
import dev.loomscope.ui.fx.MadeWhenNeeded;
import dev.loomscope.ui.prediction.PredictionBar;
import dev.loomscope.ui.replay.RaceView;
import dev.loomscope.ui.replay.ReplayBar;
import dev.loomscope.ui.sweep.SweepView;
import dev.loomscope.ui.views.CarrierLaneView;
import dev.loomscope.ui.views.JfrEventsView;
import dev.loomscope.ui.views.LiveFiguresView;
import dev.loomscope.ui.views.RunHistoryView;
import dev.loomscope.ui.views.TaskWaveView;
import dev.loomscope.ui.web.WebTrafficView;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The parts of the window made in code (drawn views, and controls that need the machine's core
 * count or a callback), which {@code MainWindow.fxml} places by name. The views behind the JFR, Sweep and
 * Web service tabs are made when their tab is first selected (or, for the sweep, a sweep is started).
 */
record WindowViews(ControlPanel controlPanel, RunHistoryView history, LiveFiguresView figures, TaskWaveView waves,
                   CarrierLaneView lanes, CompletionChartView completion, ElapsedBarsView bars, MadeWhenNeeded<JfrEventsView> jfrEvents,
                   MadeWhenNeeded<WebTrafficView> webTraffic, PredictionBar predictionBar, MadeWhenNeeded<SweepView> sweepView,
                   ReplayBar replayBar, RaceView race) {

    /** The parts; the control panel, from {@code loadingPanel} (which may be loading on another thread meanwhile), taken last and bound. */
    static WindowViews make(int cores, ControlsViewModel controls, WindowState state, Function<List<Scenario>, List<RunModel>> sweep,
                            BooleanSupplier running, Playback playback, Runnable closeReplay, Supplier<ControlPanel> loadingPanel) {
        var history = new RunHistoryView(state::pin);
        var figures = new LiveFiguresView();
        // The views redrawn while a run streams in take turns: one of them a frame (docs/performance.md).
        var turns = new PaintTurns();
        var waves = new TaskWaveView(turns);
        var lanes = new CarrierLaneView(turns);
        var completion = new CompletionChartView(turns);
        var bars = new ElapsedBarsView(cores);
        var jfrEvents = MadeWhenNeeded.of(JfrEventsView::new).whenMade(view -> view.setId("jfrEvents"));
        var webTraffic = MadeWhenNeeded.of(() -> new WebTrafficView(cores)).whenMade(view -> view.setId("webTraffic"));
        var predictionBar = new PredictionBar(cores);
        var sweepView = MadeWhenNeeded.of(() -> new SweepView(controls::scenarios, sweep, running, cores)).whenMade(view -> view.setId("sweepView"));
        var replayBar = new ReplayBar(playback, closeReplay);
        var race = new RaceView();
        return new WindowViews(loadingPanel.get().bind(controls), history, figures, waves, lanes, completion, bars, jfrEvents, webTraffic,
                predictionBar, sweepView, replayBar, race);
    }

    /** Each part under the name the FXML gives its {@code fx:reference}, which is also its node id (for CSS and tests). */
    Map<String, Object> byName() {
        var parts = Map.<String, Object>ofEntries(Map.entry("controlPanel", controlPanel), Map.entry("controlActions", controlPanel.actionBar()), Map.entry("history", history), Map.entry("figures", figures),
                Map.entry("waves", waves), Map.entry("lanes", lanes), Map.entry("completion", completion), Map.entry("bars", bars),
                Map.entry("predictionBar", predictionBar), Map.entry("replayBar", replayBar), Map.entry("race", race));
        parts.forEach((name, part) -> ((javafx.scene.Node) part).setId(name));
        return parts;
    }

    /** The waves and lanes show the task {@code follower} follows: a replay's cells and lanes are its source's, read from the finished run. */
    void follow(dev.loomscope.ui.views.TaskFollower follower, Playback playback) {
        java.util.function.UnaryOperator<RunModel> sourceOf = run -> playback.replay() != null && run == playback.replay().replica()
                ? playback.replay().source() : run;
        waves.setFollower(follower, sourceOf);
        lanes.setFollower(follower, sourceOf);
    }

    /** The drawn views take their colours from the theme's palette. */
    void usePalette(dev.loomscope.ui.theme.Palette palette) {
        race.setPalette(palette);
        waves.setPalette(palette);
        lanes.setPalette(palette);
    }
}
