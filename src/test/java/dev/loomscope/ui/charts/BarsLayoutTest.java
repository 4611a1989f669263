package dev.loomscope.ui.charts;

import dev.loomscope.ui.WindowTest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.Comparison;
import dev.loomscope.ui.Fx;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.text.Font;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The comparison charts' layout alone, at sizes from a thumbnail to a wall, with the stage's type. */
@WindowTest(lane = WindowTest.Lane.GEOMETRY)
class BarsLayoutTest {

    private static final Font STAGE = Font.font(21);

    @BeforeAll
    static void startToolkit() throws Exception {
        Fx.startToolkit();
    }

    private static Comparison.Panel schedulers() {
        String[] runs = {"#1 single", "#2 fixed(2)", "#3 forkjoin(2)", "#4 platform", "#5 virtual"};
        double[] elapsed = {10_004, 5_010, 5_012, 136, 108};
        double[] ideal = {10_000, 5_000, 5_000, 100, 100};
        var bars = new ArrayList<Comparison.Bar>();
        var perfect = new ArrayList<Comparison.Bar>();
        for (int i = 0; i < runs.length; i++) {
            bars.add(new Comparison.Bar(runs[i], elapsed[i], "%.0f ms (ideal %.0f ms)".formatted(elapsed[i], ideal[i]),
                    "%.0f ms".formatted(elapsed[i])));
            perfect.add(new Comparison.Bar(runs[i], ideal[i], null));
        }
        return new Comparison.Panel("Elapsed vs perfect world", "ms",
                List.of(new Comparison.Series("elapsed", false, bars), new Comparison.Series("perfect world", false, perfect)));
    }

    private static Comparison.Panel memory() {
        return memory(new double[] {40, 149, 25}, new double[] {116, 60, 31});
    }

    /** The memory preset's chart, its figures as the model words them: whole, and brief without the "MB" the axis names. */
    private static Comparison.Panel memory(double[] rss, double[] heap) {
        String[] runs = {"#1 fixed(200)", "#2 platform", "#3 virtual"};
        var r = new ArrayList<Comparison.Bar>();
        var h = new ArrayList<Comparison.Bar>();
        for (int i = 0; i < runs.length; i++) {
            r.add(new Comparison.Bar(runs[i], rss[i], "RSS +%.0f MB".formatted(rss[i]), "RSS +%.0f".formatted(rss[i])));
            h.add(new Comparison.Bar(runs[i], heap[i], "heap +%.0f MB".formatted(heap[i]), "heap +%.0f".formatted(heap[i])));
        }
        var published = List.of(new Comparison.Bar(runs[0], 90, "published +90 MB", "published +90"),
                new Comparison.Bar(runs[2], 20, "published +20 MB", "published +20"));
        return new Comparison.Panel("Memory increase vs published", "MB", List.of(new Comparison.Series("RSS +MB", false, r),
                new Comparison.Series("heap +MB", false, h), new Comparison.Series("published", true, published)));
    }

    /** Each two of {@code texts} that overlap by more than half a pixel, as "WHERE: 'a' over 'b'". */
    private static List<String> overlaps(List<BarsLayout.Label> texts, String where) {
        var found = new ArrayList<String>();
        for (int i = 0; i < texts.size(); i++) {
            for (int j = i + 1; j < texts.size(); j++) {
                var a = texts.get(i).bounds();
                var b = texts.get(j).bounds();
                if (a.getMinX() < b.getMaxX() - 0.5 && b.getMinX() < a.getMaxX() - 0.5
                        && a.getMinY() < b.getMaxY() - 0.5 && b.getMinY() < a.getMaxY() - 0.5) {
                    found.add(where + ": '" + texts.get(i).text() + "' over '" + texts.get(j).text() + "'");
                }
            }
        }
        return found;
    }

