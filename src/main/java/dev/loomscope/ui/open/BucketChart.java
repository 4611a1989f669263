package dev.loomscope.ui.open;

import dev.loomscope.ui.fx.Messages;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

/**
 * A small column chart of a recording's buckets (per second, or per duration bin), on a canvas as the
 * other charts are: a title with the series' colours, columns of the first series, a line of the
 * second, the value axis ending just past the largest value. Type and colours come from the
 * stylesheet through labels never shown (the {@code bars-chart} classes).
 */
final class BucketChart extends Region {

    /**
     * One series: its name and a value per bucket, or no values where the recording did not record its events. Such a
     * series is drawn as nothing, not as zeros, and its legend says it was not recorded: a flat line at zero would read
     * as "none happened" (the JDK records no virtual-thread starts or ends by default).
     */
    record Series(String name, double[] values) {
        static Series notRecorded(String name) {
            return new Series(name, null);
        }

        boolean recorded() {
            return values != null;
        }
    }

    private final Canvas canvas = new Canvas();
    private final Label text = probe("bars-text");
    private final List<Label> colours = List.of(probe("bars-series-0"), probe("bars-series-1"), probe("bars-muted"));
    private String title = "";
    private List<Series> series = List.of();
    private String first = "";
    private String last = "";
    private String unit = "";
    private List<Bounds> legendPlaces = List.of();

    BucketChart() {
        getStyleClass().addAll("bars-chart", "bucket-chart");
        getChildren().add(canvas);
        for (Label probe : probes()) {
            probe.setManaged(false);
            probe.setVisible(false);
            probe.textFillProperty().addListener((o, was, now) -> requestLayout());
            probe.fontProperty().addListener((o, was, now) -> requestLayout());
            getChildren().add(probe);
        }
        setMinSize(0, 0);
        setPrefSize(320, 190);
    }

