package dev.loomscope.ui.views;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.scenario.Durations;
import dev.loomscope.model.LiveFigures;
import dev.loomscope.model.RunModel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.control.Label;
import dev.loomscope.ui.fx.Tooltips;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;

/** The run's figures as tiles: a big value over a caption, updated every frame (only changed text is set). */
public final class LiveFiguresView extends FlowPane implements FrameView {

    private final Map<String, Tile> values = new LinkedHashMap<>();
    /** The run whose figures the tiles show: a new one lays the tiles out afresh, so they fit its figures. */
    private RunModel figuresOf;
    /** Whether this refresh shows the same run's figures as the last: they change in place. */
    private boolean inPlace;

    public LiveFiguresView() {
        getStyleClass().add("live-figures");
        setHgap(8);
        setVgap(8);
        for (String key : ALL) {
            tile(key);
        }
        tile("requests");
        tile("cancelled");
        show(ALL);
    }

    /**
     * Every tile, in the order they are listed; requests per second only means something for web
     * runs, failed and cancelled tasks only for a run with a failing task.
     */
    public static final List<String> ALL = List.of("elapsed", "ideal", "completed", "inFlight", "waiting", "mounted", "queued", "threads",
            "rss", "heap", "pinned", "threadLocals");

    /** Shows these tiles, in this order, and hides the rest. */
    public void show(List<String> keys) {
        var shown = new java.util.ArrayList<javafx.scene.Node>();
        for (String key : keys) {
            shown.add(values.get(key));
        }
        if (!shown.equals(getChildren())) {
            getChildren().setAll(shown);
        }
    }

    /** A tile whose caption and explanation are {@code tile.<key>} and {@code tile.<key>.tooltip} in the prose bundle. */
    private void tile(String key) {
        String caption = Messages.text("tile." + key);
        String explanation = Messages.text("tile." + key + ".tooltip");
        var value = new Label("–");
        // "figureInFlight" for "inFlight": what tests look the figure up by.
        value.setId("figure" + Character.toUpperCase(key.charAt(0)) + key.substring(1));
        value.getStyleClass().add("figure-value");
        var name = new Label(caption);
        name.getStyleClass().add("figure-caption");
        var tile = new Tile(value, name);
        tile.getStyleClass().add("figure-tile");
        Tooltips.setText(tile, explanation);
        values.put(key, tile);
    }

    /**
     * A figure's tile. Its value changes ten times a second through a run, and a label whose text changes asks each
     * parent up to the window's root for a layout: the whole window was laid out again with every change
     * (docs/performance.md). While the new value fits the tile as it stands, only the tile is laid out again: it keeps
     * its width and the tiles around it their places. A value too wide for it, a new run, or any other change (a style,
     * a font) lays the window out as before.
     */
    private static final class Tile extends VBox {

        private final Label value;
        private boolean settingValue;
        /** The widest value this run can give the tile, which it is kept wide enough for ("" for none). */
        private String widest = "";
        private javafx.scene.text.Font measuredIn;
        private double widestWidth;

        Tile(Label value, Label name) {
            super(2, value, name);
            this.value = value;
        }

        /**
         * Keeps the tile wide enough for {@code text} from now on: a count that grows through a run ("0 / 100,000" to
         * "100,000 / 100,000") then never widens its tile, so the tiles keep their places and rows while the room watches
         * them, and the window is not laid out again with each new digit.
         */
        void reserve(String text) {
            if (!text.equals(widest)) {
                widest = text;
                measuredIn = null;
                super.requestLayout();
            }
        }

        @Override
        protected double computePrefWidth(double height) {
            double own = super.computePrefWidth(height);
            if (widest.isEmpty()) {
                return own;
            }
            // Measured in the value's font as styled now: presentation mode and the theme change it.
            if (measuredIn != value.getFont()) {
                measuredIn = value.getFont();
                widestWidth = dev.loomscope.ui.fx.TextWidth.of(widest, measuredIn);
            }
            double reserved = snappedLeftInset() + snappedRightInset() + value.snappedLeftInset() + value.snappedRightInset() + widestWidth;
            return Math.max(own, snapSizeX(reserved));
        }

