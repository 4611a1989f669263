package dev.loomscope.ui.observe;

import dev.loomscope.model.observe.ObservationSnapshot;
import dev.loomscope.model.observe.Pin;
import dev.loomscope.model.observe.SchedulerSample;
import dev.loomscope.model.observe.ThreadBucket;
import dev.loomscope.scenario.Durations;
import dev.loomscope.ui.fx.Messages;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the observation timeline puts things for one snapshot in one size: the label column, the
 * three bands (virtual threads, carriers, pins) on one time axis, a lane per carrier that pinned and
 * a box per pin. Worked out before anything is drawn; {@link TimelinePainter} draws it and the
 * pointer asks it what is under it.
 */
final class TimelineLayout {

    static final double LABEL_WIDTH = 150;
    static final double AXIS_HEIGHT = 24;
    static final double GAP = 10;

    /** A pin and the box it takes on its carrier's lane. */
    record PinBox(Pin pin, double x, double y, double width, double height) {
        boolean contains(double px, double py) {
            return px >= x - 2 && px <= x + width + 2 && py >= y && py <= y + height;
        }
    }

    final ObservationSnapshot snapshot;
    final long endMs;
    final double textScale;
    final double height;
    final double plotLeft;
    final double plotWidth;
    /** Whether there is a snapshot and room to draw it. */
    final boolean drawable;
    double threadsTop, threadsBottom, carriersTop, carriersBottom, pinsTop, pinsBottom;
    final List<String> lanes = new ArrayList<>();
    final List<PinBox> pins = new ArrayList<>();

    TimelineLayout(ObservationSnapshot snapshot, long endMs, double width, double height, double textScale) {
        this.snapshot = snapshot;
        this.endMs = endMs;
        this.textScale = textScale;
        this.height = height;
        plotLeft = scaled(LABEL_WIDTH);
        plotWidth = Math.max(0, width - plotLeft - 12);
        double usable = height - scaled(AXIS_HEIGHT) - 2 * GAP;
        drawable = snapshot != null && plotWidth > 10 && usable > 30;
        if (!drawable) {
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
        placePins();
    }

    double scaled(double size) {
        return size * textScale;
    }

    double x(double ms) {
        return plotLeft + ms / endMs * plotWidth;
    }

    double laneHeight() {
        return lanes.isEmpty() ? 0 : (pinsBottom - pinsTop) / lanes.size();
    }

    private void placePins() {
        if (lanes.isEmpty()) {
            return;
        }
        double laneHeight = laneHeight();
        for (Pin pin : snapshot.pins()) {
            int lane = lanes.indexOf(pin.carrierName());
            if (lane < 0) {
                continue;
            }
            double left = x(pin.timeMs());
            double w = Math.max(2, x(pin.timeMs() + pin.durationMs()) - left);
            double y = pinsTop + lane * laneHeight + Math.min(2, laneHeight * 0.1);
            double h = Math.max(2, laneHeight - 2 * Math.min(2, laneHeight * 0.1) - 1);
            pins.add(new PinBox(pin, left, y, w, h));
        }
    }

    /** The pin drawn under the pointer (the last drawn, on top, first), or null. */
    Pin pinAt(double px, double py) {
        for (int i = pins.size() - 1; i >= 0; i--) {
            if (pins.get(i).contains(px, py)) {
                return pins.get(i).pin();
            }
        }
        return null;
    }

    /** What the tooltip says at a point: a pin's reason and stack, the carriers or the virtual threads at that moment. */
    String describe(double px, double py) {
        if (snapshot == null || px < plotLeft || plotWidth <= 0) {
            return Messages.text("observe.chart.tooltip");
        }
        double atMs = (px - plotLeft) / plotWidth * endMs;
        if (py >= pinsTop) {
            Pin pin = pinAt(px, py);
            return pin == null ? Messages.text("observe.chart.pins-tooltip") : ObserveTexts.pin(pin, 8, snapshot.target().jdkFeature());
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

    /** "ForkJoinPool-1-worker-3" is long for a label: "worker-3"; "" (no carrier recorded) says so. */
    static String laneName(String carrier) {
        if (carrier.isEmpty()) {
            return Messages.text("observe.chart.no-carrier");
        }
        int worker = carrier.lastIndexOf("worker-");
        return worker > 0 ? carrier.substring(worker) : carrier;
    }
}
