package dev.loomscope.ui.export;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.actions.Action;
import dev.loomscope.ui.theme.Icons;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.RunSession;
import dev.loomscope.model.TimelineExport;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.StackPane;
import javafx.stage.FileChooser;

/**
 * Everything that leaves the window: pictures of it or of one view (1x, 2x, with the run card),
 * the session's results, the shown run's timeline and its JFR recording. Files are written off
 * the FX thread; how it went shows in the status bar or the problem banner.
 */
public final class WindowExports {

    /**
     * What the exports need of the window: its scene, its runs, and where to say how it went.
     *
     * @param shown   the run every view shows (a replay's replica while one plays)
     * @param source  the run whose data an export writes: a replay's source, else the shown run
     * @param runs    the session's runs, oldest first
     */
    public record Window(javafx.scene.Node root, java.util.function.Supplier<RunModel> shown,
                         java.util.function.Supplier<RunModel> source, java.util.function.Supplier<List<RunModel>> runs,
                         java.util.function.Consumer<String> status, java.util.function.Consumer<String> problem) {

        javafx.scene.Scene getScene() {
            return root.getScene();
        }

        RunModel shownRun() {
            return shown.get();
        }

        RunModel shownSource() {
            return source.get();
        }

        List<RunModel> allRuns() {
            return runs.get();
        }

        void setStatus(String text) {
            status.accept(text);
        }

        void showProblem(String message) {
            problem.accept(message);
        }
    }

    private final Window window;

    public WindowExports(Window window) {
        this.window = window;
    }

    /** The header's export menu: pictures of the window, results, the shown run's timeline and recording. */
    public MenuButton windowMenu() {
        var export = new MenuButton(null, Icons.EXPORT.create(20));
        dev.loomscope.ui.theme.IconButtons.style(export);
        dev.loomscope.ui.fx.Tooltips.setText(export, Messages.text("export.menu.tooltip"));
        var csv = new MenuItem(Messages.text("export.results-csv"));
        csv.setOnAction(e -> chooseFile("results.csv", "CSV", "*.csv").ifPresent(file -> saveResults(file, true)));
        var json = new MenuItem(Messages.text("export.results-json"));
        json.setOnAction(e -> chooseFile("results.json", "JSON", "*.json").ifPresent(file -> saveResults(file, false)));
        var timelineCsv = new MenuItem(Messages.text("export.timeline-csv"));
        timelineCsv.setOnAction(e -> chooseFile("timeline.csv", "CSV", "*.csv").ifPresent(file -> saveTimeline(file, Timeline.CSV)));
        var timelineJson = new MenuItem(Messages.text("export.timeline-json"));
        timelineJson.setOnAction(e -> chooseFile("timeline.json", "JSON", "*.json").ifPresent(file -> saveTimeline(file, Timeline.JSON)));
        var trace = new MenuItem(Messages.text("export.trace"));
        trace.setOnAction(e -> chooseFile("loomscope-trace.json", Messages.text("export.type.trace"), "*.json").ifPresent(file -> saveTimeline(file, Timeline.PERFETTO)));
        export.getItems().addAll(pictureItems("window"));
        var jfr = new MenuItem(Messages.text("export.jfr"));
        jfr.setOnAction(e -> chooseFile("loomscope-run.jfr", Messages.text("export.type.jfr"), "*.jfr").ifPresent(this::saveJfr));
        export.getItems().addAll(new SeparatorMenuItem(), csv, json, new SeparatorMenuItem(), timelineCsv, timelineJson, trace, jfr);
        return export;
    }

    /** What a picture can be taken of: the node to photograph and the stack that holds the run card meanwhile. */
    private record View(javafx.scene.Node subject, StackPane cardHost) {
    }

    private final java.util.Map<String, View> views = new java.util.LinkedHashMap<>();
    private final CheckMenuItem stampCard = new CheckMenuItem(Messages.text("export.stamp-card"));

    /** Makes a view one that pictures can be taken of, by name. */
    public void register(String view, javafx.scene.Node subject, StackPane cardHost) {
        views.put(view, new View(subject, cardHost));
    }

