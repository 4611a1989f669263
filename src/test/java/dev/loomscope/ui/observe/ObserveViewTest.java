package dev.loomscope.ui.observe;

import static dev.loomscope.ui.observe.ObserveProbe.containers;
import static dev.loomscope.ui.observe.ObserveProbe.figure;
import static dev.loomscope.ui.observe.ObserveProbe.hotspots;
import static dev.loomscope.ui.observe.ObserveProbe.jvmTable;
import static dev.loomscope.ui.observe.ObserveProbe.pickerError;
import static dev.loomscope.ui.observe.ObserveProbe.saving;
import static dev.loomscope.ui.observe.ObserveProbe.stackGroups;
import static dev.loomscope.ui.observe.ObserveProbe.text;
import static dev.loomscope.ui.observe.ObserveProbe.timeline;
import dev.loomscope.ui.WindowTest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.attach.AttachException;
import dev.loomscope.attach.LocalJvm;
import dev.loomscope.attach.LocalJvm.Observability;
import dev.loomscope.model.RunSession;
import dev.loomscope.model.observe.Coverage;
import dev.loomscope.model.observe.Observation;
import dev.loomscope.model.observe.ObservationEnd;
import dev.loomscope.model.observe.ObservedJvm;
import dev.loomscope.model.observe.Pin;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.model.observe.SchedulerSample;
import dev.loomscope.model.observe.ThreadDump;
import dev.loomscope.model.observe.view.ObservationSummary;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.NodeProbe;
import dev.loomscope.ui.WindowProbe;
import dev.loomscope.ui.shell.MainWindow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Observe a running JVM" in the real window on JavaFX's headless platform, over an observation the
 * test writes itself on a clock it sets: the picker, the views of what was observed, Stop and a
 * target that exits, going back to the runs, the exports. Attaching to a real JVM is
 * {@link ObserveEndToEndTest}'s.
 */
@WindowTest(lane = WindowTest.Lane.READING)
class ObserveViewTest {

    private static final ObservedJvm TARGET = new ObservedJvm(4711, "/srv/shop/target/shop.jar", "25.0.3", 25);
    private static final List<LocalJvm> JVMS = List.of(
            new LocalJvm(4711, "/srv/shop/target/shop.jar", "25.0.3", 25, Observability.FULL, ""),
            new LocalJvm(4712, "org.example.Legacy", "17.0.12", 17, Observability.NO_VIRTUAL_THREADS,
                    "JDK 17 has no virtual threads (they came in JDK 21)"),
            new LocalJvm(4713, "dev.loomscope.Main", "25.0.3", 25, Observability.SELF, "this is LoomScope itself"));
    private static final List<String> NATIVE_FRAMES = List.of("java.lang.VirtualThread.parkOnCarrierThread:680",
            "java.lang.Thread.sleep:509", "org.example.Shop.compare:40", "jdk.internal.foreign.abi.UpcallStub.invoke:1 (native)",
            "org.example.Shop.sortPrices:31", "org.example.Shop.handle:20");
    private static final List<String> CLASS_INIT_FRAMES = List.of("java.lang.Thread.sleep:509", "org.example.Prices.<clinit>:12",
            "org.example.Shop.handle:22");

    private final AtomicLong clock = new AtomicLong(1_000_000);
    @RegisterExtension
    final HeadlessWindow opened = new HeadlessWindow();
    private MainWindow window;
    private FakeObserved observed;
    private final List<Long> attachedPids = new CopyOnWriteArrayList<>();
    private volatile String attachFailure;

    /** The observed JVM: the test's observation; dumps, .jfr and stop as the observer would, without a JVM. */
    private final class FakeObserved implements Observed {
        final Observation observation = new Observation(TARGET, clock.get(), clock::get);
        final List<String> calls = new CopyOnWriteArrayList<>();

        @Override
        public Observation observation() {
            return observation;
        }

        @Override
        public ThreadDump takeThreadDump() throws AttachException {
            calls.add("dump on " + Thread.currentThread().getName());
            try {
                // As the observer does: each dump read with the one before it.
                ThreadDump dump = threadDump(observation.nowMs(), observation.threadDump());
                observation.threadDump(dump);
                return dump;
            } catch (IOException e) {
                throw new AttachException("the thread dump failed: " + e.getMessage(), e);
            }
        }

