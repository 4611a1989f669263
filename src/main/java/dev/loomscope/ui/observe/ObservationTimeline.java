package dev.loomscope.ui.observe;

import dev.loomscope.model.observe.ObservationSnapshot;
import dev.loomscope.model.observe.Pin;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.model.observe.SchedulerSample;
import dev.loomscope.model.observe.ThreadBucket;
import dev.loomscope.model.observe.PinHotspots;
import dev.loomscope.model.observe.view.ObservedFigures;
import dev.loomscope.scenario.Durations;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.theme.Palette;
import dev.loomscope.ui.views.Ticks;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import javafx.util.Duration;

/**
 * An observation over time, in three bands on one time axis, drawn on a canvas: virtual threads
 * started and ended per second, and alive; the carriers, mounted against the scheduler's parallelism,
 * and queued (from the scheduler MXBean, or a line saying why it is missing); and one lane per carrier
 * with JFR's pins on it. Hover for the figures at a moment or a pin's reason and stack; click a pin to
 * show it whole. A selected hotspot's pins stay bright, the others dim.
 */
public final class ObservationTimeline extends Region {

    private static final double LABEL_WIDTH = 150;
    private static final double AXIS_HEIGHT = 24;
    private static final double GAP = 10;

    private final Canvas canvas = new Canvas();
    private final Tooltip tooltip = new Tooltip();
    private Palette palette = Palette.DARK;
    private double textScale = 1;
    private ObservationSnapshot snapshot;
    private long endMs = 1_000;
    private PinHotspot highlighted;
    private Pin selectedPin;
    private Consumer<Pin> onPinClicked = pin -> { };
    private boolean dirty = true;
    // Where the last drawing put things, for the pointer.
    private double plotLeft;
    private double plotWidth;
    private double threadsTop, threadsBottom, carriersTop, carriersBottom, pinsTop, pinsBottom;
    private final List<String> lanes = new ArrayList<>();
    private final List<double[]> pinBoxes = new ArrayList<>();
    private final List<Pin> pinsDrawn = new ArrayList<>();

    public ObservationTimeline() {
        getStyleClass().add("observation-timeline");
        getChildren().add(canvas);
        setMinSize(300, 200);
        tooltip.setShowDelay(Duration.millis(150));
        tooltip.setWrapText(true);
        tooltip.setMaxWidth(720);
        Tooltip.install(this, tooltip);
        setOnMouseMoved(e -> tooltip.setText(describe(e.getX(), e.getY())));
        setOnMouseClicked(e -> {
            Pin pin = pinAt(e.getX(), e.getY());
            if (pin != null) {
                selectedPin = pin;
                dirty = true;
                draw();
                onPinClicked.accept(pin);
            }
        });
    }

    public void setPalette(Palette palette) {
        this.palette = palette;
        dirty = true;
        draw();
    }

    /** Scales the labels and axis text (presentation mode). */
    public void setTextScale(double scale) {
        textScale = scale;
        dirty = true;
        draw();
    }

    public void setOnPinClicked(Consumer<Pin> onPinClicked) {
        this.onPinClicked = onPinClicked;
    }

    /** Marks this hotspot's pins (null: none marked). */
    public void highlight(PinHotspot hotspot) {
        highlighted = hotspot;
        dirty = true;
        draw();
    }

    /** Shows this snapshot up to {@code nowMs} (the clock moves on between snapshots). */
    public void show(ObservationSnapshot next, long nowMs) {
        long end = Math.max(1_000, next == null ? 1_000 : next.running() ? Math.max(nowMs, next.elapsedMs()) : next.elapsedMs());
        if (next != snapshot || end != endMs) {
            snapshot = next;
            endMs = end;
            dirty = true;
        }
        draw();
    }

    private double scaled(double size) {
        return size * textScale;
    }

