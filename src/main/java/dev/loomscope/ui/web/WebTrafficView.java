package dev.loomscope.ui.web;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.views.FrameView;
import dev.loomscope.ui.charts.RunsRedraw;
import dev.loomscope.ui.views.Ticks;
import dev.loomscope.ui.views.EmptyHint;
import dev.loomscope.model.RunModel;
import dev.loomscope.model.WebTraffic;
import dev.loomscope.web.Ceiling;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The web experiment over time: requests answered per second beside the closed loop's ceiling
 * (connections / service time, dashed), and latency p50 and p99 (dashed), for the shown web run
 * and the session's other recent ones. Each run keeps one colour in both charts. Recomputed a few
 * times a second from {@link WebTraffic}, never per request.
 */
public final class WebTrafficView extends VBox implements FrameView {

    private static final int MAX_POINTS = 200;

    private final NumberAxis throughputTime = new NumberAxis();
    private final NumberAxis perSecond = new NumberAxis();
    private final LineChart<Number, Number> throughput = new LineChart<>(throughputTime, perSecond);
    private final NumberAxis latencyTime = new NumberAxis();
    private final NumberAxis latencyMs = new NumberAxis();
    private final LineChart<Number, Number> latency = new LineChart<>(latencyTime, latencyMs);
    private final Label summary = new Label();
    /** One legend for both charts (their own legends vanish when the tab is short): a swatch per run; it wraps when narrow. */
    private final javafx.scene.layout.FlowPane legend = new javafx.scene.layout.FlowPane(16, 2);
    private final Label empty = EmptyHint.label("web");
    private final int cores;
    private final HBox charts;
    /** Points per run and the run version they were computed at: a finished run is computed once. */
    private final java.util.Map<RunModel, Computed> computed = new java.util.WeakHashMap<>();
    private final RunsRedraw redraw = new RunsRedraw(250_000_000L);

    public WebTrafficView(int cores) {
        this.cores = cores;
        getStyleClass().add("web-traffic");
        setSpacing(4);
        setPadding(new Insets(6, 8, 0, 8));
        setUp(throughput, throughputTime, perSecond, Messages.text("web.throughput"), "req/s");
        setUp(latency, latencyTime, latencyMs, Messages.text("web.latency"), "ms");
        summary.getStyleClass().add("web-summary");
        summary.setWrapText(true);
        summary.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        // Honest tiles: the load runs in the runner too.
        dev.loomscope.ui.fx.Tooltips.setText(summary, Messages.text("web.summary.tooltip"));
        charts = new HBox(8, throughput, latency);
        charts.setVisible(false);
        HBox.setHgrow(throughput, Priority.ALWAYS);
        HBox.setHgrow(latency, Priority.ALWAYS);
        var body = new StackPane(charts, empty);
        VBox.setVgrow(body, Priority.ALWAYS);
        legend.getStyleClass().add("web-legend");
        legend.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        legend.setPrefWrapLength(400);
        getChildren().addAll(summary, legend, body);
    }

    private static void setUp(LineChart<Number, Number> chart, NumberAxis time, NumberAxis value, String title, String unit) {
        time.setMinorTickVisible(false);
        value.setLabel(unit);
        chart.setTitle(title);
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        chart.setLegendVisible(false);
        // In a short tab the plot gives way, not the axes: a chart taller than its tab was cut through its time axis.
        chart.setMinSize(0, 0);
    }

    @Override
    public void refresh(FrameContext frame) {
        refresh(frame.recent(), frame.shown(), frame.now());
    }

    /** Redraws when the web runs changed, at most four times a second. */
    public void refresh(List<RunModel> recent, RunModel emphasise, long nowNanos) {
        List<RunModel> runs = recent.stream().filter(r -> r.traffic() != null).toList();
        if (!redraw.due(runs, emphasise, nowNanos)) {
            return;
        }
        empty.setVisible(runs.isEmpty());
        charts.setVisible(!runs.isEmpty());
        draw(runs);
        summary.setText(summaryOf(emphasise != null && emphasise.traffic() != null ? emphasise : runs.isEmpty() ? null : runs.getLast()));
    }

    private record Computed(int version, List<WebTraffic.Point> points) {
    }

    /** The run's points, recomputed only when it changed since. */
    private List<WebTraffic.Point> pointsOf(RunModel run) {
        Computed known = computed.get(run);
        int version = run.version();
        if (known == null || known.version() != version) {
            known = new Computed(version, run.traffic().points(MAX_POINTS));
            computed.put(run, known);
        }
        return known.points();
    }

