package dev.loomscope.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.RunModel;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.WindowProbe;
import dev.loomscope.ui.WindowTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The idle window, alone in the suite: it hears input in every JavaFX window of its JVM (a combo box's list, the speaker
 * notes), so beside the other lanes' windows, whose tests press keys and whose showing moves the pointer over them, it
 * waited in vain for a quiet 1.5 s on a busy machine.
 */
@WindowTest
@Isolated
class IdleWindowTest {

    @RegisterExtension
    final HeadlessWindow opened = new HeadlessWindow();
    private MainWindow window;

    @Test
    void anIdleWindowLeavesJavaFxsPulsesUntilInputOrARunStirsIt() throws Exception {
        var runner = new FakeRunner().holdingAt(0.5);
        window = opened.openForRuns(runner);
        Fx.waitUntil("idle once nothing has moved for a moment", Duration.ofSeconds(10), window::idles);
        var scene = Fx.call(() -> window.getScene());
        boolean idleAfterAKey = Fx.call(() -> {
            javafx.event.Event.fireEvent(scene.getRoot(), new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_PRESSED,
                    "", "", javafx.scene.input.KeyCode.SHIFT, true, false, false, false));
            return window.idles();
        });
        assertThat(idleAfterAKey).as("a key wakes it at once").isFalse();
        Fx.waitUntil("idle again a moment after the key", Duration.ofSeconds(10), window::idles);
        // A popup (a combo box's list, a menu) has a scene of its own: a click there wakes the window too.
        var popup = Fx.call(() -> {
            var shown = new javafx.stage.Popup();
            shown.getContent().add(new javafx.scene.control.Label("a list"));
            shown.show(scene.getWindow());
            return shown;
        });
        Fx.waitUntil("idle with the popup open", Duration.ofSeconds(10), window::idles);
        boolean idleAfterAClickInThePopup = Fx.call(() -> {
            javafx.event.Event.fireEvent(popup.getScene().getRoot(), new javafx.scene.input.MouseEvent(javafx.scene.input.MouseEvent.MOUSE_PRESSED,
                    1, 1, 1, 1, javafx.scene.input.MouseButton.PRIMARY, 1, false, false, false, false, true, false, false, true, false, false, null));
            popup.hide();
            return window.idles();
        });
        assertThat(idleAfterAClickInThePopup).as("a click in a popup wakes it at once").isFalse();
        Fx.waitUntil("idle again a moment after the click", Duration.ofSeconds(10), window::idles);

        opened.chooseOnly(ExecutorKind.FIXED);
        Fx.run(() -> {
            window.controls().tasksProperty().set(40);
            window.controls().poolProperty().set(4);
            window.controls().sleepMsProperty().set(200);
            new WindowProbe(window).controlPanel().runButton().fire();
        });
        Fx.waitUntil("a quarter of the tasks done, the run held", Duration.ofSeconds(30), () -> {
            RunModel current = window.session().current();
            return current != null && current.figures(System.nanoTime()).completed() >= 10;
        });
        // Held well past the idle moment, with no input: a run under way never idles (it may keep still on a busy machine,
        // which is the run-first policy's choice, not idleness).
        Thread.sleep(FrameLoop.IDLE_AFTER_MS * 2);
        assertThat(Fx.call(() -> window.session().isRunning() && !window.idles())).isTrue();
        runner.release();
        Fx.waitUntil("the run drawn once it ended", Duration.ofSeconds(30),
                () -> !window.session().isRunning() && new WindowProbe(window).figure("completed").equals("40 / 40"));
        Fx.waitUntil("idle a moment after the run", Duration.ofSeconds(10), window::idles);
    }

}
