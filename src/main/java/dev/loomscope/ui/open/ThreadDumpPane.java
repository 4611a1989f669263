package dev.loomscope.ui.open;

import dev.loomscope.ui.fx.TextColumns;
import dev.loomscope.recording.ThreadDumpSummary;
import dev.loomscope.recording.ThreadDumpSummary.Group;
import dev.loomscope.ui.fx.Fxml;
import dev.loomscope.ui.actions.Action;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.fx.Tooltips;
import dev.loomscope.ui.theme.Icons;
import java.util.List;
import java.util.Locale;
import java.util.function.IntConsumer;
import java.util.stream.Collectors;
import javafx.collections.FXCollections;
import javafx.collections.transformation.FilteredList;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** A thread dump in the window (JSON, text or jstack): its groups of identical stacks, searched by name or frame; the layout is {@code ThreadDumpPane.fxml}. */
final class ThreadDumpPane extends VBox {

    @FXML
    private Label dumpJvm;
    @FXML
    private Label dumpNote;
    @FXML
    private HBox dumpWhich;
    @FXML
    private Button dumpPrevious;
    @FXML
    private Label dumpWhichText;
    @FXML
    private Button dumpNext;
    @FXML
    private Label dumpUnchanged;
    @FXML
    private TableColumn<Group, String> dumpGroupUnchanged;
    @FXML
    private Label dumpThreads;
    @FXML
    private Label dumpVirtual;
    @FXML
    private Label dumpGroupCount;
    @FXML
    private Label dumpContainers;
    @FXML
    private TextField dumpSearch;
    @FXML
    private Label dumpShown;
    @FXML
    private TableView<Group> dumpGroupTable;
    @FXML
    private TableColumn<Group, String> dumpGroupCountColumn;
    @FXML
    private TableColumn<Group, String> dumpGroupStates;
    @FXML
    private TableColumn<Group, String> dumpGroupTop;
    @FXML
    private TableColumn<Group, String> dumpGroupContainer;
    @FXML
    private TextArea dumpGroupStack;

    /** Where Previous and Next lead: another of the file's dumps, by its number. */
    private final IntConsumer readDump;
    private final ThreadDumpSummary dump;

