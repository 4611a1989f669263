package dev.loomscope.ui.controls;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.result.RunLabel;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.Durations;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.model.Preset;
import dev.loomscope.model.SliderSteps;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The run settings behind the sliders, as properties, and what they add up to: the scenarios to
 * run, each one's perfect-world time, or a plain-words reason why they cannot run. It never
 * touches a control, so it is tested without a toolkit.
 */
public final class ControlsViewModel {

    public static final SliderSteps CARRIER_STEPS = SliderSteps.upTo(16);

    private final int cores;
    private final Map<ExecutorKind, BooleanProperty> selected = new EnumMap<>(ExecutorKind.class);
    private final IntegerProperty tasks = new SimpleIntegerProperty(this, "tasks", 10_000);
    private final IntegerProperty pool = new SimpleIntegerProperty(this, "pool", 200);
    private final IntegerProperty carriers;
    private final IntegerProperty sleepMs = new SimpleIntegerProperty(this, "sleepMs", 100);
    private final IntegerProperty cpuMs = new SimpleIntegerProperty(this, "cpuMs", 0);
    private final IntegerProperty permits = new SimpleIntegerProperty(this, "permits", 20);
    /** The ThreadLocal trap's object size (0: none); set by presets and the command line, no slider. */
    private final IntegerProperty threadLocalKb = new SimpleIntegerProperty(this, "threadLocalKb", 0);
    /** How tasks get that object; set by presets and the command line, as the size is. */
    private dev.loomscope.scenario.Sharing sharing = dev.loomscope.scenario.Sharing.THREAD_LOCAL;
    /** A loaded experiment's failing task (fail-at-ms), kept while the sliders leave it room: inside the wait, not a web run. */
    private int failAtMs;
    /** 0: every task submitted at once; above 0: the web experiment with that many connections. */
    private final IntegerProperty connections = new SimpleIntegerProperty(this, "connections", 0);
    private final ObjectProperty<BlockingMode> blocking = new SimpleObjectProperty<>(this, "blocking", BlockingMode.SLEEP);
    private final ObjectProperty<Preset> preset = new SimpleObjectProperty<>(this, "preset");
    private boolean loading;
    private final BooleanProperty predictFirst = new SimpleBooleanProperty(this, "predictFirst", true);
    private final BooleanProperty animateLive = new SimpleBooleanProperty(this, "animateLive", true);
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem");
    private final ReadOnlyStringWrapper idealSummary = new ReadOnlyStringWrapper(this, "idealSummary", "");

    private final javafx.collections.ObservableList<Preset> presets = javafx.collections.FXCollections.observableArrayList();

    public ControlsViewModel(int cores) {
        this.cores = cores;
        this.carriers = new SimpleIntegerProperty(this, "carriers", Math.clamp(cores, 1, CARRIER_STEPS.max()));
        for (ExecutorKind kind : ExecutorKind.values()) {
            var property = new SimpleBooleanProperty(this, kind.cliName(), kind == ExecutorKind.FIXED || kind == ExecutorKind.VIRTUAL);
            property.addListener(this::revalidate);
            selected.put(kind, property);
        }
        for (Observable setting : List.of(tasks, pool, carriers, sleepMs, cpuMs, permits, connections, blocking)) {
            setting.addListener(this::revalidate);
            // Moving a slider after choosing a preset makes the settings custom.
            setting.addListener(changed -> leavePreset());
        }
        selected.values().forEach(box -> box.addListener(changed -> leavePreset()));
        preset.addListener(this::revalidate);
        // Pinning modes block inside a call that must last: a 0 ms sleep there is not a scenario.
        blocking.addListener((obs, old, mode) -> {
            if (mode != BlockingMode.SLEEP && sleepMs.get() == 0) {
                sleepMs.set(1);
            }
        });
        sleepMs.addListener((obs, old, value) -> {
            if (value.intValue() == 0 && blocking.get() != BlockingMode.SLEEP) {
                sleepMs.set(1);
            }
        });
        revalidate(null);
    }

    public BooleanProperty selectedProperty(ExecutorKind kind) {
        return selected.get(kind);
    }

    public IntegerProperty tasksProperty() {
        return tasks;
    }

    public IntegerProperty poolProperty() {
        return pool;
    }

    public IntegerProperty carriersProperty() {
        return carriers;
    }

    public IntegerProperty sleepMsProperty() {
        return sleepMs;
    }

    public IntegerProperty cpuMsProperty() {
        return cpuMs;
    }

    public IntegerProperty permitsProperty() {
        return permits;
    }

    public IntegerProperty threadLocalKbProperty() {
        return threadLocalKb;
    }

    public IntegerProperty connectionsProperty() {
        return connections;
    }

    public ObjectProperty<BlockingMode> blockingProperty() {
        return blocking;
    }

    /** The JDK the runs use: a JDK folder, a feature release ("21"), or "" for LoomScope's own (a preset names its own). */
    private final ObjectProperty<String> jdk = new SimpleObjectProperty<>(this, "jdk", "");