    @Test
    void atEverySizeEveryRunIsNamedAndNoTwoTextsOverlap() throws Exception {
        List<String> problems = Fx.call(() -> {
            var found = new ArrayList<String>();
            for (Comparison.Panel panel : List.of(schedulers(), memory())) {
                for (int width = 300; width <= 1500; width += 150) {
                    for (int height = 180; height <= 600; height += 60) {
                        var layout = BarsLayout.of(panel, width, height, STAGE);
                        String where = "%s at %d x %d".formatted(panel.title(), width, height);
                        found.addAll(overlaps(layout.texts(), where));
                        if (layout.runLabels().size() != panel.series().getFirst().bars().size()) {
                            found.add(where + ": " + layout.runLabels().keySet() + " named");
                        }
                    }
                }
            }
            return found;
        });
        assertThat(problems).isEmpty();
    }

    @Test
    void aTenSecondBarAndA108MillisecondOneBothShowWithTheirFiguresInOneType() throws Exception {
        var layout = Fx.call(() -> BarsLayout.of(schedulers(), 620, 240, STAGE));
        assertThat(layout.wideSpan()).isTrue();
        var figures = layout.texts().stream().filter(text -> text.kind() == BarsLayout.Kind.VALUE).toList();
        // The whole words past the 10 s bar would leave it 40% of the plot: its figure goes alone, the
        // shorter bars', with room to spare, keep their whole words.
        assertThat(figures).extracting(BarsLayout.Label::text)
                .containsExactly("10004 ms", "5010 ms (ideal 5000 ms)", "5012 ms (ideal 5000 ms)", "136 ms (ideal 100 ms)",
                        "108 ms (ideal 100 ms)");
        assertThat(figures).extracting(label -> label.font().getSize()).containsOnly(figures.getFirst().font().getSize());
        assertThat(figures.stream().filter(BarsLayout.Label::small).map(BarsLayout.Label::text))
                .containsExactly("136 ms (ideal 100 ms)", "108 ms (ideal 100 ms)");
        assertThat(layout.bars()).allMatch(bar -> bar.width() >= BarsLayout.MIN_BAR);
        // The axis ends where the longest reaching figure ends, not at a multiple of the longest bar.
        double reach = figures.stream().mapToDouble(f -> f.x() + f.width()).max().orElseThrow();
        var plot = layout.plot();
        assertThat(reach).isCloseTo(plot.getMaxX(), org.assertj.core.data.Offset.offset(1.0));
        assertThat(layout.axisMax()).isGreaterThan(10_004).isLessThan(10_004 * BarsLayout.WHOLE_WORDS_UP_TO);
    }

    @Test
    void aChartTooNarrowForTheWholeWordsGivesTheFiguresAloneAndKeepsItsBarsLong() throws Exception {
        // Two runs, as waiting-10k leaves them, in the small chart of a 960x640 window: the whole words
        // ("5.1 s (ideal 5.0 s)") past the longest bar would leave it a quarter of the plot.
        var bars = List.of(new Comparison.Bar("#1 fixed(200)", 5_100, "5.1 s (ideal 5.0 s)", "5.1 s"),
                new Comparison.Bar("#2 virtual", 190, "190 ms (ideal 100 ms)", "190 ms"));
        var ideal = List.of(new Comparison.Bar("#1 fixed(200)", 5_000, null), new Comparison.Bar("#2 virtual", 100, null));
        var panel = new Comparison.Panel("Elapsed vs perfect world", "ms",
                List.of(new Comparison.Series("elapsed", false, bars), new Comparison.Series("perfect world", false, ideal)));
        var desk = Font.font(13);

        var narrow = Fx.call(() -> BarsLayout.of(panel, 230, 150, desk));
        assertThat(narrow.texts().stream().filter(text -> text.kind() == BarsLayout.Kind.VALUE).map(BarsLayout.Label::text))
                .containsExactly("5.1 s", "190 ms");
        assertThat(narrow.axisMax()).isLessThanOrEqualTo(5_100 * BarsLayout.WHOLE_WORDS_UP_TO);

        var wide = Fx.call(() -> BarsLayout.of(panel, 700, 300, desk));
        assertThat(wide.texts().stream().filter(text -> text.kind() == BarsLayout.Kind.VALUE).map(BarsLayout.Label::text))
                .containsExactly("5.1 s (ideal 5.0 s)", "190 ms (ideal 100 ms)");
        assertThat(wide.axisMax()).isLessThanOrEqualTo(5_100 * BarsLayout.WHOLE_WORDS_UP_TO);
    }