    /** The {@code ...} menu of a view: its picture, to a file or the clipboard. */
    public MenuButton viewMenu(String view, javafx.scene.Node subject, StackPane cardHost) {
        register(view, subject, cardHost);
        var menu = new MenuButton(null, Icons.MORE.create(16));
        dev.loomscope.ui.theme.IconButtons.style(menu);
        dev.loomscope.ui.fx.Tooltips.setText(menu, Messages.text("export.view.tooltip", shown(view)));
        menu.getItems().setAll(pictureItems(view));
        return menu;
    }

    /** A view without a header of its own (the charts): its picture menu is a right-click away. */
    public void pictureOnRightClick(String view, StackPane host) {
        register(view, host, host);
        host.setOnContextMenuRequested(e -> new javafx.scene.control.ContextMenu(pictureItems(view).toArray(MenuItem[]::new))
                .show(host, e.getScreenX(), e.getScreenY()));
    }

    public List<MenuItem> pictureItems(String view) {
        var save = new MenuItem(Messages.text("export.picture", shown(view)));
        save.setOnAction(e -> chooseFile("loomscope-" + view.replace(' ', '-') + ".png", Messages.text("export.type.png"), "*.png")
                .ifPresent(file -> savePicture(view, file, 1)));
        var slides = new MenuItem(Messages.text("export.picture-2x", shown(view)));
        slides.setOnAction(e -> chooseFile("loomscope-" + view.replace(' ', '-') + "@2x.png", Messages.text("export.type.png"), "*.png")
                .ifPresent(file -> savePicture(view, file, 2)));
        var copy = new MenuItem(Messages.text("export.copy", shown(view)));
        copy.setOnAction(e -> {
            Exports.copyToClipboard(picture(view, 2));
            window.setStatus(Messages.text("export.copied", shown(view)));
        });
        var stamp = new CheckMenuItem(stampCard.getText());
        stamp.selectedProperty().bindBidirectional(stampCard.selectedProperty());
        var gif = new MenuItem();
        gif.textProperty().bind(javafx.beans.binding.Bindings.when(recording)
                .then(Messages.text("export.clip-stop")).otherwise(Messages.text("export.clip-gif", shown(view))));
        gif.setOnAction(e -> {
            if (clips.isRecording()) {
                clips.stop();
            } else {
                chooseFile("loomscope-" + view.replace(' ', '-') + ".gif", Messages.text("export.type.gif"), "*.gif")
                        .ifPresent(file -> recordClip(view, file, ClipRecorder.Format.GIF));
            }
        });
        var frames = new MenuItem(Messages.text("export.clip-png", shown(view)));
        frames.disableProperty().bind(recording);
        frames.setOnAction(e -> {
            var chooser = new FileChooser();
            chooser.setTitle(Messages.text("export.clip-png-title"));
            chooser.setInitialFileName("loomscope-" + view.replace(' ', '-') + "-frames");
            var folder = chooser.showSaveDialog(window.getScene().getWindow());
            if (folder != null) {
                recordClip(view, folder.toPath(), ClipRecorder.Format.PNG_SEQUENCE);
            }
        });
        return List.of(save, slides, copy, stamp, new SeparatorMenuItem(), gif, frames);
    }

    private final ClipRecorder clips = new ClipRecorder(this);
    private final javafx.beans.property.BooleanProperty recording = new javafx.beans.property.SimpleBooleanProperty();

    /** The clip recorder: what a view shows, as a GIF or PNG frames. */
    public ClipRecorder clips() {
        return clips;
    }

    /**
     * Records {@code view} until {@link ClipRecorder#stop} (the same menu item, or the key) or the
     * recorder's limit; says so in the status bar, and how the save went once it has.
     */
    public CompletableFuture<Path> recordClip(String view, Path target, ClipRecorder.Format format) {
        return recordClip(view, target, false, format);
    }

    /** As above; {@code stepped}: the caller takes each frame ({@link ClipRecorder#startStepped}). */
    public CompletableFuture<Path> recordClip(String view, Path target, boolean stepped, ClipRecorder.Format format) {
        CompletableFuture<Path> saving = stepped ? clips.startStepped(view, target, format) : clips.start(view, target, format);
        // A stepped clip is made by a script or the replay item: its frames should not carry this line.
        if (clips.isRecording() && !stepped) {
            recording.set(true);
            window.setStatus(Messages.text("export.clip-recording", shown(view), Action.RECORD_CLIP.pressKey(),
                    ClipRecorder.LIMIT_MS / 1000));
        }
        return saving.whenComplete((saved, error) -> dev.loomscope.ui.fx.FxThread.later(() -> {
            recording.set(clips.isRecording());
            if (error != null) {
                window.showProblem(SavedFile.problem(error));
            } else {
                window.setStatus(Messages.text("status.saved", saved));
            }
        }));
    }