    private void draw(List<RunModel> runs) {
        var rates = new ArrayList<XYChart.Series<Number, Number>>();
        var latencies = new ArrayList<XYChart.Series<Number, Number>>();
        var rateColours = new ArrayList<String>();
        var latencyColours = new ArrayList<String>();
        var latencyDashed = new ArrayList<Boolean>();
        double endMs = 1_000;
        for (int i = 0; i < runs.size(); i++) {
            RunModel run = runs.get(i);
            String colour = colourOf(run);
            var rate = new XYChart.Series<Number, Number>();
            rate.setName(run.title());
            var p50 = new XYChart.Series<Number, Number>();
            p50.setName(run.title() + " p50");
            var p99 = new XYChart.Series<Number, Number>();
            p99.setName(run.title() + " p99");
            for (WebTraffic.Point point : pointsOf(run)) {
                rate.getData().add(new XYChart.Data<>(point.timeMs(), point.perSecond()));
                if (!Double.isNaN(point.p50Ms())) {
                    p50.getData().add(new XYChart.Data<>(point.timeMs(), point.p50Ms()));
                    p99.getData().add(new XYChart.Data<>(point.timeMs(), point.p99Ms()));
                }
                endMs = Math.max(endMs, point.timeMs());
            }
            rates.add(rate);
            rateColours.add(colour);
            latencies.add(p50);
            latencies.add(p99);
            latencyColours.add(colour);
            latencyColours.add(colour);
            latencyDashed.add(false);
            latencyDashed.add(true);
        }
        // One dashed ceiling per run (they differ: 100 req/s for a pool of 10, 1,000 for virtual threads).
        var ceilingDashed = new ArrayList<Boolean>();
        rates.forEach(r -> ceilingDashed.add(false));
        for (int i = 0; i < runs.size(); i++) {
            Optional<Ceiling> ceiling = WebTraffic.ceiling(runs.get(i).scenario(), cores);
            if (ceiling.isPresent()) {
                var line = new XYChart.Series<Number, Number>();
                line.setName(Messages.text("web.ceiling", runs.get(i).scenario().label()));
                line.getData().add(new XYChart.Data<>(0, ceiling.get().requestsPerSecond()));
                line.getData().add(new XYChart.Data<>(endMs, ceiling.get().requestsPerSecond()));
                rates.add(line);
                rateColours.add(rateColours.get(i));
                ceilingDashed.add(true);
            }
        }
        Ticks.elapsedAxis(throughputTime, endMs, 6);
        Ticks.elapsedAxis(latencyTime, endMs, 6);
        // Three steps at most: more crowd the labels of a plot 80 px high (a 720p window).
        Ticks.valueAxis(perSecond, largest(rates), 3);
        Ticks.valueAxis(latencyMs, largest(latencies), 3);
        throughput.getData().setAll(rates);
        latency.getData().setAll(latencies);
        paint(rates, rateColours, ceilingDashed);
        paint(latencies, latencyColours, latencyDashed);
        showLegend(runs);
    }

    /** The largest value of any of these lines (0 with none). */
    private static double largest(List<XYChart.Series<Number, Number>> lines) {
        return lines.stream().flatMap(line -> line.getData().stream()).mapToDouble(point -> point.getYValue().doubleValue()).max().orElse(0);
    }

    /** A run's colour on its lines, whatever index the chart gave them; dashes where asked. */
    private static void paint(List<XYChart.Series<Number, Number>> series, List<String> colours, List<Boolean> dashed) {
        for (int i = 0; i < series.size(); i++) {
            Node line = series.get(i).getNode();
            if (line != null) {
                line.setStyle("-fx-stroke: %s;%s".formatted(colours.get(i), dashed.get(i) ? " -fx-stroke-dash-array: 8 6;" : ""));
            }
        }
    }

    private void showLegend(List<RunModel> runs) {
        var items = new ArrayList<Node>();
        for (RunModel run : runs) {
            var swatch = new javafx.scene.layout.Region();
            swatch.getStyleClass().add("web-legend-swatch");
            swatch.setStyle("-fx-background-color: " + colourOf(run) + ";");
            var item = new Label(run.title(), swatch);
            items.add(item);
        }
        var key = new Label(Messages.text("web.legend"));
        key.getStyleClass().add("web-legend-key");
        items.add(key);
        legend.getChildren().setAll(items);
    }

    private static String colourOf(RunModel run) {
        return "-color-chart-" + (run.number() % 8 + 1);
    }

    /** "virtual: 812 requests/s (ceiling 100 connections / 0.100 s = 1,000 req/s, 81 %), p99 131 ms, 37 in flight". */
    private String summaryOf(RunModel run) {
        if (run == null) {
            return "";
        }
        WebTraffic traffic = run.traffic();
        var points = pointsOf(run);
        // While it runs, up to its latest event: the wall clock also counts the runner's wind-down after the last answer.
        double elapsedMs = run.result() != null ? run.result().elapsedMs() : run.latestEventNanos() / 1e6;
        double overall = elapsedMs > 0 ? traffic.answered() * 1_000.0 / elapsedMs : 0;
        var text = new StringBuilder(Messages.text("web.summary", run.title(), traffic.answered(),
                run.scenario().tasks(), overall));
        // Against the ceiling, only what was served: failed requests would flatter it.
        double served = elapsedMs > 0 ? (traffic.answered() - traffic.failed()) * 1_000.0 / elapsedMs : 0;
        WebTraffic.ceiling(run.scenario(), cores).ifPresent(c -> text.append(Messages.text("web.summary.ceiling",
                100 * served / c.requestsPerSecond(), c.explain())));
        if (!points.isEmpty() && !Double.isNaN(points.getLast().p99Ms())) {
            text.append(Messages.text("web.summary.latency", points.getLast().p50Ms(), points.getLast().p99Ms()));
        }
        if (traffic.failed() > 0) {
            text.append(Messages.text("web.summary.failed", traffic.failed()));
        }
        if (run.phase() == RunModel.Phase.RUNNING) {
            text.append(Messages.text("web.summary.in-flight", traffic.inFlight()));
        }
        return text.toString();
    }

    public LineChart<Number, Number> throughputChart() {
        return throughput;
    }

    public LineChart<Number, Number> latencyChart() {
        return latency;
    }

    public Label summaryLabel() {
        return summary;
    }
}
