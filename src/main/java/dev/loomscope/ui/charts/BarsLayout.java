package dev.loomscope.ui.charts;

import dev.loomscope.ui.fx.TextWidth;
import static dev.loomscope.ui.charts.TextFit.elide;
import static dev.loomscope.ui.charts.TextFit.font;
import static dev.loomscope.ui.charts.TextFit.lineOf;
import static dev.loomscope.ui.charts.TextFit.wrap;

import dev.loomscope.model.Comparison;
import dev.loomscope.ui.views.Ticks;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.text.Font;

/**
 * Where everything of one comparison chart goes, for a given size and type: bars lying down, one
 * row per run (named at its left), each bar's figure past its end (or inside it, where a narrow
 * chart has no room past a long bar), round ticks below. Worked out
 * before anything is drawn, from the texts' measured widths ({@link TextFit}), so that
 * <ul>
 * <li>the value axis ends just past the longest bar and its figure, not at a fixed multiple of it;</li>
 * <li>no two texts overlap: a run's name goes on two lines or in smaller type, a row's figures share
 * one line where the bars are too thin for one each, ticks are thinned;</li>
 * <li>a short bar beside a long one (more than {@link #SPAN} times shorter) still shows: it is a few
 * pixels long at least and its figure is printed beside it in the same bold type as the long one's.</li>
 * </ul>
 * The figures, and the axis's end that gives them room, are {@link BarFigures}'s. {@link BarsChart} draws exactly
 * this; tests read it to check the same.
 */
public final class BarsLayout {

    /** Values spanning more than this many times: the short bars' figures are what reads. */
    public static final double SPAN = 20;
    /** The smallest type anything shrinks to, px. */
    static final double MIN_FONT = 9;
    /**
     * How far the axis may run past the longest bar, as a multiple of it, to give bars' whole words
     * room (a figure and its ideal); further, and the figures go alone: bars that fill most of the plot
     * read better than words beside short ones.
     */
    static final double WHOLE_WORDS_UP_TO = 1.5;
    /** The shortest bar drawn, px: a 100 ms bar beside a 10 s one is still a bar. */
    static final double MIN_BAR = 4;

    /** What a text is. */
    public enum Kind {
        TITLE, LEGEND, RUN, VALUE, TICK, UNIT
    }

    /**
     * A text and the box it takes (its top-left corner, its measured width and line height);
     * {@code small} marks the figure of a bar more than {@link #SPAN} times shorter than the longest,
     * printed in the same type as the longest's; {@code inside}, a figure drawn inside its bar's end.
     */
    public record Label(Kind kind, String text, Font font, double x, double y, double width, double height, boolean small, boolean inside) {

        /** A text outside the bars. */
        public Label(Kind kind, String text, Font font, double x, double y, double width, double height, boolean small) {
            this(kind, text, font, x, y, width, height, small, false);
        }

        public Bounds bounds() {
            return new BoundingBox(x, y, width, height);
        }
    }

    /** A bar: series {@code series} (its colour), an outline if {@code reference}. */
    public record Bar(String run, int series, boolean reference, double value, double x, double y, double width, double height) {
    }

    /** A legend's colour square. */
    public record Swatch(int series, boolean reference, double x, double y, double size) {
    }

    private final double width;
    private final double height;
    private final List<Label> texts = new ArrayList<>();
    private final List<Bar> bars = new ArrayList<>();
    private final List<Swatch> swatches = new ArrayList<>();
    private final List<Double> grid = new ArrayList<>();
    private final Map<String, List<Label>> runLabels = new LinkedHashMap<>();
    private double plotX;
    private double plotY;
    private double plotWidth;
    private double plotHeight;
    private double axisMax = 1;
    private double largest;
    private double smallest;

    private BarsLayout(double width, double height) {
        this.width = width;
        this.height = height;
    }