        @Override
        public void saveJfr(Path file) throws IOException {
            calls.add("jfr on " + Thread.currentThread().getName());
            Files.writeString(file, "a recording");
        }

        @Override
        public void stop() {
            calls.add("stop on " + Thread.currentThread().getName());
            observation.end(ObservationEnd.STOPPED, "stopped");
        }
    }

    private static ThreadDump threadDump(long atMs) throws IOException {
        return threadDump(atMs, null);
    }

    private static ThreadDump threadDump(long atMs, ThreadDump before) throws IOException {
        try (var in = ObserveViewTest.class.getResourceAsStream("/dev/loomscope/model/observe/jdk25-thread-dump.json")) {
            return ThreadDump.parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8), atMs, before);
        }
    }

    private MainWindow open() throws Exception {
        observed = new FakeObserved();
        Attacher attacher = new Attacher() {
            @Override
            public List<LocalJvm> list() {
                return JVMS;
            }

            @Override
            public Observed attach(long pid) throws AttachException {
                attachedPids.add(pid);
                if (attachFailure != null) {
                    throw new AttachException(attachFailure);
                }
                return observed;
            }
        };
        window = opened.open(new RunSession(new FakeRunner(), RunOptions.DEFAULT), attacher);
        return window;
    }

    private void press(KeyCodeCombination keys) throws Exception {
        Fx.run(() -> opened.stage().getScene().getAccelerators().get(keys).run());
    }

    private static final KeyCodeCombination OBSERVE = new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);
    private static final KeyCodeCombination DUMP = new KeyCodeCombination(KeyCode.D, KeyCombination.SHORTCUT_DOWN);
    private static final KeyCodeCombination ESC = new KeyCodeCombination(KeyCode.ESCAPE);

    /** Opens the picker, and observes the first JVM as a double-click would. */
    private void observeFromThePicker() throws Exception {
        press(OBSERVE);
        Fx.waitUntil("the picker lists the JVMs", Duration.ofSeconds(10), () -> jvmTable(window).getItems().size() == 3);
        Fx.run(() -> {
            jvmTable(window).getSelectionModel().select(0);
            window.picker().observeSelected();
        });
        Fx.waitUntil("the observation is shown", Duration.ofSeconds(10), () -> window.getCenter() == window.observeView());
    }

    /** A second of a service: 40 virtual threads started and 38 ended, the scheduler read, pins on two carriers. */
    private void writeASecond() {
        Observation o = observed.observation;
        o.coverage(new Coverage(List.of("jdk.VirtualThreadStart (no stack trace)", "jdk.VirtualThreadEnd (no stack trace)",
                "jdk.VirtualThreadPinned (threshold 0 ms, stack trace)", "jdk.VirtualThreadSubmitFailed (stack trace)"), true, true,
                List.of("Mount slices: without probes in the target, which virtual thread ran on which carrier when is not known.")));
        o.aliveBaseline(10);
        for (int i = 0; i < 40; i++) {
            o.virtualThreadStarted(i * 25);
            if (i < 38) {
                o.virtualThreadEnded(i * 25 + 20);
            }
        }
        for (int t = 0; t < 1000; t += 100) {
            o.scheduler(new SchedulerSample(t, 2, 2, 2, t / 100));
        }
        o.pinned(pin(100, 50, "ForkJoinPool-1-worker-1", NATIVE_FRAMES));
        o.pinned(pin(200, 50, "ForkJoinPool-1-worker-2", NATIVE_FRAMES));
        o.pinned(pin(300, 50, "ForkJoinPool-1-worker-1", NATIVE_FRAMES));
        o.pinned(pin(600, 20, "ForkJoinPool-1-worker-2", CLASS_INIT_FRAMES));
        clock.addAndGet(1_000);
    }

    private static Pin pin(long at, double ms, String carrier, List<String> frames) {
        return new Pin(at, ms, 100 + at, carrier, 30, "Native or VM frame on stack", "Thread.sleep", frames);
    }

    @Test
    void thePickerListsTheJvmsGreysThoseThatCannotBeObservedAndSaysWhyAnAttachFailed() throws Exception {
        open();
        press(OBSERVE);
        Fx.waitUntil("the picker lists the JVMs", Duration.ofSeconds(10), () -> jvmTable(window).getItems().size() == 3);
        assertThat(Fx.call(() -> window.picker().isVisible())).isTrue();
        // Selected first: the first JVM that can be observed; the JDK 17 one and LoomScope itself are greyed, with their reason.
        assertThat(Fx.call(() -> jvmTable(window).getSelectionModel().getSelectedItem().pid())).isEqualTo(4711);
        assertThat(JvmPicker.observability(JVMS.get(1))).isEqualTo("no: JDK 17 has no virtual threads (they came in JDK 21)");
        Fx.settle(opened.stage().getScene(), 3);
        assertThat(Fx.call(() -> opened.stage().getScene().getRoot().lookupAll(".table-row-cell").stream()
                .filter(row -> row.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("unobservable"))).count()))
                .isEqualTo(2);
        // Typing filters; Enter on a JVM that cannot be observed says why and attaches to nothing.
        Fx.run(() -> NodeProbe.lookup(window.picker(), "#jvmFilter", TextField.class).setText("17.0"));
        assertThat(Fx.call(() -> jvmTable(window).getItems().stream().map(LocalJvm::pid).toList())).containsExactly(4712L);
        Fx.run(() -> {
            jvmTable(window).getSelectionModel().select(0);
            window.picker().observeSelected();
        });
        assertThat(Fx.call(() -> NodeProbe.lookup(window.picker(), "#jvmPickerStatus", Label.class).getText())).isEqualTo("PID 4712 cannot be observed: JDK 17 has no virtual threads (they came in JDK 21).");
        assertThat(attachedPids).isEmpty();
        // An attach that fails shows the observer's line as it is; the card stays, the window stays on the runs.
        attachFailure = "PID 4711 is not yours: it belongs to another user";
        Fx.run(() -> {
            NodeProbe.lookup(window.picker(), "#jvmFilter", TextField.class).setText("");
            jvmTable(window).getSelectionModel().select(0);
            window.picker().observeSelected();
        });
        Fx.waitUntil("the failure shows", Duration.ofSeconds(10), () -> !pickerError(window).isEmpty());
        assertThat(Fx.call(() -> pickerError(window))).isEqualTo("PID 4711 is not yours: it belongs to another user");
        assertThat(attachedPids).containsExactly(4711L);
        assertThat(Fx.call(() -> window.picker().isVisible() && window.getCenter() != window.observeView())).isTrue();
        // Esc closes the card.
        press(ESC);
        assertThat(Fx.call(() -> window.picker().isVisible())).isFalse();
    }

    @Test
    void theViewsShowWhatWasObserved() throws Exception {
        open();
        observeFromThePicker();
        // The settings and the run views step aside; the picker has gone.
        assertThat(Fx.call(() -> window.getLeft() == null && !window.picker().isVisible())).isTrue();
        writeASecond();
        ObserveView view = Fx.call(window::observeView);
        Fx.waitUntil("the figures", Duration.ofSeconds(10), () -> figure(view, "pins").equals("4"));
        assertThat(Fx.call(() -> List.of(figure(view, "elapsed"), figure(view, "starts"), figure(view, "alive"), figure(view, "mounted"),
                figure(view, "queued"), figure(view, "pinnedMs"), figure(view, "submitFailed"))))
                .containsExactly("1.0 s", "40", "12", "2 / 2", "9", "170 ms", "0");
        assertThat(Fx.call(() -> text(view, "#observeCoverageLine"))).isEqualTo(
                "Enabled: 4 JFR events, scheduler MXBean, thread dumps \u00b7 Not seen: mount slices (What is observed)");
        assertThat(Fx.call(() -> text(view, "#observeCoverage"))).contains("jdk.VirtualThreadPinned (threshold 0 ms, stack trace)",
                "Mount slices: without probes in the target");
        // One lane per carrier that pinned, every kept pin on it.
        Fx.settle(opened.stage().getScene(), 3);
        assertThat(Fx.call(() -> timeline(view).laneCarriers())).containsExactly("ForkJoinPool-1-worker-1", "ForkJoinPool-1-worker-2");
        assertThat(Fx.call(() -> timeline(view).pinsDrawn())).hasSize(4);
        // Hotspots by cost: the native frame's three pins (150 ms) before the class initializer's one (20 ms).
        List<PinHotspot> hotspots = Fx.call(() -> List.copyOf(hotspots(view).getItems()));
        assertThat(hotspots).extracting(PinHotspot::count).containsExactly(3L, 1L);
        assertThat(hotspots.getFirst().firstCallerFrame()).isEqualTo("org.example.Shop.compare:40");
        // Selecting one shows its whole stack and dims the other's pins on the lanes.
        Fx.run(() -> hotspots(view).getSelectionModel().select(1));
        assertThat(Fx.call(() -> NodeProbe.lookup(view, "#hotspotStack", TextArea.class).getText())).contains("1 pins, 20 ms of carrier time", "at org.example.Prices.<clinit>:12");
        var marked = Fx.call(() -> timeline(view).pinsDrawn().stream().filter(timeline(view)::isMarked).map(Pin::timeMs).toList());
        assertThat(marked).containsExactly(600L);
        // A pin clicked shows its stack and reason.
        Pin first = Fx.call(() -> timeline(view).pinsDrawn().getFirst());
        Fx.run(() -> timeline(view).clickPin(first));
        assertThat(Fx.call(() -> NodeProbe.lookup(view, "#hotspotStack", TextArea.class).getText())).startsWith("Pinned 50 ms on ForkJoinPool-1-worker-1 at 100 ms: Native or VM frame on stack during Thread.sleep")
                .contains("at org.example.Shop.sortPrices:31");
        assertThat(Fx.call(() -> timeline(view).tooltipText())).contains("Native or VM frame on stack");
        // A stack keeps its lines as they are; the thread dump's pane, no group chosen, wraps its prompt to its width.
        assertThat(Fx.call(() -> NodeProbe.lookup(view, "#hotspotStack", TextArea.class).isWrapText())).isFalse();
        assertThat(Fx.call(() -> NodeProbe.lookup(view, "#dumpStack", TextArea.class).isWrapText())).isTrue();
    }

    @Test
    void aThreadDumpIsTakenOffTheFxThreadAndShowsStacksAndContainers() throws Exception {
        open();
        observeFromThePicker();
        writeASecond();
        press(DUMP);
        ObserveView view = Fx.call(window::observeView);
        // The dump's view is built when the first dump arrives: until then its table is not there to look at.
        Fx.waitUntil("the thread dump's groups", Duration.ofSeconds(10),
                () -> NodeProbe.find(view, "#dumpGroups", javafx.scene.control.TableView.class).map(table -> !table.getItems().isEmpty()).orElse(false));
        assertThat(observed.calls).anyMatch(call -> call.startsWith("dump on loomscope-observe-"));
        ThreadDump expected = threadDump(0);
        assertThat(Fx.call(() -> stackGroups(view).getItems().size())).isEqualTo(expected.virtualThreadStacks().size());
        assertThat(Fx.call(() -> stackGroups(view).getItems().getFirst().count())).isEqualTo(expected.virtualThreadStacks().getFirst().count());
        assertThat(Fx.call(() -> NodeProbe.lookup(view, "#dumpStack", TextArea.class).getText())).contains(expected.virtualThreadStacks().getFirst().frames().getFirst());
        assertThat(Fx.call(() -> containers(view).getRoot().getValue().name())).isEqualTo(expected.root().name());
        assertThat(Fx.call(() -> containers(view).getRoot().getChildren().size())).isEqualTo(expected.root().children().size());
        assertThat(Fx.call(() -> stackGroups(view).getColumns().get(1).isVisible())).as("a first dump: nothing to compare with").isFalse();

        // A second dump, a second later, is read with the first: the same dump again, so every virtual thread kept its stack.
        String firstAt = dev.loomscope.scenario.Durations.humanMillis(observed.observation.snapshot().threadDump().takenAtMs());
        clock.addAndGet(1_000);
        press(DUMP);
        Fx.waitUntil("the second dump", Duration.ofSeconds(10), () -> NodeProbe.lookup(view, "#dumpSummary", Label.class).getText()
                .endsWith(" virtual threads have the stack they had at " + firstAt + "."));
        assertThat(Fx.call(() -> NodeProbe.lookup(view, "#dumpSummary", Label.class).getText()))
                .contains("%,d of %,d virtual threads".formatted(expected.virtualThreads(), expected.virtualThreads()));
        assertThat(Fx.call(() -> stackGroups(view).getColumns().get(1).getText())).isEqualTo("Same at " + firstAt);
        int first = expected.virtualThreadStacks().getFirst().count();
        assertThat(Fx.call(() -> stackGroups(view).getColumns().get(1).getCellObservableValue(0).getValue())).isEqualTo("%,d of %,d".formatted(first, first));
        // The column that appeared with the second dump writes its figure on the line of the row's others.
        Fx.settle(opened.stage().getScene(), 3);
        assertThat(Fx.call(() -> textMiddleY(stackGroups(view), 1) - textMiddleY(stackGroups(view), 0))).isCloseTo(0.0, org.assertj.core.api.Assertions.within(1.0));
    }

    /** Where the text of the first row's cell in {@code column} is, halfway down, in the scene. */
    private static double textMiddleY(javafx.scene.control.TableView<?> table, int column) {
        var wanted = table.getColumns().get(column);
        return table.lookupAll(".table-cell").stream()
                .map(node -> (javafx.scene.control.TableCell<?, ?>) node)
                .filter(cell -> cell.getIndex() == 0 && cell.getTableColumn() == wanted && cell.isVisible())
                .map(cell -> cell.lookup(".text"))
                .mapToDouble(text -> {
                    var bounds = text.localToScene(text.getBoundsInLocal());
                    return (bounds.getMinY() + bounds.getMaxY()) / 2;
                })
                .findFirst().orElseThrow();
    }

    @Test
    void stopKeepsTheDataAndATargetThatExitsSaysSo() throws Exception {
        open();
        var lanesBefore = Fx.call(() -> new WindowProbe(window).lanes());
        observeFromThePicker();
        writeASecond();
        ObserveView view = Fx.call(window::observeView);
        Fx.waitUntil("the pins", Duration.ofSeconds(10), () -> figure(view, "pins").equals("4"));
        press(ESC);
        Fx.waitUntil("stopped", Duration.ofSeconds(10), () -> text(view, "#observeState").startsWith("Stopped after 1.0 s"));
        assertThat(observed.calls).anyMatch(call -> call.startsWith("stop on loomscope-observe-"));
        assertThat(Fx.call(() -> figure(view, "pins") + " " + NodeProbe.lookup(view, "#observeStop", Button.class).isDisabled() + " " + (window.getCenter() == view)))
                .isEqualTo("4 true true");
        // The clock stops with the observation.
        clock.addAndGet(5_000);
        Fx.settle(opened.stage().getScene(), 10);
        assertThat(Fx.call(() -> figure(view, "elapsed"))).isEqualTo("1.0 s");

        // Observing again (another JVM, here the same one afresh): a target that exits mid-stream ends it with its message.
        observed = new FakeObserved();
        Fx.run(() -> window.observing().attach(4711));
        Fx.waitUntil("the new observation", Duration.ofSeconds(10), () -> figure(view, "pins").equals("0"));
        writeASecond();
        observed.observation.end(ObservationEnd.TARGET_EXITED, "PID 4711 exited after 1.0 s; the data until then is kept");
        Fx.waitUntil("the end message", Duration.ofSeconds(10), () -> text(view, "#observeState").equals("PID 4711 exited after 1.0 s; the data until then is kept."));
        assertThat(Fx.call(() -> figure(view, "pins") + " " + hotspots(view).getItems().size())).isEqualTo("4 2");
        // Back to the runs (the button, or Run once it has ended): the run views as they were.
        Fx.run(() -> window.observing().close());
        Fx.waitUntil("the runs are back", Duration.ofSeconds(10), () -> window.getCenter() != view && window.getLeft() != null);
        assertThat(Fx.call(() -> new WindowProbe(window).lanes())).isSameAs(lanesBefore);
        assertThat(Fx.call(() -> new WindowProbe(window).controlPanel().isVisible())).isTrue();
    }

    @Test
    void theSummaryAndTheRecordingAreExportedAndAPictureIsTaken(@TempDir Path dir) throws Exception {
        open();
        observeFromThePicker();
        writeASecond();
        ObserveView view = Fx.call(window::observeView);
        Fx.waitUntil("the pins", Duration.ofSeconds(10), () -> figure(view, "pins").equals("4"));
        Path json = dir.resolve("observation.json");
        Path csv = dir.resolve("observation.csv");
        Path jfr = dir.resolve("observation.jfr");
        Fx.call(() -> saving(window).saveSummary(json, false)).get();
        Fx.call(() -> saving(window).saveSummary(csv, true)).get();
        Fx.call(() -> saving(window).saveJfr(jfr)).get();
        var fields = new com.fasterxml.jackson.databind.ObjectMapper().readTree(Files.readString(json));
        var names = new ArrayList<String>();
        fields.fieldNames().forEachRemaining(names::add);
        assertThat(names).isEqualTo(ObservationSummary.FIELDS);
        assertThat(fields.path("pid").asLong()).isEqualTo(4711);
        assertThat(fields.path("pinnedEvents").asLong()).isEqualTo(4);
        assertThat(fields.path("pinHotspots").get(0).path("count").asLong()).isEqualTo(3);
        assertThat(fields.path("threadDumpVirtualThreads").isNull()).isTrue();
        assertThat(Files.readAllLines(csv).getFirst()).isEqualTo(String.join(",", ObservationSummary.FIELDS));
        assertThat(Files.readString(jfr)).isEqualTo("a recording");
        assertThat(observed.calls).anyMatch(call -> call.startsWith("jfr on loomscope-observe-"));
        // A picture of the observation, with its card stamped.
        Fx.run(() -> window.exports().setStampRunCard(true));
        var picture = Fx.call(() -> window.exports().picture("observation", 1));
        assertThat(picture.getWidth()).isGreaterThan(500);
        Path png = dir.resolve("observation.png");
        Fx.call(() -> window.exports().savePicture("observation timeline", png, 1)).get();
        assertThat(Files.size(png)).isGreaterThan(1000);
        // A file that cannot be written is explained, with nothing left behind.
        Path nowhere = dir.resolve("missing/observation.jfr");
        Fx.run(() -> saving(window).saveJfr(nowhere));
        Fx.waitUntil("the banner explains", Duration.ofSeconds(10), () -> window.bannerMessage() != null);
        assertThat(Fx.call(window::bannerMessage)).contains("Could not write " + nowhere, "does not exist");
        assertThat(Files.exists(dir.resolve("missing"))).isFalse();
    }

    @Test
    void aJdkWithoutTheSchedulerMXBeanSaysWhatIsMissingWhereTheCarriersWouldBe() throws Exception {
        open();
        observeFromThePicker();
        String missing = "Carrier occupancy: JDK 21 has no scheduler MXBean (it came in JDK 24): no mounted, queued or pool size.";
        observed.observation.coverage(new Coverage(List.of("jdk.VirtualThreadPinned (threshold 0 ms, stack trace)"), false, true,
                List.of(missing)));
        ObserveView view = Fx.call(window::observeView);
        Fx.waitUntil("the coverage", Duration.ofSeconds(10), () -> text(view, "#observeCoverageLine").contains("Not seen: carrier occupancy"));
        assertThat(ObserveTexts.schedulerMissing(observed.observation.snapshot())).isEqualTo(missing);
        assertThat(Fx.call(() -> figure(view, "mounted") + " " + figure(view, "queued"))).isEqualTo("\u2013 \u2013");
    }
}
