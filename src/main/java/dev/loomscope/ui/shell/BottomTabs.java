package dev.loomscope.ui.shell;

import dev.loomscope.model.Sweep;
import dev.loomscope.ui.sweep.SweepView;
import dev.loomscope.ui.task.TaskTab;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * The tabs under the lanes, as the command line opens them: one of them shown, or the Sweep tab sweeping.
 * The "Your task" tab is made in code, last among them.
 */
public final class BottomTabs {

    private final TabPane tabs;
    private final Tab sweepTab;
    private final Supplier<SweepView> sweepView;
    private final Consumer<String> problem;
    private final TaskTab task;

    BottomTabs(TabPane tabs, Tab sweepTab, Supplier<SweepView> sweepView, Consumer<String> problem) {
        this.tabs = tabs;
        this.sweepTab = sweepTab;
        this.sweepView = sweepView;
        this.problem = problem;
        this.task = new TaskTab(tabs);
    }

    /** The "Your task" tab: the user's code as the workload. */
    public TaskTab task() {
        return task;
    }

    /**
     * On stage the JFR and Web service tabs go by a short name, so that all five names stand whole in the side column of a
     * 1280 px screen (JavaFX clips the tab that does not fit: "You" of "Your task"); at the desk, their whole names.
     */
    public void setOnStage(boolean on) {
        for (Tab tab : tabs.getTabs()) {
            if (tab.getProperties().get(ON_STAGE) instanceof String brief) {
                tab.getProperties().putIfAbsent(AT_THE_DESK, tab.getText());
                tab.setText(on ? brief : (String) tab.getProperties().get(AT_THE_DESK));
            }
        }
    }

    /** The property of a tab (set in the FXML) that holds its name on stage, and the one that keeps its desk name meanwhile. */
    private static final String ON_STAGE = "stageName";
    private static final String AT_THE_DESK = "atTheDesk";

    /** Shows the tab named {@code name} (its id is {@code nameTab}: results, jfr, sweep, web, task). */
    public void show(String name) {
        var tab = tabs.getTabs().stream().filter(each -> (name + "Tab").equals(each.getId())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no tab " + name));
        tabs.getSelectionModel().select(tab);
    }

    /** Shows the Sweep tab and sweeps as given (the command line's --sweep). */
    public void startSweep(Sweep sweep) {
        tabs.getSelectionModel().select(sweepTab);
        var sweepView = this.sweepView.get();
        sweepView.setRange(sweep.setting(), sweep.values().getFirst(), sweep.values().getLast(), sweep.values().size());
        if (!sweepView.sweep()) {
            problem.accept(sweepView.progressText());
        }
    }
}
