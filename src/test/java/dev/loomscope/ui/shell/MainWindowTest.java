package dev.loomscope.ui.shell;

import dev.loomscope.testing.StartedFirst;

import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.NodeProbe;
import dev.loomscope.ui.WindowProbe;
import dev.loomscope.ui.export.WindowExports;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.result.RunResult;
import dev.loomscope.launcher.Runner;
import dev.loomscope.testing.TestJvms;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.ui.export.ClipRecorder;
import dev.loomscope.ui.export.ReplayClip;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.RunSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

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
        return open(new RunSession(runner, RunOptions.DEFAULT));
    }

    private MainWindow open(RunSession session) throws Exception {
        window = opened.open(session, null);
        // The views must show each test's run itself: the slow-motion playback after short runs has a test of its own.
        Fx.run(() -> window.state().setPlaybackAfterRuns(false));
        // The tabs behind the first and the cards join the scene once the first frame is on screen, as a user first sees them.
        Fx.waitUntil("the window's first frame", Duration.ofSeconds(10), () -> window.firstFrameShown());
        return window;
    }

    /** The measured figures the speaker notes quote, as shown. */
    private static List<String> notesFigures(dev.loomscope.ui.presentation.SpeakerNotesWindow notes) {
        return notes.lookupAll(".notes-figure").stream().map(label -> ((javafx.scene.control.Label) label).getText()).toList();
    }

    /** Leaves only {@code kind} ticked, as a click on each box would. */
    private void chooseOnly(ExecutorKind kind) throws Exception {
        Fx.run(() -> {
            for (ExecutorKind each : ExecutorKind.values()) {
                var box = probe().controlPanel().executorBox(each);
                if (box.isSelected() != (each == kind)) {
                    box.fire();
                }
            }
        });
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
    }

    /** At 980x720 the settings scroll; Run and Stop stay whole below them, however the panel is scrolled. */
    @Test
    void runAndStopAreWholeOnScreenWhateverTheSettingsScroll() throws Exception {
        open(new FakeRunner());
        var scroll = Fx.call(() -> {
            javafx.scene.Node node = probe().controlPanel();
            while (!(node instanceof javafx.scene.control.ScrollPane)) {
                node = node.getParent();
            }
            return (javafx.scene.control.ScrollPane) node;
        });
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
        chooseOnly(ExecutorKind.VIRTUAL);
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
                && window.getScene().lookup("#lifecycleCard").isVisible() && window.lookup(".followed-task").isVisible());
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
        Fx.waitUntil("the card gone", Duration.ofSeconds(5), () -> !window.getScene().lookup("#lifecycleCard").isVisible());
    }

    @Test
    void movingTheTaskSliderAndRunningShowsEveryTaskCompleted() throws Exception {
        open(TestJvms.runner());
        chooseOnly(ExecutorKind.VIRTUAL);
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
        Fx.waitUntil("the history lists the run", Duration.ofSeconds(5), () -> probe().history().list().getItems().contains(run));
        Fx.waitUntil("the status bar says how long it took", Duration.ofSeconds(5), () -> probe().statusText().contains("took"));
        assertThat(Fx.call(() -> probe().controlPanel().runButton().isDisabled())).isFalse();
        assertThat(run.states()).containsOnly(dev.loomscope.model.TaskState.DONE);
        // Every task mounted on a carrier at least once (start) and again after its sleep.
        assertThat(run.lanes().segmentCount()).isGreaterThanOrEqualTo(400);
    }

    @Test
    void withAnimationOffTheViewsStayStillUntilTheRunEndsThenShowIt() throws Exception {
        var runner = new FakeRunner().holdingAt(0.5);
        open(runner);
        chooseOnly(ExecutorKind.FIXED);
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
        chooseOnly(ExecutorKind.SINGLE);
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
        assertThat(Fx.call(() -> probe().controlPanel().runButton().isDisabled())).isFalse();
        assertThat(Fx.call(() -> probe().controlPanel().stopButton().isDisabled())).isTrue();
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
    }

    @Test
    void aRunnerThatFailsShowsWhyAndTheWindowStaysUsable() throws Exception {
        open(new Runner(new JvmLauncher(List.of(), List.of("-XX:+NoSuchFlagAnywhere"))));
        chooseOnly(ExecutorKind.VIRTUAL);
        Fx.run(() -> probe().controlPanel().runButton().fire());
        Fx.waitUntil("a problem banner", Duration.ofSeconds(30), () -> window.bannerMessage() != null);
        assertThat(Fx.call(window::bannerMessage)).contains("#1 virtual").contains("NoSuchFlagAnywhere");
        assertThat(window.session().history().getLast().result().outcome()).isEqualTo(RunResult.Outcome.FAILED);
        assertThat(Fx.call(() -> probe().controlPanel().runButton().isDisabled())).isFalse();
    }

    @Test
    void settingsThatCannotRunDisableRunAndSayWhy() throws Exception {
        open(new FakeRunner());
        chooseOnly(ExecutorKind.SINGLE);
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
        chooseOnly(ExecutorKind.VIRTUAL);
        Fx.run(() -> {
            window.controls().tasksProperty().set(4);
            window.controls().sleepMsProperty().set(50);
            window.controls().blockingProperty().set(dev.loomscope.scenario.BlockingMode.NATIVE);
            probe().controlPanel().runButton().fire();
        });
        // JFR flushes once a second: the pins arrive after the run.
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
        long[] whole = Fx.call(() -> probe().lanes().view());
        long[] zoomed = Fx.call(() -> {
            probe().lanes().zoom(0.5, probe().lanes().getWidth() / 2);
            return probe().lanes().view();
        });
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
        Fx.run(() -> press(scene, javafx.scene.input.KeyCode.PAGE_DOWN));
        assertThat(Fx.call(() -> window.controls().presetProperty().get().name())).isEqualTo("cpu-48");
        Fx.run(() -> press(scene, javafx.scene.input.KeyCode.PAGE_DOWN));
        assertThat(Fx.call(() -> window.controls().presetProperty().get().name())).isEqualTo("schedulers");
        Fx.run(() -> press(scene, javafx.scene.input.KeyCode.PAGE_UP));
        assertThat(Fx.call(() -> window.controls().presetProperty().get().name())).isEqualTo("cpu-48");
        Fx.run(() -> press(scene, javafx.scene.input.KeyCode.PAGE_UP));
        assertThat(Fx.call(() -> window.controls().presetProperty().get().name())).isEqualTo("waiting-10k");

        double normal = Fx.call(() -> ((javafx.scene.control.Label) probe().figures().lookup(".figure-caption")).getFont().getSize());
        Fx.run(() -> press(scene, javafx.scene.input.KeyCode.F11));
        assertThat(Fx.call(() -> window.presentation().isOn())).isTrue();
        Fx.run(() -> scene.getRoot().applyCss());
        double large = Fx.call(() -> ((javafx.scene.control.Label) probe().figures().lookup(".figure-caption")).getFont().getSize());
        assertThat(large).as("the smallest text in presentation mode, px").isGreaterThanOrEqualTo(18);
        assertThat(large).isGreaterThan(normal * 1.2);
        // On stage the JFR tab stacks its stack trace under the tables and reads only the columns a room can read.
        assertThat(Fx.call(() -> probe().jfrEvents().getOrientation())).isEqualTo(javafx.geometry.Orientation.VERTICAL);
        assertThat(Fx.call(() -> visibleColumns(probe().jfrEvents().table()))).containsExactly("at", "event", "duration", "reason");
        Fx.run(() -> press(scene, javafx.scene.input.KeyCode.F11));
        assertThat(Fx.call(() -> window.presentation().isOn())).isFalse();
        assertThat(Fx.call(() -> probe().jfrEvents().getOrientation())).isEqualTo(javafx.geometry.Orientation.HORIZONTAL);
        assertThat(Fx.call(() -> visibleColumns(probe().jfrEvents().table()))).containsExactly("at", "event", "duration", "carrier", "reason", "operation");

        // "?" shows the shortcuts, Esc hides them without stopping anything.
        Fx.run(() -> javafx.event.Event.fireEvent(scene.getRoot(), new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_TYPED,
                "?", "", javafx.scene.input.KeyCode.UNDEFINED, true, false, false, false)));
        assertThat(Fx.call(() -> window.cards().getFirst().isVisible())).isTrue();
        Fx.run(() -> press(scene, javafx.scene.input.KeyCode.ESCAPE));
        assertThat(Fx.call(() -> window.cards().getFirst().isVisible())).isFalse();
    }

    /** A key pressed in the window, dispatched through the scene as the toolkit would. */
    private static void press(javafx.scene.Scene scene, javafx.scene.input.KeyCode key) {
        javafx.event.Event.fireEvent(scene.getRoot(), new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_PRESSED,
                "", "", key, false, false, false, false));
    }

    @Test
    void eachViewExportsAsAPictureWithItsRunCardAndTheResultsAsCsvAndJson(@TempDir Path dir) throws Exception {
        open(new RunSession(new FakeRunner(), RunOptions.DEFAULT, Files.createDirectories(dir.resolve("jfr"))));
        chooseOnly(ExecutorKind.VIRTUAL);
        Fx.run(() -> {
            window.controls().tasksProperty().set(100);
            window.controls().sleepMsProperty().set(20);
            probe().controlPanel().runButton().fire();
        });
        // Settled: the run done, its explanation shown (which moves the views down a line).
        Fx.waitUntil("the run done", Duration.ofSeconds(60), () -> !window.session().isRunning()
                && probe().figure("completed").equals("100 / 100") && !probe().explanationText().isEmpty());
        Fx.settle(Fx.call(window::getScene), 5);

        Path plain = dir.resolve("waves.png");
        Fx.call(() -> window.exports().savePicture("task waves", plain, 2)).get();
        Path stamped = dir.resolve("waves-card.png");
        Fx.run(() -> window.exports().setStampRunCard(true));
        Fx.call(() -> window.exports().savePicture("task waves", stamped, 2)).get();
        var a = javax.imageio.ImageIO.read(plain.toFile());
        var b = javax.imageio.ImageIO.read(stamped.toFile());
        double viewWidth = Fx.call(() -> window.lookup(".task-waves").getParent().getParent().getLayoutBounds().getWidth());
        assertThat(a.getWidth()).isEqualTo((int) Math.ceil(2 * viewWidth));
        assertThat(b.getWidth()).isEqualTo(a.getWidth());
        // The card sits in the bottom-right corner: there the pictures differ, at the top-left they do not.
        assertThat(differingPixels(a, b, a.getWidth() - 300, a.getHeight() - 150, 280, 130)).isGreaterThan(500);
        assertThat(differingPixels(a, b, 0, 0, 200, 40)).isZero();
        for (String view : List.of("window", "carrier lanes", "charts")) {
            Path png = dir.resolve(view.replace(' ', '-') + ".png");
            Fx.call(() -> window.exports().savePicture(view, png, 1)).get();
            assertThat(javax.imageio.ImageIO.read(png.toFile()).getWidth()).as(view).isGreaterThan(200);
        }

        Path csv = dir.resolve("results.csv");
        Fx.call(() -> window.exports().saveResults(csv, true)).get();
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.getFirst()).startsWith("executor,label,outcome,message,tasks,");
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1)).startsWith("virtual,virtual,completed,");
        Path json = dir.resolve("results.json");
        Fx.call(() -> window.exports().saveResults(json, false)).get();
        var parsed = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.toFile());
        assertThat(parsed.isArray()).isTrue();
        assertThat(parsed.get(0).get("tasks").asInt()).isEqualTo(100);
        assertThat(parsed.get(0).get("elapsedMs").asDouble()).isPositive();

        Path trace = dir.resolve("trace.json");
        Fx.call(() -> window.exports().saveTimeline(trace, WindowExports.Timeline.PERFETTO)).get();
        var events = new com.fasterxml.jackson.databind.ObjectMapper().readTree(trace.toFile()).get("traceEvents");
        assertThat(events.findValuesAsText("ph")).contains("X", "M");
        Path timeline = dir.resolve("timeline.csv");
        Fx.call(() -> window.exports().saveTimeline(timeline, WindowExports.Timeline.CSV)).get();
        assertThat(Files.readAllLines(timeline)).hasSize(1 + 100 * 5).first().isEqualTo("time_ms,task,event,thread,carrier");

        Path jfr = dir.resolve("run.jfr");
        Fx.call(() -> window.exports().saveJfr(jfr)).get();
        var names = new java.util.HashSet<String>();
        for (var event : jdk.jfr.consumer.RecordingFile.readAllEvents(jfr)) {
            names.add(event.getEventType().getName());
        }
        assertThat(names).contains("dev.loomscope.ClockMark", "jdk.VirtualThreadStart");
        // The window's runs cost what the command line's do: no per-mount events of our own.
        assertThat(names).doesNotContain("dev.loomscope.Mount");

        Path nowhere = dir.resolve("missing").resolve("results.csv");
        Fx.run(() -> window.exports().saveResults(nowhere, true));
        Fx.waitUntil("the banner explains", Duration.ofSeconds(10), () -> window.bannerMessage() != null);
        assertThat(Fx.call(window::bannerMessage)).contains("Could not write").contains("does not exist");

        // A full disk (a link to /dev/full): the banner names the file and the reason; nothing is left beside it.
        if (Files.exists(Path.of("/dev/full"))) {
            Path full = Files.createSymbolicLink(dir.resolve("full.json"), Path.of("/dev/full"));
            Fx.run(() -> window.exports().saveResults(full, false));
            Fx.waitUntil("the banner says the disk is full", Duration.ofSeconds(10),
                    () -> String.valueOf(window.bannerMessage()).contains("no space left"));
            assertThat(Fx.call(window::bannerMessage)).isEqualTo("Could not write " + full + ": no space left on device.");
            try (var left = Files.list(dir)) {
                assertThat(left.map(p -> p.getFileName().toString())).noneMatch(name -> name.endsWith(".part"));
            }
        }
    }

    private static int differingPixels(java.awt.image.BufferedImage a, java.awt.image.BufferedImage b, int x0, int y0, int w, int h) {
        int differing = 0;
        for (int y = Math.max(0, y0); y < Math.min(a.getHeight(), y0 + h); y++) {
            for (int x = Math.max(0, x0); x < Math.min(a.getWidth(), x0 + w); x++) {
                if (a.getRGB(x, y) != b.getRGB(x, y)) {
                    differing++;
                }
            }
        }
        return differing;
    }

    @Test
    void aCpuBoundRunKeepsTheWindowStillButForItsClockThenPlaysItselfBackInSlowMotion() throws Exception {
        var runner = new FakeRunner().holdingAt(0.5);
        open(runner);
        Fx.run(() -> window.state().setPlaybackAfterRuns(true));
        chooseOnly(ExecutorKind.FIXED);
        // 20 tasks of 50 ms computing on a pool of 2: CPU-bound, so the run gets both cores and the window only ticks its clock.
        Fx.run(() -> {
            window.controls().tasksProperty().set(20);
            window.controls().poolProperty().set(2);
            window.controls().sleepMsProperty().set(0);
            window.controls().cpuMsProperty().set(50);
            probe().controlPanel().runButton().fire();
        });
        Fx.waitUntil("tasks done in the runner while the views keep still and the clock ticks", Duration.ofSeconds(60), () -> {
            RunModel current = window.session().current();
            return current != null && current.figures(System.nanoTime()).completed() >= 4 && probe().completionSeriesCount() == 0
                    && !probe().figure("elapsed").equals("–") && probe().statusText().contains("keeps still");
        });
        // Still, the window leaves JavaFX's 60 pulses a second for a slow tick, and its clock still moves on it.
        assertThat(Fx.call(window::ticksSlowly)).isTrue();
        String clock = Fx.call(() -> probe().figure("elapsed"));
        Fx.waitUntil("the clock moving on the slow tick", Duration.ofSeconds(5), () -> !probe().figure("elapsed").equals(clock));
        runner.release();
        Fx.waitUntil("the run played back once it ended", Duration.ofSeconds(30),
                () -> !window.session().isRunning() && window.playback().isActive() && probe().statusText().contains("here it is again"));
        assertThat(Fx.call(() -> window.playback().replay().replica().scenario())).isEqualTo(window.session().history().getLast().scenario());
        Fx.waitUntil("the playback at its end, every task done", Duration.ofSeconds(30), () -> !window.playback().isPlaying()
                && probe().figure("completed").equals("20 / 20") && probe().completionSeriesCount() > 0);
        assertThat(Fx.call(window::ticksSlowly)).as("back to every frame once the run ended").isFalse();
    }

    @Test
    void aRunsReplayRecordsAsALoopingGifStepByStepAndAsPngFrames(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        open(new FakeRunner());
        chooseOnly(ExecutorKind.FIXED);
        Fx.run(() -> {
            window.controls().tasksProperty().set(40);
            window.controls().poolProperty().set(4);
            window.controls().sleepMsProperty().set(20);
            probe().controlPanel().runButton().fire();
        });
        Fx.waitUntil("the run done", Duration.ofSeconds(60), () -> !window.session().isRunning()
                && probe().figure("completed").equals("40 / 40"));
        double runMs = Fx.call(() -> window.session().history().getLast().result().elapsedMs());

        Path gif = dir.resolve("waves.gif");
        Path saved = Fx.call(() -> ReplayClip.record(window.exports(), window.playback(), window.replays()::replay, "task waves", gif,
                ClipRecorder.Format.GIF)).get(60, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(saved).isEqualTo(gif.toAbsolutePath());
        assertThat(dir.resolve("waves.gif.part")).doesNotExist();
        var reader = javax.imageio.ImageIO.getImageReadersByFormatName("gif").next();
        reader.setInput(javax.imageio.ImageIO.createImageInputStream(gif.toFile()));
        int frames = reader.getNumImages(true);
        double wavesWidth = Fx.call(() -> window.lookup(".task-waves").getParent().getParent().getLayoutBounds().getWidth());
        assertThat(reader.getWidth(0)).as("the view, at 1x").isEqualTo((int) Math.ceil(wavesWidth));
        // One frame per 100 ms of clip, each 100 ms x the speed into the run: the waves change from one to the next.
        double speed = Fx.call(() -> window.playback().speed());
        int steps = (int) Math.ceil(runMs / (ClipRecorder.FRAME_MS * speed));
        // A step that changed nothing lengthens the frame before: the clip's time, not its frame count, is one step per 100 ms.
        long clipMs = 0;
        for (int i = 0; i < frames; i++) {
            var tree = (javax.imageio.metadata.IIOMetadataNode) reader.getImageMetadata(i).getAsTree("javax_imageio_gif_image_1.0");
            clipMs += 10L * Integer.parseInt(((javax.imageio.metadata.IIOMetadataNode) tree.getElementsByTagName("GraphicControlExtension").item(0))
                    .getAttribute("delayTime"));
        }
        assertThat(frames).as("the waves change as the replay moves").isBetween(2, steps + 2);
        assertThat(clipMs).as("%d steps of a %.0f ms run at %.2fx", steps, runMs, speed)
                .isBetween((steps - 1) * ClipRecorder.FRAME_MS, (steps + 3) * ClipRecorder.FRAME_MS);
        assertThat(Fx.call(() -> window.playback().positionMs())).as("replayed to its end").isEqualTo(runMs, org.assertj.core.data.Offset.offset(1.0));

        // The same as PNG frames at a constant rate, in a folder that appears whole; a folder with files in it is refused.
        Fx.run(() -> window.playback().hide());
        Path folder = dir.resolve("frames");
        Fx.call(() -> ReplayClip.record(window.exports(), window.playback(), window.replays()::replay, "window", folder,
                ClipRecorder.Format.PNG_SEQUENCE)).get(60, java.util.concurrent.TimeUnit.SECONDS);
        try (var pngs = Files.list(folder)) {
            assertThat(pngs.map(p -> p.getFileName().toString()).sorted().toList()).hasSizeGreaterThan(steps / 2).first().isEqualTo("frame-00000.png");
        }
        assertThat(javax.imageio.ImageIO.read(folder.resolve("frame-00000.png").toFile()).getWidth()).isLessThanOrEqualTo(ClipRecorder.MAX_WIDTH);
        Fx.run(() -> window.playback().hide());
        var refused = Fx.call(() -> ReplayClip.record(window.exports(), window.playback(), window.replays()::replay, "window", folder,
                ClipRecorder.Format.PNG_SEQUENCE));
        assertThatThrownBy(() -> refused.get(60, java.util.concurrent.TimeUnit.SECONDS)).hasMessageContaining("choose a new or empty folder");
        Fx.waitUntil("the banner says why", Duration.ofSeconds(10), () -> window.bannerMessage() != null);
        assertThat(Fx.call(() -> window.exports().clips().isRecording())).isFalse();
    }

    @Test
    void aLiveClipRecordsUntilStoppedAndAMissingFolderIsSaidPlainly(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        open(new FakeRunner());
        Path gif = dir.resolve("window.gif");
        var saving = Fx.call(() -> window.exports().recordClip("window", gif, ClipRecorder.Format.GIF));
        assertThat(Fx.call(() -> probe().statusText())).contains("Recording the window").contains("Ctrl+Shift+R");
        Fx.settle(Fx.call(window::getScene), 20);
        Fx.run(() -> window.exports().toggleQuickClip()); // the key stops a recording under way
        assertThat(saving.get(30, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(gif.toAbsolutePath());
        assertThat(javax.imageio.ImageIO.read(gif.toFile()).getWidth()).isEqualTo(980);

        var nowhere = Fx.call(() -> window.exports().recordClip("window", dir.resolve("missing").resolve("x.gif"), ClipRecorder.Format.GIF));
        Fx.settle(Fx.call(window::getScene), 5);
        assertThatThrownBy(() -> nowhere.get(30, java.util.concurrent.TimeUnit.SECONDS)).hasMessageContaining("does not exist");
        Fx.waitUntil("the banner says why", Duration.ofSeconds(10), () -> window.bannerMessage() != null);
        assertThat(Fx.call(window::bannerMessage)).contains("Could not write").contains("missing");
        assertThat(Fx.call(() -> window.exports().clips().isRecording())).isFalse();
    }

    @Test
    void aFinishedRunReplaysInSlowMotionInEveryView() throws Exception {
        open(new FakeRunner());
        chooseOnly(ExecutorKind.FIXED);
        Fx.run(() -> {
            window.controls().tasksProperty().set(20);
            window.controls().poolProperty().set(4);
            window.controls().sleepMsProperty().set(20);
            probe().controlPanel().runButton().fire();
        });
        Fx.waitUntil("the run done", Duration.ofSeconds(60), () -> !window.session().isRunning()
                && probe().figure("completed").equals("20 / 20"));
        var scene = Fx.call(() -> window.getScene());
        Fx.run(() -> javafx.event.Event.fireEvent(scene.getRoot(), new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_PRESSED,
                "", "", javafx.scene.input.KeyCode.P, false, true, false, false)));
        Fx.waitUntil("the replay prepared and showing", Duration.ofSeconds(10), () -> window.playback().isActive());
        // Paused half-way through, every view shows the run part-way.
        Fx.run(() -> {
            window.playback().setPlaying(false);
            window.playback().scrubTo(window.playback().durationMs() / 2);
        });
        Fx.waitUntil("the replay part-way", Duration.ofSeconds(10), () -> {
            String completed = probe().figure("completed");
            return completed.endsWith("/ 20") && !completed.equals("20 / 20") && !completed.startsWith("0 ");
        });
        Fx.run(() -> window.playback().setPlaying(true));
        Fx.run(() -> window.playback().setSpeed(2.0));
        Fx.waitUntil("the replay at its end", Duration.ofSeconds(20), () -> !window.playback().isPlaying()
                && probe().figure("completed").equals("20 / 20"));
        assertThat(Fx.call(() -> window.playback().replay().replica().states()))
                .isEqualTo(window.session().history().getLast().states());
        Fx.run(() -> press(scene, javafx.scene.input.KeyCode.ESCAPE));
        assertThat(Fx.call(() -> window.playback().isActive())).isFalse();
    }

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
        Fx.waitUntil("the Web service tab, with both runs and their ceilings", Duration.ofSeconds(10), () -> probe().webTabShown()
                && probe().webTraffic().throughputChart().getData().size() == 4
                && probe().webTraffic().latencyChart().getData().size() == 4);
        // Ceilings: min(20 connections, 4 workers) / 50 ms = 80 req/s for the pool, 20 / 50 ms = 400 for virtual threads.
        var ceilings = Fx.call(() -> probe().webTraffic().throughputChart().getData().stream()
                .filter(s -> s.getName().startsWith("ceiling")).map(s -> s.getData().getFirst().getYValue().doubleValue()).toList());
        assertThat(ceilings).containsExactly(80.0, 400.0);
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
        chooseOnly(ExecutorKind.FIXED);
        Fx.run(() -> {
            window.controls().tasksProperty().set(8);
            window.controls().sleepMsProperty().set(20);
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
        assertThat(Fx.call(() -> probe().sweepView().progressText())).contains("a range that grows");

        // A long sweep stops with Stop, and says how far it got.
        Fx.run(() -> {
            window.controls().sleepMsProperty().set(500);
            probe().sweepView().setRange("tasks", 2, 20, 10);
        });
        assertThat(Fx.call(() -> probe().sweepView().sweep())).isTrue();
        Fx.waitUntil("the sweep under way", Duration.ofSeconds(30), () -> probe().sweepView().progressText().startsWith("Run 2 of 10"));
        Fx.run(() -> probe().controlPanel().stopButton().fire());
        Fx.waitUntil("the sweep stopped", Duration.ofSeconds(10), () -> probe().sweepView().progressText().startsWith("Stopped after"));
    }

    @Test
    void aScreenshotIsAPngOfTheWindowAndAnUnwritableFileIsExplained(@TempDir Path dir) throws Exception {
        open(new FakeRunner());
        Path png = dir.resolve("window.png");
        Fx.call(() -> window.exports().saveScreenshot(png, 2, saved -> {})).get();
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes).startsWith(0x89, 'P', 'N', 'G');
        var image = javax.imageio.ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(1960);

        Path nowhere = dir.resolve("missing-folder").resolve("window.png");
        Fx.run(() -> window.exports().saveScreenshot(nowhere, 1, saved -> {}));
        Fx.waitUntil("the banner explains", Duration.ofSeconds(10), () -> window.bannerMessage() != null);
        assertThat(Fx.call(window::bannerMessage)).contains("Could not write").contains("missing-folder").contains("does not exist");
        assertThat(Files.exists(nowhere)).isFalse();
    }

    private static List<String> visibleColumns(javafx.scene.control.TableView<?> table) {
        return table.getColumns().stream().filter(javafx.scene.control.TableColumn::isVisible).map(javafx.scene.control.TableColumn::getText).toList();
    }
}