        void show(String text, boolean inPlace) {
            if (text.equals(value.getText())) {
                return;
            }
            settingValue = inPlace;
            try {
                value.setText(text);
            } finally {
                settingValue = false;
            }
        }

        @Override
        public void requestLayout() {
            if (settingValue && fits()) {
                setNeedsLayout(true);
            } else {
                super.requestLayout();
            }
        }

        /** Whether the value, as it now reads, fits the tile's present size (measured as the tile lays it out). */
        private boolean fits() {
            return getWidth() > 0 && snapSizeX(value.prefWidth(-1)) <= getWidth() - snappedLeftInset() - snappedRightInset()
                    && value.prefHeight(-1) == value.getHeight();
        }
    }

    /** The figures' clock is the runner's (monotonic) one, not the pulse's. */
    @Override
    public void refresh(FrameContext frame) {
        refresh(frame.shown(), System.nanoTime());
    }

    public void refresh(RunModel run, long nowNanos) {
        inPlace = run == figuresOf;
        figuresOf = run;
        if (!inPlace) {
            // Each tile sized afresh for the new run, its value changed or not: a tile keeps its width only through a run.
            values.values().forEach(Tile::requestLayout);
            reserveTheWidest(run);
        }
        if (run == null) {
            values.values().forEach(tile -> tile.show("–", inPlace));
            return;
        }
        LiveFigures f = run.figures(nowNanos);
        set("elapsed", Durations.humanMillis(f.elapsedMs()));
        set("ideal", Durations.humanMillis(f.idealMs()));
        set("completed", COMPLETED.formatted(f.completed(), f.tasks()));
        set("inFlight", countOrUnknown(f.inFlight()));
        set("waiting", countOrUnknown(f.waiting()));
        set("mounted", countOrUnknown(f.mountedVirtual()));
        set("queued", countOrUnknown(f.queuedVirtual()));
        set("threads", "%,d".formatted(f.platformThreads()));
        set("rss", megabytes(f.rssBytes()));
        set("heap", megabytes(f.heapBytes()));
        set("pinned", f.pinnedEvents() < 0 ? "–" : f.pinnedEvents() == 0 ? "0" : "%,d (%s)".formatted(f.pinnedEvents(), Durations.humanMillis(f.pinnedMs())));
        var result = run.result();
        set("threadLocals", run.scenario().threadLocalKb() == 0 ? "–" : result == null ? "…" : "%,d".formatted(result.threadLocalsCreated()));
        set("cancelled", run.scenario().failAtMs() == 0 || f.failed() < 0 ? "–" : "%,d · %,d".formatted(f.failed(), f.cancelled()));
        set("requests", !run.scenario().isWeb() || f.elapsedMs() <= 0 ? "–" : "%,.0f".formatted(f.completed() * 1_000.0 / f.elapsedMs()));
    }

    /**
     * The counts that can reach the run's number of tasks keep room for it from the run's start (the others fit their
     * tiles' least width); with no run, none keeps any.
     */
    private void reserveTheWidest(RunModel run) {
        if (run == null) {
            values.values().forEach(tile -> tile.reserve(""));
            return;
        }
        int tasks = run.scenario().tasks();
        String count = "%,d".formatted(tasks);
        values.get("completed").reserve(COMPLETED.formatted(tasks, tasks));
        for (String key : List.of("inFlight", "waiting", "queued")) {
            values.get(key).reserve(count);
        }
    }

    /** Tasks completed, of all. */
    private static final String COMPLETED = "%,d / %,d";

    private void set(String key, String text) {
        values.get(key).show(text, inPlace);
    }

    /** A count, or "–" where it is not known (negative: the JDK cannot say, or a run kept still has not given its events yet). */
    private static String countOrUnknown(long count) {
        return count < 0 ? "–" : "%,d".formatted(count);
    }

    private static String megabytes(long bytes) {
        return bytes <= 0 ? "–" : "%,.0f MB".formatted(bytes / 1048576.0);
    }
}
