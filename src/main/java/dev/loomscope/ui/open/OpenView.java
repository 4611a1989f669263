package dev.loomscope.ui.open;

import dev.loomscope.recording.DumpIndex;
import dev.loomscope.ui.actions.Action;
import dev.loomscope.ui.export.WindowExports;
import dev.loomscope.ui.fx.Fxml;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.fx.Tooltips;
import dev.loomscope.ui.open.FileReading.Outcome;
import dev.loomscope.ui.theme.IconButtons;
import dev.loomscope.ui.theme.Icons;
import java.nio.file.Path;
import java.util.List;
import javafx.animation.AnimationTimer;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The window with a file opened, in place of the run views: while the file is read (a recording in a
 * reader JVM, a thread dump on a thread of its own; see {@link FileReading}) its progress, taken once
 * a frame, and Cancel; then the recording, the thread dump or the
 * two recordings side by side, or the one line that says why it cannot be read. Only the summary
 * is kept. The layout is {@code OpenView.fxml}; the files it saves are {@link OpenedExports}'.
 */
public final class OpenView extends BorderPane {

    /** What the view asks of the window around it. */
    public interface Surroundings {
        void openAnother();

        void back();

        void problem(String message);

        void say(String status);
    }

    private final Surroundings window;
    private final OpenedExports saving;
    private final AnimationTimer frames = new AnimationTimer() {
        @Override
        public void handle(long now) {
            follow();
        }
    };

    @FXML
    private Label openTitle;
    @FXML
    private MenuButton openExport;
    @FXML
    private MenuItem openExportJson;
    @FXML
    private MenuItem openExportCsv;
    @FXML
    private Button openAnother;
    @FXML
    private Button openBack;
    @FXML
    private StackPane openBody;
    @FXML
    private VBox openReading;
    @FXML
    private Label openReadingText;
    @FXML
    private ProgressBar openProgress;
    @FXML
    private Button openCancel;
    @FXML
    private Label openError;

    private FileReading reading;
    private Node content;
    /** The files being read or shown, and the search a dump of them begins with (kept from one of a log's dumps to the next). */
    private List<Path> files = List.of();
    /** Where the file's dumps begin, searched once for all its steps while it stays as it was. */
    private DumpIndex index = new DumpIndex();
    private String search = "";
    /** Whether the read under way is of another of the shown file's dumps, the one shown kept until it is read. */
    private boolean stepping;
    /** The id of what had the keyboard in the dump shown when another was asked for, to have it again in the next; or null. */
    private String focused;

    public OpenView(WindowExports exports, Surroundings window) {
        this.window = window;
        this.saving = new OpenedExports(exports);
        Fxml.load(this);
        exports.register("opened-file", this, openBody);
        openExport.getItems().addAll(0, exports.pictureItems("opened-file"));
        // Taken away from the window (another file, an observation, back to the runs), a read still going is stopped.
        parentProperty().subscribe(parent -> {
            if (parent == null) {
                cancel();
            }
        });
    }

    @FXML
    private void initialize() {
        openTitle.setGraphic(Icons.OPEN.create(22));
        IconButtons.style(openExport).setGraphic(Icons.EXPORT.create(20));
        IconButtons.style(openAnother).setGraphic(Icons.OPEN.create(20));
        Tooltips.setText(openAnother, Action.OPEN.tooltip());
        openBack.setGraphic(Icons.BACK.create(16));
        openCancel.setGraphic(Icons.STOP.create(16));
        openError.setGraphic(Icons.ERROR.create(20));
        openError.managedProperty().bind(openError.visibleProperty());
        openReading.managedProperty().bind(openReading.visibleProperty());
    }

    /** Reads {@code files} (one recording or dump, or two recordings) off the FX thread; what was shown before goes. */
    public void open(List<Path> files) {
        open(files, 1);
    }

    /**
     * Reads {@code files}; of a file of thread dumps (a service's log), dump {@code dump}: the first is 1,
     * {@link dev.loomscope.recording.ThreadDumpReader#LAST_DUMP} the last.
     */
    public void open(List<Path> files, int dump) {
        this.files = List.copyOf(files);
        search = "";
        index = new DumpIndex();
        read(dump, false);
    }

    /**
     * Another of the shown file's dumps, its search kept: Previous and Next, Page Up and Page Down. The dump shown stays,
     * greyed, until the other is read: a read that fails or is cancelled leaves it as it was.
     */
    private void readDump(int dump) {
        if (content instanceof ThreadDumpPane pane) {
            search = pane.search();
            var owner = getScene() == null ? null : getScene().getFocusOwner();
            focused = owner != null && owner.getId() != null && pane.lookup("#" + owner.getId()) == owner ? owner.getId() : null;
        }
        read(dump, true);
    }