    /**
     * @param readDump reads another of the file's dumps, by its number (Previous, Next)
     * @param search   the search to begin with: the one of the dump shown before, kept across a log's dumps
     */
    ThreadDumpPane(ThreadDumpSummary dump, IntConsumer readDump, String search) {
        this.dump = dump;
        this.readDump = readDump;
        Fxml.load(this);
        // A log's dumps, taken one after another: which this is, and the way to the others.
        boolean several = dump.dumps() > 1;
        dumpWhich.setVisible(several || dump.compared());
        dumpWhich.setManaged(several || dump.compared());
        for (var stepping : List.of(dumpPrevious, dumpWhichText, dumpNext)) {
            stepping.setVisible(several);
            stepping.setManaged(several);
        }
        dumpWhichText.setText(Messages.text("open.dump.which", dump.dump(), dump.dumps()));
        dumpPrevious.setGraphic(Icons.PREVIOUS.create(18));
        dumpNext.setGraphic(Icons.NEXT.create(18));
        dumpNext.setContentDisplay(javafx.scene.control.ContentDisplay.RIGHT);
        dumpPrevious.setDisable(dump.dump() <= 1);
        dumpNext.setDisable(dump.dump() >= dump.dumps());
        Tooltips.setText(dumpPrevious, Messages.text("open.dump.previous.tooltip", Action.PREVIOUS_PRESET.pressKey()));
        Tooltips.setText(dumpNext, Messages.text("open.dump.next.tooltip", Action.NEXT_PRESET.pressKey()));
        // A later dump of a log, read with the one before it: which threads kept their stack between the two.
        boolean compared = dump.compared();
        dumpUnchanged.setVisible(compared);
        dumpUnchanged.setManaged(compared);
        dumpGroupUnchanged.setVisible(compared);
        if (compared) {
            dumpUnchanged.setText(Messages.text("open.dump.unchanged.total", dump.unchangedThreads(), dump.matchedThreads(), dump.comparedName()));
            dumpGroupUnchanged.setText(Messages.text("open.dump.unchanged.column", dump.comparedName()));
            TextColumns.fill(dumpGroupUnchanged, g -> Messages.text("open.dump.unchanged.cell", g.unchanged(), g.count()));
        }
        dumpGroupTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        TextColumns.fill(dumpGroupCountColumn, g -> Numbers.count(g.count()));
        TextColumns.fill(dumpGroupStates, ThreadDumpPane::states);
        TextColumns.fill(dumpGroupTop, g -> g.frames().isEmpty() ? Messages.text("open.dump.no-frames") : g.frames().getFirst());
        TextColumns.fill(dumpGroupContainer, g -> String.join(", ", g.containers()));
        dumpJvm.setText(jvmLine(dump.processId(), dump.runtimeVersion(), dump.time()));
        dumpThreads.setText(Numbers.count(dump.virtualThreads() + dump.platformThreads()));
        dumpVirtual.setText(Numbers.count(dump.virtualThreads()));
        dumpGroupCount.setText(Numbers.count(dump.groups().size()));
        // A text or jstack dump names no container, and jstack holds only the mounted virtual threads: said, not shown as zeros.
        String note = dump.note();
        dumpNote.setText(note);
        dumpNote.setVisible(!note.isEmpty());
        dumpNote.setManaged(!note.isEmpty());
        dumpContainers.setText(dump.format().hasContainers() ? Numbers.count(dump.containers().size()) : "–");
        dumpGroupContainer.setVisible(dump.format().hasContainers());
        // The reader gives the groups largest first: the table keeps that order.
        var groups = new FilteredList<>(FXCollections.observableArrayList(dump.groups()));
        dumpGroupTable.setItems(groups);
        dumpSearch.textProperty().subscribe(text -> {
            String wanted = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
            groups.setPredicate(wanted.isEmpty() ? null : g -> matches(g, wanted));
            long threads = groups.stream().mapToLong(Group::count).sum();
            dumpShown.setText(Messages.text("open.dump.shown", groups.size(), threads));
        });
        dumpGroupTable.getSelectionModel().selectedItemProperty().subscribe(g -> dumpGroupStack.setText(g == null ? "" : stack(g)));
        dumpGroupTable.getSelectionModel().selectFirst();
        dumpSearch.setText(search);
        // The search field would keep Page Up and Page Down for itself (the table and the stack scroll with them).
        dumpSearch.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            int step = Action.NEXT_PRESET.keys().stream().anyMatch(k -> k.match(e)) ? 1
                    : Action.PREVIOUS_PRESET.keys().stream().anyMatch(k -> k.match(e)) ? -1 : 0;
            if (step != 0 && oneOfSeveral()) {
                step(step);
                e.consume();
            }
        });
    }

    /** Gives the keyboard to the part with this id, as it had it in the dump before; the search if that part is off or gone. */
    void focus(String id) {
        var part = id == null ? null : lookup("#" + id);
        (part == null || part.isDisabled() ? dumpSearch : part).requestFocus();
    }

    /** Which of the file's dumps this is (the first is 1), and how many it holds. */
    int dump() {
        return dump.dump();
    }

    int dumps() {
        return dump.dumps();
    }

    /** Whether the file holds other dumps than this one. */
    boolean oneOfSeveral() {
        return dump.dumps() > 1;
    }

    /** The search typed, for the next dump of the file to begin with. */
    String search() {
        return dumpSearch.getText();
    }

    /**
     * Reads the dump {@code step} after this one (before it for a negative step), if the file holds it: Next and
     * Previous, Page Down and Page Up. Whether there was one.
     */
    boolean step(int step) {
        int to = dump.dump() + step;
        if (to < 1 || to > dump.dumps()) {
            return false;
        }
        readDump.accept(to);
        return true;
    }

    @FXML
    private void previousDump() {
        step(-1);
    }

    @FXML
    private void nextDump() {
        step(1);
    }

    /**
     * The line that says whose dump it is, with what its file states: jstack's text names no PID (the line says so), and a
     * dump cut from a log may name neither its JDK nor its time (left out, not shown as question marks).
     */
    static String jvmLine(long processId, String runtimeVersion, String time) {
        String taken = time.isEmpty() ? "" : Messages.text("open.dump.jvm.taken", taken(time));
        if (processId < 0) {
            return Messages.text("open.dump.jvm.no-pid", runtimeVersion.isEmpty() ? "" : Messages.text("open.dump.jvm.no-pid.jdk", runtimeVersion), taken);
        }
        return Messages.text("open.dump.jvm", processId, runtimeVersion.isEmpty() ? "" : Messages.text("open.dump.jvm.jdk", runtimeVersion), taken);
    }

    /** "2026-11-27T06:11:45.472065523Z" as "2026-11-27 06:11:45Z"; a time written otherwise as it is. */
    static String taken(String time) {
        try {
            return java.time.Instant.parse(time).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString().replace('T', ' ');
        } catch (java.time.format.DateTimeParseException e) {
            return time;
        }
    }

    private static boolean matches(Group g, String wanted) {
        return g.frames().stream().anyMatch(f -> f.toLowerCase(Locale.ROOT).contains(wanted))
                || g.names().stream().anyMatch(n -> n.toLowerCase(Locale.ROOT).contains(wanted));
    }

    private static String states(Group g) {
        String kind = Messages.text(g.virtual() ? "cli.open.dump.kind.virtual" : "cli.open.dump.kind.platform");
        if (g.states().isEmpty()) {
            return kind;
        }
        if (g.states().size() == 1) {
            return kind + ", " + g.states().keySet().iterator().next();
        }
        return kind + ": " + g.states().entrySet().stream().map(e -> e.getKey() + " " + Numbers.count(e.getValue())).collect(Collectors.joining(", "));
    }

    private static String stack(Group g) {
        var text = new StringBuilder(Messages.text("open.dump.stack-head", Numbers.count(g.count()), states(g), String.join(", ", g.names())));
        g.frames().forEach(frame -> text.append("\n    at ").append(frame));
        return text.toString();
    }

}
