package dev.loomscope.ui.shell;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.model.Preset;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.RunSession;
import dev.loomscope.model.window.WindowState;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.ui.controls.ControlsViewModel;
import dev.loomscope.ui.prediction.PredictionBar;
import dev.loomscope.ui.task.UserCode;
import java.util.List;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;

/**
 * Run, Stop, sweep and the presets, as the keys, buttons and scripts ask for them. Each says why
 * when it cannot do what was asked (in the banner), and never blocks: the session starts runner
 * JVMs on a thread of its own.
 */
public final class RunActions {

    /** What the window does around the runs it starts: drop a pending replay, forget the history's pick... */
    interface Surroundings {
        void closeReplay();

        /** New runs: the history's pick and the story's notice are for the runs before. */
        void runsStarted();

        void say(String status);

        void problem(String message);
    }

    private final RunSession session;
    private final ControlsViewModel controls;
    private final PredictionBar prediction;
    private final WindowState state;
    private final Surroundings window;
    private boolean openOnFirstPreset;
    /** The "Your task" tab, whose code Run uses when the user says so; null: never. */
    private UserCode userCode;

    RunActions(RunSession session, ControlsViewModel controls, PredictionBar prediction,
            WindowState state, Surroundings window) {
        this.session = session;
        this.controls = controls;
        this.prediction = prediction;
        this.state = state;
        this.window = window;
        controls.presetProperty().addListener((obs, old, preset) -> {
            openOnFirstPreset = false;
            // Guesses belong to the runs they were asked for: a new choice of runs drops a pending question.
            if (prediction.isAsking()) {
                prediction.cancel();
            }
        });
    }

    /**
     * Run (the button, Ctrl+R, F5): runs the selected executors one after another. With a preset
     * and "Predict first" on, asks for a guess of each run first. Returns false (and says why) if it cannot.
     */
    public boolean run() {
        if (session.isRunning() || prediction.isAsking()) {
            return false;
        }
        if (userCode != null && userCode.inUse()) {
            return runUserCode();
        }
        if (controls.presetProperty().get() != null && controls.predictFirstProperty().get()) {
            List<Scenario> scenarios;
            try {
                scenarios = controls.scenarios();
            } catch (InvalidScenarioException e) {
                window.problem(e.getMessage());
                return false;
            }
            prediction.ask(scenarios, () -> start(scenarios));
            window.say(Messages.text("status.predict-first"));
            return true;
        }
        return runWithoutPredicting();
    }

    /** Run uses the code of this tab when it says so. */
    void useCode(UserCode code) {
        this.userCode = code;
    }

    /**
     * The selected executors with the user's class as every task's body: compiled off the FX thread
     * if need be, then started; a class that does not compile is refused, its errors marked in its tab.
     */
    private boolean runUserCode() {
        List<Scenario> chosen;
        try {
            chosen = controls.scenarios();
        } catch (InvalidScenarioException e) {
            window.problem(e.getMessage());
            return false;
        }
        window.say(Messages.text("task.run.compiling"));
        userCode.compiledThen(task -> {
            List<Scenario> scenarios;
            try {
                // The user's code blocks, fails and serves as it is written: LoomScope's own ways of doing so stay off.
                scenarios = chosen.stream().map(s -> s.toBuilder().withBlocking(BlockingMode.SLEEP).withFailAtMs(0).withThreadLocalKb(0)
                        .withConnections(0).withUserTask(task).build()).toList();
            } catch (InvalidScenarioException e) {
                window.problem(e.getMessage());
                return;
            }
            start(scenarios);
        }, message -> {
            window.problem(message);
            userCode.show();
        });
        return true;
    }

    /** Runs the selected executors at once, asking nothing (scripts, benchmarks). */
    public boolean runWithoutPredicting() {
        if (userCode != null && userCode.inUse() && !session.isRunning()) {
            return runUserCode();
        }
        try {
            return start(controls.scenarios());
        } catch (InvalidScenarioException e) {
            window.problem(e.getMessage());
            return false;
        }
    }

    /** Starts exactly these runs; false (and why) if they cannot start. */
    private boolean start(List<Scenario> scenarios) {
        if (session.isRunning()) {
            return false;
        }
        try {
            window.closeReplay();
            List<RunModel> runs = session.start(scenarios);
            state.runsStarted(controls.presetProperty().get(), false);
            window.runsStarted();
            window.say(Messages.text(runs.size() == 1 ? "status.starting-one" : "status.starting", runs.size()));
            return true;
        } catch (InvalidScenarioException | IllegalStateException e) {
            window.problem(e.getMessage());
            return false;
        }
    }

    /** A sweep's runs go through the session like any comparison, one at a time; its point is its plot, so no playback. */
    List<RunModel> startSweep(List<Scenario> scenarios) {
        window.closeReplay();
        List<RunModel> runs = session.start(scenarios);
        state.runsStarted(null, true);
        window.runsStarted();
        window.say(Messages.text("status.sweeping", runs.size()));
        return runs;
    }

    public void stop() {
        session.stop();
        window.say(Messages.text("status.stopping"));
    }

    /**
     * A newcomer's window (nothing chosen on the command line) opens on the first experiment, its
     * question shown, once the presets are listed; unless settings were chosen or a run started first.
     */
    public void openOnFirstPreset() {
        openOnFirstPreset = true;
        InvalidationListener touched = changed -> openOnFirstPreset = false;
        for (Observable setting : List.of(controls.tasksProperty(), controls.poolProperty(), controls.carriersProperty(),
                controls.sleepMsProperty(), controls.cpuMsProperty(), controls.permitsProperty(), controls.connectionsProperty(),
                controls.blockingProperty())) {
            setting.addListener(touched);
        }
        for (var kind : ExecutorKind.values()) {
            controls.selectedProperty(kind).addListener(touched);
        }
        if (controls.presets().isEmpty()) {
            // The list comes after the first frame (it measures this machine first); the first experiment needs no measuring.
            Preset.named(Preset.names().getFirst(), session.cores()).ifPresent(controls::loadPreset);
        } else {
            presetsListed(controls.presets());
        }
    }

    /**
     * Lists the presets, off the FX thread (measuring the CPU preset's work takes a moment), then on the
     * controls, in {@code alsoTo} and for {@link #presetsListed}.
     */
    void listPresetsInTheBackground(java.util.function.Consumer<List<Preset>> alsoTo) {
        dev.loomscope.ui.fx.FxThread.whenDone(java.util.concurrent.CompletableFuture.supplyAsync(() -> Preset.all(session.cores())), (all, error) -> {
            if (error != null) {
                window.problem(Messages.text("status.presets-failed", error));
                return;
            }
            controls.presets().setAll(all);
            alsoTo.accept(all);
            presetsListed(all);
        });
    }

    /** The presets are listed (measuring the CPU preset's work takes a moment, so they come late). */
    void presetsListed(List<Preset> all) {
        if (openOnFirstPreset && !all.isEmpty() && controls.presetProperty().get() == null && !session.isRunning()
                && session.history().isEmpty()) {
            controls.loadPreset(all.getFirst());
        }
        if (!all.isEmpty()) {
            openOnFirstPreset = false;
        }
    }
}
