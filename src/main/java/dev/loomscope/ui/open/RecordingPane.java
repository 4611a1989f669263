package dev.loomscope.ui.open;

import dev.loomscope.ui.fx.TextColumns;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.recording.RecordingSummary;
import dev.loomscope.recording.RecordingSummary.DurationBin;
import dev.loomscope.recording.RecordingSummary.PinnedThread;
import dev.loomscope.recording.RecordingSummary.SecondBucket;
import dev.loomscope.scenario.Durations;
import dev.loomscope.ui.fx.Fxml;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.fx.Tooltips;
import dev.loomscope.ui.theme.Icons;
import java.util.List;
import java.util.function.ToDoubleFunction;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

/** A JFR recording's summary in the window; the layout is {@code RecordingPane.fxml}. */
final class RecordingPane extends VBox {

    @FXML
    private Label recJvm;
    @FXML
    private VBox recCannot;
    @FXML
    private Label recDuration;
    @FXML
    private Label recStarts;
    @FXML
    private Label recEnds;
    @FXML
    private Label recPins;
    @FXML
    private Label recPinned;
    @FXML
    private Label recSubmitFailed;
    @FXML
    private GridPane recCharts;
    @FXML
    private TableView<PinHotspot> recHotspots;
    @FXML
    private TableColumn<PinHotspot, String> recHotspotFrame;
    @FXML
    private TableColumn<PinHotspot, String> recHotspotCount;
    @FXML
    private TableColumn<PinHotspot, String> recHotspotTotal;
    @FXML
    private TableView<PinnedThread> recThreads;
    @FXML
    private TableColumn<PinnedThread, String> recThreadName;
    @FXML
    private TableColumn<PinnedThread, String> recThreadPins;
    @FXML
    private TableColumn<PinnedThread, String> recThreadPinned;

    private final BucketChart threads = chart("openChartThreads");
    private final BucketChart pins = chart("openChartPins");
    private final BucketChart pinned = chart("openChartPinned");
    private final BucketChart durations = chart("openChartDurations");

    RecordingPane(RecordingSummary summary) {
        Fxml.load(this);
        recCharts.addRow(0, threads, pins, pinned, durations);
        Tooltips.whenCut(recJvm);
        recHotspots.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        recThreads.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        TextColumns.fill(recHotspotFrame, PinHotspot::whereBriefly, PinHotspot::where);
        TextColumns.fill(recHotspotCount, h -> Numbers.count(h.count()));
        TextColumns.fill(recHotspotTotal, h -> Durations.humanMillis(h.totalMs()));
        TextColumns.fill(recThreadName, t -> t.name().isEmpty() ? Messages.text("open.threads.unnamed", t.threadId()) : t.name() + " #" + t.threadId());
        TextColumns.fill(recThreadPins, t -> Numbers.count(t.pins()));
        TextColumns.fill(recThreadPinned, t -> Durations.humanMillis(t.pinnedMs()));
        show(summary);
    }

    /**
     * The charts take a third of the height, and give way first where the window is short: a VBox takes a shortfall
     * from all its parts alike, which cut the lines of what the recording cannot show on a 1440x900 stage while the
     * charts stood above their least height. Set before the VBox lays out, so this pass uses it.
     */
    @Override
    protected void layoutChildren() {
        double wanted = Math.max(170, getHeight() * 0.32);
        double others = computePrefHeight(getWidth()) - recCharts.prefHeight(-1);
        recCharts.setPrefHeight(Math.clamp(getHeight() - others, recCharts.getMinHeight(), wanted));
        super.layoutChildren();
    }

    /**
     * One sentence of what a recording cannot show, in a warning's colours. It gives way down to its first line where the
     * window is short (a 720p stage) rather than push the charts and tables out of it; the whole sentence is its tooltip
     * while it is cut.
     */
    static Label cannotShowLine(String line) {
        var label = new Label(line, Icons.ERROR.create(16));
        label.setWrapText(true);
        Tooltips.whenCut(label);
        label.getStyleClass().add("opened-cannot-line");
        return label;
    }

