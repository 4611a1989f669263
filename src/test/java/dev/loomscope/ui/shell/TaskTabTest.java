package dev.loomscope.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.testing.TestJvms;
import dev.loomscope.model.RunModel;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.WindowProbe;
import dev.loomscope.ui.WindowTest;
import dev.loomscope.ui.task.StarterTask;
import dev.loomscope.ui.task.TaskEditor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The "Your task" tab in the real window: errors marked on their lines, and a class of the user's run end to end in runner JVMs. */
@WindowTest
class TaskTabTest {

    private static final String BROKEN = """
            import java.util.concurrent.Callable;

            public class Mine implements Callable<Void> {
                @Override
                public Void call() throws Exception {
                    Thread.sleep("ten");
                    return null;
                }
            }
            """;

    private static final String GOOD = BROKEN.replace("Thread.sleep(\"ten\");", "Thread.sleep(10);");

    @RegisterExtension
    final HeadlessWindow opened = new HeadlessWindow();
    private MainWindow window;

    private TaskEditor openOnTheTaskTab() throws Exception {
        window = opened.openForRuns(TestJvms.runner());
        Fx.run(() -> window.tabs().show("task"));
        return Fx.call(() -> window.tabs().task().editor());
    }

    @Test
    void aBrokenClassHasItsLineMarkedAndRunRefusesItWithoutStartingARunner() throws Exception {
        TaskEditor editor = openOnTheTaskTab();
        Fx.run(() -> {
            editor.code().replaceText(BROKEN);
            editor.useBox().setSelected(true);
        });
        Fx.waitUntil("line 6 marked", Duration.ofSeconds(30), () -> editor.errorLines().equals(java.util.Set.of(6)));
        assertThat(Fx.call(() -> List.copyOf(editor.code().getParagraph(5).getParagraphStyle()))).containsExactly("error-line");
        assertThat(Fx.call(() -> editor.code().getParagraph(4).getParagraphStyle())).isEmpty();
        assertThat(Fx.call(() -> ((javafx.scene.control.Label) window.getScene().lookup("#taskProblems")).getText()))
                .startsWith("Line 6: no suitable method found for sleep(java.lang.String)");

        Fx.run(() -> new WindowProbe(window).controlPanel().runButton().fire());
        Fx.waitUntil("the banner says why", Duration.ofSeconds(30), () -> window.bannerMessage() != null);
        assertThat(Fx.call(window::bannerMessage)).isEqualTo("Your task does not compile: line 6: no suitable method found for sleep(java.lang.String)");
        assertThat(Fx.call(() -> window.session().history())).isEmpty();
    }

    @Test
    void aGoodClassRunsAsEveryTaskAndCompletes() throws Exception {
        TaskEditor editor = openOnTheTaskTab();
        Fx.run(() -> {
            editor.code().replaceText(GOOD);
            editor.useBox().setSelected(true);
            var probe = new WindowProbe(window);
            for (ExecutorKind kind : ExecutorKind.values()) {
                var box = probe.controlPanel().executorBox(kind);
                if (box.isSelected() != (kind == ExecutorKind.VIRTUAL)) {
                    box.fire();
                }
            }
            var tasks = probe.controlPanel().slider("Tasks");
            while (tasks.value() > 200) {
                tasks.step(-1);
            }
        });
        // Run at once, before the edit has settled: Run compiles the code as it is.
        Fx.run(() -> new WindowProbe(window).controlPanel().runButton().fire());
        Fx.waitUntil("200 of 200 completed", Duration.ofSeconds(60), () -> !window.session().history().isEmpty()
                && !window.session().isRunning() && window.session().history().getLast().result() != null);
        RunModel run = Fx.call(() -> window.session().history().getLast());
        assertThat(run.result().outcome()).as(run.result().message()).isEqualTo(RunResult.Outcome.COMPLETED);
        assertThat(run.result().completed()).isEqualTo(200);
        assertThat(run.scenario().userTask().className()).isEqualTo("Mine");
        assertThat(Fx.call(editor::errorLines)).isEmpty();
    }

    @Test
    void saveWritesTheCodeWholeAndLoadBringsItBack(@TempDir Path dir) throws Exception {
        TaskEditor editor = openOnTheTaskTab();
        Path file = dir.resolve("Mine.java");
        Fx.run(() -> {
            editor.code().replaceText(GOOD);
            editor.save(file);
        });
        Fx.waitUntil("saved", Duration.ofSeconds(10), () -> Files.exists(file));
        assertThat(Files.readString(file)).isEqualTo(GOOD);
        Fx.run(() -> editor.startFrom(StarterTask.SLEEP));
        Fx.run(() -> editor.load(file));
        Fx.waitUntil("loaded", Duration.ofSeconds(10), () -> editor.code().getText().equals(GOOD));
        assertThat(Fx.call(editor::inUse)).isTrue();
    }

    /** The code shown, at the start, from an example or from a file, is read from its first line: its class and imports, not its last lines. */
    @Test
    void theCodeIsShownFromItsFirstLine(@TempDir Path dir) throws Exception {
        TaskEditor editor = openOnTheTaskTab();
        Fx.settle(window.getScene(), 3);
        assertThat(Fx.call(() -> editor.code().getParagraphs().size())).as("more lines than the tab shows").isGreaterThan(10);
        assertThat(Fx.call(() -> editor.code().firstVisibleParToAllParIndex())).as("the starter's first line in sight").isZero();

        Fx.run(() -> editor.startFrom(StarterTask.SLEEP));
        Fx.settle(window.getScene(), 3);
        assertThat(Fx.call(() -> editor.code().firstVisibleParToAllParIndex())).as("an example's first line in sight").isZero();
        assertThat(Fx.call(() -> editor.code().getCaretPosition())).isZero();

        Path file = dir.resolve("Mine.java");
        Files.writeString(file, GOOD.repeat(3));
        Fx.run(() -> editor.load(file));
        Fx.waitUntil("loaded", Duration.ofSeconds(10), () -> editor.code().getText().equals(GOOD.repeat(3)));
        Fx.settle(window.getScene(), 3);
        assertThat(Fx.call(() -> editor.code().firstVisibleParToAllParIndex())).as("a file's first line in sight").isZero();
    }

    @Test
    void everyExampleCompiles() throws Exception {
        for (StarterTask starter : StarterTask.values()) {
            try (var compiled = dev.loomscope.launcher.TaskCompiler.compile(null, starter.source())) {
                assertThat(compiled.task().className()).as(starter.title()).isEqualTo("YourTask");
            }
        }
    }
}
