package dev.loomscope.ui.sweep;

import dev.loomscope.ui.WindowTest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.RunModel;
import dev.loomscope.model.Sweep;
import dev.loomscope.result.Delivery;
import dev.loomscope.result.RunResult;
import dev.loomscope.result.VmEvents;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.fx.Messages;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The sweep bar comes from its FXML at run time and drives the sweep: its runs are started by a
 * stand-in for the window's session and finished here by hand, so no runner JVM is needed.
 */
@WindowTest
class SweepViewTest {

    private static final Scenario BASE = Scenario.of(ExecutorKind.FIXED).withTasks(8).withPool(2).withSleepMs(20).build();

    private List<Scenario> bases = List.of(BASE);
    private final List<RunModel> started = new ArrayList<>();
    private boolean running;
    private SweepView view;

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    @BeforeEach
    void view() throws Exception {
        Fx.run(() -> {
            view = new SweepView(() -> bases, scenarios -> {
                for (Scenario s : scenarios) {
                    started.add(new RunModel(started.size() + 1, s, 2));
                }
                running = true;
                return List.copyOf(started);
            }, () -> running, 2);
            new Scene(view);
        });
    }

    private <T extends Node> T find(String id, Class<T> type) {
        Node node = view.lookup("#" + id);
        assertThat(node).as("#" + id).isInstanceOf(type);
        return type.cast(node);
    }

    @SuppressWarnings("unchecked")
    private Spinner<Integer> spinner(String id) {
        return find(id, Spinner.class);
    }

    private static void finish(RunModel run, double elapsedMs, double rssDeltaMb) {
        Scenario s = run.scenario();
        run.finish(new RunResult(s, RunResult.Outcome.COMPLETED, "", null, elapsedMs, IdealTime.millis(s, 2), s.tasks(), s.tasks(), 0,
                rssDeltaMb, 0, 0, 0, Delivery.NONE, VmEvents.NONE, 0, 0, 0));
    }

    /** Sweeps the pool at 1 and 4 threads, both runs ended (80 ms, 3 MB; 20 ms, 5 MB). On the FX thread. */
    private void sweepPoolsOneAndFourToTheEnd() {
        view.setRange("pool", 1, 4, 2);
        find("sweepButton", Button.class).fire();
        finish(started.get(0), 80, 3);
        finish(started.get(1), 20, 5);
        running = false;
        view.refresh();
    }

    private List<String> seriesSizes() {
        return view.chart().getData().stream().map(s -> s.getName() + "=" + s.getData().size()).toList();
    }

    @Test
    void theBarIsLoadedFromTheFxmlUnderItsIdsWithItsTextsAndTheChartBelowIt() throws Exception {
        Fx.run(() -> {
            assertThat(find("sweepButton", Button.class)).isSameAs(view.sweepButton());
            assertThat(view.sweepButton().getText()).isEqualTo(Messages.text("sweep.button"));
            assertThat(view.sweepButton().getStyleClass()).contains("button", "accent");
            assertThat(find("progressLabel", Label.class).getText()).isEqualTo("Choose a setting and a range, then Sweep.");
            assertThat(view.progressText()).isEqualTo(Messages.text("sweep.progress.start"));
            assertThat(find("settingBox", ChoiceBox.class).getValue()).isEqualTo("cpu-ms");
            // The box names each setting as the sidebar does, not by the command line's name.
            @SuppressWarnings("unchecked")
            ChoiceBox<String> settings = find("settingBox", ChoiceBox.class);
            assertThat(settings.getItems().stream().map(settings.getConverter()::toString).toList()).containsExactly("tasks", "pool size",
                    "carriers", "sleep per task", "CPU per task", "permits", "db pool size", "JDK");
            assertThat(find("measureBox", ChoiceBox.class).getValue()).isEqualTo(SweepView.Measure.ELAPSED);
            assertThat(spinner("pointsSpinner").getValue()).isEqualTo(5);
            assertThat(view.getCenter()).isSameAs(view.chart());
            // The tab is named Sweep: the chart spends no line on saying it again.
            assertThat(view.chart().getTitle()).isNull();
        });
    }

    @Test
    void theRangeBoxesShowEachSettingsLargestValueWhole() throws Exception {
        for (String setting : Sweep.SETTINGS) {
            Fx.run(() -> {
                view.setRange(setting, Sweep.rangeOf(setting).min(), Sweep.rangeOf(setting).max(), 2);
                view.getScene().getRoot().applyCss();
                view.getScene().getRoot().layout();
                var editor = spinner("toSpinner").getEditor();
                var text = new javafx.scene.text.Text(editor.getText());
                text.setFont(editor.getFont());
                double room = editor.getWidth() - editor.getPadding().getLeft() - editor.getPadding().getRight();
                assertThat(text.getLayoutBounds().getWidth()).as(setting + ": " + editor.getText() + " in a box " + editor.getWidth() + " wide, its arrows over its end").isLessThanOrEqualTo(room);
            });
        }
    }