    /** The layout of {@code panel} in {@code width} x {@code height} px, its type based on {@code font} (the stage's). */
    public static BarsLayout of(Comparison.Panel panel, double width, double height, Font font) {
        var layout = new BarsLayout(Math.max(width, 1), Math.max(height, 1));
        layout.lay(panel, font);
        return layout;
    }

    public double width() {
        return width;
    }

    public double height() {
        return height;
    }

    /** Every text, in drawing order. */
    public List<Label> texts() {
        return List.copyOf(texts);
    }

    public List<Bar> bars() {
        return List.copyOf(bars);
    }

    public List<Swatch> swatches() {
        return List.copyOf(swatches);
    }

    /** The x of each tick's grid line. */
    public List<Double> grid() {
        return List.copyOf(grid);
    }

    /** Each run's name as drawn (one or two lines), by run, top to bottom. */
    public Map<String, List<Label>> runLabels() {
        return java.util.Collections.unmodifiableMap(runLabels);
    }

    /** The value at the plot's right edge. */
    public double axisMax() {
        return axisMax;
    }

    /** The longest bar's value. */
    public double largest() {
        return largest;
    }

    /** The shortest bar's value above zero (0: none). */
    public double smallest() {
        return smallest;
    }

    /** Whether the bars span more than {@link #SPAN} times. */
    public boolean wideSpan() {
        return smallest > 0 && largest / smallest > SPAN;
    }

    public Bounds plot() {
        return new BoundingBox(plotX, plotY, plotWidth, plotHeight);
    }

    /** Where {@code value} ends on the plot. */
    public double xOf(double value) {
        return plotX + value / axisMax * plotWidth;
    }

    // ---- laying out ----

