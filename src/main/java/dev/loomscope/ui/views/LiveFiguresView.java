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

    private final Map<String, Label> values = new LinkedHashMap<>();

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
            shown.add(values.get(key).getParent());
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
        var tile = new VBox(2, value, name);
        tile.getStyleClass().add("figure-tile");
        Tooltips.setText(tile, explanation);
        values.put(key, value);
    }

    /** The figures' clock is the runner's (monotonic) one, not the pulse's. */
    @Override
    public void refresh(FrameContext frame) {
        refresh(frame.shown(), System.nanoTime());
    }

    public void refresh(RunModel run, long nowNanos) {
        if (run == null) {
            values.values().forEach(label -> set(label, "–"));
            return;
        }
        LiveFigures f = run.figures(nowNanos);
        set("elapsed", Durations.humanMillis(f.elapsedMs()));
        set("ideal", Durations.humanMillis(f.idealMs()));
        set("completed", "%,d / %,d".formatted(f.completed(), f.tasks()));
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

    private void set(String key, String text) {
        set(values.get(key), text);
    }

    private static void set(Label label, String text) {
        if (!text.equals(label.getText())) {
            label.setText(text);
        }
    }

    /** A count, or "–" where it is not known (negative: the JDK cannot say, or a run kept still has not given its events yet). */
    private static String countOrUnknown(long count) {
        return count < 0 ? "–" : "%,d".formatted(count);
    }

    private static String megabytes(long bytes) {
        return bytes <= 0 ? "–" : "%,.0f MB".formatted(bytes / 1048576.0);
    }
}
