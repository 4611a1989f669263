package dev.loomscope.ui.web;

import dev.loomscope.model.RunModel;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.views.FrameView;
import java.util.function.Supplier;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * The Web service tab: it comes forward when a web run is shown and goes away for a plain one (but
 * never over a sweep, whose plot is the point), and its charts draw only while it is shown.
 */
public final class WebTab implements FrameView {

    private final TabPane tabs;
    private final Tab webTab;
    private final Tab sweepTab;
    private final Supplier<WebTrafficView> traffic;
    private RunModel lastShown;

    public WebTab(TabPane tabs, Tab webTab, Tab sweepTab, Supplier<WebTrafficView> traffic) {
        this.tabs = tabs;
        this.webTab = webTab;
        this.sweepTab = sweepTab;
        this.traffic = traffic;
    }

    @Override
    public void refresh(FrameContext frame) {
        var selection = tabs.getSelectionModel();
        RunModel shown = frame.shown();
        if (shown != null && shown != lastShown && selection.getSelectedItem() != sweepTab) {
            if (shown.scenario().isWeb()) {
                selection.select(webTab);
            } else if (selection.getSelectedItem() == webTab) {
                selection.selectFirst();
            }
        }
        lastShown = shown;
        if (selection.getSelectedItem() == webTab) {
            traffic.get().refresh(frame);
        }
    }
}
