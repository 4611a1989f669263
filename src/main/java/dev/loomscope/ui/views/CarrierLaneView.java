package dev.loomscope.ui.views;

import dev.loomscope.ui.fx.PaintTurns;
import dev.loomscope.ui.fx.Tooltips;
import dev.loomscope.model.StatePattern;

import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.theme.Palette;
import dev.loomscope.scenario.Durations;
import dev.loomscope.model.CarrierLanes;
import dev.loomscope.model.LaneEvent;
import dev.loomscope.model.RunModel;
import dev.loomscope.protocol.JfrEvent;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.Region;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

/**
 * One lane per carrier (virtual threads) or per platform thread (groups of threads when there are
 * many), time along x. In each pixel column a lane fills from the bottom with the share of its
 * threads that were running, holding their thread while blocked, or pinned; empty is idle. Scroll
 * to zoom around the pointer, drag to pan, double-click to see the whole run again. While a run
 * goes on and the view is not zoomed, it follows the run.
 */
public final class CarrierLaneView extends Region implements FrameView {

    private static final double LABEL_WIDTH = 118;
    private static final double AXIS_HEIGHT_BASE = 26;

    private final Canvas canvas = new Canvas();
    private final javafx.scene.control.Label empty = EmptyHint.label(
            "lanes");
    private OpaqueRaster raster;
    private float[] bins;
    private RunModel model;
    private Palette palette = Palette.DARK;
    private int drawnVersion = -1;
    private final RepaintBudget budget;
    private boolean viewChanged = true;
    private final LaneTimeWindow window = new LaneTimeWindow();
    private double dragX = Double.NaN;
    private double textScale = 1;
    private double labelWidth = LABEL_WIDTH;
    // What the last drawing showed, for tooltips between drawings.
    private int drawnColumns;
    private long drawnFrom;
    private long drawnTo;
    /** Where the last drawing put each lane's name, in this view's coordinates. */
    private final java.util.List<javafx.geometry.Bounds> labelBounds = new java.util.ArrayList<>();
    private final java.util.List<javafx.geometry.Bounds> timeLabelBounds = new java.util.ArrayList<>();
    private final javafx.scene.text.Text measure = new javafx.scene.text.Text();
    private final java.util.Map<Measured, javafx.geometry.Bounds> measured = new java.util.HashMap<>();

    /** Lanes that take no turns with other views (a race's). */
    public CarrierLaneView() {
        this(new PaintTurns());
    }

