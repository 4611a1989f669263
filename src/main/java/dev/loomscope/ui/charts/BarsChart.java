package dev.loomscope.ui.charts;

import dev.loomscope.model.Comparison;
import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;

/**
 * One comparison chart, drawn on a canvas as the lanes are: {@link BarsLayout} says where each bar
 * and text goes for the chart's size and the stage's type, this draws it. Type and colours come
 * from the stylesheet, through labels that are never shown.
 */
public final class BarsChart extends Region {

    private final Canvas canvas = new Canvas();
    /** Takes the chart's type and text colour from the stylesheet. */
    private final Label text = new Label();
    /** One per series colour (and the muted colour of grid and outlines). */
    private final List<Label> colours = List.of(probe("bars-series-0"), probe("bars-series-1"), probe("bars-series-2"), probe("bars-muted"));
    /** The ink of a figure inside its bar: dark on the bars' colours. */
    private final Label insideInk = probe("bars-inside");
    private final Comparison.Panel panel;
    private BarsLayout layout;

    public BarsChart(Comparison.Panel panel) {
        this.panel = panel;
        getStyleClass().add("bars-chart");
        text.getStyleClass().add("bars-text");
        for (Label probe : listOfProbes()) {
            probe.setManaged(false);
            probe.setVisible(false);
            probe.textFillProperty().addListener((o, was, now) -> requestLayout());
            probe.fontProperty().addListener((o, was, now) -> requestLayout());
        }
        getChildren().add(canvas);
        getChildren().addAll(listOfProbes());
        setMinSize(0, 0);
    }

    private List<Label> listOfProbes() {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(text, insideInk), colours.stream()).toList();
    }

    private static Label probe(String styleClass) {
        var label = new Label();
        label.getStyleClass().add(styleClass);
        return label;
    }

    public Comparison.Panel panel() {
        return panel;
    }

    /** Where everything is drawn now: the layout of the last drawing (null before the first). */
    public BarsLayout barsLayout() {
        return layout;
    }

    @Override
    protected void layoutChildren() {
        double w = snapSizeX(getWidth() - snappedLeftInset() - snappedRightInset());
        double h = snapSizeY(getHeight() - snappedTopInset() - snappedBottomInset());
        canvas.relocate(snappedLeftInset(), snappedTopInset());
        canvas.setWidth(Math.max(0, w));
        canvas.setHeight(Math.max(0, h));
        Font font = text.getFont();
        layout = BarsLayout.of(panel, w, h, font);
        draw(canvas.getGraphicsContext2D(), layout);
    }

    private Paint colour(int index) {
        return colours.get(Math.min(index, colours.size() - 1)).getTextFill();
    }

    private void draw(GraphicsContext g, BarsLayout l) {
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        Paint muted = colours.getLast().getTextFill();
        Paint ink = text.getTextFill();
        var plot = l.plot();
        g.setStroke(muted);
        g.setLineWidth(1);
        g.setLineDashes();
        for (double x : l.grid()) {
            double at = Math.round(x) + 0.5;
            g.strokeLine(at, plot.getMinY(), at, plot.getMaxY());
        }
        // The grid stops short of the figures, so no line runs through a digit. Cleared in whole pixels: two lines of a figure
        // meet at a fractional y, where two cleared edges each left part of the pixel row, and the grid showed between them.
        for (BarsLayout.Label label : l.texts()) {
            if (label.kind() == BarsLayout.Kind.VALUE && !label.inside()) {
                double top = Math.floor(label.y());
                g.clearRect(Math.floor(label.x() - 3), top, Math.ceil(label.width() + 6), Math.ceil(label.y() + label.height()) - top);
            }
        }
        for (BarsLayout.Bar bar : l.bars()) {
            if (bar.reference()) {
                g.setStroke(muted);
                g.setLineWidth(2);
                g.setLineDashes(6, 4);
                g.strokeRect(bar.x() + 1, bar.y() + 1, Math.max(0, bar.width() - 2), Math.max(0, bar.height() - 2));
                g.setLineDashes();
            } else {
                g.setFill(colour(bar.series()));
                g.fillRect(bar.x(), bar.y(), bar.width(), bar.height());
            }
        }
        for (BarsLayout.Swatch swatch : l.swatches()) {
            if (swatch.reference()) {
                g.setStroke(muted);
                g.setLineWidth(2);
                g.strokeRect(swatch.x() + 1, swatch.y() + 1, swatch.size() - 2, swatch.size() - 2);
            } else {
                g.setFill(colour(swatch.series()));
                g.fillRect(swatch.x(), swatch.y(), swatch.size(), swatch.size());
            }
        }
        g.setStroke(ink);
        g.setLineWidth(1);
        g.strokeLine(plot.getMinX() + 0.5, plot.getMinY(), plot.getMinX() + 0.5, plot.getMaxY());
        g.setTextBaseline(VPos.TOP);
        for (BarsLayout.Label label : l.texts()) {
            g.setFont(label.font());
            g.setFill(label.inside() ? insideInk.getTextFill()
                    : label.kind() == BarsLayout.Kind.TICK || label.kind() == BarsLayout.Kind.UNIT ? mutedText(ink, muted) : ink);
            g.fillText(label.text(), label.x(), label.y());
        }
    }

    /** Ticks in the muted colour where it reads, else in the text's. */
    private static Paint mutedText(Paint ink, Paint muted) {
        return muted instanceof Color ? muted : ink;
    }
}