    /** Ctrl+Shift+R: records the window as a GIF to ~/LoomScope, no dialog; pressed again, stops and saves. */
    public void toggleQuickClip() {
        if (clips.isRecording()) {
            clips.stop();
            return;
        }
        quickFile(Messages.text("export.doing.clip"), ".gif").ifPresent(file -> recordClip("window", file, ClipRecorder.Format.GIF));
    }

    /**
     * A new file in ~/LoomScope, named by the time ("loomscope-20261124-231500.png"), for the keys
     * that save without a dialog; empty (and the banner says why) if the folder cannot be made.
     */
    private java.util.Optional<Path> quickFile(String doing, String extension) {
        Path folder = Path.of(System.getProperty("user.home"), "LoomScope");
        try {
            java.nio.file.Files.createDirectories(folder);
        } catch (java.io.IOException e) {
            window.showProblem(Messages.text("export.no-folder", doing, folder, e.getMessage()));
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(folder.resolve("loomscope-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + extension));
    }

    /** A save dialog for one file; empty when it was cancelled. */
    public java.util.Optional<Path> chooseFile(String name, String kind, String pattern) {
        var chooser = new FileChooser();
        chooser.setInitialFileName(name);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        var file = chooser.showSaveDialog(window.getScene().getWindow());
        return java.util.Optional.ofNullable(file).map(java.io.File::toPath);
    }

    /** How the window names a view in its menus and lines: the bundle's {@code view.task-waves} for the view "task waves". */
    public static String shown(String view) {
        return Messages.text("view." + view.replace(' ', '-'));
    }

    /** A picture of a view ("window", "task waves", "carrier lanes", "charts"), with the run card if asked. */
    public WritableImage picture(String view, double scale) {
        javafx.scene.layout.VBox card = null;
        if (stampCard.isSelected()) {
            card = otherCard.get();
            // The card tells what the run measured: a replay's source, not its replica (which has no result).
            if (card == null && window.shownSource() != null) {
                card = Exports.runCard(window.shownSource());
            }
        }
        if (view.equals("window")) {
            return Exports.picture((StackPane) window.getScene().getRoot(), card, scale, () -> window.getScene().getRoot());
        }
        View target = target(view);
        return Exports.picture(target.cardHost(), card, scale, target::subject);
    }

    /** What a picture of {@code view} shows: the node photographed. */
    javafx.scene.Node subject(String view) {
        return view.equals("window") ? window.getScene().getRoot() : target(view).subject();
    }

    private View target(String view) {
        View target = views.get(view);
        if (target == null) {
            throw new IllegalStateException("no view named " + view + "; one of window, " + String.join(", ", views.keySet()));
        }
        return target;
    }

    /** Takes the picture now and writes it off the FX thread; failures show in the banner. */
    public CompletableFuture<Path> savePicture(String view, Path file, double scale) {
        return write(file, picture(view, scale), saved -> window.setStatus(Messages.text("status.saved", saved)));
    }

    private java.util.function.Supplier<javafx.scene.layout.VBox> otherCard = () -> null;

    /** The card stamped on pictures instead of the run's while it gives one (an observation's); null: the run's. */
    public void stampWith(java.util.function.Supplier<javafx.scene.layout.VBox> card) {
        otherCard = card;
    }

    /** Writes {@code text} to {@code file} off the FX thread, whole or not at all; how it went shows in the status bar or the banner. */
    public CompletableFuture<Path> saveText(Path file, String text) {
        return reported(SavedFile.writeLater(file, out -> out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8))));
    }

    public void setStampRunCard(boolean stamp) {
        stampCard.setSelected(stamp);
    }

    /** The session's finished runs as CSV or JSON, written off the FX thread. */
    public CompletableFuture<Path> saveResults(Path file, boolean csv) {
        List<RunModel> runs = window.allRuns();
        String text = csv ? Exports.resultsCsv(runs) : Exports.resultsJson(runs);
        return reported(SavedFile.writeLater(file, out -> out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8))));
    }

    /**
     * Copies the shown run's JFR recording (pins, GC, virtual-thread events and LoomScope's own
     * Mount/Unmount events up to 100,000 tasks), for JDK Mission Control or {@code jfr print}.
     */
    public CompletableFuture<Path> saveJfr(Path file) {
        RunModel run = exportedRun();
        Path source = run == null ? null : run.jfrFile();
        if (source == null) {
            return unavailable(run, "export.unavailable.jfr");
        }
        return reported(SavedFile.writeLater(file, out -> java.nio.file.Files.copy(source, out)));
    }

    /** The formats a run's timeline can be saved in. */
    public enum Timeline { CSV, JSON, PERFETTO }

    /** Writes the shown run's timeline off the FX thread (a million-task run takes a few seconds). */
    public CompletableFuture<Path> saveTimeline(Path file, Timeline format) {
        RunModel run = exportedRun();
        // Taken now: a run started meanwhile may drop this recording before the file is written.
        var recording = run == null ? null : run.recording();
        if (recording == null) {
            return unavailable(run, "export.unavailable.timeline");
        }
        window.setStatus(Messages.text("export.saving-timeline", run.title()));
        return reported(SavedFile.writeLater(file, out -> {
            switch (format) {
                case CSV -> {
                    var writer = new java.io.OutputStreamWriter(out, java.nio.charset.StandardCharsets.UTF_8);
                    TimelineExport.csv(run, recording, writer);
                    writer.flush();
                }
                case JSON -> TimelineExport.json(run, recording, out);
                case PERFETTO -> TimelineExport.perfetto(run, recording, out);
            }
        }));
    }

    /** The run exports are of: the replayed run during a replay (not its replica), else the shown one. */
    private RunModel exportedRun() {
        return window.shownSource();
    }

    /** Says why the shown run has nothing of that kind to export. */
    private CompletableFuture<Path> unavailable(RunModel run, String whatKey) {
        String problem = run == null ? Messages.text("export.no-run") : Messages.text(whatKey, run.title(), run.phase() == RunModel.Phase.FINISHED
                ? Messages.text("export.only-kept", RunSession.RECORDINGS_KEPT) : Messages.text("export.wait"));
        window.showProblem(problem);
        return CompletableFuture.failedFuture(new IllegalStateException(problem));
    }

    /** Tells the status bar, or the banner, how a save went, once it has. */
    public CompletableFuture<Path> reported(CompletableFuture<Path> saving) {
        return saving.whenComplete((saved, error) -> dev.loomscope.ui.fx.FxThread.later(() -> reportSaved(saved, error)));
    }

    private void reportSaved(Path saved, Throwable error) {
        if (error != null) {
            window.showProblem(SavedFile.problem(error));
        } else {
            window.setStatus(Messages.text("status.saved", saved));
        }
    }

    /** Ctrl+S: a 2x picture to ~/LoomScope at once, no dialog (a presenter mid-talk has no time for one). */
    public void quickScreenshot() {
        quickFile(Messages.text("export.doing.picture"), ".png").ifPresent(file -> saveScreenshot(file, 2, saved -> window.setStatus(Messages.text("status.saved", saved))));
    }

    public void chooseAndSaveScreenshot() {
        var chooser = new FileChooser();
        chooser.setTitle(Messages.text("export.save-window-title"));
        chooser.setInitialFileName("loomscope-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".png");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(Messages.text("export.type.png"), "*.png"));
        var file = chooser.showSaveDialog(window.getScene().getWindow());
        if (file != null) {
            saveScreenshot(file.toPath(), 1, saved -> window.setStatus(Messages.text("status.saved", saved)));
        }
    }

    /** Snapshots the window now and writes it off the FX thread; failures show in the banner. */
    public CompletableFuture<Path> saveScreenshot(Path file, double scale, Consumer<Path> onSaved) {
        return write(file, picture("window", scale), onSaved);
    }

    private CompletableFuture<Path> write(Path file, WritableImage image, Consumer<Path> onSaved) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                PngExport.write(image, file);
                return file;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).whenComplete((saved, error) -> dev.loomscope.ui.fx.FxThread.later(() -> {
            if (error != null) {
                window.showProblem(SavedFile.problem(error));
            } else {
                onSaved.accept(saved);
            }
        }));
    }
}