    private void lay(Comparison.Panel panel, Font base) {
        double size = base.getSize();
        double pad = Math.max(4, Math.round(size * 0.35));
        List<Comparison.Series> series = panel.series().stream().filter(s -> !s.bars().isEmpty()).toList();
        var runs = new ArrayList<String>();
        for (Comparison.Series s : series) {
            for (Comparison.Bar bar : s.bars()) {
                if (!runs.contains(bar.run())) {
                    runs.add(bar.run());
                }
            }
        }
        largest = series.stream().flatMap(s -> s.bars().stream()).mapToDouble(Comparison.Bar::value).max().orElse(0);
        smallest = series.stream().flatMap(s -> s.bars().stream()).mapToDouble(Comparison.Bar::value).filter(v -> v > 0).min().orElse(0);

        // Title, shrunk to the width if need be.
        double y = 0;
        Font titleFont = font(base, size, true);
        while (TextWidth.of(panel.title(), titleFont) > width && titleFont.getSize() > MIN_FONT) {
            titleFont = font(base, titleFont.getSize() - 1, true);
        }
        double titleWidth = Math.min(width, TextWidth.of(panel.title(), titleFont));
        texts.add(new Label(Kind.TITLE, panel.title(), titleFont, (width - titleWidth) / 2, y, titleWidth, lineOf(titleFont), false));
        y += lineOf(titleFont) + pad / 2;

        // A legend only where some bar has no words of its own (the perfect world, the ceiling).
        boolean legend = series.size() > 1 && series.stream().anyMatch(s -> s.bars().stream().anyMatch(b -> b.text() == null));
        if (legend) {
            y = legend(series, base, size * 0.86, pad, y);
        }

        Font tickFont = font(base, size * 0.86, false);
        double tickLine = lineOf(tickFont);
        plotY = y + pad / 2;
        plotHeight = Math.max(1, height - tickLine - pad / 2 - plotY);
        double rowHeight = runs.isEmpty() ? plotHeight : plotHeight / runs.size();

        // Run names at the left: one line, else wrapped at spaces, in smaller type if the row or the column needs.
        // A narrow chart (one of two side by side on a small stage) gives its names a larger share.
        double column = width * (width < 420 ? 0.42 : 0.32);
        var names = new LinkedHashMap<String, List<String>>();
        Font runFont = null;
        for (double s = size * 0.86; runFont == null; s -= 0.5) {
            Font f = font(base, s, false);
            int most = (int) (rowHeight / lineOf(f));
            boolean fits = true;
            names.clear();
            for (String run : runs) {
                List<String> lines = wrap(List.of(run.split(" ")), " ", f, column);
                if (lines.size() > most || lines.stream().anyMatch(l -> TextWidth.of(l, f) > column)) {
                    fits = false;
                }
                names.put(run, lines);
            }
            if (fits || s <= MIN_FONT) {
                runFont = f;
            }
        }
        double runLine = lineOf(runFont);
        double nameWidth = 0;
        for (var entry : names.entrySet()) {
            var lines = new ArrayList<String>();
            for (String line : entry.getValue()) {
                lines.add(elide(line, runFont, column));
            }
            entry.setValue(lines);
            for (String line : lines) {
                nameWidth = Math.max(nameWidth, TextWidth.of(line, runFont));
            }
        }
        plotX = Math.ceil(nameWidth + pad);
        plotWidth = Math.max(1, width - plotX - pad);

        // Bars: each row holds a slot per series, in the series' order.
        double slot = rowHeight * 0.8 / Math.max(1, series.size());
        BarFigures.Figures figures = new BarFigures(series, runs, largest, wideSpan(), plotWidth, pad, rowHeight, slot, base, panel.unit()).choose();
        axisMax = figures.axisMax();
        Font figureFont = figures.font();

        for (int row = 0; row < runs.size(); row++) {
            String run = runs.get(row);
            double top = plotY + row * rowHeight;
            double first = top + rowHeight * 0.1;
            for (int i = 0; i < series.size(); i++) {
                Comparison.Series s = series.get(i);
                for (Comparison.Bar bar : s.bars()) {
                    if (bar.run().equals(run)) {
                        double length = bar.value() > 0 ? Math.max(MIN_BAR, bar.value() / axisMax * plotWidth) : 0;
                        bars.add(new Bar(run, i, s.reference(), bar.value(), plotX, first + i * slot, length, Math.max(1, slot - 1)));
                    }
                }
            }
            // The run's name, centred on its row.
            List<String> lines = names.get(run);
            double nameTop = top + (rowHeight - lines.size() * runLine) / 2;
            var drawn = new ArrayList<Label>();
            for (int l = 0; l < lines.size(); l++) {
                double w = TextWidth.of(lines.get(l), runFont);
                var label = new Label(Kind.RUN, lines.get(l), runFont, plotX - pad - w, nameTop + l * runLine, w, runLine, false);
                drawn.add(label);
                texts.add(label);
            }
            runLabels.put(run, List.copyOf(drawn));
        }
        double figureLine = lineOf(figureFont);
        for (BarFigures.Figure fig : figures.placed()) {
            double rowTop = plotY + fig.row() * rowHeight;
            double end = plotX + (fig.anchor() > 0 ? Math.max(MIN_BAR, fig.anchor() / axisMax * plotWidth) : 0);
            double block = fig.lines().size() * figureLine;
            double top = fig.slotIndex() >= 0
                    ? rowTop + rowHeight * 0.1 + fig.slotIndex() * slot + (slot - 1 - figureLine) / 2
                    : rowTop + (rowHeight - block) / 2;
            double x = fig.inside() ? end - pad / 2 - fig.width() : Math.min(end + pad, width - fig.width());
            for (String line : fig.lines()) {
                texts.add(new Label(Kind.VALUE, line, figureFont, x, top, TextWidth.of(line, figureFont), figureLine, fig.small(), fig.inside()));
                top += figureLine;
            }
        }
        ticks(panel.unit(), tickFont, tickLine, pad);
    }