    private List<Label> probes() {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(text), colours.stream()).toList();
    }

    private static Label probe(String styleClass) {
        var label = new Label();
        label.getStyleClass().add(styleClass);
        return label;
    }

    /**
     * @param first what the first bucket is ("0 s"), {@code last} the last ("93 s"), {@code unit} what a value counts
     */
    void show(String title, List<Series> series, String first, String last, String unit) {
        this.title = title;
        this.series = List.copyOf(series);
        this.first = first;
        this.last = last;
        this.unit = unit;
        requestLayout();
    }

    /** The top of the value axis: the largest value rounded up to 1, 2 or 5 times a power of ten, so the tallest column nearly reaches it. */
    static double axisTop(double largest) {
        if (largest <= 0) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(largest)));
        for (double step : new double[] {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10}) {
            if (step * power >= largest) {
                return step * power;
            }
        }
        return 10 * power;
    }

    @Override
    protected void layoutChildren() {
        double w = Math.floor(getWidth());
        double h = Math.floor(getHeight());
        canvas.setWidth(w);
        canvas.setHeight(h);
        draw(canvas.getGraphicsContext2D(), w, h);
    }

    private void draw(GraphicsContext g, double w, double h) {
        g.clearRect(0, 0, w, h);
        Font font = text.getFont();
        double line = font.getSize() * 1.3;
        Paint ink = text.getTextFill();
        Paint muted = colours.get(2).getTextFill();
        g.setFont(font);
        g.setTextBaseline(VPos.TOP);
        g.setTextAlign(TextAlignment.LEFT);
        g.setFill(ink);
        double titleWidth = textWidth(title, font);
        // A title wider than a narrow chart is pressed to fit rather than cut.
        g.fillText(title, 0, 0, Math.max(1, Math.min(titleWidth, w)));
        double x = Math.min(titleWidth, w) + line * 0.6;
        // A series not recorded is named in the legend, saying so, even alone: the chart draws nothing for it.
        boolean legend = series.size() > 1 || series.stream().anyMatch(s -> !s.recorded());
        double legendWidth = !legend ? 0 : series.stream().mapToDouble(s -> entryWidth(s, font, line)).sum();
        // The legend follows the title, or goes under it where the chart is too narrow for both, a line per entry
        // where even that line is too narrow.
        double legendY = x + legendWidth <= w ? 0 : line;
        if (legendY > 0) {
            x = 0;
        }
        legendPlaces = new ArrayList<>();
        for (int i = 0; i < series.size() && legend; i++) {
            double entry = entryWidth(series.get(i), font, line);
            if (x > 0 && x + entry - line * 0.6 > w) {
                x = 0;
                legendY += line;
            }
            g.setFill(colours.get(i).getTextFill());
            g.fillRect(x, legendY + line * 0.25, line * 0.5, line * 0.5);
            g.setFill(ink);
            g.fillText(legendName(series.get(i)), x + line * 0.7, legendY);
            legendPlaces.add(new BoundingBox(x, legendY, entry - line * 0.6, line));
            x += entry;
        }
        if (!series.isEmpty() && series.stream().noneMatch(Series::recorded)) {
            // Nothing to draw: no axes for values that were never recorded.
            g.setFill(muted);
            g.setTextAlign(TextAlignment.CENTER);
            g.setTextBaseline(VPos.CENTER);
            g.fillText(Messages.text("open.chart.not-recorded"), w / 2, (legendY + line + h) / 2, w);
            return;
        }
        double largest = recordedValues().max().orElse(0);
        double top = axisTop(largest * 1.02);
        boolean counts = recordedValues().allMatch(v -> v == Math.rint(v));
        if (counts) {
            top = Math.ceil(top); // a count's axis ends on a whole number: 3 pins, not 2.5
        }
        String topText = Numbers.compact(top) + (unit.isEmpty() ? "" : " " + unit);
        double left = textWidth(topText, font) + 6;
        double plotTop = legendY + line * 1.4;
        double plotBottom = h - line * 1.1;
        double plotW = w - left - 2;
        double plotH = plotBottom - plotTop;
        if (plotW <= 4 || plotH <= 4) {
            return;
        }
        g.setFill(muted);
        g.setTextAlign(TextAlignment.RIGHT);
        g.fillText(topText, left - 4, plotTop - line * 0.45);
        g.fillText("0", left - 4, plotBottom - line * 0.55);
        g.setStroke(muted);
        g.setLineWidth(1);
        g.strokeLine(left + 0.5, plotTop, left + 0.5, plotBottom + 0.5);
        g.strokeLine(left, plotBottom + 0.5, left + plotW, plotBottom + 0.5);
        g.setLineDashes(2, 3);
        g.strokeLine(left, plotTop + 0.5, left + plotW, plotTop + 0.5);
        g.setLineDashes();
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText(first, left, plotBottom + 2);
        g.setTextAlign(TextAlignment.RIGHT);
        g.fillText(last, left + plotW, plotBottom + 2);
        int n = series.stream().filter(Series::recorded).mapToInt(s -> s.values().length).findFirst().orElse(0);
        if (n == 0) {
            return;
        }
        double step = plotW / n;
        double gap = step > 4 ? Math.min(step * 0.2, 3) : 0;
        if (series.getFirst().recorded()) {
            g.setFill(colours.get(0).getTextFill());
            double[] values = series.getFirst().values();
            for (int i = 0; i < n; i++) {
                double barH = values[i] / top * plotH;
                g.fillRect(left + 1 + i * step + gap / 2, plotBottom - barH, Math.max(step - gap, 1), barH);
            }
        }
        if (series.size() > 1 && series.get(1).recorded()) {
            double[] second = series.get(1).values();
            g.setStroke(colours.get(1).getTextFill());
            g.setLineWidth(2);
            g.beginPath();
            for (int i = 0; i < second.length && i < n; i++) {
                double px = left + 1 + (i + 0.5) * step;
                double py = plotBottom - second[i] / top * plotH;
                if (i == 0) {
                    g.moveTo(px, py);
                } else {
                    g.lineTo(px, py);
                }
            }
            g.stroke();
        }
    }

    private java.util.stream.DoubleStream recordedValues() {
        return series.stream().filter(Series::recorded).flatMapToDouble(s -> java.util.Arrays.stream(s.values()));
    }

    /** A legend entry's width: its swatch, its name and the gap to the next. */
    private static double entryWidth(Series s, Font font, double line) {
        return line * 0.7 + textWidth(legendName(s), font) + line * 0.6;
    }

    /** Where the last drawing put each legend entry, swatch and name (for tests, as {@link #seriesDrawn()}). */
    List<Bounds> legendPlaces() {
        return List.copyOf(legendPlaces);
    }

    private static String legendName(Series s) {
        return s.recorded() ? s.name() : Messages.text("open.chart.series-not-recorded", s.name());
    }

    /** The series the last drawing drew, by name: those not recorded are left out (for tests; a canvas has no nodes to look up). */
    List<String> seriesDrawn() {
        return series.stream().filter(Series::recorded).map(Series::name).toList();
    }

    private static double textWidth(String s, Font font) {
        var measured = new javafx.scene.text.Text(s);
        measured.setFont(font);
        return measured.getLayoutBounds().getWidth();
    }

}