    /** @param turns the turns these lanes take with the other views redrawn while a run streams in */
    public CarrierLaneView(PaintTurns turns) {
        budget = new RepaintBudget(50_000_000L, 0.10, turns);
        getStyleClass().add("carrier-lanes");
        Opaque.fill(this, palette.background());
        empty.setId("lanesHint");
        getChildren().addAll(canvas, empty);
        setMinSize(200, 44);
        setOnScroll(e -> {
            if (e.getDeltaY() != 0) {
                zoom(e.getDeltaY() > 0 ? 0.8 : 1.25, e.getX());
            }
        });
        setOnMousePressed(e -> dragX = e.getX());
        setOnMouseDragged(e -> {
            if (!Double.isNaN(dragX)) {
                pan(dragX - e.getX());
                dragX = e.getX();
            }
        });
        setOnMouseReleased(e -> dragX = Double.NaN);
        setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                fitWholeRun();
            } else if (e.getButton() == MouseButton.PRIMARY && e.isStillSincePress() && follower != null && model != null) {
                int lane = laneAt(e.getY());
                long time = timeAt(e.getX());
                if (lane >= 0 && time >= 0) {
                    follower.followAt(sourceOf.apply(model), lane, time);
                }
            }
        });
        Tooltips.describing(this, e -> describe(e.getX(), e.getY()));
    }

    private TaskFollower follower;
    private java.util.function.UnaryOperator<RunModel> sourceOf = run -> run;
    private int drawnFollowedVersion = -1;

    /** A click on a lane follows the task that ran there then; the followed task's slices are outlined. */
    public void setFollower(TaskFollower follower, java.util.function.UnaryOperator<RunModel> sourceOf) {
        this.follower = follower;
        this.sourceOf = sourceOf;
    }

    /** The lane under {@code y}, or -1. */
    private int laneAt(double y) {
        if (model == null) {
            return -1;
        }
        double plotHeight = Math.floor(getHeight() - axisHeight());
        int lanes = model.lanes().laneCount();
        return y < 0 || y >= plotHeight || lanes == 0 ? -1 : (int) (y / (plotHeight / lanes));
    }

    /** The run's time under {@code x}, or -1 outside the plot. */
    private long timeAt(double x) {
        double columns = plotWidth();
        double at = x - labelWidth;
        return at < 0 || at >= columns ? -1 : drawnFrom + (long) (at / columns * (drawnTo - drawnFrom));
    }

    /** Outlines where the followed task ran, and the pins of the hotspot picked in the JFR view, within the time shown. */
    private void drawOutlines(GraphicsContext g, double laneHeight, int columns) {
        g.setLineWidth(2);
        if (follower != null && follower.shows(model) && follower.lifecycle() != null) {
            g.setStroke(Palette.fx(palette.text()));
            for (var slice : follower.lifecycle().slices()) {
                outline(g, slice.lane(), slice.fromNanos(), slice.toNanos(), laneHeight, columns);
            }
        }
        if (markedHotspot != null && markedLog == model.pins()) {
            g.setStroke(Palette.fx(palette.heldThread()));
            // A run can pin a million times: a pin whose outline would fall within the last one drawn on its lane is not drawn again.
            double[] outlinedTo = new double[model.lanes().laneCount()];
            markedLog.eachOf(markedHotspot, (i, lane, fromNanos, toNanos) -> {
                if (lane >= 0 && lane < outlinedTo.length) {
                    outlinedTo[lane] = Math.max(outlinedTo[lane], outline(g, lane, fromNanos, toNanos, laneHeight, columns, outlinedTo[lane]));
                }
            });
        }
    }

    private void outline(GraphicsContext g, int lane, long fromNanos, long toNanos, double laneHeight, int columns) {
        outline(g, lane, fromNanos, toNanos, laneHeight, columns, -1);
    }

    /** Outlines the span on its lane unless it ends by {@code drawnUpTo} (an x already outlined); returns where the outline ends, or -1. */
    private double outline(GraphicsContext g, int lane, long fromNanos, long toNanos, double laneHeight, int columns, double drawnUpTo) {
        if (lane < 0 || toNanos < drawnFrom || fromNanos > drawnTo) {
            return -1;
        }
        double span = Math.max(1, drawnTo - drawnFrom);
        double x0 = labelWidth + Math.max(0, (fromNanos - drawnFrom) / span * columns);
        double x1 = labelWidth + Math.min(columns, (toNanos - drawnFrom) / span * columns);
        double width = Math.max(3, x1 - x0 + 2);
        if (x0 - 1 + width <= drawnUpTo) {
            return drawnUpTo;
        }
        g.strokeRect(x0 - 1, lane * laneHeight + 1, width, Math.max(3, laneHeight - 2));
        return x0 - 1 + width;
    }

    private dev.loomscope.model.PinLog markedLog;
    private dev.loomscope.model.observe.PinHotspot markedHotspot;

    /** Outlines the pins of {@code hotspot} (picked in the JFR view) in {@code log} on their carriers' lanes; a null hotspot for none. */
    public void markPins(dev.loomscope.model.PinLog log, dev.loomscope.model.observe.PinHotspot hotspot) {
        markedLog = log;
        markedHotspot = log == null ? null : hotspot;
        viewChanged = true;
    }

    /** The pins outlined now (drawn on the canvas, so tests read them here). */
    public java.util.List<dev.loomscope.model.LaneEvent> markedPins() {
        return markedHotspot == null ? java.util.List.of() : markedLog.of(markedHotspot);
    }

    private double axisHeight() {
        return AXIS_HEIGHT_BASE * textScale;
    }

    /** Scales the lane labels and axis text (presentation mode). */
    public void setTextScale(double scale) {
        textScale = scale;
        labelWidth = LABEL_WIDTH * scale;
        viewChanged = true;
    }

    public void setPalette(Palette palette) {
        this.palette = palette;
        viewChanged = true;
        Opaque.fill(this, palette.background());
    }

    /** Zooms by {@code factor} (below 1 zooms in) around the pointer's x. */
    public void zoom(double factor, double x) {
        double plotWidth = plotWidth();
        if (plotWidth > 0) {
            window.zoom(factor, (x - labelWidth) / plotWidth, runEnd());
            viewChanged = true;
        }
    }

    /** Moves the window by a number of pixels (positive: later). */
    public void pan(double pixelsToLater) {
        double plotWidth = plotWidth();
        if (plotWidth > 0) {
            window.pan(pixelsToLater / plotWidth, runEnd());
            viewChanged = true;
        }
    }

    /** Shows [0, {@code toNanos}) and keeps to it (a race: both lanes on the race's clock). */
    public void showUpTo(long toNanos) {
        viewChanged |= window.showUpTo(toNanos);
    }

    public void fitWholeRun() {
        window.followRun();
        viewChanged = true;
    }

    /** The visible time window, ns since the run began: {from, to}. */
    public long[] view() {
        return new long[] {window.from(), window.to()};
    }

    @Override
    public void refresh(FrameContext frame) {
        refresh(frame.shown(), frame.now());
    }

    /**
     * Redraws when the run, the window or the size changed; while a run streams in, at most 20
     * times a second and within a tenth of the FX thread's time.
     */
    public void refresh(RunModel run, long nowNanos) {
        if (run != model) {
            model = run;
            window.followRun();
            viewChanged = true;
            empty.setVisible(run == null);
        }
        int version = run == null ? 0 : run.version();
        boolean runChanged = version != drawnVersion;
        int followedVersion = follower == null ? 0 : follower.version();
        if (followedVersion != drawnFollowedVersion) {
            drawnFollowedVersion = followedVersion;
            viewChanged = true;
        }
        // Zooming and panning wait for the budget too: zoomed in on a big run, a redraw reads every segment.
        if (!(viewChanged || runChanged) || !budget.due(nowNanos)) {
            return;
        }
        long start = System.nanoTime();
        window.fit(run == null ? 1_000_000_000L : endOf(run));
        draw();
        drawnVersion = version;
        viewChanged = false;
        budget.painted(nowNanos, System.nanoTime() - start);
    }

    private long runEnd() {
        return model == null ? window.to() : Math.max(LaneTimeWindow.MIN_SPAN_NANOS * 10, endOf(model));
    }

    private static long endOf(RunModel run) {
        long end = Math.max(run.latestEventNanos(), run.lanes().lastEndNanos());
        return run.result() != null ? Math.max(end, (long) (run.result().elapsedMs() * 1e6)) : end;
    }

    private double plotWidth() {
        return Math.floor(getWidth() - labelWidth - 8);
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double width = getWidth();
        double height = getHeight();
        g.setFill(Palette.fx(palette.background()));
        g.fillRect(0, 0, width, height);
        labelBounds.clear();
        timeLabelBounds.clear();
        int columns = (int) plotWidth();
        int plotHeight = (int) Math.floor(height - axisHeight());
        if (model == null || columns <= 0 || plotHeight <= 0) {
            return;
        }
        CarrierLanes lanes = model.lanes();
        int laneCount = lanes.laneCount();
        double laneHeight = (double) plotHeight / laneCount;
        bins = lanes.occupancy(window.from(), window.to(), columns, bins);
        drawnColumns = columns;
        drawnFrom = window.from();
        drawnTo = window.to();
        if (raster == null || !raster.hasSize(columns, plotHeight)) {
            raster = new OpaqueRaster(columns, plotHeight);
        }
        raster.paint(() -> paintLanes(laneCount, laneHeight, columns, plotHeight));
        g.drawImage(raster.image(), labelWidth, 0);
        drawOutlines(g, laneHeight, columns);

        g.setFill(Palette.fx(palette.text()));
        Font labelFont = Font.font((laneHeight >= 18 ? 13 : 11) * textScale);
        g.setFont(labelFont);
        g.setTextAlign(TextAlignment.RIGHT);
        g.setTextBaseline(VPos.CENTER);
        // Label as many lanes as fit without overlapping.
        double lastLabel = Double.NEGATIVE_INFINITY;
        for (int lane = 0; lane < laneCount; lane++) {
            double y = Math.clamp((lane + 0.5) * laneHeight, 8, Math.max(8, plotHeight - 8));
            if (y - lastLabel >= 15 * textScale) {
                g.fillText(lanes.laneName(lane), labelWidth - 8, y);
                javafx.geometry.Bounds size = textSize(lanes.laneName(lane), labelFont);
                double w = size.getWidth();
                double h = size.getHeight();
                labelBounds.add(new javafx.geometry.BoundingBox(labelWidth - 8 - w, y - h / 2, w, h));
                lastLabel = y;
            }
        }
        drawAxis(g, columns, plotHeight);
    }

    private void paintLanes(int laneCount, double laneHeight, int columns, int plotHeight) {
        int[] pixels = raster.pixels();
        java.util.Arrays.fill(pixels, palette.background());
        int gap = laneHeight >= 6 ? 1 : 0;
        // Each kind's colour and pattern, looked up once a drawing rather than once a column.
        int[] colors = new int[CarrierLanes.KINDS];
        int[] marked = new int[CarrierLanes.KINDS];
        var marks = new StatePattern[CarrierLanes.KINDS];
        for (int kind = 0; kind < CarrierLanes.KINDS; kind++) {
            colors[kind] = palette.laneColor(kind);
            marks[kind] = palette.patterns() ? StatePattern.ofLane(kind) : StatePattern.SOLID;
            marked[kind] = StatePattern.markColour(colors[kind], palette.background());
        }
        int side = (int) Math.max(1, laneHeight);
        for (int lane = 0; lane < laneCount; lane++) {
            int top = (int) Math.round(lane * laneHeight);
            int bottom = (int) Math.round((lane + 1) * laneHeight) - gap;
            int usable = bottom - top;
            for (int c = 0; c < columns; c++) {
                int y = bottom;
                // Stack from the bottom: running, then held, then pinned; the rest of the lane is idle.
                for (int kind = 0; kind < CarrierLanes.KINDS; kind++) {
                    float share = bins[(lane * CarrierLanes.KINDS + kind) * columns + c];
                    int h = Math.min(y - top, Math.round(share * usable));
                    int color = colors[kind];
                    StatePattern mark = marks[kind];
                    for (int row = y - h; row < y; row++) {
                        pixels[row * columns + c] = mark != StatePattern.SOLID && mark.marks(c, row, side, side) ? marked[kind] : color;
                    }
                    y -= h;
                }
                for (int row = top; row < y; row++) {
                    pixels[row * columns + c] = palette.laneIdle();
                }
            }
        }
    }

    /**
     * How large {@code text} is drawn in {@code font}: one measuring node for the lanes' names and the axis's times, made once,
     * and each size kept (a redraw measures the same few names and times again, in two fonts).
     */
    private javafx.geometry.Bounds textSize(String text, Font font) {
        if (measured.size() > 512) {
            measured.clear();
        }
        return measured.computeIfAbsent(new Measured(text, font), key -> {
            measure.setFont(font);
            measure.setText(text);
            return measure.getLayoutBounds();
        });
    }

    /** A text in a font, as measured. */
    private record Measured(String text, Font font) {
    }

    private void drawAxis(GraphicsContext g, int columns, int plotHeight) {
        g.setStroke(Palette.fx(palette.grid()));
        g.setFill(Palette.fx(palette.text()));
        Font font = Font.font(12 * textScale);
        g.setFont(font);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        g.strokeLine(labelWidth, plotHeight + 0.5, labelWidth + columns, plotHeight + 0.5);
        double spanMs = (drawnTo - drawnFrom) / 1e6;
        double step = Ticks.niceStep(spanMs / Math.max(1, columns / (110.0 * textScale)));
        double first = Math.ceil(drawnFrom / 1e6 / step) * step;
        // One unit along the axis: seconds for all its marks once the last reaches a second ("0 s, 0.5 s, 1 s", not "0 ms, 500 ms, 1 s").
        boolean inSeconds = Math.floor(drawnTo / 1e6 / step) * step >= 1_000;
        for (double t = first; t <= drawnTo / 1e6; t += step) {
            double x = labelWidth + (t - drawnFrom / 1e6) / spanMs * columns;
            g.strokeLine(x, plotHeight, x, plotHeight + 5);
            String label = formatTime(t, step, inSeconds);
            // A tick at the plot's right end keeps its whole label: it moves left rather than run off the view.
            javafx.geometry.Bounds size = textSize(label, font);
            double centre = Math.min(x, getWidth() - size.getWidth() / 2 - 1);
            g.fillText(label, centre, plotHeight + 7);
            timeLabelBounds.add(new javafx.geometry.BoundingBox(centre - size.getWidth() / 2, plotHeight + 7, size.getWidth(), size.getHeight()));
        }
    }

    static String formatTime(double ms, double step, boolean inSeconds) {
        if (inSeconds) {
            // As many decimals as the step needs (zoomed in to 5 ms around a second: "1.005 s"), trailing zeros dropped.
            int decimals = (int) Math.max(0, Math.ceil(-Math.log10(step / 1_000) - 1e-9));
            String text = ("%." + decimals + "f").formatted(ms / 1_000);
            return (decimals > 0 ? new java.math.BigDecimal(text).stripTrailingZeros().toPlainString() : text) + " s";
        }
        return step >= 1 ? "%.0f ms".formatted(ms) : "%.2f ms".formatted(ms);
    }

    private String describe(double x, double y) {
        if (model == null || x < labelWidth) {
            return Messages.text("lanes.tooltip");
        }
        CarrierLanes lanes = model.lanes();
        double plotHeight = getHeight() - axisHeight();
        int lane = (int) (y / (plotHeight / lanes.laneCount()));
        if (lane < 0 || lane >= lanes.laneCount()) {
            return "";
        }
        if (drawnColumns <= 0) {
            return lanes.laneName(lane);
        }
        int column = (int) (x - labelWidth);
        long at = drawnFrom + (long) ((double) column / drawnColumns * (drawnTo - drawnFrom));
        long slack = (drawnTo - drawnFrom) / drawnColumns;
        LaneEvent shown = model.pins().onLane(lane, at - slack, at + slack);
        if (shown != null) {
            JfrEvent event = shown.event();
            return Messages.text("lanes.pin", Durations.humanMillis(event.durationNanos() / 1e6), lanes.laneName(lane), event.reason(),
                    event.blockingOperation().isEmpty() ? "" : Messages.text("lanes.during", event.blockingOperation()),
                    Durations.humanMillis(event.timeNanos() / 1e6));
        }
        if (bins == null || column >= drawnColumns) {
            return lanes.laneName(lane);
        }
        int columns = drawnColumns;
        float running = bins[(lane * CarrierLanes.KINDS + CarrierLanes.RUNNING) * columns + column];
        float held = bins[(lane * CarrierLanes.KINDS + CarrierLanes.HELD) * columns + column];
        float pinned = bins[(lane * CarrierLanes.KINDS + CarrierLanes.PINNED) * columns + column];
        String holding = lanes.isVirtual() ? Messages.text("lanes.pinned-share", pinned * 100) : Messages.text("lanes.held-share", held * 100);
        return Messages.text("lanes.at", lanes.laneName(lane),
                Durations.humanMillis(at / 1e6), running * 100, holding, Math.max(0, 100 - 100 * (running + held + pinned)));
    }

    @Override
    protected void layoutChildren() {
        if (canvas.getWidth() != getWidth() || canvas.getHeight() != getHeight()) {
            canvas.setWidth(getWidth());
            canvas.setHeight(getHeight());
            viewChanged = true;
        }
        empty.resizeRelocate(16, 0, Math.max(0, getWidth() - 32), getHeight());
    }

    /**
     * Whether the last drawing shows {@code run} as it stands now, at the view's present size: the lanes redraw within a
     * frame budget, so a test that measures what was drawn waits for this after the window's layout settles.
     */
    public boolean drewLatest(RunModel run) {
        return run == model && !viewChanged && drawnVersion == (run == null ? 0 : run.version())
                && canvas.getWidth() == getWidth() && canvas.getHeight() == getHeight();
    }

    /** Where each time on the axis was last drawn, in this view's coordinates (drawn, so tests read them here). */
    public java.util.List<javafx.geometry.Bounds> timeLabelBounds() {
        return java.util.List.copyOf(timeLabelBounds);
    }

    /** Where each lane's name was last drawn, in this view's coordinates: one per labelled lane (drawn, so tests read them here). */
    public java.util.List<javafx.geometry.Bounds> labelBounds() {
        return java.util.List.copyOf(labelBounds);
    }

    @Override
    protected double computePrefWidth(double height) {
        return 600;
    }

    @Override
    protected double computePrefHeight(double width) {
        return 200;
    }
}