    /** Whether one of a file's several thread dumps shows: Page Up and Page Down step through them (none while the next is read). */
    public boolean showsDumps() {
        return content instanceof ThreadDumpPane pane && pane.oneOfSeveral();
    }

    /** Page Down (1) or Page Up (-1) while {@link #showsDumps()}: the next or the previous dump; nothing past either end. */
    public void stepDump(int step) {
        if (reading == null && content instanceof ThreadDumpPane pane) {
            pane.step(step);
        }
    }

    private void read(int dump, boolean step) {
        cancel();
        stepping = step && content != null;
        if (stepping) {
            content.setDisable(true);
        } else {
            saving.forget();
            openBody.getChildren().remove(content);
            content = null;
            openTitle.setText(files.size() == 2 ? Messages.text("open.title.two", name(files.get(0)), name(files.get(1)))
                    : Messages.text("open.title", name(files.getFirst())));
            openExport.setDisable(true);
        }
        openError.setVisible(false);
        openReading.setVisible(true);
        openProgress.setProgress(0);
        reading = new FileReading(files, dump, index).start();
        follow();
        frames.start();
    }

    /** The status bar's line while this view shows a file: which, and what Esc and Open do; null while it is read or failed. */
    public String statusLine() {
        if (content instanceof ThreadDumpPane pane && pane.oneOfSeveral()) {
            return Messages.text("status.opened.dumps", openTitle.getText(), pane.dump(), pane.dumps(), Action.PREVIOUS_PRESET.pressKey(),
                    Action.NEXT_PRESET.pressKey(), Action.STOP.pressKey());
        }
        return content == null ? null : Messages.text("status.opened", openTitle.getText(), Action.STOP.pressKey(), Action.OPEN.pressed());
    }

    /** Whether a file is being read. */
    public boolean reading() {
        return reading != null;
    }

    /** Whether the read ended with the file shown, not with a problem. */
    public boolean showsFile() {
        return content != null;
    }

    /** Stops a read under way (Cancel, Esc); what was read is dropped. */
    @FXML
    public void cancel() {
        if (reading != null) {
            reading.cancel();
        }
    }

    /** Once a frame while a file is read: the newest progress, or how the read ended. */
    private void follow() {
        if (reading == null) {
            frames.stop();
            return;
        }
        Outcome outcome = reading.outcome();
        if (outcome == null) {
            var p = reading.progress();
            openReadingText.setText(Messages.text(p.files() > 1 ? "open.reading.of" : "open.reading", name(p.file()), p.bytes() / 1e6, p.size() / 1e6,
                    p.events(), p.index() + 1, p.files()));
            openProgress.setProgress(p.size() <= 0 ? -1 : (p.index() + (double) p.bytes() / p.size()) / p.files());
            return;
        }
        reading = null;
        frames.stop();
        openReading.setVisible(false);
        // Another dump of the file shown: the dump shown so far stays until this one takes its place.
        Node kept = stepping ? content : null;
        stepping = false;
        if (kept != null && !(outcome instanceof Outcome.Dump)) {
            kept.setDisable(false);
        }
        switch (outcome) {
            case Outcome.Recording r -> show(new RecordingPane(r.summary()), saving.recording(r.summary()));
            case Outcome.Dump d -> {
                openBody.getChildren().remove(kept);
                var pane = new ThreadDumpPane(d.summary(), this::readDump, search);
                show(pane, saving.dump(d.summary()));
                if (kept != null) {
                    pane.focus(focused);
                }
            }
            case Outcome.Two t -> show(new ComparisonPane(t.before(), t.after()), saving.two(t.before(), t.after()));
            case Outcome.Failed f -> {
                if (kept == null) {
                    openError.setText(f.message());
                    openError.setVisible(true);
                }
                window.problem(f.message());
            }
            case Outcome.Cancelled c -> {
                window.say(Messages.text("open.cancelled"));
                if (kept == null) {
                    window.back();
                }
            }
        }
    }

    private void show(Node pane, OpenedExports.Kind kind) {
        content = pane;
        openBody.getChildren().add(pane);
        openExport.setDisable(false);
        openExportJson.setVisible(kind != OpenedExports.Kind.DUMP);
        openExportCsv.setVisible(kind == OpenedExports.Kind.DUMP);
    }

    @FXML
    private void exportJson() {
        saving.chooseJson();
    }

    @FXML
    private void exportCsv() {
        saving.chooseCsv();
    }

    @FXML
    private void openAnother() {
        window.openAnother();
    }

    @FXML
    private void back() {
        window.back();
    }

    /** The saving of what is shown, for scripts: the summary JSON of a recording, the groups CSV of a dump. */
    public OpenedExports saving() {
        return saving;
    }

    private static String name(Path file) {
        return file.getFileName() == null ? file.toString() : file.getFileName().toString();
    }
}
