package dev.loomscope.ui.task;

import dev.loomscope.scenario.UserTask;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.theme.Icons;
import java.util.function.Consumer;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * The "Your task" tab among the bottom tabs. Its editor (RichTextFX, and javac behind it) is made
 * the first time the tab is shown, so a window that never uses it starts as quickly as before.
 */
public final class TaskTab implements UserCode {

    private final Tab tab = new Tab(Messages.text("task.tab"));
    private TaskEditor editor;

    public TaskTab(TabPane tabs) {
        tab.setId("taskTab");
        tab.setGraphic(Icons.CODE.create(14));
        tabs.getTabs().add(tab);
        tab.selectedProperty().subscribe(selected -> {
            if (selected) {
                editor().wake();
            }
        });
    }

    /** The editor, made now if it was not yet. */
    public TaskEditor editor() {
        if (editor == null) {
            editor = new TaskEditor();
            tab.setContent(editor);
        }
        return editor;
    }

    /** Uses a task the command line compiled ({@code window --task-file}), its code shown in the editor. */
    public void adopt(UserTask task) {
        editor().adopt(task);
    }

    @Override
    public boolean inUse() {
        return editor != null && editor.inUse();
    }

    @Override
    public void compiledThen(Consumer<UserTask> run, Consumer<String> refuse) {
        editor().compiledThen(run, refuse);
    }

    @Override
    public void show() {
        if (tab.getTabPane() != null) {
            tab.getTabPane().getSelectionModel().select(tab);
        }
    }
}
