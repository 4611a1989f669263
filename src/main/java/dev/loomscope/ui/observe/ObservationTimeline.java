package dev.loomscope.ui.observe;

import dev.loomscope.model.observe.ObservationSnapshot;
import dev.loomscope.model.observe.Pin;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.model.observe.PinHotspots;
import dev.loomscope.ui.fx.Tooltips;
import dev.loomscope.ui.theme.Palette;
import java.util.List;
import java.util.function.Consumer;
import javafx.scene.canvas.Canvas;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;

/**
 * An observation over time, in three bands on one time axis, drawn on a canvas: virtual threads
 * started and ended per second, and alive; the carriers, mounted against the scheduler's parallelism,
 * and queued (from the scheduler MXBean, or a line saying why it is missing); and one lane per carrier
 * with JFR's pins on it. Hover for the figures at a moment or a pin's reason and stack; click a pin to
 * show it whole. A selected hotspot's pins stay bright, the others dim. Where things go is
 * {@link TimelineLayout}'s; the drawing is {@link TimelinePainter}'s; this node keeps the canvas, the
 * pointer and when to draw again.
 */
public final class ObservationTimeline extends Region {

    private final Canvas canvas = new Canvas();
    private Palette palette = Palette.DARK;
    private double textScale = 1;
    private ObservationSnapshot snapshot;
    private long endMs = 1_000;
    private PinHotspot highlighted;
    private Pin selectedPin;
    private Consumer<Pin> onPinClicked = pin -> {};
    private boolean dirty = true;
    /** Where the last drawing put things, for the pointer. */
    private TimelineLayout drawn = new TimelineLayout(null, endMs, 0, 0, textScale);

    public ObservationTimeline() {
        getStyleClass().add("observation-timeline");
        getChildren().add(canvas);
        setMinSize(300, 200);
        Tooltips.describing(this, e -> drawn.describe(e.getX(), e.getY()));
        setOnMouseClicked(e -> {
            Pin pin = drawn.pinAt(e.getX(), e.getY());
            if (pin != null) {
                select(pin);
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

    private void select(Pin pin) {
        selectedPin = pin;
        dirty = true;
        draw();
        onPinClicked.accept(pin);
    }

    private void draw() {
        if (!dirty) {
            return;
        }
        dirty = false;
        drawn = new TimelineLayout(snapshot, endMs, getWidth(), getHeight(), textScale);
        TimelinePainter.paint(canvas.getGraphicsContext2D(), drawn, getWidth(), palette, highlighted, selectedPin);
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

    // ---- what the last drawing showed: a canvas has no nodes to look up, so tests read it here ----

    /** The carriers with a lane, in order. */
    public List<String> laneCarriers() {
        return List.copyOf(drawn.lanes);
    }

    /** The pins drawn, in drawing order. */
    public List<Pin> pinsDrawn() {
        return drawn.pins.stream().map(TimelineLayout.PinBox::pin).toList();
    }

    /** Whether {@code pin} is drawn marked (bright) rather than dimmed. */
    public boolean isMarked(Pin pin) {
        return highlighted == null || PinHotspots.belongs(pin, highlighted);
    }

    /** Clicks a drawn pin, as a click on it would, with the pointer left over it. */
    public void clickPin(Pin pin) {
        drawn.pins.stream().filter(box -> box.pin().equals(pin)).findFirst().ifPresent(box -> {
            select(pin);
            // A mouse event is placed in scene coordinates; the handler reads it back in this node's.
            var at = localToScene(box.x() + 1, box.y() + 1);
            fireEvent(new MouseEvent(MouseEvent.MOUSE_MOVED, at.getX(), at.getY(), at.getX(), at.getY(), MouseButton.NONE, 0, false, false, false,
                    false, false, false, false, false, false, false, null));
        });
    }

    /** What the tooltip says now. */
    public String tooltipText() {
        return Tooltips.getText(this);
    }
}
