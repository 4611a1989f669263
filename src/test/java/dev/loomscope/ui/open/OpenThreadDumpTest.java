package dev.loomscope.ui.open;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.RunSession;
import dev.loomscope.recording.ReadProgress;
import dev.loomscope.recording.ThreadDumpReader;
import dev.loomscope.recording.ThreadDumpSummary;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.testing.DumpedLog;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.testing.RecordedProgram;
import dev.loomscope.testing.TargetJvm;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.NodeProbe;
import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.shell.MainWindow;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening a JSON thread dump in the real window: a dump taken here (jcmd) of one JVM with virtual
 * threads parked at two places; the groups the window lists, their search, and the CSV of them.
 */
@WindowTest(lane = WindowTest.Lane.READING)
class OpenThreadDumpTest {

    private static final int HERE = 90;
    private static final int THERE = 25;

    @TempDir
    static Path dir;
    static Path dump;
    static ThreadDumpSummary summary;

    @RegisterExtension
    final HeadlessWindow opened = new HeadlessWindow();
    private MainWindow window;

    @BeforeAll
    static void dump() throws Exception {
        dump = dir.resolve("threads.json");
        try (var parked = TargetJvm.java(RecordedProgram.class, "park", Integer.toString(HERE), Integer.toString(THERE))) {
            parked.awaitLine("ready"::equals, Duration.ofSeconds(60));
            Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(parked.pid()),
                    "Thread.dump_to_file", "-format=json", dump.toString()).redirectErrorStream(true).start();
            String said = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(jcmd.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(dump).as(said).isRegularFile();
            Process print = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(parked.pid()),
                    "Thread.print").start();
            String printed = new String(print.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(print.waitFor(60, TimeUnit.SECONDS)).isTrue();
            jstack = Files.writeString(dir.resolve("jstack.tdump"), printed);
        }
        summary = ThreadDumpReader.read(dump, "", ReadProgress.NONE);
    }

    static Path jstack;

    @Test
    void aJstackDumpSaysWhatItCannotHoldRatherThanShowingZeros() throws Exception {
        window = opened.open(new RunSession(new FakeRunner(), RunOptions.DEFAULT), null);
        Fx.run(() -> window.opened().open(List.of(jstack)));
        awaitShown("the dump is read", () -> true);
        var note = Fx.call(() -> NodeProbe.lookup(window, "#dumpNote", Label.class));
        assertThat(Fx.call(note::isVisible)).isTrue();
        // The parked virtual threads are not in a jstack dump: the note says so, and how to take a dump that has them.
        assertThat(Fx.call(note::getText)).contains("a virtual thread only while it is mounted on a carrier (0 here)", "-format=json");
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#dumpContainers", Label.class).getText())).isEqualTo("–");
        assertThat(Fx.call(() -> groups().getItems().stream().mapToLong(ThreadDumpSummary.Group::count).sum())).isPositive();
        assertThat(Fx.call(() -> groups().getColumns().getLast().isVisible())).as("no container column").isFalse();
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#dumpWhich", javafx.scene.layout.HBox.class).isVisible())).as("one dump: no way to others")
                .isFalse();

        // The status bar names the file shown, not the runs' "Ready", and has them back once the file is left.
        var probe = new dev.loomscope.ui.WindowProbe(window);
        Fx.waitUntil("the status names the file", Duration.ofSeconds(5),
                () -> probe.statusText().equals("Showing jstack.tdump, opened from a file. Esc goes back to the runs; Open (Ctrl+O) opens another."));
        Fx.run(() -> NodeProbe.lookup(window, "#openBack", javafx.scene.control.Button.class).fire());
        Fx.waitUntil("the status is the runs' again", Duration.ofSeconds(5), () -> probe.statusText().startsWith("Ready. Press Run (F5)"));
    }