    @Test
    void aNarrowChartOfOneSeriesPrintsTheLongBarsFigureInsideItsEnd() throws Exception {
        // The ThreadLocal trap's heap panel, one of two side by side on a 720p stage: "+186 MB" past its bar ran the axis
        // to 400 MB.
        var heap = List.of(new Comparison.Bar("#1 fixed(200)", 82, "+82 MB"), new Comparison.Bar("#2 virtual", 186, "+186 MB"));
        var panel = new Comparison.Panel("Heap increase", "MB", List.of(new Comparison.Series("heap +MB", false, heap)));
        var layout = Fx.call(() -> BarsLayout.of(panel, 230, 190, STAGE));
        var figures = layout.texts().stream().filter(text -> text.kind() == BarsLayout.Kind.VALUE).toList();
        assertThat(figures).extracting(BarsLayout.Label::text).containsExactly("+82 MB", "+186 MB");
        var longest = figures.getLast();
        assertThat(longest.inside()).isTrue();
        var bar = layout.bars().getLast();
        assertThat(longest.x()).isGreaterThanOrEqualTo(bar.x());
        assertThat(longest.x() + longest.width()).isLessThanOrEqualTo(bar.x() + bar.width());
        assertThat(longest.y()).isGreaterThanOrEqualTo(bar.y() - 0.5);
        assertThat(longest.y() + longest.height()).isLessThanOrEqualTo(bar.y() + bar.height() + 0.5);
        assertThat(layout.axisMax()).isLessThanOrEqualTo(186 * BarsLayout.WHOLE_WORDS_UP_TO);
        // Bars thinner than a line of the figures' type hold none: nine runs in a short chart.
        var many = new ArrayList<Comparison.Bar>();
        for (int run = 1; run <= 9; run++) {
            many.add(new Comparison.Bar("#" + run + " virtual", run == 9 ? 186 : 20, "+%d MB".formatted(run == 9 ? 186 : 20)));
        }
        var thin = Fx.call(() -> BarsLayout.of(new Comparison.Panel("Heap increase", "MB", List.of(new Comparison.Series("heap +MB", false, many))),
                230, 190, STAGE));
        assertThat(thin.texts().stream().filter(text -> text.kind() == BarsLayout.Kind.VALUE)).noneMatch(BarsLayout.Label::inside);
        // Where the figures have room past their bars, they stay there.
        var wide = Fx.call(() -> BarsLayout.of(panel, 700, 190, STAGE));
        assertThat(wide.texts().stream().filter(text -> text.kind() == BarsLayout.Kind.VALUE)).noneMatch(BarsLayout.Label::inside);
    }

    /**
     * The memory chart in the default window's Results tab (about 424 x 170 px, beside the completion chart): a row's figures
     * share its line, past its longest bar. With "MB" after every figure they ran the axis to 1.7 times the longest bar; the
     * figures without it (the axis names the unit) keep it within 1.5 times, all of them: whole words that add only the unit
     * are not mixed with brief ones.
     */
    @Test
    void theMemoryChartAtTheDeskLeavesItsBarsTheirLength() throws Exception {
        var panel = memory(new double[] {39, 73, 40}, new double[] {104, 145, 36});

        var layout = Fx.call(() -> BarsLayout.of(panel, 424, 170, Font.font(13)));
        assertThat(layout.axisMax()).isLessThanOrEqualTo(145 * BarsLayout.WHOLE_WORDS_UP_TO);
        assertThat(layout.texts().stream().filter(text -> text.kind() == BarsLayout.Kind.VALUE).map(BarsLayout.Label::text))
                .contains("heap +145", "RSS +40  \u00b7  heap +36").noneMatch(text -> text.contains("MB"));
    }

