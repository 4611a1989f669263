package dev.loomscope.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomscope.model.RunModel;
import dev.loomscope.model.RunSession;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.testing.StartedFirst;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.WindowProbe;
import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.export.ClipRecorder;
import dev.loomscope.ui.export.ReplayClip;
import dev.loomscope.ui.export.WindowExports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the window makes of a run for slides and articles, and its replays: pictures of each view
 * and of the window, the results as CSV and JSON, clips of a replay and of a live run, and the
 * slow-motion playback. Runs are played by a fake runner, as in {@link MainWindowTest}.
 */
@WindowTest
@StartedFirst
class WindowPicturesTest {

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

    /** A fixed pool of {@code pool} threads runs {@code tasks} tasks of 20 ms, played by a fake runner, to the end. */
    private void runFixedToItsEnd(int tasks, int pool) throws Exception {
        open(new FakeRunner());
        opened.chooseOnly(ExecutorKind.FIXED);
        Fx.run(() -> {
            window.controls().tasksProperty().set(tasks);
            window.controls().poolProperty().set(pool);
            window.controls().sleepMsProperty().set(20);
            probe().controlPanel().runButton().fire();
        });
        String done = tasks + " / " + tasks;
        // Its end's frame (the Why line, the notice) lands before a replay or clip starts, not in the middle of one.
        Fx.waitUntil("the run done", Duration.ofSeconds(60), () -> !window.session().isRunning() && probe().figure("completed").equals(done)
                && probe().explainsTheShownRun());
        Fx.settle(Fx.call(window::getScene), 3);
    }

    @Test
    void eachViewExportsAsAPictureWithItsRunCardAndTheResultsAsCsvAndJson(@TempDir Path dir) throws Exception {
        window = opened.openForRuns(new RunSession(new FakeRunner(), RunOptions.DEFAULT, Files.createDirectories(dir.resolve("jfr"))));
        opened.chooseOnly(ExecutorKind.VIRTUAL);
        Fx.run(() -> {
            window.controls().tasksProperty().set(100);
            window.controls().sleepMsProperty().set(20);
            probe().controlPanel().runButton().fire();
        });
        // Settled: the run done, its explanation shown (which moves the views down a line).
        Fx.waitUntil("the run done", Duration.ofSeconds(60), () -> !window.session().isRunning()
                && probe().figure("completed").equals("100 / 100") && probe().explainsTheShownRun());
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
        opened.chooseOnly(ExecutorKind.FIXED);
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
        assertThat(Fx.call(window::keepsStill)).isTrue();
        String clock = Fx.call(() -> probe().figure("elapsed"));
        Fx.waitUntil("the clock moving on the slow tick", Duration.ofSeconds(5), () -> !probe().figure("elapsed").equals(clock));
        runner.release();
        Fx.waitUntil("the run played back once it ended", Duration.ofSeconds(30),
                () -> !window.session().isRunning() && window.playback().isActive() && probe().statusText().contains("here it is again"));
        assertThat(Fx.call(() -> window.playback().replay().replica().scenario())).isEqualTo(window.session().history().getLast().scenario());
        Fx.waitUntil("the playback at its end, every task done", Duration.ofSeconds(30), () -> !window.playback().isPlaying()
                && probe().figure("completed").equals("20 / 20") && probe().completionSeriesCount() > 0);
        assertThat(Fx.call(window::keepsStill)).as("no longer kept still once the run ended").isFalse();
    }

    @Test
    void aRunsReplayRecordsAsALoopingGifStepByStepAndAsPngFrames(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        runFixedToItsEnd(40, 4);
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
        runFixedToItsEnd(20, 4);
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
        Fx.run(() -> Fx.press(scene, javafx.scene.input.KeyCode.ESCAPE, false));
        assertThat(Fx.call(() -> window.playback().isActive())).isFalse();
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
}
