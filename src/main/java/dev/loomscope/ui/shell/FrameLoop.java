package dev.loomscope.ui.shell;

import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.views.FrameView;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The views the window refreshes once per frame, each at its cadence, in the order added. A view
 * that throws does not take the others down: its problem is shown once, and the rest keep drawing.
 */
final class FrameLoop {

    /** How often a view is refreshed. */
    enum Cadence {
        /** Every frame that paints the run: not while the window keeps still through one. */
        LIVE,
        /** Ten times a second live, twice a second still (changing digits cannot be read faster). */
        FIGURES,
        /** Twice a second. */
        STATUS,
        /** Every frame. */
        ALWAYS
    }

    private record Entry(String name, Cadence cadence, FrameView view) {
    }

    private final List<Entry> views = new ArrayList<>();
    private final Set<String> broken = new HashSet<>();
    private final Consumer<String> problems;

    FrameLoop(Consumer<String> problems) {
        this.problems = problems;
    }

    FrameLoop add(String name, Cadence cadence, FrameView view) {
        views.add(new Entry(name, cadence, view));
        return this;
    }

    void refresh(FrameContext frame) {
        for (Entry entry : views) {
            boolean due = switch (entry.cadence()) {
                case LIVE -> frame.live();
                case FIGURES -> frame.figuresDue();
                case STATUS -> frame.statusDue();
                case ALWAYS -> true;
            };
            if (due) {
                safely(entry.name(), () -> entry.view().refresh(frame));
            }
        }
    }

    void safely(String name, Runnable refresh) {
        try {
            refresh.run();
        } catch (RuntimeException e) {
            if (broken.add(name)) {
                e.printStackTrace();
                problems.accept("Drawing the " + name + " failed (" + e + "). The run itself is unaffected; the details are on the console.");
            }
        }
    }
}