    /**
     * A service's log with three SIGQUIT dumps, one more "step-K" thread before each: Next and Page Down step through them,
     * the search kept; past the last nothing happens, and once the file is left Page Down is the next experiment's again.
     */
    @Test
    void aLogsDumpsAreSteppedThroughWithTheirSearchKept() throws Exception {
        Path log = DumpedLog.write(dir.resolve("service.log"), 3);
        window = opened.open(new RunSession(new FakeRunner(), RunOptions.DEFAULT), null);
        var preset = Fx.call(() -> window.controls().presetProperty().get());
        Fx.run(() -> window.opened().open(List.of(log)));
        awaitDump(1);
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#dumpWhich", javafx.scene.layout.HBox.class).isVisible())).isTrue();
        // A JVM's own SIGQUIT dump names no PID: the line says so, rather than a question mark.
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#dumpJvm", Label.class).getText())).startsWith("Thread dump of a JVM on JDK ")
                .contains("(the file names no PID), taken ").doesNotContain("?");
        assertThat(Fx.call(() -> unchangedColumn().isVisible())).as("nothing before the first dump to compare with").isFalse();
        assertThat(Fx.call(() -> button("#dumpPrevious").isDisabled())).as("no dump before the first").isTrue();
        Fx.run(() -> NodeProbe.lookup(window, "#dumpSearch", TextField.class).setText("step-"));
        assertThat(Fx.call(this::threadsShown)).as("dump 1: one step thread").isEqualTo(1);

        Fx.run(() -> button("#dumpNext").fire());
        awaitDump(2);
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#dumpSearch", TextField.class).getText())).as("the search kept").isEqualTo("step-");
        assertThat(Fx.call(this::threadsShown)).isEqualTo(2);
        // Read with dump 1: step-1 kept its stack, step-2 was not there.
        assertThat(Fx.call(() -> unchangedColumn().isVisible())).isTrue();
        assertThat(Fx.call(() -> unchangedColumn().getText())).isEqualTo("Same in dump 1");
        assertThat(Fx.call(() -> unchangedColumn().getCellObservableValue(groups().getItems().getFirst()).getValue())).isEqualTo("1 of 2");
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#dumpUnchanged", Label.class).getText())).matches("[\\d,]+ of [\\d,]+ threads have the stack they had in dump 1");

        // Page Down typed where the keyboard is, the search field, which would keep it for itself: the next dump, and the
        // search field has the keyboard in it again.
        Fx.run(() -> NodeProbe.lookup(window, "#dumpSearch", TextField.class).requestFocus());
        type(KeyCode.PAGE_DOWN);
        awaitDump(3);
        assertThat(Fx.call(this::threadsShown)).isEqualTo(3);
        assertThat(Fx.call(() -> opened.stage().getScene().getFocusOwner() == NodeProbe.lookup(window, "#dumpSearch", TextField.class)))
                .as("the keyboard where it was").isTrue();
        assertThat(Fx.call(() -> button("#dumpNext").isDisabled())).as("no dump after the last").isTrue();
        type(KeyCode.PAGE_DOWN);
        assertThat(Fx.call(() -> window.opened().view().reading())).as("nothing to read past the last").isFalse();
        press(KeyCode.PAGE_UP);
        awaitDump(2);
        var probe = new dev.loomscope.ui.WindowProbe(window);
        Fx.waitUntil("the status says which dump and the keys to the others", Duration.ofSeconds(5),
                () -> probe.statusText().equals("Showing service.log, dump 2 of 3. Page Up and Page Down show the others; Esc, the runs."));
        assertThat(Fx.call(() -> window.controls().presetProperty().get())).as("the experiment behind stays").isEqualTo(preset);

        Fx.run(() -> button("#openBack").fire());
        press(KeyCode.PAGE_DOWN);
        assertThat(Fx.call(() -> window.controls().presetProperty().get())).as("Page Down is the next experiment's again").isNotEqualTo(preset);
    }

