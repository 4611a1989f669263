package dev.loomscope.ui.fx;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * Parts of a window its first frame does not show join the scene later: cards that open on a key
 * once that frame is on screen; the tabs behind the selected one when they are first selected, so
 * the JFR, sweep and web tabs cost a window that never shows them no CSS pass or layout (about a
 * sixth of a window test's CPU; the task tab builds its own content when first shown). The first
 * CSS pass and layout, most of a window's start, skip them all.
 */
public final class AfterFirstFrame {

    private final List<Runnable> firsts = new ArrayList<>();
    private final List<Runnable> joins = new ArrayList<>();
    private boolean joined;

    /** Takes out the content of each tab but the selected one, until it is first selected. */
    public AfterFirstFrame tabsBehind(TabPane tabs) {
        for (Tab tab : tabs.getTabs()) {
            Node content = tab.getContent();
            if (tab.isSelected() || content == null) {
                continue;
            }
            tab.setContent(null);
            Runnable join = () -> {
                if (tab.getContent() == null) {
                    tab.setContent(content);
                }
            };
            tab.selectedProperty().subscribe(selected -> {
                if (selected) {
                    join.run();
                }
            });
        }
        return this;
    }

    /** Does this then (on the FX thread, in the order given), or at once if the first frame is already on screen. */
    public AfterFirstFrame then(Runnable work) {
        if (joined) {
            work.run();
        } else {
            joins.add(work);
        }
        return this;
    }

    /**
     * Does this as soon as the first frame is on screen, before anything held back joins (at once if it
     * is already): what reports that frame need not wait for the parts it did not show.
     */
    public AfterFirstFrame first(Runnable work) {
        if (joined) {
            work.run();
        } else {
            firsts.add(work);
        }
        return this;
    }

    /**
     * Joins once the first frame of {@code host}'s scene is painted ({@link FirstPaint}), then does
     * {@code next}: nothing held back competes with that painting.
     */
    public void joinOncePainted(javafx.scene.layout.Pane host, Runnable next) {
        FirstPaint.then(host, () -> {
            join();
            next.run();
        });
    }

    /** The first frame is on screen: everything held back joins (once). */
    public void join() {
        if (!joined) {
            joined = true;
            firsts.forEach(Runnable::run);
            firsts.clear();
            joins.forEach(Runnable::run);
            joins.clear();
        }
    }

    public boolean joined() {
        return joined;
    }
}