    private void draw() {
        if (!dirty) {
            return;
        }
        dirty = false;
        GraphicsContext g = canvas.getGraphicsContext2D();
        double width = getWidth();
        double height = getHeight();
        g.setFill(Palette.fx(palette.background()));
        g.fillRect(0, 0, width, height);
        pinBoxes.clear();
        pinsDrawn.clear();
        lanes.clear();
        plotLeft = scaled(LABEL_WIDTH);
        plotWidth = Math.max(0, width - plotLeft - 12);
        double usable = height - scaled(AXIS_HEIGHT) - 2 * GAP;
        if (snapshot == null || plotWidth <= 10 || usable <= 30) {
            return;
        }
        lanes.addAll(snapshot.pinnedCarriers());
        // The pin lanes get more of the height as there are more carriers; the charts keep at least a quarter each.
        double pinsShare = Math.clamp(0.22 + 0.06 * lanes.size(), 0.28, 0.5);
        double chartHeight = usable * (1 - pinsShare) / 2;
        threadsTop = 0;
        threadsBottom = chartHeight;
        carriersTop = threadsBottom + GAP;
        carriersBottom = carriersTop + chartHeight;
        pinsTop = carriersBottom + GAP;
        pinsBottom = height - scaled(AXIS_HEIGHT);
        drawThreads(g);
        drawCarriers(g);
        drawPins(g);
        drawAxis(g, pinsBottom);
    }

    private double x(double ms) {
        return plotLeft + ms / endMs * plotWidth;
    }

    private Color color(int argb) {
        return Palette.fx(argb);
    }

    /** The band's ground and its title (in the label column); its legend goes along the top of its plot, beside the scale. */
    private void bandFrame(GraphicsContext g, double top, double bottom, String title, String[][] legend) {
        g.setFill(color(palette.laneIdle()));
        g.fillRect(plotLeft, top, plotWidth, bottom - top);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
        g.setFill(color(palette.text()));
        g.setFont(Font.font(null, FontWeight.BOLD, scaled(13)));
        g.fillText(title, 6, top + 2);
        pendingLegend = legend;
    }

    private String[][] pendingLegend = new String[0][];