    /** The axis names its unit after its last number ("0  50  100  150 MB"), not before the 0, where it read as "MB 0". */
    @Test
    void theUnitFollowsTheLastTickOnTheTickRowAtEverySize() throws Exception {
        List<String> problems = Fx.call(() -> {
            var found = new ArrayList<String>();
            for (Comparison.Panel panel : List.of(schedulers(), memory())) {
                for (int width = 230; width <= 1500; width += 90) {
                    var layout = BarsLayout.of(panel, width, 300, STAGE);
                    var ticks = layout.texts().stream().filter(text -> text.kind() == BarsLayout.Kind.TICK).toList();
                    var units = layout.texts().stream().filter(text -> text.kind() == BarsLayout.Kind.UNIT).toList();
                    String where = "%s at %d px".formatted(panel.title(), width);
                    if (ticks.isEmpty() || units.size() != 1) {
                        found.add(where + ": " + ticks.size() + " ticks, " + units.size() + " units");
                        continue;
                    }
                    var unit = units.getFirst();
                    var last = ticks.getLast();
                    if (ticks.size() < 2 || unit.x() < last.x() + last.width() || unit.x() + unit.width() > width + 0.5 || unit.y() != last.y()) {
                        found.add(where + ": '" + unit.text() + "' at " + unit.x() + ", the last tick '" + last.text() + "' ends at "
                                + (last.x() + last.width()));
                    }
                }
            }
            return found;
        });
        assertThat(problems).isEmpty();
        // A long unit in a narrow chart (the ThreadLocal trap's objects, beside its heap on stage) keeps two numbers and goes before the 0.
        var objects = List.of(new Comparison.Bar("#1 fixed(200)", 200, "200"), new Comparison.Bar("#2 virtual", 10_000, "10,000"));
        var narrow = Fx.call(() -> BarsLayout.of(new Comparison.Panel("Objects made", "objects", List.of(new Comparison.Series("objects", false, objects))),
                300, 190, STAGE));
        var ticks = narrow.texts().stream().filter(text -> text.kind() == BarsLayout.Kind.TICK).toList();
        var unit = narrow.texts().stream().filter(text -> text.kind() == BarsLayout.Kind.UNIT).findFirst().orElseThrow();
        assertThat(ticks).hasSizeGreaterThanOrEqualTo(2);
        assertThat(unit.x() + unit.width()).isLessThanOrEqualTo(ticks.getFirst().x());
        // Before the 0 it takes no number's room: the axis keeps every number it had room for.
        double plotRight = narrow.plot().getMaxX();
        assertThat(ticks.getLast().x() + ticks.getLast().width()).as("the last number near the plot's end")
                .isGreaterThan(plotRight - 2 * ticks.getLast().width());
        // Short names, a long unit, a tiny chart: no room before the 0 or after the numbers, and still nothing touches.
        var tiny = List.of(new Comparison.Bar("#1", 200, "200"), new Comparison.Bar("#2", 10_000, "10,000"));
        for (int width = 60; width <= 200; width += 10) {
            int w = width;
            var layout = Fx.call(() -> BarsLayout.of(new Comparison.Panel("Objects made", "objects", List.of(new Comparison.Series("objects", false, tiny))),
                    w, 160, STAGE));
            var row = layout.texts().stream().filter(text -> text.kind() == BarsLayout.Kind.TICK || text.kind() == BarsLayout.Kind.UNIT).toList();
            assertThat(overlaps(row, "at " + w + " px")).isEmpty();
        }
        var seconds = Fx.call(() -> BarsLayout.of(schedulers(), 900, 300, STAGE));
        assertThat(seconds.texts().stream().filter(text -> text.kind() == BarsLayout.Kind.UNIT).map(BarsLayout.Label::text)).containsExactly("s");
    }
}