    public ObjectProperty<String> jdkProperty() {
        return jdk;
    }

    /**
     * Whether the views follow a run while it goes (on), or stay still and show it once it ends
     * (off: the window then takes no CPU from the run, and its numbers match the command line's).
     */
    public BooleanProperty animateLiveProperty() {
        return animateLive;
    }

    /** Whether Run asks for a guess of each run before a preset's runs. */
    public BooleanProperty predictFirstProperty() {
        return predictFirst;
    }

    /** Why the settings cannot run, in plain words, or null when they can. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** "Perfect world: fixed(200) 5.0 s, virtual 100 ms". */
    public ReadOnlyStringProperty idealSummaryProperty() {
        return idealSummary.getReadOnlyProperty();
    }

    private int keptFailure() {
        return failAtMs < sleepMs.get() && connections.get() == 0 ? failAtMs : 0;
    }

    public List<ExecutorKind> selectedExecutors() {
        return selected.entrySet().stream().filter(e -> e.getValue().get()).map(Map.Entry::getKey).toList();
    }

    /** The classic experiments to choose from, in order (listed once the CPU preset's work is measured). */
    public javafx.collections.ObservableList<Preset> presets() {
        return presets;
    }

    /** Page Down / Page Up: the next or previous classic experiment, ready to run (from custom settings, the first or the last). */
    public void stepPreset(int by) {
        int count = presets.size();
        if (count == 0) {
            return;
        }
        int at = presets.indexOf(preset.get());
        loadPreset(presets.get(at < 0 ? (by > 0 ? 0 : count - 1) : Math.floorMod(at + by, count)));
    }

    /** The classic experiment the settings come from, or null for settings of one's own. */
    public ObjectProperty<Preset> presetProperty() {
        return preset;
    }

    /** Puts a preset's runs on the controls (its first run's settings, all its executors) and makes it the one Run starts. */
    public void loadPreset(Preset chosen) {
        if (chosen == null) {
            preset.set(null);
            return;
        }
        load(chosen.scenarios());
        preset.set(chosen);
    }

    private void leavePreset() {
        if (!loading) {
            preset.set(null);
        }
    }

    /** Puts the scenarios' settings on the sliders and selects their executors (they differ only in executor). */
    public void load(List<Scenario> scenarios) {
        if (scenarios.isEmpty()) {
            return;
        }
        loading = true;
        try {
            loadSettings(scenarios);
        } finally {
            loading = false;
        }
        preset.set(null);
    }

    private void loadSettings(List<Scenario> scenarios) {
        Scenario scenario = scenarios.getFirst();
        selected.forEach((kind, property) -> property.set(scenarios.stream().anyMatch(s -> s.executor() == kind)));
        blocking.set(scenario.blocking());
        tasks.set(scenario.tasks());
        pool.set(scenario.pool());
        carriers.set(scenario.carriers());
        sleepMs.set(scenario.sleepMs());
        cpuMs.set(scenario.cpuMs());
        permits.set(scenario.permits());
        threadLocalKb.set(scenario.threadLocalKb());
        sharing = scenario.sharing();
        failAtMs = scenario.failAtMs();
        connections.set(scenario.connections());
    }

    /**
     * The scenarios the Run button starts, one per selected executor, in the order the executors
     * are listed.
     *
     * @throws InvalidScenarioException when {@link #problemProperty()} is set
     */
    public List<Scenario> scenarios() {
        if (preset.get() != null) {
            // A preset may vary more than the executor (pinning: two blocking modes).
            preset.get().scenarios().forEach(s -> s.checkDuration(cores));
            return preset.get().scenarios();
        }
        List<ExecutorKind> kinds = selectedExecutors();
        if (kinds.isEmpty()) {
            throw new InvalidScenarioException("executor", Messages.text("controls.no-executor"));
        }
        var scenarios = new ArrayList<Scenario>();
        for (ExecutorKind kind : kinds) {
            var scenario = Scenario.of(kind).withTasks(tasks.get()).withPool(pool.get()).withCarriers(carriers.get())
                    .withSleepMs(sleepMs.get()).withCpuMs(cpuMs.get()).withBlocking(blocking.get()).withPermits(permits.get())
                    .withThreadLocalKb(threadLocalKb.get()).withSharing(sharing).withConnections(connections.get())
                    .withFailAtMs(keptFailure()).withJdk(jdk.get()).build();
            scenarios.add(scenario.checkDuration(cores));
        }
        return scenarios;
    }

    private void revalidate(Observable ignored) {
        try {
            List<Scenario> scenarios = scenarios();
            problem.set(null);
            // Runs' names hold commas ("virtual, jdbc(10)"), so a semicolon parts them.
            idealSummary.set(Messages.text("controls.ideal", String.join("; ", scenarios.stream()
                    .map(s -> RunLabel.of(s) + " " + Durations.humanMillis(IdealTime.millis(s, cores)))
                    .toList())));
        } catch (InvalidScenarioException e) {
            problem.set(e.getMessage());
            idealSummary.set("");
        }
    }
}
