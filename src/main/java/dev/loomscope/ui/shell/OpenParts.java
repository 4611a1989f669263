package dev.loomscope.ui.shell;

import dev.loomscope.ui.export.WindowExports;
import dev.loomscope.ui.fx.MadeWhenNeeded;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.open.OpenView;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * Opening a JFR recording or a thread dump in the window: Open (Ctrl+O, the header's folder button) with a file
 * chooser (two recordings chosen are compared), a file dropped on the window, {@code --open}. The
 * view takes the window's middle until it is left (Esc, Back, Run).
 */
public final class OpenParts {

    private final BorderPane window;
    private final WindowCentre centre;
    /** Made when a file is first opened: most sessions never open one. */
    private final MadeWhenNeeded<OpenView> view;
    private Function<Window, List<File>> chooser = OpenParts::showChooser;

    OpenParts(BorderPane window, WindowExports exports, WindowCentre centre, Consumer<String> problem, Consumer<String> say) {
        this.window = window;
        this.centre = centre;
        view = MadeWhenNeeded.of(() -> new OpenView(exports, new OpenView.Surroundings() {
            public void openAnother() { choose(); }
            public void back() { centre.showOpened(null); }
            public void problem(String message) { problem.accept(message); }
            public void say(String text) { say.accept(text); }
        }));
        acceptDrops();
    }

    /** Open: the chooser, then the file (or the two recordings) chosen. */
    public void choose() {
        List<File> files = chooser.apply(window.getScene() == null ? null : window.getScene().getWindow());
        if (files != null && !files.isEmpty()) {
            open(files.stream().map(File::toPath).toList());
        }
    }

    /** Shows the view and reads {@code files} into it. */
    public void open(List<Path> files) {
        open(files, 1);
    }

    /** Shows the view and reads {@code files} into it; of a file of thread dumps, dump {@code dump} (see {@link OpenView#open(List, int)}). */
    public void open(List<Path> files, int dump) {
        centre.showOpened(view.get());
        view.get().open(files, dump);
    }

    /** What asks for the files (the desktop's chooser; a test's own). */
    public void chooseWith(Function<Window, List<File>> chooser) {
        this.chooser = chooser;
    }

    public OpenView view() {
        return view.get();
    }

    public boolean shown() {
        return centre.openedShown();
    }

    /** The status bar's line while an opened file shows; null otherwise. */
    String statusLine() {
        return shown() ? view.get().statusLine() : null;
    }

    /** Esc: stops a read under way, else leaves the opened file; with no file shown, {@code otherwise}. */
    Runnable escapeOr(Runnable otherwise) {
        return () -> {
            if (!shown()) {
                otherwise.run();
            } else if (view.get().reading()) {
                view.get().cancel();
            } else {
                centre.showOpened(null);
            }
        };
    }

    /** Page Down (1), Page Up (-1): the next or previous of a log's thread dumps while they show; else {@code otherwise}. */
    Runnable stepOr(int step, Runnable otherwise) {
        return () -> {
            if (shown() && view.get().showsDumps()) {
                view.get().stepDump(step);
            } else {
                otherwise.run();
            }
        };
    }

    /** Run leaves an opened file for the run views first. */
    Runnable leavingFor(Runnable runs) {
        return () -> {
            centre.showOpened(null);
            runs.run();
        };
    }

    private void acceptDrops() {
        window.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles() && opens(e.getDragboard().getFiles())) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        window.setOnDragDropped(e -> {
            boolean opens = e.getDragboard().hasFiles() && opens(e.getDragboard().getFiles());
            if (opens) {
                open(e.getDragboard().getFiles().stream().map(File::toPath).toList());
            }
            e.setDropCompleted(opens);
            e.consume();
        });
    }

    /** What a recording or a thread dump is named: a JSON dump, jcmd's text dump, jstack's output or a log holding it. */
    private static final List<String> OPENED = List.of(".jfr", ".json", ".txt", ".tdump", ".log");

    /** One or two files named as a recording or a thread dump is (what they hold is read when they are opened). */
    static boolean opens(List<File> files) {
        return !files.isEmpty() && files.size() <= 2 && files.stream().map(f -> f.getName().toLowerCase(Locale.ROOT))
                .allMatch(name -> OPENED.stream().anyMatch(name::endsWith));
    }

    private static List<File> showChooser(Window owner) {
        var chooser = new FileChooser();
        chooser.setTitle(Messages.text("open.chooser.title"));
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter(Messages.text("open.chooser.jfr"), "*.jfr"),
                new FileChooser.ExtensionFilter(Messages.text("open.chooser.dump"), "*.json", "*.txt", "*.tdump", "*.log"));
        return chooser.showOpenMultipleDialog(owner);
    }
}