    /** A log cut short once opened: the next dump cannot be read, and the dump shown stays, with its way to the others. */
    @Test
    void whatADumpsFileDoesNotStateIsLeftOutOfItsLineNotShownAsAQuestionMark() {
        assertThat(ThreadDumpPane.jvmLine(4242, "25.0.3+9", "2026-11-27T06:11:45.472065523Z"))
                .isEqualTo("Thread dump of PID 4242, JDK 25.0.3+9, taken 2026-11-27 06:11:45Z");
        assertThat(ThreadDumpPane.jvmLine(-1, "25.0.3+9", "2026-11-27T06:11:45Z"))
                .isEqualTo("Thread dump of a JVM on JDK 25.0.3+9 (the file names no PID), taken 2026-11-27 06:11:45Z");
        assertThat(ThreadDumpPane.jvmLine(-1, "", "")).isEqualTo("Thread dump of a JVM (the file names no PID)");
        assertThat(ThreadDumpPane.jvmLine(4242, "", "")).isEqualTo("Thread dump of PID 4242");
    }

    @Test
    void aDumpThatCannotBeReadLeavesTheOneShown() throws Exception {
        Path log = DumpedLog.write(dir.resolve("rotated.log"), 3);
        String whole = Files.readString(log);
        window = opened.open(new RunSession(new FakeRunner(), RunOptions.DEFAULT), null);
        Fx.run(() -> window.opened().open(List.of(log)));
        awaitDump(1);
        // The log is rotated: only its first dump is left.
        Files.writeString(log, whole.substring(0, whole.indexOf("Full thread dump ", whole.indexOf("JNI global refs"))));
        Fx.run(() -> button("#dumpNext").fire());
        Fx.waitUntil("the problem said", Duration.ofSeconds(30), () -> !window.opened().view().reading() && window.bannerMessage() != null);
        assertThat(Fx.call(window::bannerMessage)).contains("rotated.log", "holds one thread dump; there is no dump 2");
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#dumpWhichText", Label.class).getText())).isEqualTo("Dump 1 of 3 in this file");
        assertThat(Fx.call(() -> groups().isDisabled() || NodeProbe.lookup(window, "#dumpWhich", javafx.scene.layout.HBox.class).isDisabled()))
                .as("the dump shown is usable again").isFalse();
        assertThat(Fx.call(() -> window.opened().view().showsDumps())).isTrue();
    }

    /** Two JSON dumps of one JVM opened together: the later one, with how many of its threads kept the stack they had in the earlier. */
    @Test
    void twoDumpsOfOneJvmShowTheLaterWithWhatKeptItsStack() throws Exception {
        List<Path> dumps = DumpedLog.json(dir, 2);
        window = opened.open(new RunSession(new FakeRunner(), RunOptions.DEFAULT), null);
        Fx.run(() -> window.opened().open(dumps));
        awaitShown("the dumps are read", () -> true);
        assertThat(Fx.call(() -> unchangedColumn().getText())).isEqualTo("Same in steps-1.json");
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#dumpUnchanged", Label.class).getText()))
                .matches("[\\d,]+ of [\\d,]+ threads have the stack they had in steps-1.json");
        assertThat(Fx.call(() -> button("#dumpNext").isVisible())).as("one dump in each file: nothing to step through").isFalse();
        Fx.run(() -> NodeProbe.lookup(window, "#dumpSearch", TextField.class).setText("step-"));
        assertThat(Fx.call(this::threadsShown)).isEqualTo(2);
        assertThat(Fx.call(() -> unchangedColumn().getCellObservableValue(groups().getItems().getFirst()).getValue())).isEqualTo("1 of 2");
    }

    private void awaitDump(int dump) throws Exception {
        String which = "Dump %d of 3 in this file".formatted(dump);
        awaitShown("dump " + dump + " shown", () -> NodeProbe.lookup(window, "#dumpWhichText", Label.class).getText().equals(which));
    }

