package dev.loomscope.ui.observe;

import dev.loomscope.model.observe.ObservationSnapshot;
import dev.loomscope.model.observe.Pin;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.model.observe.PinHotspots;
import dev.loomscope.model.observe.SchedulerSample;
import dev.loomscope.model.observe.ThreadBucket;
import dev.loomscope.model.observe.view.ObservedFigures;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.fx.TextWidth;
import dev.loomscope.ui.theme.Palette;
import dev.loomscope.ui.views.Ticks;
import java.util.List;
import java.util.function.ToDoubleFunction;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

/**
 * Draws a {@link TimelineLayout} on a canvas: the virtual threads started and ended per second and
 * alive, the carriers mounted against the parallelism and queued, the pins on their carriers' lanes
 * (a selected hotspot's bright, the others dimmed; a clicked pin outlined), and the time axis.
 * One painter per drawing.
 */
final class TimelinePainter {

    /**
     * Between the scale's line along a band's top (its labels and legend on it) and the band's largest value: the
     * parallelism, always the carriers' largest, was dashed along the legend's feet.
     */
    private static final double HEADROOM = 4;

    private final GraphicsContext g;
    private final TimelineLayout at;
    private final ObservationSnapshot snapshot;
    private final Palette palette;
    private String[][] pendingLegend = new String[0][];

    private TimelinePainter(GraphicsContext g, TimelineLayout layout, Palette palette) {
        this.g = g;
        this.at = layout;
        this.snapshot = layout.snapshot;
        this.palette = palette;
    }

    /** Clears {@code width} x the layout's height and draws the layout, if there is room for it. */
    static void paint(GraphicsContext g, TimelineLayout layout, double width, Palette palette, PinHotspot highlighted, Pin selected) {
        g.setFill(Palette.fx(palette.background()));
        g.fillRect(0, 0, width, layout.height);
        if (!layout.drawable) {
            return;
        }
        var painter = new TimelinePainter(g, layout, palette);
        painter.drawThreads();
        painter.drawCarriers();
        painter.drawPins(highlighted, selected);
        painter.drawAxis(layout.pinsBottom);
    }

    private double scaled(double size) {
        return at.scaled(size);
    }

    private double x(double ms) {
        return at.x(ms);
    }

    private static Color color(int argb) {
        return Palette.fx(argb);
    }

    private static String css(int argb) {
        return Palette.css(argb);
    }

    /** The band's ground and its title (in the label column); its legend goes along the top of its plot, beside the scale. */
    private void bandFrame(double top, double bottom, String title, String[][] legend) {
        g.setFill(color(palette.laneIdle()));
        g.fillRect(at.plotLeft, top, at.plotWidth, bottom - top);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
        g.setFill(color(palette.text()));
        g.setFont(Font.font(null, FontWeight.BOLD, scaled(13)));
        g.fillText(title, 6, top + 2);
        pendingLegend = legend;
    }