    @Test
    void theSweepButtonRunsEveryPointAndTheChartPlotsWhatTheMeasureBoxSays() throws Exception {
        Fx.run(() -> {
            view.setRange("pool", 1, 4, 2);
            assertThat(spinner("fromSpinner").getValue()).isEqualTo(1);
            assertThat(spinner("toSpinner").getValue()).isEqualTo(4);
            find("sweepButton", Button.class).fire();
            assertThat(started).extracting(r -> r.scenario().pool()).containsExactly(1, 4);

            view.refresh();
            assertThat(view.progressText()).isEqualTo("Run 1 of 2...");
            finish(started.get(0), 80, 3);
            finish(started.get(1), 20, 5);
            running = false;
            view.refresh();
            assertThat(view.progressText()).isEqualTo("Done: 2 runs.");
            assertThat(seriesSizes()).containsExactly("fixed=2", "perfect world, fixed=2");
            assertThat(view.chart().getData().getFirst().getData()).extracting(d -> d.getYValue().doubleValue()).containsExactly(80.0, 20.0);
            // The swept setting's axis at whole steps from the first point to the last: a pool has no 1.5 threads.
            var pools = (javafx.scene.chart.NumberAxis) view.chart().getXAxis();
            assertThat(List.of(pools.getLowerBound(), pools.getUpperBound(), pools.getTickUnit())).containsExactly(1.0, 4.0, 1.0);
            assertThat(pools.getTickLabelFormatter().toString(2)).isEqualTo("2");

            @SuppressWarnings("unchecked")
            ChoiceBox<SweepView.Measure> measure = find("measureBox", ChoiceBox.class);
            measure.setValue(SweepView.Measure.MEMORY);
            view.refresh();
            assertThat(view.chart().getYAxis().getLabel()).isEqualTo("memory (RSS +MB)");
            assertThat(seriesSizes()).as("memory has no perfect world").containsExactly("fixed=2");
            assertThat(view.chart().getData().getFirst().getData()).extracting(d -> d.getYValue().doubleValue()).containsExactly(3.0, 5.0);
        });
    }

    @Test
    void beforeASweepTheEmptyPlotIsTheOneTheBarPlans() throws Exception {
        Fx.run(() -> {
            var setting = (javafx.scene.chart.NumberAxis) view.chart().getXAxis();
            var measure = (javafx.scene.chart.NumberAxis) view.chart().getYAxis();
            // The bar's defaults: cpu-ms from 0 to 40 (the axes' own ranging drew 0 to 100 against 0 to 125), named as the
            // sidebar names its slider, with its unit.
            assertThat(setting.getLabel()).isEqualTo("CPU per task (ms)");
            assertThat(List.of(setting.getLowerBound(), setting.getUpperBound())).containsExactly(0.0, 40.0);
            assertThat(measure.getLabel()).isEqualTo("elapsed (ms)");
            assertThat(measure.isTickLabelsVisible()).as("no values to mark yet").isFalse();

            view.setRange("tasks", 1_000, 100_000, 4);
            assertThat(setting.getLabel()).isEqualTo("tasks");
            assertThat(find("settingBox", ChoiceBox.class).getValue()).isEqualTo("tasks");
            assertThat(List.of(setting.getLowerBound(), setting.getUpperBound())).containsExactly(0.0, 100_000.0);

            sweepPoolsOneAndFourToTheEnd();
            assertThat(measure.isTickLabelsVisible()).isTrue();
            // The drawn sweep keeps its axis when the bar is changed for the next one.
            view.setRange("tasks", 10, 20, 2);
            assertThat(setting.getLabel()).isEqualTo("pool size");
            assertThat(List.of(setting.getLowerBound(), setting.getUpperBound())).containsExactly(1.0, 4.0);
        });
    }

    @Test
    void aSweepItCannotRunIsRefusedWithTheReasonInTheProgressLine() throws Exception {
        Fx.run(() -> {
            // In the bar's words, not the command line's ("--vary needs a range that grows", "pool does not change ...").
            view.setRange("pool", 5, 1, 3);
            assertThat(view.sweep()).isFalse();
            assertThat(view.progressText()).isEqualTo("From 5 to 1 is no range: set \"to\" above \"from\".");

            // Virtual threads, so that it is the number of tasks that is too many, not the hours they would take.
            bases = List.of(BASE.withExecutor(ExecutorKind.VIRTUAL));
            view.setRange("pool", 1, 4, 2);
            assertThat(view.sweep()).isFalse();
            assertThat(view.progressText()).isEqualTo("pool size does not change virtual: sweep it for fixed or forkjoin");
            view.setRange("tasks", 1_000_000, 2_000_000, 5);
            assertThat(view.sweep()).isFalse();
            assertThat(view.progressText()).isEqualTo(Messages.text("sweep.tooManyTasks", 7_500_000L, SweepView.MAX_TASKS_IN_ALL));
            assertThat(started).isEmpty();
        });
    }

    /** The measure's name along its axis only where the axis is as long as the name: a 720p window cut it to "elapsed (...". */
    @Test
    void theMeasuresAxisIsNamedWhereItIsLongEnoughForTheName() throws Exception {
        Fx.run(() -> {
            sweepPoolsOneAndFourToTheEnd();
        });
        for (double height : new double[] {600, 190, 600}) {
            String label = Fx.call(() -> {
                view.getScene().getRoot().resize(900, height);
                for (int pass = 0; pass < 3; pass++) {
                    view.applyCss();
                    view.layout();
                }
                return view.chart().getYAxis().getLabel() + " on a " + Math.round(view.chart().getYAxis().getHeight()) + " px axis";
            });
            if (height > 300) {
                assertThat(label).startsWith("elapsed (ms) on");
            } else {
                assertThat(label).startsWith("null on");
            }
        }
    }
}
