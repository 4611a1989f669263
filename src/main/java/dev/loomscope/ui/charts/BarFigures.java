package dev.loomscope.ui.charts;

import dev.loomscope.ui.fx.TextWidth;
import static dev.loomscope.ui.charts.BarsLayout.MIN_BAR;
import static dev.loomscope.ui.charts.BarsLayout.MIN_FONT;
import static dev.loomscope.ui.charts.BarsLayout.SPAN;
import static dev.loomscope.ui.charts.BarsLayout.WHOLE_WORDS_UP_TO;
import static dev.loomscope.ui.charts.TextFit.font;
import static dev.loomscope.ui.charts.TextFit.lineOf;
import static dev.loomscope.ui.charts.TextFit.narrowest;

import dev.loomscope.model.Comparison;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.text.Font;

/**
 * The figures of one comparison chart's bars, and the value axis's end that gives them room: for
 * {@link BarsLayout}, once it knows the plot's width and the rows' heights. Each bar's whole words
 * ("5.1 s (ideal 5.0 s)") where they leave the bars most of the plot; else the figures alone
 * ("5.1 s"), the short bars keeping their whole words where they fit; else, where even that would run
 * the axis far past the longest bar, the figures of bars long and thick enough go inside their ends.
 */
final class BarFigures {

    private final List<Comparison.Series> series;
    private final List<String> runs;
    private final double largest;
    private final boolean wideSpan;
    private final double plotWidth;
    private final double pad;
    private final double rowHeight;
    private final double slot;
    private final Font base;
    private final double size;
    private final String unit;

    /**
     * @param largest   the longest bar's value
     * @param wideSpan  whether the bars span more than {@link BarsLayout#SPAN} times
     * @param rowHeight a run's row, px
     * @param slot      a bar's share of the row, px
     * @param base      the chart's type, whose size the figures start from
     * @param unit      the value axis's unit, as it prints it ("MB")
     */
    BarFigures(List<Comparison.Series> series, List<String> runs, double largest, boolean wideSpan, double plotWidth, double pad,
            double rowHeight, double slot, Font base, String unit) {
        this.series = series;
        this.runs = runs;
        this.largest = largest;
        this.wideSpan = wideSpan;
        this.plotWidth = plotWidth;
        this.pad = pad;
        this.rowHeight = rowHeight;
        this.slot = slot;
        this.base = base;
        this.size = base.getSize();
        this.unit = unit;
    }

    /** The figures the chart prints, and its axis's end. */
    Figures choose() {
        // Each bar's whole words where they leave the bars most of the plot; else the figures alone, if that leaves them more.
        // The short bars, whose figures have room, keep their whole words in the same type.
        Figures figures = figures(false, null);
        if (figures.axisMax() > largest * WHOLE_WORDS_UP_TO) {
            Figures brief = figures(true, null);
            if (brief.axisMax() < figures.axisMax()) {
                // Whole words that only add the unit the axis names are not mixed with brief ones ("heap +145" beside "heap +100 MB").
                figures = unitIsAllTheyAdd() ? brief : wholeWordsWhereTheyFit(brief, figures(false, brief.font()));
            }
        }
        // Still far past the longest bar (a narrow chart of one series: the heap of a 720p stage's two panels): the
        // figures of bars long enough to hold them go inside their ends.
        if (figures.axisMax() > largest * WHOLE_WORDS_UP_TO && largest > 0) {
            Figures inside = inside(figures);
            if (inside.axisMax() < figures.axisMax()) {
                figures = inside;
            }
        }
        return figures;
    }

    /** A bar's or a row's figures to place: their lines, their width, and the value past which they start. */
    record Figure(int row, int slotIndex, List<String> lines, double anchor, double width, boolean small, boolean fillable,
                  boolean inside) {

        /** A figure that lies past its bar's end; {@code fillable} if it is one bar's alone, on one line, and may go inside it. */
        Figure(int row, int slotIndex, List<String> lines, double anchor, double width, boolean small, boolean fillable) {
            this(row, slotIndex, lines, anchor, width, small, fillable, false);
        }

        Figure inside(boolean in) {
            return new Figure(row, slotIndex, lines, anchor, width, small, fillable, in);
        }
    }

    /** The figures in their type, and the axis end that gives each room past its bar. */
    record Figures(List<Figure> placed, Font font, double axisMax) {
    }

    /** Whether every bar's whole words are its brief figure and the axis's unit, no more. */
    private boolean unitIsAllTheyAdd() {
        return series.stream().flatMap(s -> s.bars().stream()).filter(bar -> bar.text() != null)
                .allMatch(bar -> bar.text().equals(bar.brief() + " " + unit));
    }

    private static String words(Comparison.Bar bar, boolean brief) {
        return brief ? bar.brief() : bar.text();
    }

