package dev.loomscope.ui.task;

import dev.loomscope.io.AtomicFiles;
import dev.loomscope.launcher.TaskCompiler;
import dev.loomscope.scenario.UserTask;
import dev.loomscope.ui.fx.FxThread;
import dev.loomscope.ui.fx.Messages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.stage.FileChooser;
import javafx.util.Duration;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;

/**
 * The "Your task" tab: a Java editor whose class, when "Use as workload" is on, is what every task
 * of the next Run calls. It compiles the code off the FX thread a moment after each edit and marks
 * each error on its line (the line number in red, the line tinted, the messages below), never in a
 * dialog. Examples per way of blocking, Load… and Save… (written whole through {@link AtomicFiles}).
 */
public final class TaskEditor extends BorderPane {

    /** A compile's outcome for the text as it was at {@code edit}. */
    private record Outcome(long edit, TaskCompiler.Compiled compiled, List<TaskCompiler.Problem> problems) {
    }

    private final CodeArea code = new CodeArea();
    private final CheckBox use = new CheckBox(Messages.text("task.use"));
    private final Label status = new Label();
    private final Label problemsText = new Label();
    private final PauseTransition settle = new PauseTransition(Duration.millis(400));
    private final ExecutorService compiler = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().daemon().name("loomscope-task-compiler").factory());
    /** Counts edits: a compile of an older text is dropped when it ends. */
    private long edits;
    private long pendingEdit = -1;
    /** The latest compile, completed on the FX thread once its outcome is on screen. */
    private CompletableFuture<Outcome> pending;
    /** Whether edits compile: not before the tab is first shown (javac costs the window's start a second of CPU). */
    private boolean awake;
    /** The compiled class of the current text, or null until it compiles. */
    private TaskCompiler.Compiled current;
    /** Compiled folders of older texts, deleted once no run can be using them (at the next Run, or at exit). */
    private final List<TaskCompiler.Compiled> retired = new ArrayList<>();
    private Set<Integer> errorLines = Set.of();
    /** A task compiled elsewhere (the command line's --task-file), used until the editor's text changes. */
    private UserTask adopted;
    private long adoptedAt = -1;
    private Path file;

    public TaskEditor() {
        getStyleClass().add("task-editor");
        getStylesheets().add(TaskEditor.class.getResource("task-editor.css").toExternalForm());
        code.setId("taskCode");
        code.getStyleClass().add("task-code");
        code.setParagraphGraphicFactory(gutter());
        code.textProperty().addListener((obs, old, text) -> edited(text));
        use.setId("useTask");
        status.setId("taskStatus");
        problemsText.setId("taskProblems");
        problemsText.getStyleClass().add("task-problems");
        problemsText.setWrapText(true);
        problemsText.managedProperty().bind(problemsText.textProperty().isNotEmpty());
        problemsText.visibleProperty().bind(problemsText.managedProperty());
        settle.setOnFinished(e -> compileNow());

        var examples = new MenuButton(Messages.text("task.examples"));
        examples.setId("taskExamples");
        for (StarterTask starter : StarterTask.values()) {
            var item = new MenuItem(starter.title());
            item.setOnAction(e -> startFrom(starter));
            examples.getItems().add(item);
        }
        var load = new Button(Messages.text("task.load"));
        load.setOnAction(e -> chooseAndLoad());
        var save = new Button(Messages.text("task.save"));
        save.setOnAction(e -> chooseAndSave());
        var bar = new Bar(status, use, examples, load, save);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 6, 4, 6));
        setTop(bar);
        setCenter(new VirtualizedScrollPane<>(code));
        setBottom(problemsText);
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("loomscope-task-folders").unstarted(this::deleteAll));
        show(StarterTask.MONITOR_WAIT.source());
        use.setSelected(false);
    }

    /** Puts {@code source} in the editor, read from its first line (the caret a replacement leaves at the end scrolled to the class's last lines). */
    private void show(String source) {
        code.replaceText(source);
        code.moveTo(0);
        code.requestFollowCaret();
    }

    /** Whether Run calls this editor's class in every task. */
    public boolean inUse() {
        return use.isSelected();
    }

    public CheckBox useBox() {
        return use;
    }

    public CodeArea code() {
        return code;
    }

    /** The lines marked as holding a compiler error (1-based), for tests and the gutter. */
    public Set<Integer> errorLines() {
        return errorLines;
    }

    /** Replaces the code with an example, and uses it: picking one says "run this". */
    public void startFrom(StarterTask starter) {
        awake = true;
        file = null;
        show(starter.source());
        use.setSelected(true);
    }

    /**
     * Hands the compiled class of the current text to {@code run} on the FX thread, compiling it first
     * (off the FX thread) if the last edit has not been compiled; or tells {@code refuse} why not.
     * Called when no run is going: older compiled folders are deleted here.
     */
    public void compiledThen(Consumer<UserTask> run, Consumer<String> refuse) {
        retired.forEach(TaskCompiler.Compiled::close);
        retired.clear();
        if (current != null) {
            run.accept(current.task());
            return;
        }
        if (adopted != null && adoptedAt == edits) {
            run.accept(adopted);
            return;
        }
        awake = true;
        settle.stop();
        CompletableFuture<Outcome> compile = pendingEdit == edits ? pending : compileNow();
        FxThread.whenDone(compile, (outcome, error) -> {
            if (current != null && outcome != null && outcome.edit() == edits) {
                run.accept(current.task());
            } else if (error != null) {
                refuse.accept(Messages.text("task.refused.compiler", error.getMessage()));
            } else if (outcome != null && outcome.edit() != edits) {
                refuse.accept(Messages.text("task.refused.changed"));
            } else {
                refuse.accept(Messages.text("task.refused.errors", outcome == null ? "" : firstProblem(outcome.problems())));
            }
        });
    }

    private void edited(String text) {
        edits++;
        code.setStyleSpans(0, JavaSyntax.highlight(text));
        if (current != null) {
            retired.add(current);
            current = null;
        }
        if (awake) {
            status.setText(Messages.text("task.status.compiling"));
            settle.playFromStart();
        }
    }

    /** The tab is shown: from now on every edit compiles a moment later, and the code as it is compiles now. */
    public void wake() {
        if (!awake) {
            awake = true;
            status.setText(Messages.text("task.status.compiling"));
            compileNow();
        }
    }

    private CompletableFuture<Outcome> compileNow() {
        long edit = edits;
        String text = code.getText();
        pendingEdit = edit;
        var compiled = CompletableFuture.supplyAsync(() -> {
            try {
                return new Outcome(edit, TaskCompiler.compile(null, text), List.of());
            } catch (TaskCompiler.TaskException e) {
                return new Outcome(edit, null, e.problems());
            }
        }, compiler);
        var shown = new CompletableFuture<Outcome>();
        FxThread.whenDone(compiled, (outcome, error) -> {
            show(outcome, error);
            if (error != null) {
                shown.completeExceptionally(error);
            } else {
                shown.complete(outcome);
            }
        });
        pending = shown;
        return shown;
    }

    /** Puts a compile's outcome on screen, if it is of the text as it is now; an older one's folder is deleted. */
    private void show(Outcome outcome, Throwable error) {
        if (error != null) {
            status.setText(Messages.text("task.status.compiler-failed"));
            problemsText.setText(String.valueOf(error.getMessage()));
            return;
        }
        if (outcome.edit() != edits) {
            if (outcome.compiled() != null) {
                retired.add(outcome.compiled());
            }
            return;
        }
        if (outcome.compiled() != null) {
            current = outcome.compiled();
            status.setText(Messages.text("task.status.compiles", current.task().simpleName()));
            mark(List.of());
        } else {
            int errors = outcome.problems().size();
            status.setText(errors == 1 ? Messages.text("task.status.errors.one") : Messages.text("task.status.errors.many", errors));
            mark(outcome.problems());
        }
    }

    private void mark(List<TaskCompiler.Problem> problems) {
        errorLines = problems.stream().filter(p -> p.line() > 0).map(p -> (int) p.line()).collect(Collectors.toUnmodifiableSet());
        for (int i = 0; i < code.getParagraphs().size(); i++) {
            code.setParagraphStyle(i, errorLines.contains(i + 1) ? List.of("error-line") : List.of());
        }
        code.setParagraphGraphicFactory(gutter()); // redrawn with the new marks
        problemsText.setText(problems.stream().map(p -> p.line() > 0 ? Messages.text("task.problem.line", p.line(), p.message()) : p.message())
                .collect(Collectors.joining("\n")));
    }

    private static String firstProblem(List<TaskCompiler.Problem> problems) {
        if (problems.isEmpty()) {
            return "";
        }
        var first = problems.getFirst();
        String said = first.line() > 0 ? Messages.text("task.first-problem.line", first.line(), first.message()) : first.message();
        return problems.size() > 1 ? Messages.text("task.first-problem.more", said, problems.size() - 1) : said;
    }

    /** Line numbers, the ones with an error marked. */
    private IntFunction<Node> gutter() {
        IntFunction<Node> numbers = LineNumberFactory.get(code);
        Set<Integer> marked = errorLines;
        return line -> {
            Node number = numbers.apply(line);
            if (marked.contains(line + 1)) {
                number.getStyleClass().add("error-line-number");
            }
            return number;
        };
    }

    private void chooseAndLoad() {
        var chooser = javaChooser(Messages.text("task.chooser.load"));
        var chosen = chooser.showOpenDialog(getScene().getWindow());
        if (chosen != null) {
            load(chosen.toPath());
        }
    }

    /**
     * Uses a task compiled by the command line ({@code window --task-file}) and shows its source, which
     * its folder holds; Run uses it as it is until the code is edited.
     */
    public void adopt(UserTask task) {
        adopted = task;
        adoptedAt = edits;
        use.setSelected(true);
        load(task.classFolder().resolve(task.sourceName()), false);
    }

    /** Reads {@code source} (off the FX thread) into the editor and uses it. */
    public void load(Path source) {
        load(source, true);
    }

    /** @param saveBeside whether Save… starts in its folder (not a temporary folder's) */
    private void load(Path source, boolean saveBeside) {
        status.setText(Messages.text("task.status.loading", source.getFileName()));
        FxThread.whenDone(CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readString(source, StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(AtomicFiles.reason(e), e);
            }
        }), (text, error) -> {
            if (error != null) {
                status.setText(Messages.text("task.status.read-failed", source.getFileName(), AtomicFiles.reason(error.getCause() != null ? error.getCause() : error)));
                return;
            }
            file = saveBeside ? source : null;
            awake = true;
            show(text);
            use.setSelected(true);
        });
    }

    private void chooseAndSave() {
        var chooser = javaChooser(Messages.text("task.chooser.save"));
        chooser.setInitialFileName(file != null ? file.getFileName().toString() : TaskCompiler.guessedFileName(code.getText()));
        var chosen = chooser.showSaveDialog(getScene().getWindow());
        if (chosen != null) {
            save(chosen.toPath());
        }
    }

    /** Writes the code to {@code target} whole or not at all, off the FX thread. */
    public void save(Path target) {
        byte[] bytes = code.getText().getBytes(StandardCharsets.UTF_8);
        FxThread.whenDone(CompletableFuture.runAsync(() -> {
            try {
                AtomicFiles.write(target, out -> out.write(bytes));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e.getMessage(), e);
            }
        }), (done, error) -> {
            if (error == null) {
                file = target;
                status.setText(Messages.text("task.status.saved", target.getFileName()));
            } else {
                status.setText(error.getCause() != null ? error.getCause().getMessage() : error.getMessage());
            }
        });
    }

    private FileChooser javaChooser(String title) {
        var chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(Messages.text("task.chooser.java"), "*.java"));
        if (file != null && file.getParent() != null) {
            chooser.setInitialDirectory(file.getParent().toFile());
        }
        return chooser;
    }

    private synchronized void deleteAll() {
        retired.forEach(TaskCompiler.Compiled::close);
        if (current != null) {
            current.close();
        }
    }

    /**
     * The editor's bar: its controls flow, and the status follows them, on a line of its own when they leave it too little
     * room, wrapped there to the bar's width. In a row, a narrow tab (a 720p stage) squeezed every button to "..." and cut
     * the status.
     */
    private static final class Bar extends FlowPane {

        private final Label status;

        Bar(Label status, Node... controls) {
            super(8, 4, controls);
            this.status = status;
            status.setWrapText(true);
            getChildren().add(status);
        }

        /** The widest control: the status wraps to whatever width the bar has, so a long message never widens the tab. */
        @Override
        protected double computeMinWidth(double height) {
            double widest = 0;
            for (Node child : getManagedChildren()) {
                if (child != status) {
                    widest = Math.max(widest, child.prefWidth(-1));
                }
            }
            return snappedLeftInset() + snapSizeX(widest) + snappedRightInset();
        }

        /** As tall as the lines this width takes, the status wrapped to it. */
        @Override
        protected double computePrefHeight(double width) {
            fitStatus(width);
            return super.computePrefHeight(width);
        }

        @Override
        protected void layoutChildren() {
            fitStatus(getWidth());
            super.layoutChildren();
        }

        /**
         * The status no wider than the bar's inside at this width: the flow lays a child out no wider than its maximum. Set
         * while measuring, too, so the height asked for is the wrapped status's; a new width costs one more layout pass.
         */
        private void fitStatus(double width) {
            if (width > 0) {
                status.setMaxWidth(Math.max(0, width - snappedLeftInset() - snappedRightInset()));
            }
        }
    }
}