    /** The legend, one line along the top of the plot, after the scale's label. */
    private void legend(double fromX, double baseline, double toX) {
        g.setFont(Font.font(scaled(11)));
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.BOTTOM);
        Font font = g.getFont();
        double x = fromX;
        for (String[] item : pendingLegend) {
            double w = scaled(16) + TextWidth.of(item[0], font);
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

    private void drawThreads() {
        double threadsTop = at.threadsTop;
        double threadsBottom = at.threadsBottom;
        long endMs = at.endMs;
        String started = css(palette.running());
        String ended = css(palette.done());
        String alive = css(palette.waitingUnmounted());
        bandFrame(threadsTop, threadsBottom, Messages.text("observe.chart.threads"), new String[][] {
                {Messages.text("observe.chart.started"), started, "line"}, {Messages.text("observe.chart.ended"), ended, "line"},
                {Messages.text("observe.chart.alive"), alive, "area"}});
        List<ThreadBucket> buckets = snapshot.threadBuckets();
        double top = threadsTop + scaled(16);
        double valuesTop = top + scaled(HEADROOM);
        double h = threadsBottom - valuesTop;
        if (buckets.isEmpty()) {
            centredText(Messages.text("observe.chart.threads-empty"), threadsTop, threadsBottom);
            return;
        }
        // Rates per whole second: a closed loop's requests start in waves, and 100 ms buckets alias them into spikes and gaps.
        int group = (int) Math.max(1, 1000 / snapshot.bucketMs());
        double spanMs = group * snapshot.bucketMs();
        int points = (buckets.size() + group - 1) / group;
        double[] times = new double[points];
        double[] startedRate = new double[points];
        double[] endedRate = new double[points];
        for (int i = 0; i < buckets.size(); i++) {
            startedRate[i / group] += buckets.get(i).started() * 1000.0 / spanMs;
            endedRate[i / group] += buckets.get(i).ended() * 1000.0 / spanMs;
        }
        double maxRate = 1;
        long maxAlive = 1;
        for (int p = 0; p < points; p++) {
            times[p] = Math.min(endMs, buckets.get(p * group).startMs() + spanMs / 2);
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
        line(times, endedRate, rateScale, valuesTop, palette.done());
        line(times, startedRate, rateScale, valuesTop, palette.running());
        scaleLabels("%s/s".formatted(count(rateScale)), Messages.text("observe.chart.alive-scale", count(aliveScale)), top);
        if (snapshot.running()) {
            // JFR delivers its events about a second late: the newest second is not in yet.
            double from = x(Math.max(0, endMs - ObservedFigures.JFR_LAG_MS));
            g.setFill(color(palette.background()).deriveColor(0, 1, 1, 0.55));
            g.fillRect(from, threadsTop, x(endMs) - from, threadsBottom - threadsTop);
        }
    }

    private void line(double[] times, double[] values, double scale, double top, int argb) {
        double bottom = at.threadsBottom;
        double h = bottom - top;
        g.setStroke(color(argb));
        g.setLineWidth(Math.max(1.5, 1.5 * at.textScale));
        g.beginPath();
        for (int i = 0; i < times.length; i++) {
            double py = bottom - h * Math.min(1, values[i] / scale);
            if (i == 0) {
                g.moveTo(x(times[i]), py);
            } else {
                g.lineTo(x(times[i]), py);
            }
        }
        g.stroke();
    }

    private void scaleLabels(String left, String right, double top) {
        g.setFont(Font.font(scaled(11)));
        g.setFill(color(palette.text()));
        g.setTextBaseline(VPos.BOTTOM);
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText(left, at.plotLeft + 4, top);
        double rightWidth = 0;
        if (right != null) {
            g.setTextAlign(TextAlignment.RIGHT);
            g.fillText(right, at.plotLeft + at.plotWidth - 4, top);
            rightWidth = TextWidth.of(right + "    ", g.getFont());
        }
        legend(at.plotLeft + 4 + TextWidth.of(left + "    ", g.getFont()), top, at.plotLeft + at.plotWidth - rightWidth);
        g.setStroke(color(palette.grid()));
        g.setLineWidth(1);
        g.strokeLine(at.plotLeft, top + 0.5, at.plotLeft + at.plotWidth, top + 0.5);
    }

    private void drawCarriers() {
        double carriersTop = at.carriersTop;
        double carriersBottom = at.carriersBottom;
        long endMs = at.endMs;
        String mounted = css(palette.running());
        String parallelism = css(palette.text());
        String queued = css(palette.heldThread());
        bandFrame(carriersTop, carriersBottom, Messages.text("observe.chart.carriers"), new String[][] {
                {Messages.text("observe.chart.mounted"), mounted, "area"}, {Messages.text("observe.chart.parallelism"), parallelism, "line"},
                {Messages.text("observe.chart.queued"), queued, "line"}});
        List<SchedulerSample> samples = snapshot.schedulerSamples();
        if (!snapshot.coverage().schedulerMXBean()) {
            centredText(ObserveTexts.schedulerMissing(snapshot), carriersTop, carriersBottom);
            return;
        }
        if (samples.isEmpty()) {
            centredText(Messages.text("observe.chart.carriers-empty"), carriersTop, carriersBottom);
            return;
        }
        double top = carriersTop + scaled(16);
        double h = carriersBottom - top - scaled(HEADROOM);
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
        g.setLineWidth(Math.max(1.5, 1.5 * at.textScale));
        g.setLineDashes(6 * at.textScale, 4 * at.textScale);
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
        scaleLabels(Messages.text("observe.chart.carrier-scale", carriers), Messages.text("observe.chart.queued-scale", count(queuedScale)), top);
    }

    private void drawPins(PinHotspot highlighted, Pin selected) {
        double pinsTop = at.pinsTop;
        double pinsBottom = at.pinsBottom;
        List<String> lanes = at.lanes;
        bandFrame(pinsTop, pinsBottom, Messages.text("observe.chart.pins"), new String[0][]);
        if (lanes.isEmpty()) {
            centredText(snapshot.pinnedEvents() > 0 ? Messages.text("observe.chart.pins-dropped") : Messages.text("observe.chart.pins-empty"),
                    pinsTop, pinsBottom);
            return;
        }
        double laneHeight = at.laneHeight();
        g.setFont(Font.font(scaled(laneHeight >= scaled(16) ? 12 : 11)));
        g.setTextAlign(TextAlignment.RIGHT);
        g.setTextBaseline(VPos.CENTER);
        double lastLabel = Double.NEGATIVE_INFINITY;
        for (int lane = 0; lane < lanes.size(); lane++) {
            double y = pinsTop + (lane + 0.5) * laneHeight;
            if (y - lastLabel >= scaled(14)) {
                g.setFill(color(palette.text()));
                g.fillText(TimelineLayout.laneName(lanes.get(lane)), at.plotLeft - 6, y);
                lastLabel = y;
            }
            if (lane > 0 && laneHeight >= 6) {
                g.setStroke(color(palette.background()));
                g.setLineWidth(1);
                g.strokeLine(at.plotLeft, pinsTop + lane * laneHeight, at.plotLeft + at.plotWidth, pinsTop + lane * laneHeight);
            }
        }
        Color pinned = color(palette.pinned());
        Color dimmed = pinned.deriveColor(0, 0.4, 1, 0.35);
        for (TimelineLayout.PinBox box : at.pins) {
            boolean marked = highlighted == null || PinHotspots.belongs(box.pin(), highlighted);
            g.setFill(marked ? pinned : dimmed);
            g.fillRect(box.x(), box.y(), box.width(), box.height());
            if (box.pin() == selected) {
                g.setStroke(color(palette.text()));
                g.setLineWidth(2);
                g.strokeRect(box.x() - 1, box.y() - 1, box.width() + 2, box.height() + 2);
            }
        }
    }

    private void centredText(String text, double top, double bottom) {
        g.setFill(color(palette.text()).deriveColor(0, 1, 1, 0.8));
        g.setFont(Font.font(scaled(13)));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        Font font = g.getFont();
        double lineHeight = scaled(17);
        List<String> lines = linesThatFit(text, at.plotWidth - 24, bottom - top, lineHeight, line -> TextWidth.of(line, font));
        // A little below the middle, as this text has always been drawn, as far as the band leaves room for.
        double below = Math.max(0, Math.min(scaled(8), (bottom - top - lines.size() * lineHeight) / 2));
        double y = (top + bottom) / 2 - (lines.size() - 1) * lineHeight / 2 + below;
        for (String each : lines) {
            g.fillText(each, at.plotLeft + at.plotWidth / 2, y);
            y += lineHeight;
        }
    }

    /**
     * {@code text} wrapped by words to {@code maxWidth}, in as many lines as {@code room} holds: where it holds too few, the
     * last sentences give way, whole (a short band on a 720p stage drew the second line over the time axis).
     */
    static List<String> linesThatFit(String text, double maxWidth, double room, double lineHeight, ToDoubleFunction<String> width) {
        String shown = text;
        List<String> lines = wrapped(shown, maxWidth, width);
        while (lines.size() * lineHeight > room && shown.lastIndexOf(". ") > 0) {
            shown = shown.substring(0, shown.lastIndexOf(". ") + 1);
            lines = wrapped(shown, maxWidth, width);
        }
        return lines;
    }

    private static List<String> wrapped(String text, double maxWidth, ToDoubleFunction<String> width) {
        return TextWidth.wrap(List.of(text.split(" ")), " ", maxWidth, width);
    }

    private void drawAxis(double y) {
        g.setStroke(color(palette.grid()));
        g.setFill(color(palette.text()));
        g.setLineWidth(1);
        g.setFont(Font.font(scaled(12)));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        g.strokeLine(at.plotLeft, y + 0.5, at.plotLeft + at.plotWidth, y + 0.5);
        double step = Ticks.niceStep(at.endMs / Math.max(1, at.plotWidth / scaled(110)));
        for (double t = 0; t <= at.endMs; t += step) {
            double px = x(t);
            g.strokeLine(px, y, px, y + 5);
            g.fillText(step >= 1_000 ? "%.0f s".formatted(t / 1_000) : "%.1f s".formatted(t / 1_000), px, y + 6);
        }
    }

    private static String count(double value) {
        return value >= 10_000 ? "%,.0fk".formatted(value / 1000) : "%,.0f".formatted(value);
    }
}