    /**
     * The figures, whole or brief: beside each bar where the bars are thick enough for a line of the
     * figures' type; else a row's figures together past its longest bar, on as many lines as the row
     * holds; the type as big as fits in 70% of the plot, or {@code type} if given. Then the axis: just far enough for every bar
     * and every figure past its bar's end.
     */
    private Figures figures(boolean brief, Font type) {
        long labelled = series.stream().filter(s -> s.bars().stream().anyMatch(b -> b.text() != null)).count();
        var rowWords = new ArrayList<List<String>>();
        var rowMax = new ArrayList<Double>();
        var rowSmall = new ArrayList<Boolean>();
        for (String run : runs) {
            var words = new ArrayList<String>();
            double max = 0;
            boolean small = false;
            for (Comparison.Series s : series) {
                for (Comparison.Bar bar : s.bars()) {
                    if (bar.run().equals(run)) {
                        max = Math.max(max, bar.value());
                        if (bar.text() != null) {
                            words.add(words(bar, brief));
                            small |= wideSpan && bar.value() * SPAN < largest;
                        }
                    }
                }
            }
            rowWords.add(words);
            rowMax.add(max);
            rowSmall.add(small);
        }
        boolean perBar = labelled > 1 && lineOf(font(base, size * 0.86, true)) <= slot;
        Font figureFont;
        var figures = new ArrayList<Figure>();
        for (double s = type != null ? type.getSize() : size * 0.86;; s -= 0.5) {
            Font f = type != null ? type : font(base, s, true);
            double line = lineOf(f);
            figures.clear();
            double widest = 0;
            for (int row = 0; row < runs.size(); row++) {
                if (perBar) {
                    for (int i = 0; i < series.size(); i++) {
                        for (Comparison.Bar bar : series.get(i).bars()) {
                            if (bar.run().equals(runs.get(row)) && bar.text() != null) {
                                double w = TextWidth.of(words(bar, brief), f);
                                widest = Math.max(widest, w);
                                figures.add(new Figure(row, i, List.of(words(bar, brief)), bar.value(), w,
                                        wideSpan && bar.value() * SPAN < largest, !series.get(i).reference()));
                            }
                        }
                    }
                } else if (!rowWords.get(row).isEmpty()) {
                    int most = (int) (rowHeight * 0.95 / line);
                    List<String> lines = narrowest(rowWords.get(row), "  \u00b7  ", f, most);
                    boolean tooMany = lines.size() > most;
                    double w = lines.stream().mapToDouble(l -> TextWidth.of(l, f)).max().orElse(0);
                    widest = Math.max(widest, tooMany ? Double.MAX_VALUE : w);
                    figures.add(new Figure(row, -1, lines, rowMax.get(row), w, rowSmall.get(row),
                            series.size() == 1 && !series.getFirst().reference() && lines.size() == 1));
                }
            }
            figureFont = f;
            if (type != null || widest <= plotWidth * 0.7 || s <= MIN_FONT) {
                break;
            }
        }
        return new Figures(List.copyOf(figures), figureFont, largest <= 0 ? 1 : axisFor(figures));
    }

    /** The axis's end that gives every figure past its bar room before the plot's right edge. */
    private double axisFor(List<Figure> figures) {
        double max = Math.max(largest * 1.02, 1e-9);
        for (Figure fig : figures) {
            if (fig.inside()) {
                continue;
            }
            double room = plotWidth - pad - fig.width();
            double minBarShare = MIN_BAR / plotWidth;
            if (room > MIN_BAR) {
                // The bar ends at anchor / max of the width (or at MIN_BAR): its figure must end by the plot's right edge.
                double needed = fig.anchor() * plotWidth / room;
                if (fig.anchor() / needed >= minBarShare || fig.anchor() == 0) {
                    max = Math.max(max, needed);
                }
            }
        }
        return max;
    }

    /** The brief figures, each replaced by its whole words (in the same type) where they fit past its bar on the brief's axis. */
    private Figures wholeWordsWhereTheyFit(Figures brief, Figures whole) {
        var mixed = new ArrayList<Figure>();
        int most = (int) (rowHeight * 0.95 / lineOf(brief.font()));
        for (int i = 0; i < brief.placed().size(); i++) {
            Figure wholeWords = whole.placed().get(i);
            double reach = Math.max(MIN_BAR, wholeWords.anchor() / brief.axisMax() * plotWidth) + pad + wholeWords.width();
            boolean fits = reach <= plotWidth && (wholeWords.slotIndex() >= 0 || wholeWords.lines().size() <= most);
            mixed.add(fits ? wholeWords : brief.placed().get(i));
        }
        return new Figures(List.copyOf(mixed), brief.font(), brief.axisMax());
    }

    /**
     * The figures of bars long and thick enough to hold them put inside their bars' ends, with the nearest axis end at which
     * every other figure fits past its bar. A bar's length depends on the axis: the ends tried are the longest bar's
     * own and those at which each figure just fits past its bar (the rest cannot be the nearest), in order.
     */
    private Figures inside(Figures outside) {
        double barHeight = slot - 1;
        boolean fitsABar = lineOf(outside.font()) <= barHeight;
        var ends = new java.util.TreeSet<Double>();
        double shortest = Math.max(largest * 1.02, 1e-9);
        ends.add(shortest);
        for (Figure fig : outside.placed()) {
            double room = plotWidth - pad - fig.width();
            if (room > MIN_BAR) {
                ends.add(Math.max(shortest, fig.anchor() * plotWidth / room));
            }
        }
        for (double end : ends) {
            var placed = new ArrayList<Figure>();
            for (Figure fig : outside.placed()) {
                double bar = Math.max(MIN_BAR, fig.anchor() / end * plotWidth);
                if (fitsABar && fig.fillable() && bar >= fig.width() + pad) {
                    placed.add(fig.inside(true));
                } else if (bar + pad + fig.width() <= plotWidth + 0.5 || plotWidth - pad - fig.width() <= MIN_BAR) {
                    // Past its bar; one wider than the plot gives the axis no end (axisFor) and is pushed left.
                    placed.add(fig);
                } else {
                    placed = null;
                    break;
                }
            }
            if (placed != null) {
                return new Figures(List.copyOf(placed), outside.font(), end);
            }
        }
        return outside;
    }
}
