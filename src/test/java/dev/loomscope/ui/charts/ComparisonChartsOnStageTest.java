package dev.loomscope.ui.charts;

import dev.loomscope.ui.WindowTest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.Comparison;
import dev.loomscope.model.Preset;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.RunSession;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.scenario.Sharing;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.testing.RunScript;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.HeadlessWindow;
import dev.loomscope.ui.WindowProbe;
import dev.loomscope.ui.app.WindowCommand;
import dev.loomscope.ui.shell.MainWindow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.stream.Stream;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every preset's comparison charts on stage (presentation mode at 1440 x 900, 1280 x 720 and
 * 1920 x 1080), after runs a fake runner plays with figures of the real runs' size: 10 s beside
 * 108 ms, heap +116 MB beside RSS +40 MB and the published +90 MB, 10,000 objects beside 200. No
 * two texts of a chart overlap, every run keeps its name, and the value axis ends near the
 * longest bar and its figure, not at a multiple of it.
 */
@WindowTest(lane = WindowTest.Lane.GEOMETRY)
class ComparisonChartsOnStageTest {

    private Stage stage;
    private MainWindow window;

    @BeforeAll
    static void startToolkit() throws Exception {
        Fx.startToolkit();
    }

    static Stream<Arguments> sizes() {
        return Stream.of(Arguments.of(1440, 900, true), Arguments.of(1280, 720, true), Arguments.of(1920, 1080, true),
                Arguments.of(1440, 900, false), Arguments.of(1280, 720, false), Arguments.of(960, 640, false));
    }

    @AfterEach
    void close() throws Exception {
        if (stage != null) {
            Fx.run(stage::close);
        }
    }

    /** Figures as the real runs give them, on the synthesised runs' events. */
    static RunScript realistic(Scenario s, RunOptions options) {
        RunScript script = RunScript.synthesise(s, options, 2);
        RunResult r = script.result();
        double elapsed = switch (s.executor()) {
            case PLATFORM -> r.idealMs() + 36;
            case VIRTUAL -> r.idealMs() + 8;
            default -> r.elapsedMs();
        };
        boolean cache = s.threadLocalKb() > 0 && s.sharing() != Sharing.SCOPED_VALUE;
        double rss = switch (s.executor()) {
            case FIXED -> 40;
            case PLATFORM -> 149;
            default -> 25;
        };
        double heap = s.threadLocalKb() > 0 ? (cache && s.executor() == ExecutorKind.VIRTUAL ? 185 : 4)
                : switch (s.executor()) {
                    case FIXED -> 116;
                    case PLATFORM -> 60;
                    default -> 31;
                };
        long objects = !cache ? (s.threadLocalKb() > 0 ? 1 : 0) : s.executor() == ExecutorKind.VIRTUAL ? s.tasks() : s.pool();
        var result = new RunResult(r.scenario(), r.outcome(), r.message(), r.runner(), elapsed, r.idealMs(), r.submitted(), r.completed(),
                r.failed(), rss, heap, r.peakPlatformThreads(), r.cpuTimeMs(), r.delivery(), r.vm(), r.mounts(), r.unmounts(), objects,
                r.overheads(), r.cancelled(), s.executor().isVirtual() ? Math.max(r.carrierPeak(), s.carriers()) : -1, r.dbPool());
        return new RunScript(script.hello(), script.frames(), result);
    }