    /** The legend, one line along the top of the plot, after the scale's label. */
    private void legend(GraphicsContext g, double fromX, double baseline, double toX) {
        g.setFont(Font.font(scaled(11)));
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.BOTTOM);
        var measure = new javafx.scene.text.Text();
        measure.setFont(g.getFont());
        double x = fromX;
        for (String[] item : pendingLegend) {
            measure.setText(item[0]);
            double w = scaled(16) + measure.getLayoutBounds().getWidth();
            if (x + w > toX) {
                break;
            }
            g.setFill(Color.web(item[1]));
            double swatch = item[2].equals("line") ? scaled(3) : scaled(9);
            g.fillRect(x, baseline - scaled(6) - swatch / 2, scaled(12), swatch);
            g.setFill(color(palette.text()));
            g.fillText(item[0], x + scaled(16), baseline);
            x += w + scaled(14);
        }
    }

    private String css(int argb) {
        return Palette.css(argb);
    }

    private void drawThreads(GraphicsContext g) {
        String started = css(palette.running());
        String ended = css(palette.done());
        String alive = css(palette.waitingUnmounted());
        bandFrame(g, threadsTop, threadsBottom, Messages.text("observe.chart.threads"), new String[][] {
                {Messages.text("observe.chart.started"), started, "line"}, {Messages.text("observe.chart.ended"), ended, "line"},
                {Messages.text("observe.chart.alive"), alive, "area"}});
        List<ThreadBucket> buckets = snapshot.threadBuckets();
        double top = threadsTop + scaled(16);
        double h = threadsBottom - top;
        if (buckets.isEmpty()) {
            centredText(g, Messages.text("observe.chart.threads-empty"), threadsTop, threadsBottom);
            return;
        }
        // Rates per whole second: a closed loop's requests start in waves, and 100 ms buckets alias them into spikes and gaps.
        int group = (int) Math.max(1, 1000 / snapshot.bucketMs());
        double spanMs = group * snapshot.bucketMs();
        int points = (buckets.size() + group - 1) / group;
        double[] at = new double[points];
        double[] startedRate = new double[points];
        double[] endedRate = new double[points];
        for (int i = 0; i < buckets.size(); i++) {
            startedRate[i / group] += buckets.get(i).started() * 1000.0 / spanMs;
            endedRate[i / group] += buckets.get(i).ended() * 1000.0 / spanMs;
        }
        double maxRate = 1;
        long maxAlive = 1;
        for (int p = 0; p < points; p++) {
            at[p] = Math.min(endMs, buckets.get(p * group).startMs() + spanMs / 2);
            maxRate = Math.max(maxRate, Math.max(startedRate[p], endedRate[p]));
        }
        for (ThreadBucket b : buckets) {
            maxAlive = Math.max(maxAlive, b.alive());
        }
        double rateScale = Ticks.niceStep(maxRate / 4) * 4;
        long aliveScale = (long) (Ticks.niceStep(maxAlive / 4.0) * 4);
        // Alive as an area behind, on its own scale (right); the rates as lines (left).
        g.setFill(color(palette.waitingUnmounted()).deriveColor(0, 1, 1, 0.35));
        g.beginPath();
        g.moveTo(x(buckets.getFirst().startMs()), threadsBottom);
        for (ThreadBucket b : buckets) {
            double y = threadsBottom - h * b.alive() / aliveScale;
            g.lineTo(x(b.startMs()), y);
            g.lineTo(x(Math.min(endMs, b.startMs() + snapshot.bucketMs())), y);
        }
        g.lineTo(x(Math.min(endMs, buckets.getLast().startMs() + snapshot.bucketMs())), threadsBottom);
        g.closePath();
        g.fill();
        line(g, at, endedRate, rateScale, top, palette.done());
        line(g, at, startedRate, rateScale, top, palette.running());
        scaleLabels(g, "%s/s".formatted(count(rateScale)), Messages.text("observe.chart.alive-scale", count(aliveScale)), top);
        if (snapshot.running()) {
            // JFR delivers its events about a second late: the newest second is not in yet.
            double from = x(Math.max(0, endMs - ObservedFigures.JFR_LAG_MS));
            g.setFill(color(palette.background()).deriveColor(0, 1, 1, 0.55));
            g.fillRect(from, threadsTop, x(endMs) - from, threadsBottom - threadsTop);
        }
    }

    private void line(GraphicsContext g, double[] at, double[] values, double scale, double top, int argb) {
        double h = threadsBottom - top;
        g.setStroke(color(argb));
        g.setLineWidth(Math.max(1.5, 1.5 * textScale));
        g.beginPath();
        for (int i = 0; i < at.length; i++) {
            double py = threadsBottom - h * Math.min(1, values[i] / scale);
            if (i == 0) {
                g.moveTo(x(at[i]), py);
            } else {
                g.lineTo(x(at[i]), py);
            }
        }
        g.stroke();
    }

    private void scaleLabels(GraphicsContext g, String left, String right, double top) {
        g.setFont(Font.font(scaled(11)));
        g.setFill(color(palette.text()));
        g.setTextBaseline(VPos.BOTTOM);
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText(left, plotLeft + 4, top);
        var measure = new javafx.scene.text.Text(left + "    ");
        measure.setFont(g.getFont());
        double rightWidth = 0;
        if (right != null) {
            g.setTextAlign(TextAlignment.RIGHT);
            g.fillText(right, plotLeft + plotWidth - 4, top);
            var r = new javafx.scene.text.Text(right + "    ");
            r.setFont(g.getFont());
            rightWidth = r.getLayoutBounds().getWidth();
        }
        legend(g, plotLeft + 4 + measure.getLayoutBounds().getWidth(), top, plotLeft + plotWidth - rightWidth);
        g.setStroke(color(palette.grid()));
        g.setLineWidth(1);
        g.strokeLine(plotLeft, top + 0.5, plotLeft + plotWidth, top + 0.5);
    }

    private void drawCarriers(GraphicsContext g) {
        String mounted = css(palette.running());
        String parallelism = css(palette.text());
        String queued = css(palette.heldThread());
        bandFrame(g, carriersTop, carriersBottom, Messages.text("observe.chart.carriers"), new String[][] {
                {Messages.text("observe.chart.mounted"), mounted, "area"}, {Messages.text("observe.chart.parallelism"), parallelism, "line"},
                {Messages.text("observe.chart.queued"), queued, "line"}});
        List<SchedulerSample> samples = snapshot.schedulerSamples();
        if (!snapshot.coverage().schedulerMXBean()) {
            centredText(g, ObserveTexts.schedulerMissing(snapshot), carriersTop, carriersBottom);
            return;
        }
        if (samples.isEmpty()) {
            centredText(g, Messages.text("observe.chart.carriers-empty"), carriersTop, carriersBottom);
            return;
        }
        double top = carriersTop + scaled(16);
        double h = carriersBottom - top;
        int carriers = 1;
        long maxQueued = 1;
        for (SchedulerSample s : samples) {
            carriers = Math.max(carriers, Math.max(s.parallelism(), Math.max(s.poolSize(), s.mounted())));
            maxQueued = Math.max(maxQueued, s.queued());
        }
        long queuedScale = (long) (Ticks.niceStep(maxQueued / 4.0) * 4);
        g.setFill(color(palette.running()).deriveColor(0, 1, 1, 0.7));
        g.beginPath();
        g.moveTo(x(samples.getFirst().timeMs()), carriersBottom);
        for (int i = 0; i < samples.size(); i++) {
            SchedulerSample s = samples.get(i);
            double next = i + 1 < samples.size() ? samples.get(i + 1).timeMs() : Math.max(s.timeMs(), endMs);
            double y = carriersBottom - h * s.mounted() / carriers;
            g.lineTo(x(s.timeMs()), y);
            g.lineTo(x(next), y);
        }
        g.lineTo(x(Math.max(samples.getLast().timeMs(), endMs)), carriersBottom);
        g.closePath();
        g.fill();
        g.setStroke(color(palette.text()));
        g.setLineWidth(Math.max(1.5, 1.5 * textScale));
        g.setLineDashes(6 * textScale, 4 * textScale);
        g.beginPath();
        for (int i = 0; i < samples.size(); i++) {
            SchedulerSample s = samples.get(i);
            double next = i + 1 < samples.size() ? samples.get(i + 1).timeMs() : Math.max(s.timeMs(), endMs);
            double y = carriersBottom - h * s.parallelism() / carriers;
            if (i == 0) {
                g.moveTo(x(s.timeMs()), y);
            } else {
                g.lineTo(x(s.timeMs()), y);
            }
            g.lineTo(x(next), y);
        }
        g.stroke();
        g.setLineDashes();
        g.setStroke(color(palette.heldThread()));
        g.beginPath();
        for (int i = 0; i < samples.size(); i++) {
            SchedulerSample s = samples.get(i);
            double y = carriersBottom - h * Math.min(1, (double) s.queued() / queuedScale);
            if (i == 0) {
                g.moveTo(x(s.timeMs()), y);
            } else {
                g.lineTo(x(s.timeMs()), y);
            }
        }
        g.stroke();
        scaleLabels(g, Messages.text("observe.chart.carrier-scale", carriers), Messages.text("observe.chart.queued-scale", count(queuedScale)), top);
    }

    private void drawPins(GraphicsContext g) {
        bandFrame(g, pinsTop, pinsBottom, Messages.text("observe.chart.pins"), new String[0][]);
        if (lanes.isEmpty()) {
            centredText(g, snapshot.pinnedEvents() > 0 ? Messages.text("observe.chart.pins-dropped") : Messages.text("observe.chart.pins-empty"),
                    pinsTop, pinsBottom);
            return;
        }
        double top = pinsTop;
        double laneHeight = (pinsBottom - top) / lanes.size();
        g.setFont(Font.font(scaled(laneHeight >= scaled(16) ? 12 : 11)));
        g.setTextAlign(TextAlignment.RIGHT);
        g.setTextBaseline(VPos.CENTER);
        double lastLabel = Double.NEGATIVE_INFINITY;
        for (int lane = 0; lane < lanes.size(); lane++) {
            double y = top + (lane + 0.5) * laneHeight;
            if (y - lastLabel >= scaled(14)) {
                g.setFill(color(palette.text()));
                g.fillText(laneName(lanes.get(lane)), plotLeft - 6, y);
                lastLabel = y;
            }
            if (lane > 0 && laneHeight >= 6) {
                g.setStroke(color(palette.background()));
                g.setLineWidth(1);
                g.strokeLine(plotLeft, top + lane * laneHeight, plotLeft + plotWidth, top + lane * laneHeight);
            }
        }
        Color pinned = color(palette.pinned());
        Color dimmed = pinned.deriveColor(0, 0.4, 1, 0.35);
        for (Pin pin : snapshot.pins()) {
            int lane = lanes.indexOf(pin.carrierName());
            if (lane < 0) {
                continue;
            }
            double left = x(pin.timeMs());
            double w = Math.max(2, x(pin.timeMs() + pin.durationMs()) - left);
            double y = top + lane * laneHeight + Math.min(2, laneHeight * 0.1);
            double hh = Math.max(2, laneHeight - 2 * Math.min(2, laneHeight * 0.1) - 1);
            boolean marked = highlighted == null || PinHotspots.belongs(pin, highlighted);
            g.setFill(marked ? pinned : dimmed);
            g.fillRect(left, y, w, hh);
            if (pin == selectedPin) {
                g.setStroke(color(palette.text()));
                g.setLineWidth(2);
                g.strokeRect(left - 1, y - 1, w + 2, hh + 2);
            }
            pinBoxes.add(new double[] {left, y, w, hh});
            pinsDrawn.add(pin);
        }
    }

    /** "ForkJoinPool-1-worker-3" is long for a label: "worker-3"; "" (no carrier recorded) says so. */
    static String laneName(String carrier) {
        if (carrier.isEmpty()) {
            return Messages.text("observe.chart.no-carrier");
        }
        int worker = carrier.lastIndexOf("worker-");
        return worker > 0 ? carrier.substring(worker) : carrier;
    }

    private void centredText(GraphicsContext g, String text, double top, double bottom) {
        g.setFill(color(palette.text()).deriveColor(0, 1, 1, 0.8));
        g.setFont(Font.font(scaled(13)));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        double maxWidth = plotWidth - 24;
        // Wrap by words to the plot's width.
        var words = text.split(" ");
        var lines = new ArrayList<String>();
        var line = new StringBuilder();
        var measure = new javafx.scene.text.Text();
        measure.setFont(g.getFont());
        for (String word : words) {
            String tried = line.isEmpty() ? word : line + " " + word;
            measure.setText(tried);
            if (measure.getLayoutBounds().getWidth() > maxWidth && !line.isEmpty()) {
                lines.add(line.toString());
                line = new StringBuilder(word);
            } else {
                line = new StringBuilder(tried);
            }
        }
        lines.add(line.toString());
        double lineHeight = scaled(17);
        double y = (top + bottom) / 2 - (lines.size() - 1) * lineHeight / 2 + scaled(8);
        for (String each : lines) {
            g.fillText(each, plotLeft + plotWidth / 2, y);
            y += lineHeight;
        }
    }

    private void drawAxis(GraphicsContext g, double y) {
        g.setStroke(color(palette.grid()));
        g.setFill(color(palette.text()));
        g.setLineWidth(1);
        g.setFont(Font.font(scaled(12)));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        g.strokeLine(plotLeft, y + 0.5, plotLeft + plotWidth, y + 0.5);
        double step = Ticks.niceStep(endMs / Math.max(1, plotWidth / scaled(110)));
        for (double t = 0; t <= endMs; t += step) {
            double px = x(t);
            g.strokeLine(px, y, px, y + 5);
            g.fillText(step >= 1_000 ? "%.0f s".formatted(t / 1_000) : "%.1f s".formatted(t / 1_000), px, y + 6);
        }
    }

    private Pin pinAt(double px, double py) {
        for (int i = pinBoxes.size() - 1; i >= 0; i--) {
            double[] box = pinBoxes.get(i);
            if (px >= box[0] - 2 && px <= box[0] + box[2] + 2 && py >= box[1] && py <= box[1] + box[3]) {
                return pinsDrawn.get(i);
            }
        }
        return null;
    }

    private String describe(double px, double py) {
        if (snapshot == null || px < plotLeft || plotWidth <= 0) {
            return Messages.text("observe.chart.tooltip");
        }
        double atMs = (px - plotLeft) / plotWidth * endMs;
        if (py >= pinsTop) {
            Pin pin = pinAt(px, py);
            return pin == null ? Messages.text("observe.chart.pins-tooltip") : ObserveTexts.pin(pin, 8);
        }
        if (py >= carriersTop) {
            SchedulerSample nearest = null;
            for (SchedulerSample s : snapshot.schedulerSamples()) {
                if (s.timeMs() <= atMs) {
                    nearest = s;
                }
            }
            return nearest == null ? ObserveTexts.schedulerMissing(snapshot)
                    : Messages.text("observe.chart.carriers-at", Durations.humanMillis(nearest.timeMs()), nearest.mounted(), nearest.parallelism(),
                    nearest.poolSize(), nearest.queued());
        }
        for (ThreadBucket b : snapshot.threadBuckets()) {
            if (atMs >= b.startMs() && atMs < b.startMs() + snapshot.bucketMs()) {
                return Messages.text("observe.chart.threads-at", Durations.humanMillis(b.startMs()), b.started(), b.ended(),
                        Durations.humanMillis(snapshot.bucketMs()), b.alive());
            }
        }
        return Messages.text("observe.chart.tooltip");
    }

    private static String count(double value) {
        return value >= 10_000 ? "%,.0fk".formatted(value / 1000) : "%,.0f".formatted(value);
    }

    @Override
    protected void layoutChildren() {
        if (canvas.getWidth() != getWidth() || canvas.getHeight() != getHeight()) {
            canvas.setWidth(getWidth());
            canvas.setHeight(getHeight());
            dirty = true;
            draw();
        }
    }

    @Override
    protected double computePrefWidth(double height) {
        return 800;
    }

    @Override
    protected double computePrefHeight(double width) {
        return 420;
    }

    // ---- for tests ----

    /** The carriers with a lane, in order. */
    public List<String> laneCarriers() {
        return List.copyOf(lanes);
    }

    /** The pins drawn, and whether each is marked (bright) rather than dimmed. */
    public List<Pin> pinsDrawn() {
        return List.copyOf(pinsDrawn);
    }

    public boolean isMarked(Pin pin) {
        return highlighted == null || PinHotspots.belongs(pin, highlighted);
    }

    /** Clicks the first drawn pin, as a click on it would. */
    public void clickPin(Pin pin) {
        int i = pinsDrawn.indexOf(pin);
        if (i >= 0) {
            double[] box = pinBoxes.get(i);
            selectedPin = pin;
            dirty = true;
            draw();
            onPinClicked.accept(pin);
            tooltip.setText(describe(box[0] + 1, box[1] + 1));
        }
    }

    public String tooltipText() {
        return tooltip.getText();
    }
}
