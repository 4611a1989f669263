package dev.loomscope.ui.open;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.RunSession;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.testing.ReaderProcesses;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.NodeProbe;
import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.shell.MainWindow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The window reads a recording in a reader JVM of its own (a recording of a million virtual threads, which takes it a second or more
 * to read): while it reads, the progress bar moves; Cancel ends that JVM before the window goes back to the runs; a reader
 * that dies halfway leaves one clear line and a window that opens the next file.
 */
@WindowTest(lane = WindowTest.Lane.READING)
class OpenReaderJvmTest {

    static Path busy;

    @RegisterExtension
    final HeadlessWindow opened = new HeadlessWindow();
    private MainWindow window;

    @BeforeAll
    static void record() throws Exception {
        busy = ReaderProcesses.busyRecording();
    }

    /** Opens the busy recording; returns its reader JVM once the progress bar has moved. */
    private ProcessHandle openAndAwaitProgress() throws Exception {
        window = opened.open(new RunSession(new FakeRunner(), RunOptions.DEFAULT), null);
        Fx.run(() -> window.opened().open(List.of(busy)));
        Fx.waitUntil("the reader JVM reports progress", Duration.ofSeconds(60),
                () -> NodeProbe.lookup(window, "#openProgress", ProgressBar.class).getProgress() > 0);
        ProcessHandle reader = ReaderProcesses.reading(busy).orElseThrow();
        assertThat(Fx.call(() -> window.opened().view().reading())).isTrue();
        return reader;
    }

    @Test
    void cancelEndsTheReaderJvm() throws Exception {
        ProcessHandle reader = openAndAwaitProgress();
        Fx.run(() -> NodeProbe.lookup(window, "#openCancel", Button.class).fire());
        Fx.waitUntil("Cancel goes back to the runs", Duration.ofSeconds(10), () -> window.getCenter() != window.opened().view());
        assertThat(reader.isAlive()).isFalse();
        assertThat(window.bannerMessage()).isNull();
    }

    @Test
    void aReaderThatDiesLeavesOneClearLine() throws Exception {
        ProcessHandle reader = openAndAwaitProgress();
        reader.destroyForcibly();
        Fx.waitUntil("the read ends", Duration.ofSeconds(10), () -> !window.opened().view().reading());
        String line = Fx.call(() -> NodeProbe.lookup(window, "#openError", Label.class).getText());
        assertThat(line).startsWith(busy.toString()).contains("ended before it was done").contains("exit code 137").doesNotContain("\n");
        assertThat(window.bannerMessage()).isEqualTo(line);
        assertThat(window.opened().view().showsFile()).isFalse();
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#openError", Label.class).isVisible())).isTrue();
    }
}