    /**
     * One window at each size, every preset run in it in turn, as a presenter steps through them: a window
     * opened at its size is never resized, and so never painted (see {@code Fx}), and 3 windows are built, not 13.
     */
    @ParameterizedTest(name = "{0} x {1}, on stage: {2}")
    @MethodSource("sizes")
    void everyRunIsNamedNoTextsOverlapAndTheAxisEndsNearTheLongestBar(int width, int height, boolean onStage) throws Exception {
        var runner = new FakeRunner().playing(s -> realistic(s, RunOptions.DEFAULT));
        var session = new RunSession(runner, RunOptions.DEFAULT);
        var settings = WindowCommand.Settings.DEFAULT.withSize(width, height);
        stage = Fx.call(Stage::new);
        window = onStage ? HeadlessWindow.openOnStage(stage, session, settings) : HeadlessWindow.openAtTheDesk(stage, session, settings);
        var probe = new WindowProbe(window);
        Fx.waitUntil("the presets listed", Duration.ofSeconds(30), () -> !probe.controlPanel().presetBox().getItems().isEmpty());
        assertThat(Fx.call(() -> window.getScene().getWidth() + "x" + window.getScene().getHeight())).isEqualTo(width + ".0x" + height + ".0");
        List<Preset> presets = Fx.call(() -> List.copyOf(probe.controlPanel().presetBox().getItems()));
        assertThat(presets).extracting(Preset::name).containsExactlyElementsOf(Preset.names());
        var problems = new ArrayList<String>();
        var withCompletion = new ArrayList<String>();
        for (Preset preset : presets) {
            String name = preset.name();
            // The window keeps the last runs only: this preset's are those it did not hold before.
            var earlier = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<RunModel, Boolean>());
            earlier.addAll(Fx.call(() -> window.session().history()));
            Fx.run(() -> {
                probe.controlPanel().presetBox().setValue(preset);
                window.runs().runWithoutPredicting();
            });
            int runs = preset.scenarios().size();
            Fx.waitUntil(name + "'s runs done", Duration.ofSeconds(120), () -> !window.session().isRunning()
                    && newRuns(window, earlier).size() == runs && window.session().history().getLast().result() != null);
            boolean table = Comparison.focusOf(preset) == Comparison.Focus.CARRIERS;
            List<String> titles = Fx.call(() -> newRuns(window, earlier).stream().map(RunModel::title).toList());
            Fx.waitUntil(name + "'s bars shown", Duration.ofSeconds(10), () -> table ? probe.comparisonChart().matrix().rows().size() == runs
                    : !probe.comparisonChart().charts().isEmpty()
                            && probe.comparisonChart().panels().getFirst().series().getFirst().bars().stream().map(Comparison.Bar::run).toList().equals(titles));
            Fx.run(() -> showChartTab(probe.comparisonChart()));
            // The completion chart redraws at most every 200 ms, and joins the comparison or steps aside by its names then:
            // judged before it had named the last run, on a busy machine, it was caught between the two (memory at 1440x900).
            String last = titles.getLast();
            Fx.waitUntil(name + "'s last run among the completion chart's names", Duration.ofSeconds(10),
                    () -> window.completionChart().names().contains(last));
            Fx.settle(Fx.call(window::getScene), 3);
            // The completion chart settles its legend over a few pulses, and steps aside in a later one where it cannot name its curves.
            Fx.waitUntil(name + "'s completion chart named or put aside", Duration.ofSeconds(10), () -> !completionShown(window.getScene())
                    || window.getScene().getRoot().lookup(".completion-chart .chart-legend") == null
                    || window.getScene().getRoot().lookup(".completion-chart .chart-legend").isVisible());
            String where = "%s at %d x %d%s".formatted(name, width, height, onStage ? " on stage" : " at the desk");
            problems.addAll(Fx.call(() -> {
                var found = new ArrayList<String>();
                for (BarsChart chart : probe.comparisonChart().charts()) {
                    check(found, where + ", " + chart.panel().title(), chart, onStage);
                }
                if (table) {
                    checkTable(found, where, probe.comparisonChart().matrix(), onStage);
                }
                checkCompletion(found, where, window.getScene());
                if (completionShown(window.getScene())) {
                    withCompletion.add(name);
                }
                return found;
            }));
        }
        assertThat(problems).isEmpty();
        // Where the completion chart joins the comparison: beside every preset's on a 1080p stage, none on a 720p one;
        // at 1440 x 900 it steps aside where its names do not fit, and comes back for the next runs whose names do.
        if (!onStage) {
            return;
        }
        switch (height) {
            case 1080 -> assertThat(withCompletion).containsExactlyElementsOf(Preset.names());
            case 900 -> assertThat(withCompletion).contains("waiting-10k", "pinning", "memory").doesNotContain("structured");
            default -> assertThat(withCompletion).isEmpty();
        }
    }

    private static boolean completionShown(javafx.scene.Scene scene) {
        var completion = scene.getRoot().lookup(".completion-chart");
        return completion != null && completion.getScene() != null && completion.isVisible() && completion.lookup(".chart").isVisible();
    }

    private static List<RunModel> newRuns(MainWindow window, java.util.Set<RunModel> earlier) {
        return window.session().history().stream().filter(run -> !earlier.contains(run)).toList();
    }

    /** Brings the results tab (the charts') to the front. */
    private static void showChartTab(Node chart) {
        for (Node node = chart; node != null; node = node.getParent()) {
            if (node.getParent() != null && node.getParent().getStyleClass().contains("tab-content-area")) {
                for (Node up = node.getParent(); up != null; up = up.getParent()) {
                    if (up instanceof TabPane tabs) {
                        for (Tab tab : tabs.getTabs()) {
                            if (tab.getContent() == node) {
                                tabs.getSelectionModel().select(tab);
                            }
                        }
                        return;
                    }
                }
            }
        }
    }

    /** @param onStage whether on stage, where every name is in type a room reads (12 px at the least); at the desk, 10 px */
    private static void check(List<String> found, String where, BarsChart chart, boolean onStage) {
        BarsLayout layout = chart.barsLayout();
        if (layout == null) {
            found.add(where + ": never drawn");
            return;
        }
        if (!chart.isVisible() || !chart.getParent().isVisible()) {
            found.add(where + ": not shown");
        }
        Bounds inScene = chart.localToScene(chart.getLayoutBounds());
        if (inScene.getMinX() < -0.5 || inScene.getMinY() < -0.5 || inScene.getMaxX() > chart.getScene().getWidth() + 0.5
                || inScene.getMaxY() > chart.getScene().getHeight() + 0.5 || inScene.getWidth() < 50 || inScene.getHeight() < 50) {
            found.add(where + ": chart out of the window or too small: " + inScene);
        }
        List<BarsLayout.Label> texts = layout.texts();
        for (BarsLayout.Label text : texts) {
            if (text.x() < -0.5 || text.y() < -0.5 || text.x() + text.width() > layout.width() + 0.5 || text.y() + text.height() > layout.height() + 0.5) {
                found.add("%s: '%s' cut at the chart's edge (%s in %.0f x %.0f)".formatted(where, text.text(), text.bounds(), layout.width(), layout.height()));
            }
        }
        for (int i = 0; i < texts.size(); i++) {
            for (int j = i + 1; j < texts.size(); j++) {
                if (overlap(texts.get(i).bounds(), texts.get(j).bounds())) {
                    found.add("%s: '%s' and '%s' overlap".formatted(where, texts.get(i).text(), texts.get(j).text()));
                }
            }
        }
        var runs = new LinkedHashSet<String>();
        chart.panel().series().forEach(series -> series.bars().forEach(bar -> runs.add(bar.run())));
        for (String run : runs) {
            List<BarsLayout.Label> name = layout.runLabels().getOrDefault(run, List.of());
            String number = run.split(" ", 2)[0];
            if (name.isEmpty() || !name.getFirst().text().startsWith(number) || name.stream().anyMatch(line -> line.font().getSize() < (onStage ? 12 : 10))) {
                found.add(where + ": run " + run + " named " + name.stream().map(BarsLayout.Label::text).toList());
            }
        }
        // Every bar's figure printed, all in one size of type: a 108 ms bar reads as well as a 10 s one.
        var values = texts.stream().filter(text -> text.kind() == BarsLayout.Kind.VALUE).toList();
        for (Comparison.Series series : chart.panel().series()) {
            for (Comparison.Bar bar : series.bars()) {
                if (bar.text() != null && values.stream().noneMatch(value -> value.text().contains(bar.brief()))) {
                    found.add(where + ": no figure '" + bar.text() + "'");
                }
            }
        }
        boolean shortFigure = chart.panel().series().stream().flatMap(series -> series.bars().stream())
                .anyMatch(bar -> bar.text() != null && bar.value() > 0 && bar.value() * BarsLayout.SPAN < layout.largest());
        if (shortFigure && values.stream().noneMatch(BarsLayout.Label::small)) {
            found.add(where + ": a figure of a bar under 1/" + BarsLayout.SPAN + " of the longest not marked small");
        }
        if (values.stream().map(value -> value.font().getSize()).distinct().count() > 1) {
            found.add(where + ": figures in different sizes " + values.stream().map(v -> v.text() + " " + v.font().getSize()).toList());
        }
        layout.bars().stream().filter(bar -> bar.value() > 0 && bar.width() < BarsLayout.MIN_BAR)
                .forEach(bar -> found.add(where + ": a bar of " + bar.value() + " is " + bar.width() + " px long"));
        // The axis: past the longest bar, and at most 1.25 times as far as the longest bar or figure reaches.
        Bounds plot = layout.plot();
        double reach = layout.largest();
        for (BarsLayout.Label value : values) {
            reach = Math.max(reach, (value.x() + value.width() - plot.getMinX()) / plot.getWidth() * layout.axisMax());
        }
        if (layout.axisMax() < layout.largest() || layout.axisMax() > reach * 1.25) {
            found.add("%s: the axis ends at %.0f for a longest bar of %.0f (reaching %.0f with its figure)".formatted(where, layout.axisMax(),
                    layout.largest(), reach));
        }
    }

    /**
     * The blocking-kinds table: shown, every cell whole and apart from the others, none broken inside a word.
     *
     * @param onStage on stage every row is in sight without scrolling, in type a room reads; at the desk the rows scroll
     *                (CarrierMatrixAtTheDeskTest), and every column is in its place's width, beside its scroll bar
     */
    private static void checkTable(List<String> found, String where, CarrierMatrixView matrix, boolean onStage) {
        var place = WindowProbe.ancestor(matrix, javafx.scene.control.ScrollPane.class);
        if (!place.isVisible()) {
            found.add(where + ": the table is not shown");
        }
        var cells = matrix.cells();
        Bounds area = place.localToScene(place.getLayoutBounds());
        double width = place.getViewportBounds().getWidth();
        for (javafx.scene.control.Label cell : cells) {
            Bounds b = cell.localToScene(cell.getLayoutBounds());
            if (onStage && (b.getMinX() < area.getMinX() - 0.5 || b.getMaxX() > area.getMaxX() + 0.5 || b.getMinY() < area.getMinY() - 0.5
                    || b.getMaxY() > area.getMaxY() + 0.5)) {
                found.add("%s: '%s' outside the table's place %s: %s".formatted(where, cell.getText(), area, b));
            }
            Bounds inTable = matrix.sceneToLocal(b);
            if (inTable.getMinX() < -0.5 || inTable.getMaxX() > width + 0.5) {
                found.add("%s: '%s' past the table's width %.0f: %s".formatted(where, cell.getText(), width, inTable));
            }
            // Whole: as tall as its lines at the width it got, and as wide as its one line unless it may wrap.
            boolean whole = cell.getHeight() + 0.5 >= cell.prefHeight(cell.getWidth())
                    && (cell.isWrapText() || cell.getWidth() + 0.5 >= cell.prefWidth(-1));
            if (!whole) {
                found.add("%s: '%s' cut (%.0f x %.0f)".formatted(where, cell.getText(), cell.getWidth(), cell.getHeight()));
            }
            // A cell on two lines breaks between its words, never inside one ("pi / ns").
            double longestWord = TextFit.widestWord(cell.getText(), cell.getFont());
            if (cell.getWidth() - cell.snappedLeftInset() - cell.snappedRightInset() + 0.5 < longestWord) {
                found.add("%s: '%s' broken inside a word (%.0f px for a word of %.0f)".formatted(where, cell.getText(), cell.getWidth(), longestWord));
            }
            if (onStage && cell.getFont().getSize() < 12) {
                found.add("%s: '%s' in %.1f px type".formatted(where, cell.getText(), cell.getFont().getSize()));
            }
        }
        for (int i = 0; i < cells.size(); i++) {
            for (int j = i + 1; j < cells.size(); j++) {
                if (overlap(cells.get(i).localToScene(cells.get(i).getLayoutBounds()), cells.get(j).localToScene(cells.get(j).getLayoutBounds()))) {
                    found.add("%s: '%s' and '%s' overlap".formatted(where, cells.get(i).getText(), cells.get(j).getText()));
                }
            }
        }
    }

    /**
     * The completion chart, where it shares the side column with the comparison: tall enough for its curves and their
     * names. Under the blocking-kinds table at 1440 x 900 it once kept a plot about 20 px high, with no names.
     */
    private static void checkCompletion(List<String> found, String where, javafx.scene.Scene scene) {
        var completion = scene.getRoot().lookup(".completion-chart");
        if (completion != null && completion.getScene() != null && completion.isVisible()) {
            var chart = (javafx.scene.layout.Region) completion.lookup(".chart");
            var legend = (javafx.scene.Parent) completion.lookup(".chart-legend");
            if (chart.isVisible() && !legend.isVisible()) {
                found.add("%s: the completion chart (%.0f px high) names none of its curves".formatted(where, chart.getHeight()));
            } else if (chart.isVisible()) {
                // Each name whole, in its legend and its chart: a legend taller than the chart showed the last names alone.
                Bounds in = legend.localToScene(legend.getLayoutBounds());
                Bounds whole = chart.localToScene(chart.getLayoutBounds());
                for (Node name : legend.getChildrenUnmodifiable()) {
                    Bounds at = name.localToScene(name.getLayoutBounds());
                    if (!in.contains(at) || !whole.contains(at)) {
                        found.add("%s: the completion chart's name '%s' cut: %s outside %s".formatted(where,
                                name instanceof javafx.scene.control.Label label ? label.getText() : name, at, in));
                    }
                }
            }
        }
    }

    private static boolean overlap(Bounds a, Bounds b) {
        return a.getMinX() < b.getMaxX() - 0.5 && b.getMinX() < a.getMaxX() - 0.5 && a.getMinY() < b.getMaxY() - 0.5 && b.getMinY() < a.getMaxY() - 0.5;
    }
}