    /**
     * Waits until a dump is read and shown whole, and {@code also}: its table and stack are in the scene only from the pulse
     * after the pane joins it (a split pane's items join with its skin), and a check made between the two would miss them.
     */
    private void awaitShown(String what, java.util.function.BooleanSupplier also) throws Exception {
        Fx.waitUntil(what, Duration.ofSeconds(30), () -> !window.opened().view().reading() && window.opened().view().showsFile()
                && groups().isVisible() && NodeProbe.lookup(window, "#dumpGroupStack", TextArea.class).isVisible() && also.getAsBoolean());
    }

    @SuppressWarnings("unchecked")
    private javafx.scene.control.TableColumn<ThreadDumpSummary.Group, String> unchangedColumn() {
        return (javafx.scene.control.TableColumn<ThreadDumpSummary.Group, String>) groups().getColumns().get(1);
    }

    private javafx.scene.control.Button button(String id) {
        return NodeProbe.lookup(window, id, javafx.scene.control.Button.class);
    }

    /** The threads in the groups the search leaves. */
    private long threadsShown() {
        return groups().getItems().stream().mapToLong(ThreadDumpSummary.Group::count).sum();
    }

    /** A key pressed where the keyboard is, as a person's would be: through the focused part first, then the window's keys. */
    private void type(KeyCode key) throws Exception {
        Fx.run(() -> javafx.event.Event.fireEvent(opened.stage().getScene().getFocusOwner(),
                new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_PRESSED, "", "", key, false, false, false, false)));
    }

    private void press(KeyCode key) throws Exception {
        Fx.run(() -> opened.stage().getScene().getAccelerators().get(new KeyCodeCombination(key)).run());
    }

    @SuppressWarnings("unchecked")
    private TableView<ThreadDumpSummary.Group> groups() {
        return NodeProbe.lookup(window, "#dumpGroupTable", TableView.class);
    }

    @Test
    void theGroupsAreTheDumpsAndTheSearchFiltersThem() throws Exception {
        window = opened.open(new RunSession(new FakeRunner(), RunOptions.DEFAULT), null);
        Fx.run(() -> window.opened().open(List.of(dump)));
        awaitShown("the dump is read", () -> true);
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#dumpVirtual", Label.class).getText())).isEqualTo("%,d".formatted(summary.virtualThreads()));
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#dumpNote", Label.class).isVisible())).as("a JSON dump holds it all").isFalse();
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#dumpJvm", Label.class).getText())).startsWith("Thread dump of PID " + summary.processId() + ", JDK ");
        var shown = Fx.call(() -> List.copyOf(groups().getItems()));
        assertThat(shown).isEqualTo(summary.groups());
        assertThat(shown.getFirst().count()).isEqualTo(HERE);
        assertThat(Fx.call(() -> NodeProbe.lookup(window, "#dumpGroupStack", TextArea.class).getText())).contains("parkHere");

        Fx.run(() -> NodeProbe.lookup(window, "#dumpSearch", TextField.class).setText("PARKTHERE"));
        var found = Fx.call(() -> List.copyOf(groups().getItems()));
        assertThat(found).hasSize(1);
        assertThat(found.getFirst().count()).isEqualTo(THERE);
        assertThat(found.getFirst().frames()).anyMatch(frame -> frame.contains("parkThere"));
        Fx.run(() -> NodeProbe.lookup(window, "#dumpSearch", TextField.class).setText("there-"));
        assertThat(Fx.call(() -> groups().getItems().stream().mapToLong(ThreadDumpSummary.Group::count).sum())).isEqualTo(THERE);
        Fx.run(() -> NodeProbe.lookup(window, "#dumpSearch", TextField.class).setText(""));
        assertThat(Fx.call(() -> groups().getItems().size())).isEqualTo(summary.groups().size());

        Path csv = dir.resolve("groups.csv");
        Fx.call(() -> window.opened().view().saving().saveCsv(csv)).get(10, TimeUnit.SECONDS);
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.getFirst()).isEqualTo("count,unchanged,virtual,states,topFrame,containers,names,frames");
        assertThat(lines.get(1)).as("no dump before a JSON dump: unchanged left empty").startsWith(HERE + ",,true,");
    }
}
