package dev.loomscope.ui.shell;

import dev.loomscope.testing.StartedFirst;

import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.NodeProbe;
import dev.loomscope.ui.WindowProbe;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.result.RunResult;
import dev.loomscope.launcher.Runner;
import dev.loomscope.testing.TestJvms;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.RunSession;
import java.time.Duration;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Drives the real window on JavaFX's headless platform, as a person at the controls would. Most
 * tests play their runs through a fake runner (the window is what is tested); a few go end to end
 * through a runner JVM: a run from the sliders, a runner that cannot start, and pinning seen by JFR.
 */
@WindowTest
@StartedFirst
class MainWindowTest {

    @RegisterExtension
    final HeadlessWindow opened = new HeadlessWindow();
    private MainWindow window;

    /** The window's parts, found by id (call on the FX thread). */
    private WindowProbe probe() {
        return new WindowProbe(window);
    }

    private MainWindow open(dev.loomscope.launcher.RunStarter runner) throws Exception {
        return window = opened.openForRuns(runner);
    }

    private MainWindow open(RunSession session) throws Exception {
        return window = opened.openForRuns(session);
    }

    /** The measured figures the speaker notes quote, as shown. */
    private static List<String> notesFigures(dev.loomscope.ui.presentation.SpeakerNotesWindow notes) {
        return notes.lookupAll(".notes-figure").stream().map(label -> ((javafx.scene.control.Label) label).getText()).toList();
    }

    @Test
    void theWindowOpensWithItsTitleControlsAndEmptyViews() throws Exception {
        open(new FakeRunner());
        // The keys in tooltips come from the action table, whichever part the control belongs to.
        assertThat(Fx.call(() -> dev.loomscope.ui.fx.Tooltips.getText(probe().controlPanel().runButton()))).endsWith("(Ctrl+R or F5)");
        assertThat(Fx.call(() -> dev.loomscope.ui.fx.Tooltips.getText(probe().find("closeReplayButton", javafx.scene.control.Button.class))))
                .isEqualTo("Back to the live view (Esc)");
        assertThat(Fx.call(() -> dev.loomscope.ui.fx.Tooltips.getText(probe().controlPanel().presetBox()))).endsWith("(Page Down / Page Up)");
        assertThat(Fx.call(() -> opened.stage().getTitle() + " " + opened.stage().getWidth() + "x" + opened.stage().getHeight())).isEqualTo("LoomScope 980.0x720.0");
        assertThat(Fx.call(() -> probe().controlPanel().runButton().isDisabled())).isFalse();
        assertThat(Fx.call(() -> probe().controlPanel().stopButton().isDisabled())).isTrue();
        assertThat(Fx.call(() -> probe().figure("completed"))).isEqualTo("–");
        // The views behind Results are made when their tab is first selected: a window that never shows them never makes them.
        javafx.scene.control.Tab jfrTab = Fx.call(() -> window.lookupAll(".tab-pane").stream().map(javafx.scene.control.TabPane.class::cast)
                .flatMap(pane -> pane.getTabs().stream()).filter(tab -> "jfrTab".equals(tab.getId())).findFirst().orElseThrow());
        assertThat(Fx.call(jfrTab::getContent)).as("the JFR tab before it is shown").isNull();
        for (String view : List.of("#jfrEvents", "#sweepView", "#webTraffic")) {
            assertThat(Fx.call(() -> window.lookup(view))).as(view + " before its tab is shown").isNull();
        }
        Fx.run(() -> window.tabs().show("jfr"));
        assertThat(Fx.call(() -> probe().jfrEvents().getScene())).as("the JFR view once its tab is shown").isSameAs(Fx.call(window::getScene));
        Fx.run(() -> window.tabs().show("sweep"));
        assertThat(Fx.call(() -> probe().sweepView().getScene())).as("the sweep once its tab is shown").isSameAs(Fx.call(window::getScene));
        // The history is an empty box with its placeholder until the first run: no list is made for it.
        assertThat(Fx.call(() -> probe().history().lookupAll(".list-view"))).noneMatch(javafx.scene.control.ListView.class::isInstance);
        assertThat(Fx.call(() -> ((javafx.scene.control.Label) probe().history().lookup(".placeholder .label")).getText()))
                .isEqualTo(dev.loomscope.ui.fx.Messages.text("history.empty"));
    }

    /** At 980x720 the settings scroll; Run and Stop stay whole below them, however the panel is scrolled. */
    @Test
    void runAndStopAreWholeOnScreenWhateverTheSettingsScroll() throws Exception {
        open(new FakeRunner());
        var scroll = Fx.call(() -> WindowProbe.ancestor(probe().controlPanel(), javafx.scene.control.ScrollPane.class));
        for (double position : new double[] {0, 1}) {
            Fx.run(() -> {
                scroll.setVvalue(position);
                window.getScene().getRoot().layout();
            });
            for (var button : Fx.call(() -> List.of(probe().controlPanel().runButton(), probe().controlPanel().stopButton()))) {
                var shown = Fx.call(() -> button.localToScene(button.getLayoutBounds()));
                var scene = Fx.call(() -> new javafx.geometry.BoundingBox(0, 0, window.getScene().getWidth(), window.getScene().getHeight()));
                var settings = Fx.call(() -> scroll.localToScene(scroll.getLayoutBounds()));
                assertThat(scene.contains(shown)).as("%s whole in the window: %s", button.getText(), shown).isTrue();
                assertThat(shown.getMinY()).as("%s below the scrolling settings", button.getText()).isGreaterThanOrEqualTo(settings.getMaxY());
                assertThat(Fx.call(() -> button.isVisible() && button.getHeight() > 20)).isTrue();
            }
        }
    }

