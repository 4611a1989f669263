package dev.loomscope.ui.views;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.theme.Icons;
import dev.loomscope.scenario.Durations;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.model.RunModel;
import java.util.List;
import java.util.function.Consumer;
import dev.loomscope.ui.fx.Tooltips;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.Node;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The runs of this session, newest first, with their settings and results. Selecting one shows it
 * again in every view; selecting nothing follows the run under way.
 */
public final class RunHistoryView extends VBox implements FrameView {

    private final Consumer<RunModel> onSelect;
    /** Made with the first run: until then the box shows what a list with no runs shows, for far less of the start. */
    private ListView<RunModel> list;
    private final Node empty;
    private int shownKey;

    public RunHistoryView(Consumer<RunModel> onSelect) {
        this.onSelect = onSelect;
        getStyleClass().add("run-history");
        var title = new Label(Messages.text("history.title"));
        title.getStyleClass().add("section-title");
        title.setGraphic(Icons.HISTORY.create());
        empty = emptyList();
        setSpacing(6);
        getChildren().setAll(title, empty);
        VBox.setVgrow(empty, Priority.ALWAYS);
        // Under the settings in the sidebar: a few runs tall, the settings keep the rest.
        setPadding(new javafx.geometry.Insets(0, 12, 12, 12));
        setPrefHeight(150);
        setMinHeight(100);
    }

    /** An empty list as the theme draws one (its box, and the placeholder centred in it), in three plain nodes. */
    private static Node emptyList() {
        var placeholder = new StackPane(new Label(Messages.text("history.empty")));
        placeholder.getStyleClass().add("placeholder");
        var box = new StackPane(placeholder);
        box.getStyleClass().add("list-view");
        return box;
    }

    @Override
    public void refresh(FrameContext frame) {
        refresh(frame.history());
    }

    /** Re-lists the runs when their number or outcomes changed. */
    public void refresh(List<RunModel> history) {
        int key = history.size();
        for (RunModel run : history) {
            key = key * 31 + run.number() * 7 + run.phase().ordinal();
        }
        if (key == shownKey || list == null && history.isEmpty()) {
            return;
        }
        shownKey = key;
        var list = list();
        RunModel selected = list.getSelectionModel().getSelectedItem();
        list.getItems().setAll(history.reversed());
        if (selected != null && history.contains(selected)) {
            list.getSelectionModel().select(selected);
        }
        list.refresh();
    }

    public void clearSelection() {
        if (list != null) {
            list.getSelectionModel().clearSelection();
        }
    }

    public void select(RunModel run) {
        list().getSelectionModel().select(run);
    }

    /** The list of runs, made now (in the place of the empty box) if no run has been listed yet. */
    public ListView<RunModel> list() {
        if (list == null) {
            list = new ListView<>();
            list.setPlaceholder(new Label(Messages.text("history.empty")));
            list.setCellFactory(view -> new RunCell());
            list.getSelectionModel().selectedItemProperty().addListener((obs, old, run) -> onSelect.accept(run));
            VBox.setVgrow(list, Priority.ALWAYS);
            getChildren().set(getChildren().indexOf(empty), list);
        }
        return list;
    }

    /** "10,000 x (100 ms sleep + 5 ms CPU), pool 200, 2 carriers". */
    public static String settings(Scenario s) {
        if (s.userTask() != null) {
            return Messages.text("history.settings.user-task", s.tasks(), s.userTask().simpleName(), s.carriers());
        }
        return Messages.text("history.settings", s.tasks(), work(s), s.carriers(), sharing(s));
    }

    /** The settings without the carriers, which a preset's runs mostly share: where the whole line does not fit. */
    public static String settingsBrief(Scenario s) {
        if (s.userTask() != null) {
            return Messages.text("history.settings.user-task.brief", s.tasks(), s.userTask().simpleName());
        }
        return Messages.text("history.settings.brief", s.tasks(), work(s), sharing(s));
    }

    private static String work(Scenario s) {
        return s.cpuMs() == 0 ? Messages.text("history.work.wait", s.sleepMs(), s.blocking().cliName())
                : s.sleepMs() == 0 ? Messages.text("history.work.cpu", s.cpuMs())
                : Messages.text("history.work.both", s.sleepMs(), s.blocking().cliName(), s.cpuMs());
    }

    private static String sharing(Scenario s) {
        return s.threadLocalKb() <= 0 ? "" : Messages.text(s.sharing() == dev.loomscope.scenario.Sharing.SCOPED_VALUE
                ? "history.scoped-value" : "history.thread-local", s.threadLocalKb());
    }

    static String outcome(RunModel run) {
        RunResult result = run.result();
        if (result == null) {
            return Messages.text(run.phase() == RunModel.Phase.QUEUED ? "history.queued" : "history.running");
        }
        return switch (result.outcome()) {
            case COMPLETED -> Messages.text("card.elapsed", Durations.humanMillis(result.elapsedMs()), Durations.humanMillis(run.idealMs()));
            case CANCELLED -> Messages.text("history.stopped", result.completed());
            case FAILED -> Messages.text("history.failed");
        };
    }

    private static final class RunCell extends ListCell<RunModel> {

        RunCell() {
            // As wide as the list, never wider: a narrow sidebar (1280x720 at the desk) cuts a long line, whole in its
            // tooltip, rather than give the list a sideways scroll bar.
            setPrefWidth(0);
        }

        @Override
        protected void updateItem(RunModel run, boolean empty) {
            super.updateItem(run, empty);
            if (empty || run == null) {
                setText(null);
                setGraphic(null);
                return;
            }
            var title = new Label(run.title());
            title.getStyleClass().add("history-title");
            var detail = new Label(settings(run.scenario()) + "\n" + outcome(run));
            detail.getStyleClass().add("history-detail");
            Tooltips.whenCut(title);
            Tooltips.whenCut(detail);
            RunResult result = run.result();
            if (result != null && result.outcome() == RunResult.Outcome.FAILED) {
                detail.getStyleClass().add("failed");
            }
            setText(null);
            setGraphic(new VBox(2, title, detail));
        }
    }
}