    /** The legend's row (swatch and name per series) under the title; returns the y below it. */
    private double legend(List<Comparison.Series> series, Font base, double size, double pad, double y) {
        Font f = font(base, size, false);
        while (true) {
            double line = lineOf(f);
            double total = 0;
            for (Comparison.Series s : series) {
                total += line * 0.8 + pad / 2 + TextWidth.of(s.name(), f) + pad * 2;
            }
            if (total - pad * 2 <= width || f.getSize() <= MIN_FONT) {
                double x = Math.max(0, (width - (total - pad * 2)) / 2);
                for (int i = 0; i < series.size(); i++) {
                    Comparison.Series s = series.get(i);
                    swatches.add(new Swatch(i, s.reference(), x, y + line * 0.1, line * 0.8));
                    x += line * 0.8 + pad / 2;
                    double w = TextWidth.of(s.name(), f);
                    texts.add(new Label(Kind.LEGEND, s.name(), f, x, y, w, line, false));
                    x += w + pad * 2;
                }
                return y + line;
            }
            f = font(base, f.getSize() - 0.5, false);
        }
    }

    /** Round ticks under the plot, as many as fit without touching, and the unit after the last one ("0  50  100 MB"). */
    private void ticks(String unit, Font font, double line, double pad) {
        double y = plotY + plotHeight + pad / 2;
        boolean seconds = "ms".equals(unit) && axisMax >= 2_000;
        String unitText = seconds ? "s" : unit;
        double unitWidth = TextWidth.of(unitText, font);
        double space = TextWidth.of(" ", font);
        for (int wanted = 6; wanted >= 1; wanted--) {
            double step = Ticks.niceStep(axisMax / wanted);
            var labels = new ArrayList<Label>();
            var xs = new ArrayList<Double>();
            double lastRight = Double.NEGATIVE_INFINITY;
            boolean fits = true;
            for (int k = 0; k * step <= axisMax * 1.0001; k++) {
                double value = k * step;
                String text = tickText(value, step, seconds);
                double w = TextWidth.of(text, font);
                double x = Math.max(0, xOf(value) - w / 2);
                if (x < lastRight + pad) {
                    fits = false;
                    break;
                }
                if (x + w > width) {
                    break;
                }
                labels.add(new Label(Kind.TICK, text, font, x, y, w, line, false));
                xs.add(xOf(value));
                lastRight = x + w;
            }
            if (fits || wanted == 1) {
                // The unit follows the last number that leaves it room, keeping two numbers at least. Where two do not (a
                // long unit in a narrow chart), it goes before the 0, under the run names, and every number stays; where
                // there is no room there either, the numbers that would touch it go.
                int kept = labels.size();
                while (kept > 2 && rightOf(labels.get(kept - 1)) + space + unitWidth > width) {
                    kept--;
                }
                double before = plotX - TextWidth.of("0", font) / 2 - pad - unitWidth;
                double unitX;
                if (kept >= 1 && rightOf(labels.get(kept - 1)) + space + unitWidth <= width) {
                    unitX = rightOf(labels.get(kept - 1)) + space;
                } else if (before >= 0) {
                    unitX = before;
                    kept = labels.size();
                } else {
                    unitX = Math.max(0, width - unitWidth);
                    while (kept > 0 && rightOf(labels.get(kept - 1)) + space > unitX) {
                        kept--;
                    }
                }
                texts.addAll(labels.subList(0, kept));
                grid.addAll(xs.subList(0, kept));
                texts.add(new Label(Kind.UNIT, unitText, font, unitX, y, unitWidth, line, false));
                return;
            }
        }
    }

    private static double rightOf(Label label) {
        return label.x() + label.width();
    }

    private static String tickText(double value, double step, boolean seconds) {
        if (value == 0) {
            return "0";
        }
        double shown = seconds ? value / 1_000 : value;
        double shownStep = seconds ? step / 1_000 : step;
        String text = shownStep >= 1 ? "%,.0f".formatted(shown) : "%,.1f".formatted(shown);
        return text;
    }
}