    private static BucketChart chart(String id) {
        var chart = new BucketChart();
        chart.setId(id);
        return chart;
    }

    private void show(RecordingSummary s) {
        var o = s.observation();
        var jvm = o.target();
        // What the recording does not state (its JDK, its start) is left out, not shown as a question mark.
        String started = o.startEpochMs() > 0
                ? Messages.text("open.recording.jvm.started", ThreadDumpPane.taken(java.time.Instant.ofEpochMilli(o.startEpochMs()).toString())) : "";
        String jdk = jvm == null || jvm.jdkVersion().isEmpty() ? "" : Messages.text("open.recording.jvm.jdk", jvm.jdkVersion());
        recJvm.setText(Messages.text("open.recording.jvm", jvm == null || jvm.name().isEmpty() ? Messages.text("cli.open.target-unknown") : jvm.name(),
                jdk, started, s.sizeBytes() / 1e6, s.events()));
        for (String line : s.cannotShow()) {
            recCannot.getChildren().add(cannotShowLine(line));
        }
        recCannot.setVisible(!s.cannotShow().isEmpty());
        recCannot.setManaged(recCannot.isVisible());
        recDuration.setText(Durations.humanMillis(s.durationMs()));
        recStarts.setText(s.startsRecorded() ? Numbers.count(o.virtualThreadStarts()) : Messages.text("open.tile.off"));
        recEnds.setText(s.endsRecorded() ? Numbers.count(o.virtualThreadEnds()) : Messages.text("open.tile.off"));
        recPins.setText(Numbers.count(o.pinnedEvents()));
        recPinned.setText(Durations.humanMillis(o.pinnedMs()));
        recSubmitFailed.setText(Numbers.count(o.submitFailed()));
        recHotspots.getItems().setAll(o.pinHotspots());
        recThreads.getItems().setAll(s.mostPinnedThreads());

        List<SecondBucket> buckets = s.seconds();
        String first = "0 s";
        String last = Numbers.count(buckets.size() * s.bucketSeconds()) + " s";
        String per = s.bucketSeconds() == 1 ? Messages.text("open.chart.per-second") : Messages.text("open.chart.per-bucket", s.bucketSeconds());
        threads.show(Messages.text("open.chart.threads", per), List.of(series("open.chart.started", s.startsRecorded(), buckets, SecondBucket::started),
                series("open.chart.ended", s.endsRecorded(), buckets, SecondBucket::ended)), first, last, "");
        pins.show(Messages.text("open.chart.pins", per), List.of(series("open.chart.pins.series", buckets, SecondBucket::pins)), first, last, "");
        pinned.show(Messages.text("open.chart.pinned", per), List.of(series("open.chart.pinned.series", buckets, SecondBucket::pinnedMs)), first, last,
                "ms");
        List<DurationBin> bins = s.pinDurations();
        durations.show(Messages.text("open.chart.durations"), List.of(new BucketChart.Series(Messages.text("open.chart.pins.series"),
                bins.stream().mapToDouble(DurationBin::pins).toArray())), bins.isEmpty() ? "" : binText(bins.getFirst()),
                bins.isEmpty() ? "" : binText(bins.getLast()), "");
    }

    private static BucketChart.Series series(String key, List<SecondBucket> buckets, ToDoubleFunction<SecondBucket> value) {
        return series(key, true, buckets, value);
    }

    /** A series of events the recording may have left out: then it is named, not drawn. */
    private static BucketChart.Series series(String key, boolean recorded, List<SecondBucket> buckets, ToDoubleFunction<SecondBucket> value) {
        return recorded ? new BucketChart.Series(Messages.text(key), buckets.stream().mapToDouble(value).toArray())
                : BucketChart.Series.notRecorded(Messages.text(key));
    }

    private static String binText(DurationBin bin) {
        return Double.isInfinite(bin.toMs()) ? "\u2265 " + Durations.humanMillis(bin.fromMs()) : "< " + Durations.humanMillis(bin.toMs());
    }
}
