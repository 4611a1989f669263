package dev.loomscope.ui.open;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.model.RunSession;
import dev.loomscope.recording.FileKind;
import dev.loomscope.recording.ReadProgress;
import dev.loomscope.recording.RecordingReader;
import dev.loomscope.recording.RecordingSummary;
import dev.loomscope.recording.UnreadableFileException;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.testing.Recordings;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.NodeProbe;
import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.shell.MainWindow;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening a JFR recording in the real window, on JavaFX's headless platform: a recording made here
 * of one JVM that starts virtual threads and pins (starts and ends on, every pin kept), opened with
 * Ctrl+O through the window's chooser; what the window shows is what the reader summarised. Also an
 * unreadable file, two recordings side by side, and Ctrl+Shift+O still observing.
 */
@WindowTest(lane = WindowTest.Lane.READING)
class OpenRecordingTest {

    private static final KeyCodeCombination OPEN = new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN);
    private static final KeyCodeCombination OBSERVE = new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);
    private static final KeyCodeCombination ESC = new KeyCodeCombination(KeyCode.ESCAPE);

    @TempDir
    static Path dir;
    static Path recording;
    static RecordingSummary summary;

    @RegisterExtension
    final HeadlessWindow opened = new HeadlessWindow();
    private MainWindow window;

    @BeforeAll
    static void record() throws Exception {
        recording = dir.resolve("churn.jfr");
        Path settings = Recordings.withEveryVirtualThreadEvent(dir);
        Recordings.churn(recording, settings, 200, 3);
        summary = RecordingReader.read(recording, ReadProgress.NONE);
        assertThat(summary.observation().virtualThreadStarts()).isGreaterThanOrEqualTo(200);
        assertThat(summary.observation().pinnedEvents()).isGreaterThanOrEqualTo(3);
    }

    private MainWindow open() throws Exception {
        window = opened.open(new RunSession(new FakeRunner(), RunOptions.DEFAULT), null);
        return window;
    }

    private void press(KeyCodeCombination keys) throws Exception {
        Fx.run(() -> opened.stage().getScene().getAccelerators().get(keys).run());
    }

    private void awaitRead() throws Exception {
        Fx.waitUntil("the file is read", Duration.ofSeconds(30), () -> window.getCenter() == window.opened().view() && !window.opened().view().reading());
    }

    private String text(String id) throws Exception {
        return Fx.call(() -> NodeProbe.lookup(window, "#" + id, Label.class).getText());
    }

    @Test
    void ctrlOOpensTheChosenRecordingAndItsTilesAreTheSummarysCounts() throws Exception {
        open();
        Fx.run(() -> window.opened().chooseWith(owner -> List.of(recording.toFile())));
        press(OPEN);
        awaitRead();
        var o = summary.observation();
        assertThat(text("recStarts")).isEqualTo("%,d".formatted(o.virtualThreadStarts()));
        assertThat(text("recEnds")).isEqualTo("%,d".formatted(o.virtualThreadEnds()));
        assertThat(text("recPins")).isEqualTo("%,d".formatted(o.pinnedEvents()));
        assertThat(text("recSubmitFailed")).isEqualTo("%,d".formatted(o.submitFailed()));
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#recHotspots", TableView.class).getItems().size())).isEqualTo(o.pinHotspots().size());
        assertThat(window.bannerMessage()).isNull();

        // The summary saved is the JSON `open --json` prints.
        Path json = dir.resolve("summary.json");
        Fx.call(() -> window.opened().view().saving().saveJson(json)).get(10, TimeUnit.SECONDS);
        var mapper = new ObjectMapper();
        assertThat(mapper.readTree(json.toFile())).isEqualTo(mapper.readTree(mapper.writeValueAsString(summary.json())));

        press(ESC);
        Fx.waitUntil("Esc goes back to the runs", Duration.ofSeconds(5), () -> window.getCenter() != window.opened().view());
        assertThat(window.getLeft()).isNotNull();
    }

    /**
     * A recording made with the JDK's default settings has no virtual-thread starts or ends: the tiles say "off", and the
     * chart of them draws nothing rather than a line at zero, which would read as "no thread started".
     */
    @Test
    void startsAndEndsNotRecordedAreNotDrawnAsZeros() throws Exception {
        Path plain = Recordings.churn(dir.resolve("plain.jfr"), Path.of("default"), 50, 1);
        open();
        Fx.run(() -> window.opened().open(List.of(plain)));
        awaitRead();
        assertThat(text("recStarts")).isEqualTo("off");
        assertThat(text("recEnds")).isEqualTo("off");
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#openChartThreads", BucketChart.class).seriesDrawn())).isEmpty();
        // The recording's pins are drawn as before (a pin of 20 ms or more is recorded by default).
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#openChartPins", BucketChart.class).seriesDrawn())).containsExactly("pins");
        // The summary's own recording, starts and ends on, draws both.
        Fx.run(() -> window.opened().open(List.of(recording)));
        awaitRead();
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#openChartThreads", BucketChart.class).seriesDrawn())).containsExactly("started", "ended");
    }

    @Test
    void ctrlShiftOStillObserves() throws Exception {
        open();
        Fx.run(() -> window.opened().chooseWith(owner -> {
            throw new AssertionError("Ctrl+Shift+O asked for a file");
        }));
        press(OBSERVE);
        Fx.waitUntil("the JVM picker shows", Duration.ofSeconds(5), () -> window.picker().isVisible());
        assertThat(window.opened().shown()).isFalse();
    }

    @Test
    void anUnreadableFileSaysWhyInOneLine() throws Exception {
        Path notes = Files.writeString(dir.resolve("notes.jfr"), "not a recording\n");
        String why;
        try {
            FileKind.of(notes);
            throw new AssertionError("read as a file it is not");
        } catch (UnreadableFileException e) {
            why = e.getMessage();
        }
        open();
        Fx.run(() -> window.opened().open(List.of(notes)));
        awaitRead();
        assertThat(text("openError")).isEqualTo(why).doesNotContain("\n");
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#openError", Label.class).isVisible())).isTrue();
        assertThat(window.bannerMessage()).isEqualTo(why);
        assertThat(window.opened().view().showsFile()).isFalse();
    }

    @Test
    void twoRecordingsShowTheirFiguresSideBySide() throws Exception {
        Path copy = Files.copy(recording, dir.resolve("again.jfr"));
        open();
        Fx.run(() -> window.opened().chooseWith(owner -> List.of(recording.toFile(), new File(copy.toString()))));
        press(OPEN);
        awaitRead();
        @SuppressWarnings("unchecked")
        var figures = Fx.call(() -> List.copyOf(NodeProbe.lookup(window, "#compareTable", TableView.class).getItems()));
        assertThat(figures).isNotEmpty().allSatisfy(f -> assertThat(((dev.loomscope.recording.RecordingComparison.Figure) f).difference()).isZero());
        assertThat(text("compareAfter")).contains(copy.toString());
    }
}