    @Test
    void theKeysTurnOnPatternsForReadingWithoutColourAndReducedMotion() throws Exception {
        open(new FakeRunner());
        var scene = Fx.call(() -> window.getScene());
        assertThat(Fx.call(window::patterns)).isFalse();
        Fx.run(() -> javafx.event.Event.fireEvent(scene.getRoot(), new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_PRESSED,
                "", "", javafx.scene.input.KeyCode.M, false, true, false, false)));
        assertThat(Fx.call(window::patterns)).isTrue();
        assertThat(Fx.call(window::reducedMotion)).isFalse();
        Fx.run(() -> javafx.event.Event.fireEvent(scene.getRoot(), new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_PRESSED,
                "", "", javafx.scene.input.KeyCode.M, true, true, false, false)));
        assertThat(Fx.call(window::reducedMotion)).isTrue();
        assertThat(Fx.call(() -> probe().statusText())).startsWith("Reduced motion");
        assertThat(Fx.call(window::patterns)).as("Ctrl+Shift+M is not Ctrl+M").isTrue();
    }

    @Test
    void speakerNotesOpenInAWindowOfTheirOwnFollowTheStageAndQuoteWhatWasMeasured() throws Exception {
        open(new FakeRunner());
        Fx.waitUntil("the presets listed", Duration.ofSeconds(20), () -> !window.controls().presets().isEmpty());
        Fx.run(() -> window.controls().loadPreset(window.controls().presets().getFirst()));
        Fx.run(window::toggleNotes);
        var notes = Fx.call(window::notes);
        assertThat(Fx.call(notes::isShowing)).isTrue();
        assertThat(Fx.call(() -> notes.getScene().getWindow() != opened.stage())).as("not the audience's window").isTrue();
        assertThat(Fx.call(() -> NodeProbe.lookup(notes, "#notesTitle", javafx.scene.control.Label.class).getText())).isEqualTo(Fx.call(() -> window.controls().presets().getFirst().title()));
        assertThat(Fx.call(() -> notesFigures(notes))).isEmpty();
        // Page Down pressed in the notes window moves the stage on, and the notes follow.
        var notesScene = Fx.call(() -> notes.getScene().getWindow().getScene());
        Fx.run(() -> javafx.event.Event.fireEvent(notesScene.getRoot(), new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_PRESSED,
                "", "", javafx.scene.input.KeyCode.PAGE_DOWN, false, false, false, false)));
        var second = Fx.call(() -> window.controls().presets().get(1));
        assertThat(Fx.call(() -> window.controls().presetProperty().get())).isEqualTo(second);
        Fx.waitUntil("the notes on the second experiment", Duration.ofSeconds(5), () -> NodeProbe.lookup(notes, "#notesTitle", javafx.scene.control.Label.class).getText().equals(second.title()));
        // Run it (as a script, without the predictions): once measured, the notes quote each of its runs.
        Fx.run(() -> window.runs().runWithoutPredicting());
        Fx.waitUntil("every run of the experiment quoted", Duration.ofSeconds(60), () -> !window.session().isRunning()
                && notesFigures(notes).size() == second.scenarios().size());
        assertThat(Fx.call(() -> notesFigures(notes).getFirst())).contains("perfect world");
        Fx.run(window::toggleNotes);
        assertThat(Fx.call(notes::isShowing)).isFalse();
    }

    @Test
    void clickingACellFollowsItsTaskThroughItsStatesAndCarriersLiveAndInReplay() throws Exception {
        open(new FakeRunner());
        opened.chooseOnly(ExecutorKind.VIRTUAL);
        Fx.run(() -> {
            window.controls().tasksProperty().set(20);
            window.controls().sleepMsProperty().set(20);
            window.runs().runWithoutPredicting();
        });
        Fx.waitUntil("the run done", Duration.ofSeconds(60), () -> !window.session().isRunning()
                && probe().figure("completed").equals("20 / 20"));
        Fx.settle(Fx.call(window::getScene), 5);
        // The first cell, clicked where it is drawn.
        var waves = Fx.call(() -> (dev.loomscope.ui.views.TaskWaveView) window.lookup(".task-waves"));
        Fx.run(() -> {
            var at = waves.localToScene(3, 3); // a click's coordinates are the scene's
            javafx.event.Event.fireEvent(waves, new javafx.scene.input.MouseEvent(javafx.scene.input.MouseEvent.MOUSE_CLICKED,
                    at.getX(), at.getY(), 0, 0, javafx.scene.input.MouseButton.PRIMARY, 1, false, false, false, false, true, false, false, true, false, true, null));
        });
        assertThat(Fx.call(() -> window.follower().task())).isZero();
        Fx.waitUntil("its lifecycle read and shown", Duration.ofSeconds(10), () -> window.follower().lifecycle() != null
                && window.getScene().lookup("#lifecycleCard") instanceof javafx.scene.Node card && card.isVisible() && window.lookup(".followed-task").isVisible());
        var life = Fx.call(() -> window.follower().lifecycle());
        assertThat(life.steps().getFirst().what()).isEqualTo("submitted");
        assertThat(life.steps().getLast().what()).isEqualTo("finished");
        assertThat(life.steps()).extracting(dev.loomscope.model.TaskLifecycle.Step::what)
                .anyMatch(step -> step.startsWith("mounted on carrier")).anyMatch(step -> step.startsWith("blocked: unmounted"))
                .anyMatch(step -> step.startsWith("resumed, mounted on carrier"));
        // A virtual thread runs twice: before its sleep and after it, each slice on a carrier.
        assertThat(life.slices()).hasSize(2);
        assertThat(life.waitingMs()).isGreaterThanOrEqualTo(15);
        assertThat(life.complete()).isTrue();
        // The card's words follow the lifecycle on the next frame, not in the pulse that read it.
        java.util.function.Supplier<String> card = () -> ((javafx.scene.control.Label) ((javafx.scene.layout.VBox) window.getScene()
                .lookup("#lifecycleCard")).getChildren().get(1)).getText();
        Fx.waitUntil("the card showing its lifecycle", Duration.ofSeconds(10), () -> card.get().contains("submitted"));
        assertThat(Fx.call(card)).contains("submitted").contains("finished").contains("Ran in 2 slices, on");
        // The replay shows the same task outlined; Esc lets it go.
        Fx.run(() -> window.replays().replay());
        Fx.waitUntil("the replay showing the followed task", Duration.ofSeconds(10), () -> window.playback().isActive()
                && window.follower().shows(window.playback().replay().replica()) && window.lookup(".followed-task").isVisible());
        Fx.run(() -> javafx.event.Event.fireEvent(window.getScene().getRoot(), new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_PRESSED,
                "", "", javafx.scene.input.KeyCode.ESCAPE, false, false, false, false)));
        assertThat(Fx.call(() -> window.follower().task())).isEqualTo(-1);
        Fx.waitUntil("the card gone, off the window", Duration.ofSeconds(5), () -> window.getScene().lookup("#lifecycleCard") == null);
    }

    @Test
    void movingTheTaskSliderAndRunningShowsEveryTaskCompleted() throws Exception {
        open(TestJvms.runner());
        opened.chooseOnly(ExecutorKind.VIRTUAL);
        // Ten stops down the 1-2-5 scale from 10,000 is 1,000 ... from the default, step to 200.
        Fx.run(() -> {
            var tasks = probe().controlPanel().slider("Tasks");
            while (tasks.value() > 200) {
                tasks.step(-1);
            }
            var sleep = probe().controlPanel().slider("Sleep per task");
            while (sleep.value() > 50) {
                sleep.step(-1);
            }
        });
        assertThat(Fx.call(() -> window.controls().tasksProperty().get())).isEqualTo(200);
        assertThat(Fx.call(() -> window.controls().sleepMsProperty().get())).isEqualTo(50);

        Fx.run(() -> probe().controlPanel().runButton().fire());
        Fx.waitUntil("200 of 200 completed on screen", Duration.ofSeconds(60),
                () -> probe().figure("completed").equals("200 / 200") && !window.session().isRunning());

        RunModel run = window.session().history().getLast();
        assertThat(run.result().outcome()).isEqualTo(RunResult.Outcome.COMPLETED);
        assertThat(run.scenario().tasks()).isEqualTo(200);
        // The list that took the empty box's place, in the scene.
        Fx.waitUntil("the history lists the run", Duration.ofSeconds(5),
                () -> probe().history().lookup(".list-view") instanceof javafx.scene.control.ListView<?> list && list.getItems().contains(run));
        Fx.waitUntil("the status bar says how long it took", Duration.ofSeconds(5), () -> probe().statusText().contains("took"));
        // The buttons follow the session on the window's next frame, which may come after the status line's.
        Fx.waitUntil("Run usable again", Duration.ofSeconds(5), () -> !probe().controlPanel().runButton().isDisabled());
        assertThat(run.states()).containsOnly(dev.loomscope.model.TaskState.DONE);
        // Every task mounted on a carrier at least once (start) and again after its sleep.
        assertThat(run.lanes().segmentCount()).isGreaterThanOrEqualTo(400);
    }

    /**
     * Run puts a quiet line in the place of the last run's Why line (it was hidden, and the place stood empty), and the
     * run's end shows the new one: the views under the overview stay where they were through both, where they moved up at
     * Run and down at the end. The run's own Why line shown, or another preset's
     * story, lets the overview take its own height again.
     */
    @Test
    void theViewsStayPutWhenARunStartsAndEnds() throws Exception {
        var runner = new FakeRunner().holdingBeforeItsStart();
        // The default size, where the overview is whole (in a shorter window it scrolls, and this test would not see the views move).
        window = opened.openAtTheDesk(new RunSession(runner, dev.loomscope.scenario.RunOptions.DEFAULT), dev.loomscope.ui.app.WindowCommand.Settings.DEFAULT);
        Fx.run(() -> {
            // Every run animated, whatever the run-first policy says of a busy machine: the same path in every sitting.
            window.state().setAlwaysAnimate(true);
            HeadlessWindow.chooseOnly(window, ExecutorKind.FIXED);
            window.controls().tasksProperty().set(40);
            window.controls().poolProperty().set(4);
            window.controls().sleepMsProperty().set(200);
        });
        java.util.function.Supplier<Double> splitTop = () -> {
            window.getScene().getRoot().applyCss();
            window.getScene().getRoot().layout();
            var split = window.getScene().lookup("#split");
            return split.localToScene(split.getLayoutBounds()).getMinY();
        };
        double explained = Double.NaN;
        for (int run = 1; run <= 2; run++) {
            Fx.run(() -> probe().controlPanel().runButton().fire());
            Fx.waitUntil("run waiting for its JVM", Duration.ofSeconds(10), () -> runner.heldNow() == 1 && window.waitsForTheRunsJvm());
            if (run == 2) {
                // In the last run's Why line's place, a quiet line says when this run's comes.
                Fx.waitUntil("the last run's Why line replaced", Duration.ofSeconds(10), () -> probe().explanationText()
                        .equals(dev.loomscope.ui.fx.Messages.text("status.why.pending", window.session().current().title())));
                assertThat(Fx.call(() -> window.getScene().lookup("#why").getPseudoClassStates()))
                        .contains(dev.loomscope.ui.presentation.PresentationMode.WHY_PENDING);
                assertThat(Fx.call(splitTop::get)).as("the views' top at Run").isEqualTo(explained);
            }
            runner.release();
            // Its final figures too: a wider figure can wrap a row of tiles.
            Fx.waitUntil("the run explained", Duration.ofSeconds(30),
                    () -> !window.session().isRunning() && probe().explainsTheShownRun() && probe().figuresOfTheShownRun());
            if (run == 2) {
                assertThat(Fx.call(splitTop::get)).as("the views' top once the run ended").isEqualTo(explained);
            }
            explained = Fx.call(splitTop::get);
            assertThat(Fx.call(() -> window.getScene().lookup("#overviewScroll").getLayoutBounds().getHeight()))
                    .as("the overview whole").isGreaterThanOrEqualTo(Fx.call(() -> window.getScene().lookup("#overview").getLayoutBounds().getHeight()));
        }
        var overview = Fx.call(() -> (javafx.scene.layout.Region) window.getScene().lookup("#overview"));
        assertThat(Fx.call(overview::getMinHeight)).as("the run's own Why line shown").isEqualTo(javafx.scene.layout.Region.USE_COMPUTED_SIZE);
        // Run, and another preset chosen before its end: the overview takes its own height at once.
        Fx.run(() -> probe().controlPanel().runButton().fire());
        Fx.waitUntil("run waiting for its JVM", Duration.ofSeconds(10), () -> runner.heldNow() == 1 && window.waitsForTheRunsJvm());
        assertThat(Fx.call(overview::getMinHeight)).as("held from Run").isPositive();
        Fx.run(() -> window.controls().loadPreset(window.controls().presets().getFirst()));
        assertThat(Fx.call(overview::getMinHeight)).as("another preset's story").isEqualTo(javafx.scene.layout.Region.USE_COMPUTED_SIZE);
        runner.release();
    }

    /**
     * A run waiting for its JVM moves nothing: the loop leaves JavaFX's pulses to the JVM's start (no frame is made to
     * be timed), and takes them up again once the run has started.
     */
    @Test
    void aRunWaitingForItsJvmLeavesThePulsesToItsStart() throws Exception {
        var runner = runWaitingForItsJvm(FrameLoop.SLOW_TICK_MS);
        int framesTimed = Fx.call(() -> {
            // Every frame kept from now, as ui-bench keeps them.
            window.frameTimes().reset();
            return window.frameTimes().frames();
        });
        Thread.sleep(FrameLoop.SLOW_TICK_MS * 4);
        assertThat(Fx.call(() -> window.frameTimes().frames())).as("frames timed while the run waited").isEqualTo(framesTimed);
        startAndEnd(runner);
    }

    /** The run's start wakes the loop at once: its first waves do not wait for the slow tick (made a minute long here). */
    @Test
    void aRunsStartWakesTheLoopWithoutWaitingForItsTick() throws Exception {
        startAndEnd(runWaitingForItsJvm(60_000));
    }

    /**
     * Opens the window with the slow tick given and presses Run on 40 tasks, held before their JVM's start and half-way
     * (the run is still under way when the loop is looked at); returns once the loop waits for that JVM.
     */
    private FakeRunner runWaitingForItsJvm(long slowTickMs) throws Exception {
        var runner = new FakeRunner().holdingBeforeItsStart().holdingAt(0.5);
        open(runner);
        opened.chooseOnly(ExecutorKind.FIXED);
        Fx.run(() -> {
            window.slowTick(slowTickMs);
            window.controls().tasksProperty().set(40);
            window.controls().poolProperty().set(4);
            window.controls().sleepMsProperty().set(200);
            probe().controlPanel().runButton().fire();
        });
        Fx.waitUntil("the run waiting for its JVM, the loop on its slow tick", Duration.ofSeconds(10),
                () -> runner.heldNow() == 1 && window.waitsForTheRunsJvm());
        return runner;
    }

    /** Lets the run start (the loop takes up its pulses within 10 s), then lets it end. */
    private void startAndEnd(FakeRunner runner) throws Exception {
        runner.release();
        Fx.waitUntil("the run under way, no longer waiting for its JVM", Duration.ofSeconds(10), () -> {
            RunModel current = window.session().current();
            return current != null && current.phase() == RunModel.Phase.RUNNING && !window.waitsForTheRunsJvm();
        });
        Fx.waitUntil("the run held half-way", Duration.ofSeconds(10), () -> runner.heldNow() == 1);
        runner.release();
        Fx.waitUntil("the run ended", Duration.ofSeconds(30), () -> !window.session().isRunning());
    }

    @Test
    void withAnimationOffTheViewsStayStillUntilTheRunEndsThenShowIt() throws Exception {
        var runner = new FakeRunner().holdingAt(0.5);
        open(runner);
        opened.chooseOnly(ExecutorKind.FIXED);
        Fx.run(() -> {
            probe().controlPanel().animateBox().fire();
            window.controls().tasksProperty().set(40);
            window.controls().poolProperty().set(4);
            window.controls().sleepMsProperty().set(200);
            probe().controlPanel().runButton().fire();
        });
        assertThat(Fx.call(() -> window.controls().animateLiveProperty().get())).isFalse();
        // Checked in one go on the FX thread: tasks done in the runner, the run still going, and no chart drawn.
        Fx.waitUntil("a quarter of the tasks done in the runner", Duration.ofSeconds(30), () -> {
            RunModel current = window.session().current();
            return current != null && current.figures(System.nanoTime()).completed() >= 10;
        });
        assertThat(Fx.call(() -> window.session().isRunning() ? probe().completionSeriesCount() : -1)).isZero();
        runner.release();
        Fx.waitUntil("the run drawn once it ended", Duration.ofSeconds(30),
                () -> !window.session().isRunning() && probe().completionSeriesCount() > 0
                        && probe().figure("completed").equals("40 / 40"));
    }

    @Test
    void stopEndsALongRunMidWayAndTheWindowStaysUsable() throws Exception {
        open(new FakeRunner().holdingAt(0.3));
        opened.chooseOnly(ExecutorKind.SINGLE);
        Fx.run(() -> {
            window.controls().tasksProperty().set(100);
            window.controls().sleepMsProperty().set(200);
        });
        Fx.run(() -> probe().controlPanel().runButton().fire());
        Fx.waitUntil("some tasks done", Duration.ofSeconds(30), () -> {
            RunModel current = window.session().current();
            return current != null && current.figures(System.nanoTime()).completed() >= 2;
        });
        // As a person would: Stop is pressed once the window shows it can be.
        Fx.waitUntil("Stop enabled", Duration.ofSeconds(5), () -> !probe().controlPanel().stopButton().isDisabled());
        long stopAt = System.nanoTime();
        Fx.run(() -> probe().controlPanel().stopButton().fire());
        Fx.waitUntil("the run ended", Duration.ofSeconds(5), () -> !window.session().isRunning());
        assertThat(Duration.ofNanos(System.nanoTime() - stopAt)).isLessThan(Duration.ofSeconds(5));

        RunResult result = window.session().history().getLast().result();
        assertThat(result.outcome()).isEqualTo(RunResult.Outcome.CANCELLED);
        assertThat(result.completed()).isBetween(2L, 99L);
        Fx.waitUntil("the status says it stopped", Duration.ofSeconds(5), () -> probe().statusText().contains("Stopped after"));
        // The buttons follow the session on the window's next frame, which may come after the status line's.
        Fx.waitUntil("Run usable again and Stop not", Duration.ofSeconds(5),
                () -> !probe().controlPanel().runButton().isDisabled() && probe().controlPanel().stopButton().isDisabled());
    }

    @Test
    void stoppingAComparisonShowsTheStoppedRunNotTheOneThatNeverRan() throws Exception {
        open(new FakeRunner().holdingAt(0.2));
        Fx.run(() -> {
            window.controls().tasksProperty().set(100);
            window.controls().sleepMsProperty().set(1_000);
            window.controls().poolProperty().set(1);
            probe().controlPanel().runButton().fire();
        });
        Fx.waitUntil("the first run under way", Duration.ofSeconds(30), () -> window.session().current() != null
                && window.session().current().phase() == RunModel.Phase.RUNNING);
        Fx.run(() -> window.runs().stop());
        Fx.waitUntil("stopped", Duration.ofSeconds(10), () -> !window.session().isRunning());
        Fx.waitUntil("the status names the stopped fixed run", Duration.ofSeconds(5),
                () -> probe().statusText().startsWith("#1 fixed(1): Stopped after"));
        assertThat(window.session().comparison()).extracting(RunModel::title).containsExactly("#1 fixed(1)");
        // What was under way ended with the stop: nothing reads as still under way, and the waves' legend names the cells.
        var figures = window.session().history().getLast().figures(System.nanoTime());
        assertThat(figures.cancelled()).as("tasks submitted and not done at the stop, cancelled with it").isEqualTo(figures.submitted() - figures.completed())
                .isPositive();
        Fx.waitUntil("the stopped run's figures", Duration.ofSeconds(5), () -> probe().figure("inFlight").equals("0")
                && probe().figure("waiting").equals("0"));
        Fx.waitUntil("'cancelled' in the waves' legend", Duration.ofSeconds(5),
                () -> probe().find("wavesLegend", javafx.scene.layout.Pane.class).getChildren().stream()
                        .anyMatch(entry -> ((javafx.scene.control.Labeled) entry).getText().equals("cancelled")));
    }

    @Test
    void aRunnerThatFailsShowsWhyAndTheWindowStaysUsable() throws Exception {
        open(new Runner(new JvmLauncher(List.of(), List.of("-XX:+NoSuchFlagAnywhere"))));
        opened.chooseOnly(ExecutorKind.VIRTUAL);
        Fx.run(() -> probe().controlPanel().runButton().fire());
        Fx.waitUntil("a problem banner", Duration.ofSeconds(30), () -> window.bannerMessage() != null);
        assertThat(Fx.call(window::bannerMessage)).contains("#1 virtual").contains("NoSuchFlagAnywhere");
        assertThat(window.session().history().getLast().result().outcome()).isEqualTo(RunResult.Outcome.FAILED);
        Fx.waitUntil("Run usable again", Duration.ofSeconds(5), () -> !probe().controlPanel().runButton().isDisabled());
    }

    @Test
    void settingsThatCannotRunDisableRunAndSayWhy() throws Exception {
        open(new FakeRunner());
        opened.chooseOnly(ExecutorKind.SINGLE);
        Fx.run(() -> {
            window.controls().tasksProperty().set(1_000_000);
            window.controls().sleepMsProperty().set(5_000);
        });
        assertThat(Fx.call(() -> probe().controlPanel().runButton().isDisabled())).isTrue();
        assertThat(Fx.call(() -> probe().controlPanel().problemLabel().isVisible())).isTrue();
        assertThat(Fx.call(() -> probe().controlPanel().problemLabel().getText())).contains("single").contains("perfect world").contains("limit 1 h");
        assertThat(Fx.call(() -> window.runs().run())).isFalse();

        Fx.run(() -> window.controls().tasksProperty().set(10));
        assertThat(Fx.call(() -> probe().controlPanel().runButton().isDisabled())).isFalse();
        assertThat(Fx.call(() -> probe().controlPanel().problemLabel().isVisible())).isFalse();
    }

    @Test
    void pinningShowsInTheJfrListWithItsStackAndOnTheLanesWhichZoomAndPan() throws Exception {
        open(TestJvms.runner());
        opened.chooseOnly(ExecutorKind.VIRTUAL);
        Fx.run(() -> {
            window.controls().tasksProperty().set(4);
            window.controls().sleepMsProperty().set(50);
            window.controls().blockingProperty().set(dev.loomscope.scenario.BlockingMode.NATIVE);
            probe().controlPanel().runButton().fire();
        });
        // JFR flushes once a second: the pins arrive after the run. The tab is opened as a user would: until then it is not built into the scene.
        Fx.run(() -> window.tabs().show("jfr"));
        Fx.waitUntil("four pins listed", Duration.ofSeconds(60),
                () -> probe().jfrEvents().table().getItems().stream().filter(e -> e.event().kind().equals("pinned")).count() == 4);
        Fx.run(() -> {
            var table = probe().jfrEvents().table();
            int pin = table.getItems().indexOf(table.getItems().stream().filter(e -> e.event().kind().equals("pinned")).findFirst().orElseThrow());
            table.getSelectionModel().select(pin);
        });
        assertThat(Fx.call(() -> probe().jfrEvents().stackText())).contains("Native or VM frame on stack").contains("java.lang.VirtualThread.parkNanos");
        // By hotspot: the four pins share their stack, so one group of four; picked, its stack shows and its pins are outlined on the lanes.
        var hotspots = Fx.call(() -> List.copyOf(probe().jfrHotspots().getItems()));
        assertThat(hotspots).singleElement().satisfies(h -> {
            assertThat(h.count()).isEqualTo(4);
            assertThat(h.reasons()).containsExactly("Native or VM frame on stack");
            assertThat(h.totalMs()).isGreaterThanOrEqualTo(4 * 45.0);
        });
        // Its place, as its class and method (cut from the end, a frame showed only its package), whole under the pointer.
        Fx.waitUntil("the hotspot's place drawn", Duration.ofSeconds(10), () -> WindowProbe.firstRowCell(probe().jfrHotspots(), "where") != null);
        var where = Fx.call(() -> WindowProbe.firstRowCell(probe().jfrHotspots(), "where"));
        assertThat(Fx.call(where::getText)).isEqualTo(hotspots.getFirst().whereBriefly()).doesNotContain("dev.loomscope").startsWith("NativeBlocking.");
        assertThat(Fx.call(() -> dev.loomscope.ui.fx.Tooltips.getText(where))).isEqualTo(hotspots.getFirst().where()).startsWith("dev.loomscope.");
        Fx.run(() -> probe().jfrHotspots().getSelectionModel().select(0));
        assertThat(Fx.call(() -> probe().jfrEvents().stackText())).startsWith("4 pins").contains("java.lang.VirtualThread.parkNanos");
        assertThat(Fx.call(() -> probe().lanes().markedPins())).hasSize(4);
        Fx.waitUntil("the pinned tile counts four", Duration.ofSeconds(5), () -> probe().figure("pinned").startsWith("4 ("));
        RunModel run = window.session().history().getLast();
        Fx.waitUntil("the run's result", Duration.ofSeconds(30), () -> run.result() != null && !window.session().isRunning());
        float[] lanes = run.lanes().occupancy(0, (long) (run.result().elapsedMs() * 1e6), 1, null);
        float pinned = 0;
        for (int lane = 0; lane < run.lanes().laneCount(); lane++) {
            pinned += lanes[lane * dev.loomscope.model.CarrierLanes.KINDS + dev.loomscope.model.CarrierLanes.PINNED];
        }
        assertThat(pinned).as("share of the carriers' time pinned").isGreaterThan(0.3f);

        // The run is over: the view it follows no longer grows. Zoom in around the middle.
        Fx.settle(Fx.call(window::getScene), 5);
        // The view before and after the zoom in one go: a redraw between two calls could refit it to a run's end a late JFR flush moved.
        long[][] views = Fx.call(() -> {
            long[] before = probe().lanes().view();
            probe().lanes().zoom(0.5, probe().lanes().getWidth() / 2);
            return new long[][] {before, probe().lanes().view()};
        });
        long[] whole = views[0];
        long[] zoomed = views[1];
        assertThat(zoomed[1] - zoomed[0]).isCloseTo((whole[1] - whole[0]) / 2, org.assertj.core.data.Percentage.withPercentage(1));
        Fx.run(() -> probe().lanes().pan(100));
        assertThat(Fx.call(() -> probe().lanes().view()[0])).isGreaterThan(zoomed[0]);
        Fx.run(() -> probe().lanes().fitWholeRun());
        Fx.waitUntil("the whole run again", Duration.ofSeconds(5), () -> probe().lanes().view()[0] == 0);
    }

    @Test
    void onStageThePresetsStepByKeyAndPresentationModeEnlargesEverything() throws Exception {
        open(new FakeRunner());
        Fx.waitUntil("the presets listed", Duration.ofSeconds(20), () -> !probe().controlPanel().presetBox().getItems().isEmpty());
        var scene = Fx.call(() -> window.getScene());
        Fx.run(() -> window.presentation().setFullScreen(false));
        // A window opened with nothing chosen starts on the first experiment.
        Fx.waitUntil("the first experiment chosen", Duration.ofSeconds(5), () -> window.controls().presetProperty().get() != null);
        assertThat(Fx.call(() -> window.controls().presetProperty().get().name())).isEqualTo("waiting-10k");
        Fx.run(() -> Fx.press(scene, javafx.scene.input.KeyCode.PAGE_DOWN, false));
        assertThat(Fx.call(() -> window.controls().presetProperty().get().name())).isEqualTo("cpu-48");
        Fx.run(() -> Fx.press(scene, javafx.scene.input.KeyCode.PAGE_DOWN, false));
        assertThat(Fx.call(() -> window.controls().presetProperty().get().name())).isEqualTo("schedulers");
        Fx.run(() -> Fx.press(scene, javafx.scene.input.KeyCode.PAGE_UP, false));
        assertThat(Fx.call(() -> window.controls().presetProperty().get().name())).isEqualTo("cpu-48");
        Fx.run(() -> Fx.press(scene, javafx.scene.input.KeyCode.PAGE_UP, false));
        assertThat(Fx.call(() -> window.controls().presetProperty().get().name())).isEqualTo("waiting-10k");

        double normal = Fx.call(() -> ((javafx.scene.control.Label) probe().figures().lookup(".figure-caption")).getFont().getSize());
        Fx.run(() -> Fx.press(scene, javafx.scene.input.KeyCode.F11, false));
        assertThat(Fx.call(() -> window.presentation().isOn())).isTrue();
        Fx.run(() -> scene.getRoot().applyCss());
        double large = Fx.call(() -> ((javafx.scene.control.Label) probe().figures().lookup(".figure-caption")).getFont().getSize());
        assertThat(large).as("the smallest text in presentation mode, px").isGreaterThanOrEqualTo(18);
        assertThat(large).isGreaterThan(normal * 1.2);
        // On stage the JFR tab stacks its stack trace under the tables and reads only the columns a room can read.
        Fx.run(() -> window.tabs().show("jfr"));
        assertThat(Fx.call(() -> probe().jfrEvents().getOrientation())).isEqualTo(javafx.geometry.Orientation.VERTICAL);
        assertThat(Fx.call(() -> visibleColumns(probe().jfrEvents().table()))).containsExactly("at", "event", "duration", "reason");
        Fx.run(() -> Fx.press(scene, javafx.scene.input.KeyCode.F11, false));
        assertThat(Fx.call(() -> window.presentation().isOn())).isFalse();
        assertThat(Fx.call(() -> probe().jfrEvents().getOrientation())).isEqualTo(javafx.geometry.Orientation.HORIZONTAL);
        assertThat(Fx.call(() -> visibleColumns(probe().jfrEvents().table()))).containsExactly("at", "event", "duration", "carrier", "reason", "operation");

        // "?" shows the shortcuts, Esc hides them without stopping anything.
        Fx.run(() -> javafx.event.Event.fireEvent(scene.getRoot(), new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_TYPED,
                "?", "", javafx.scene.input.KeyCode.UNDEFINED, true, false, false, false)));
        assertThat(Fx.call(() -> window.cards().getFirst().isVisible())).isTrue();
        // A card lies on the window only while it shows (a hidden one's nodes would be walked every frame), the JVM
        // picker not even made until it is first needed; Esc, asking whether the picker shows, does not make it.
        assertThat(Fx.call(() -> window.cards().getFirst().getParent())).isNotNull();
        Fx.run(() -> Fx.press(scene, javafx.scene.input.KeyCode.ESCAPE, false));
        assertThat(Fx.call(() -> window.cards().getFirst().isVisible())).isFalse();
        assertThat(Fx.call(() -> window.cards().getFirst().getParent())).isNull();
        assertThat(Fx.call(() -> window.cards())).as("shortcuts, glossary, task card: no picker").hasSize(3);
        Fx.run(() -> window.picker().show());
        assertThat(Fx.call(() -> window.cards().get(2).getParent())).as("the picker, between the glossary and the task card").isNotNull();
        assertThat(Fx.call(() -> window.cards().get(2).getParent().getChildrenUnmodifiable().indexOf(window.cards().get(2))))
                .as("lying over the window's content, under no card shown after it").isEqualTo(
                        Fx.call(() -> window.cards().get(2).getParent().getChildrenUnmodifiable().size() - 1));
        Fx.run(() -> Fx.press(scene, javafx.scene.input.KeyCode.ESCAPE, false));
        assertThat(Fx.call(() -> window.cards().get(2).getParent())).isNull();
    }

    /** A key pressed in the window, dispatched through the scene as the toolkit would. */
    @Test
    void aWebRunServesEachTaskAsARequestAndPlotsThroughputAgainstItsCeiling() throws Exception {
        open(new FakeRunner());
        Fx.run(() -> {
            var tasks = probe().controlPanel().slider("Tasks");
            while (tasks.value() > 100) {
                tasks.step(-1);
            }
            var pool = probe().controlPanel().slider("Pool size");
            while (pool.value() > 4) {
                pool.step(-1);
            }
            var sleep = probe().controlPanel().slider("Sleep per task");
            while (sleep.value() > 50) {
                sleep.step(-1);
            }
            var connections = probe().controlPanel().slider("Connections");
            while (connections.value() < 20) {
                connections.step(1);
            }
        });
        assertThat(Fx.call(() -> window.controls().connectionsProperty().get())).isEqualTo(20);
        assertThat(Fx.call(() -> probe().webTabShown())).isFalse();
        Fx.run(() -> probe().controlPanel().runButton().fire());
        Fx.waitUntil("fixed(4) and virtual served 100 requests each", Duration.ofSeconds(90), () -> !window.session().isRunning()
                && window.session().history().size() == 2 && window.session().history().getLast().result() != null);
        for (RunModel run : window.session().history()) {
            assertThat(run.result().outcome()).as(run.result().message()).isEqualTo(RunResult.Outcome.COMPLETED);
            assertThat(run.traffic().answered()).isEqualTo(100);
        }
        // The view redraws a run that moved on at most four times a second: wait for its last word on the last run.
        Fx.waitUntil("the Web service tab, with both runs and their ceilings", Duration.ofSeconds(10), () -> probe().webTabShown()
                && probe().webTraffic().throughputChart().getData().size() == 4
                && probe().webTraffic().latencyChart().getData().size() == 4
                && probe().webTraffic().summaryLabel().getText().contains("virtual: 100 / 100 answered"));
        // Ceilings: min(20 connections, 4 workers) / 50 ms = 80 req/s for the pool, 20 / 50 ms = 400 for virtual threads.
        var ceilings = Fx.call(() -> probe().webTraffic().throughputChart().getData().stream()
                .filter(s -> s.getName().startsWith("ceiling")).map(s -> s.getData().getFirst().getYValue().doubleValue()).toList());
        assertThat(ceilings).containsExactly(80.0, 400.0);
        // The rate axis ends on the first mark 5 % past the highest line, its marks at round numbers (half steps of 1, 2, 5 x 10^n):
        // its own ranging ran 1,000 req/s to 1,500.
        // The lines and the axis read in one go, so that no redraw falls between them.
        double[] axis = Fx.call(() -> {
            var rates = (javafx.scene.chart.NumberAxis) probe().webTraffic().throughputChart().getYAxis();
            double top = probe().webTraffic().throughputChart().getData().stream().flatMap(s -> s.getData().stream())
                    .mapToDouble(d -> d.getYValue().doubleValue()).max().orElseThrow();
            return new double[] {top, rates.getLowerBound(), rates.getTickUnit(), rates.getUpperBound()};
        });
        double highest = axis[0];
        assertThat(axis[1]).isZero();
        double mark = axis[2];
        double upper = axis[3];
        assertThat(upper).as("past the highest line by one mark at most").isBetween(highest * 1.05, highest * 1.05 + mark);
        assertThat(upper % mark).as("the axis's end on a mark").isZero();
        assertThat(mark).as("a round step or half of one").matches(m -> dev.loomscope.ui.views.Ticks.niceStep(m) == m
                || dev.loomscope.ui.views.Ticks.niceStep(2 * m) == 2 * m);
        assertThat(highest / mark).as("marks up to the highest line, at most six").isBetween(1.0, 6.0);
        assertThat(Fx.call(() -> probe().webTraffic().summaryLabel().getText()))
                .contains("virtual: 100 / 100 answered").contains("of the ceiling, 20 connections / 0.050 s = 400 req/s)");
    }

    @Test
    void aPresetAsksForGuessesFirstAndComparesThemAfterwardsWithAnExplanation() throws Exception {
        open(new FakeRunner());
        var pinning = dev.loomscope.model.Preset.named("pinning", 2).orElseThrow();
        Fx.run(() -> {
            window.controls().loadPreset(pinning);
            probe().controlPanel().runButton().fire();
        });
        assertThat(Fx.call(() -> probe().predictionBar().isVisible())).isTrue();
        assertThat(window.session().isRunning()).as("nothing runs before the guesses").isFalse();
        assertThat(Fx.call(() -> NodeProbe.lookup(probe().predictionBar(), "#predictionRun", Button.class).isDisabled())).isTrue();
        // One guess picked from the choices, the other typed as a number of ms.
        Fx.run(() -> NodeProbe.lookup(probe().predictionBar(), "#guess0Choice1", ToggleButton.class).setSelected(true));
        assertThat(Fx.call(() -> NodeProbe.lookup(probe().predictionBar(), "#predictionRun", Button.class).isDisabled())).isTrue();
        Fx.run(() -> NodeProbe.lookup(probe().predictionBar(), "#guess1Ms", TextField.class).setText("not a number"));
        assertThat(Fx.call(() -> NodeProbe.lookup(probe().predictionBar(), "#predictionRun", Button.class).isDisabled())).isTrue();
        Fx.run(() -> NodeProbe.lookup(probe().predictionBar(), "#guess1Ms", TextField.class).setText("1000"));
        assertThat(Fx.call(() -> NodeProbe.lookup(probe().predictionBar(), "#predictionRun", Button.class).isDisabled())).isFalse();
        Fx.run(() -> NodeProbe.lookup(probe().predictionBar(), "#predictionRun", Button.class).fire());
        Fx.waitUntil("both runs done and the guesses compared", Duration.ofSeconds(60), () -> !window.session().isRunning()
                && window.session().comparison().size() == 2 && window.session().comparison().getLast().result() != null
                && probe().predictionBar().lookupAll(".prediction-score").size() == 2);
        assertThat(Fx.call(() -> probe().predictionBar().lookupAll(".label").stream()
                .map(n -> ((javafx.scene.control.Label) n).getText()).toList())).contains("you said", "perfect world", "measured", "1.0 s");
        Fx.waitUntil("the explanation of the shown (native) run", Duration.ofSeconds(10),
                () -> probe().explanationText().startsWith("Why: Pinned:"));

        // "Skip, just run" runs at once with no comparison afterwards.
        Fx.run(() -> {
            probe().predictionBar().setVisible(false);
            probe().controlPanel().runButton().fire();
        });
        Fx.run(() -> ((javafx.scene.control.Button) probe().predictionBar().lookupAll(".button").stream()
                .filter(n -> n instanceof javafx.scene.control.Button b && b.getText().startsWith("Skip")).findFirst().orElseThrow()).fire());
        assertThat(Fx.call(() -> probe().predictionBar().isVisible())).isFalse();
        Fx.waitUntil("the skipped runs done", Duration.ofSeconds(60), () -> !window.session().isRunning()
                && window.session().history().size() == 4);
        assertThat(Fx.call(() -> probe().predictionBar().isVisible())).isFalse();
    }

    @Test
    void aSweepRunsEveryPointAndPlotsEachExecutorBesideItsPerfectWorld() throws Exception {
        // In real time, so that the long sweep below is still going when Stop is pressed.
        open(new FakeRunner().paced(1));
        opened.chooseOnly(ExecutorKind.FIXED);
        Fx.run(() -> {
            window.controls().tasksProperty().set(8);
            window.controls().sleepMsProperty().set(20);
            window.tabs().show("sweep");
            probe().sweepView().setRange("pool", 1, 4, 2);
            probe().sweepView().sweepButton().fire();
        });
        Fx.waitUntil("the sweep done", Duration.ofSeconds(60), () -> probe().sweepView().progressText().equals("Done: 2 runs."));
        var series = Fx.call(() -> probe().sweepView().chart().getData().stream().map(s -> s.getName() + "=" + s.getData().size()).toList());
        assertThat(series).containsExactly("fixed=2", "perfect world, fixed=2");
        // A pool of 1 takes 8 waves of 20 ms, a pool of 4 two: the measured curve falls with the pool.
        var measured = Fx.call(() -> probe().sweepView().chart().getData().getFirst().getData().stream().map(d -> d.getYValue().doubleValue()).toList());
        assertThat(measured.getFirst()).isGreaterThan(measured.getLast() * 2);

        Fx.run(() -> probe().sweepView().setRange("pool", 5, 1, 3));
        assertThat(Fx.call(() -> probe().sweepView().sweep())).isFalse();
        assertThat(Fx.call(() -> probe().sweepView().progressText())).isEqualTo("From 5 to 1 is no range: set \"to\" above \"from\".");

        // A long sweep stops with Stop, and says how far it got.
        Fx.run(() -> {
            window.controls().sleepMsProperty().set(500);
            probe().sweepView().setRange("tasks", 2, 20, 10);
        });
        assertThat(Fx.call(() -> probe().sweepView().sweep())).isTrue();
        // Past its first run and with runs to go, whichever run it is on when looked at: on a busy machine a look can miss
        // run 2 whole (half a second).
        Fx.waitUntil("the sweep under way", Duration.ofSeconds(30), () -> {
            var run = java.util.regex.Pattern.compile("Run (\\d+) of 10").matcher(probe().sweepView().progressText());
            return run.lookingAt() && Integer.parseInt(run.group(1)) >= 2 && Integer.parseInt(run.group(1)) <= 8;
        });
        Fx.run(() -> probe().controlPanel().stopButton().fire());
        Fx.waitUntil("the sweep stopped", Duration.ofSeconds(10), () -> probe().sweepView().progressText().startsWith("Stopped after"));
    }

    private static List<String> visibleColumns(javafx.scene.control.TableView<?> table) {
        return table.getColumns().stream().filter(javafx.scene.control.TableColumn::isVisible).map(javafx.scene.control.TableColumn::getText).toList();
    }
}
