package dev.loomscope.ui.observe;

import static dev.loomscope.ui.observe.ObserveProbe.containers;
import static dev.loomscope.ui.observe.ObserveProbe.figure;
import static dev.loomscope.ui.observe.ObserveProbe.hotspots;
import static dev.loomscope.ui.observe.ObserveProbe.jvmTable;
import static dev.loomscope.ui.observe.ObserveProbe.saving;
import static dev.loomscope.ui.observe.ObserveProbe.text;
import static dev.loomscope.ui.observe.ObserveProbe.timeline;
import dev.loomscope.ui.WindowTest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.RunSession;
import dev.loomscope.model.observe.ObservationEnd;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.testing.ObservedProgram;
import dev.loomscope.testing.TargetJvm;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.NodeProbe;
import dev.loomscope.ui.shell.MainWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.control.Button;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The window observes real JVMs of the tests' own through the Attach API: one whose virtual threads
 * pin in a native frame (picked in the picker, pins with their reason and stack, a thread dump,
 * Stop, its whole recording exported), and one that exits while it is observed.
 */
@WindowTest(lane = WindowTest.Lane.READING)
class ObserveEndToEndTest {

    @RegisterExtension
    final HeadlessWindow opened = new HeadlessWindow();
    private MainWindow window;

    private MainWindow open(Path jfrFolder) throws Exception {
        window = opened.open(new RunSession(new FakeRunner(), RunOptions.DEFAULT), Attacher.local(jfrFolder));
        return window;
    }

    private void press(KeyCode code, KeyCombination.Modifier... modifiers) throws Exception {
        Fx.run(() -> opened.stage().getScene().getAccelerators().get(new KeyCodeCombination(code, modifiers)).run());
    }

    @Test
    void pinsArriveWithTheirReasonAndStackAndStoppingKeepsThemAndTheRecording(@TempDir Path dir) throws Exception {
        try (var target = TargetJvm.java(ObservedProgram.class, "pin")) {
            target.awaitLine("ready"::equals, Duration.ofSeconds(30));
            target.awaitAttachable();
            open(dir.resolve("recordings"));
            press(KeyCode.O, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);
            Fx.waitUntil("the picker lists the target", Duration.ofSeconds(30),
                    () -> jvmTable(window).getItems().stream().anyMatch(jvm -> jvm.pid() == target.pid()));
            Fx.run(() -> {
                var table = jvmTable(window);
                table.getSelectionModel().select(table.getItems().stream().filter(jvm -> jvm.pid() == target.pid()).findFirst().orElseThrow());
                window.picker().observeSelected();
            });
            ObserveView view = Fx.call(window::observeView);
            Fx.waitUntil("observing", Duration.ofSeconds(30), () -> window.getCenter() == view);
            Fx.waitUntil("pins on the lanes and in the hotspots", Duration.ofSeconds(30),
                    () -> !hotspots(view).getItems().isEmpty() && !timeline(view).pinsDrawn().isEmpty());
            var hotspot = Fx.call(() -> hotspots(view).getItems().getFirst());
            assertThat(hotspot.reasons()).contains("Native or VM frame on stack");
            assertThat(hotspot.firstCallerFrame()).startsWith(ObservedProgram.class.getName());
            assertThat(Fx.call(() -> timeline(view).laneCarriers())).allMatch(name -> name.contains("ForkJoinPool"));
            assertThat(Fx.call(() -> figure(view, "mounted"))).matches("\\d+ / \\d+");
            // How late JFR's events are, measured on the events themselves.
            Fx.waitUntil("the lag line", Duration.ofSeconds(10), () -> text(view, "#observeLag").matches("JFR events up to [0-9.]+ s ago"));
            // A thread dump, taken off the FX thread.
            press(KeyCode.D, KeyCombination.SHORTCUT_DOWN);
            // The dump's view is built when the first dump arrives: until then its tree is not there to look at.
            Fx.waitUntil("the thread dump", Duration.ofSeconds(30), () -> NodeProbe.find(view, "#dumpTree", javafx.scene.control.TreeView.class)
                    .map(tree -> tree.getRoot() != null && containers(view).getRoot().getValue().name().equals("<root>")).orElse(false));
            // The status bar says whom the window observes and what Esc does now, not the runs' "Ready".
            var probe = new dev.loomscope.ui.WindowProbe(window);
            String pid = "PID " + target.pid();
            Fx.waitUntil("the status names the target", Duration.ofSeconds(5),
                    () -> probe.statusText().startsWith("Observing " + pid) && probe.statusText().contains("Esc stops observing"));
            // Stop (Esc): the data stays, the target goes on.
            long pins = Long.parseLong(Fx.call(() -> figure(view, "pins")).replace(",", ""));
            press(KeyCode.ESCAPE);
            Fx.waitUntil("stopped", Duration.ofSeconds(30), () -> text(view, "#observeState").startsWith("Stopped after"));
            assertThat(Long.parseLong(Fx.call(() -> figure(view, "pins")).replace(",", ""))).isGreaterThanOrEqualTo(pins);
            assertThat(window.observing().observed().observation().snapshot().end()).isEqualTo(ObservationEnd.STOPPED);
            assertThat(target.process().isAlive()).isTrue();
            Fx.waitUntil("the status says it stopped", Duration.ofSeconds(5),
                    () -> probe.statusText().startsWith("Stopped observing " + pid) && probe.statusText().contains("Run (F5)"));
            // Its recording, whole, with the pins in it.
            Path jfr = dir.resolve("observed.jfr");
            Fx.call(() -> saving(window).saveJfr(jfr)).get();
            long pinned = RecordingFile.readAllEvents(jfr).stream().filter(e -> e.getEventType().getName().equals("jdk.VirtualThreadPinned")).count();
            assertThat(pinned).isPositive();
            try (var left = Files.list(dir)) {
                assertThat(left.map(p -> p.getFileName().toString())).noneMatch(name -> name.endsWith(".part"));
            }
        }
    }

    @Test
    void aTargetThatExitsMidStreamEndsTheObservationWithItsMessageAndTheDataStays(@TempDir Path dir) throws Exception {
        try (var target = TargetJvm.java(ObservedProgram.class, "churn", "60000")) {
            target.awaitLine("ready"::equals, Duration.ofSeconds(30));
            target.awaitAttachable();
            open(dir);
            Fx.run(() -> window.observing().attach(target.pid()));
            ObserveView view = Fx.call(window::observeView);
            Fx.waitUntil("virtual threads seen starting", Duration.ofSeconds(40), () -> window.observing().observed() != null
                    && window.observing().observed().observation().snapshot().virtualThreadStarts() > 0);
            // The program ends (as Ctrl+C would end it) while its events stream in.
            target.process().destroy();
            try {
                Fx.waitUntil("the target exited, said in the window", Duration.ofSeconds(40),
                        () -> text(view, "#observeState").contains("PID " + target.pid() + " exited after"));
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "; the window says: " + Fx.call(() -> text(view, "#observeState")) + " / attach: "
                        + Fx.call(() -> window.observing().attachErrorProperty().get()), e);
            }
            assertThat(Fx.call(() -> text(view, "#observeState"))).endsWith("the data until then is kept.");
            assertThat(window.observing().observed().observation().snapshot().virtualThreadStarts()).isPositive();
            assertThat(Fx.call(() -> NodeProbe.lookup(view, "#observeStop", Button.class).isDisabled() && window.getCenter() == view)).isTrue();
        }
    }
}
