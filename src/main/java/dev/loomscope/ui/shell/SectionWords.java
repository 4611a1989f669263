package dev.loomscope.ui.shell;

import dev.loomscope.model.CarrierLanes;

import dev.loomscope.model.TaskState;

import dev.loomscope.model.StatePattern;

import dev.loomscope.model.RunModel;
import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.fx.FittedText;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.theme.Palette;
import dev.loomscope.ui.views.FrameView;
import dev.loomscope.ui.views.LegendPane;
import dev.loomscope.ui.views.RunHistoryView;
import dev.loomscope.ui.views.TaskWaveView;
import java.util.List;
import java.util.function.Supplier;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.shape.Rectangle;

/**
 * The words about the shown run: its title in the header, the captions and the colour legends of
 * the task waves and the carrier lanes (virtual threads wait unmounted, platform threads hold
 * theirs); the Why line is {@link WhyLine}'s. Only text that changed is set, so a frame costs no
 * layout when nothing did.
 */
final class SectionWords implements FrameView {

    private final FittedText shownTitle;
    /** The run the header's title was last made for, and its title then. */
    private RunModel titled;
    private String titledAs;
    private final FittedText wavesCaption;
    private final Label lanesTitle;
    private final FittedText lanesCaption;
    private String wavesFull = "";
    private String lanesFull = "";
    /** What the captions were last made from. */
    private Captioned captioned;
    private final LegendPane wavesLegend;
    private final LegendPane lanesLegend;
    private final TaskWaveView waves;
    private final Supplier<Palette> palette;
    private Boolean legendVirtual;
    private boolean legendFailing;
    private boolean legendCutShort;
    private boolean legendPinned;
    private boolean brief;

    SectionWords(Label shownTitle, Label wavesCaption, Label lanesTitle, Label lanesCaption, LegendPane wavesLegend, LegendPane lanesLegend,
            TaskWaveView waves, Supplier<Palette> palette) {
        this.shownTitle = FittedText.on(shownTitle);
        // Until a run is shown, what the FXML says ("No run yet").
        this.shownTitle.show(List.of(shownTitle.getText()));
        this.wavesCaption = FittedText.on(wavesCaption);
        this.lanesTitle = lanesTitle;
        this.lanesCaption = FittedText.on(lanesCaption);
        this.wavesLegend = wavesLegend;
        this.lanesLegend = lanesLegend;
        this.waves = waves;
        this.palette = palette;
    }

    /** The palette or the mode changed: the legends are drawn again on the next frame. */
    void invalidate() {
        legendVirtual = null;
        captioned = null;
    }

    @Override
    public void refresh(FrameContext frame) {
        RunModel shown = frame.shown();
        if (shown == null) {
            return;
        }
        // Where the header is short (on stage at 1280x720) the carriers go before the setting the preset is about.
        // Formatted when the run or its title changes, not every frame.
        if (shown != titled || !shown.title().equals(titledAs)) {
            titled = shown;
            titledAs = shown.title();
            shownTitle.show(List.of(titledAs + " · " + RunHistoryView.settings(shown.scenario()),
                    titledAs + " · " + RunHistoryView.settingsBrief(shown.scenario()), titledAs));
        }
        boolean virtual = shown.scenario().executor().isVirtual();
        boolean failing = shown.scenario().failAtMs() > 0;
        boolean cutShort = shown.cutShort() > 0;
        boolean pinned = shown.sawPins();
        if (legendVirtual == null || legendVirtual != virtual || brief != frame.presentation() || legendFailing != failing
                || legendCutShort != cutShort || legendPinned != pinned) {
            legendVirtual = virtual;
            legendFailing = failing;
            legendCutShort = cutShort;
            legendPinned = pinned;
            // On stage the words are fewer, so the legend leaves the charts beside it their width (the glossary has the rest).
            brief = frame.presentation();
            rebuildLegends(virtual, brief, failing, cutShort, pinned);
        }
        captions(shown);
    }

    /** The captions in their longest forms that fit the heads beside the legends; their shorter forms are made only on a change. */
    private void captions(RunModel shown) {
        int tasks = shown.scenario().tasks();
        String scale = waves.scaleDescription();
        boolean web = shown.scenario().isWeb();
        var lanes = shown.lanes();
        // Formatted only when what they say changes, not every frame.
        var said = new Captioned(tasks, scale, web, lanes.isVirtual(), lanes.aggregated(), lanes.laneCount());
        if (said.equals(captioned)) {
            return;
        }
        captioned = said;
        String wavesSaid = Messages.text(web ? "section.waves.caption-web" : "section.waves.caption", tasks, scale);
        if (!wavesSaid.equals(wavesFull)) {
            wavesFull = wavesSaid;
            wavesCaption.show(web ? List.of(wavesSaid, Messages.text("section.waves.caption-web.short", tasks, scale), Messages.text("section.waves.caption-web.shortest", tasks))
                    : List.of(wavesSaid, Messages.text("section.waves.caption.short", tasks, scale), Messages.text("section.waves.caption.shortest", tasks)));
        }
        int count = lanes.laneCount();
        // A pool's lanes are its own threads, not carriers: the title says so where the caption may not fit (on stage).
        setIfChanged(lanesTitle, Messages.text(lanes.isVirtual() ? "section.lanes" : "section.lanes.threads"));
        String lanesSaid = lanes.isVirtual() ? Messages.text("section.lanes.caption-virtual", count)
                : lanes.aggregated() ? Messages.text("section.lanes.caption-groups", count)
                : Messages.text("section.lanes.caption-threads");
        if (!lanesSaid.equals(lanesFull)) {
            lanesFull = lanesSaid;
            lanesCaption.show(lanes.isVirtual() ? List.of(lanesSaid, Messages.text("section.lanes.caption-virtual.short", count))
                    : lanes.aggregated() ? List.of(lanesSaid, Messages.text("section.lanes.caption-groups.short", count), Messages.text("section.lanes.caption-groups.shortest", count))
                    : List.of(lanesSaid));
        }
    }

    private record Captioned(int tasks, String scale, boolean web, boolean virtual, boolean aggregated, int lanes) {
    }

    private void rebuildLegends(boolean virtual, boolean brief, boolean failing, boolean cutShort, boolean pinned) {
        Palette p = palette.get();
        byte waiting = TaskState.WAITING;
        wavesLegend.getChildren().setAll(
                item(p, p.queued(), StatePattern.ofTask(TaskState.QUEUED, virtual), "legend.queued"),
                item(p, p.running(), StatePattern.SOLID, virtual && !brief ? "legend.running-mounted" : "legend.running"),
                virtual ? item(p, p.waitingUnmounted(), StatePattern.ofTask(waiting, true), brief ? "legend.unmounted" : "legend.waiting-unmounted")
                        : item(p, p.heldThread(), StatePattern.ofTask(waiting, false), brief ? "legend.holding" : "legend.blocked-holding"),
                item(p, p.pinned(), StatePattern.CROSS_HATCH, brief ? "legend.pinned" : "legend.pinned-jfr"),
                item(p, p.done(), StatePattern.SOLID, "legend.done"));
        if (pinned) {
            // JFR's pins stay on the tasks that ended: said, so a done task never reads as still pinned.
            wavesLegend.getChildren().add(item(p, p.donePinned(), StatePattern.CROSS_HATCH, "legend.done-pinned"));
        }
        if (failing) {
            // A run with a failing task: its failure.
            wavesLegend.getChildren().add(item(p, p.failed(), StatePattern.SOLID, "legend.failed"));
        }
        if (failing || cutShort) {
            // The tasks a scope cancelled because of it, or a stop ended before they did.
            wavesLegend.getChildren().add(item(p, p.cancelled(), StatePattern.ofTask(TaskState.CANCELLED, virtual), "legend.cancelled"));
        }
        lanesLegend.getChildren().setAll(
                item(p, p.running(), StatePattern.SOLID, "legend.running"),
                virtual ? item(p, p.pinned(), StatePattern.ofLane(CarrierLanes.PINNED), brief ? "legend.pinned" : "legend.pinned-jfr")
                        : item(p, p.heldThread(), StatePattern.ofLane(CarrierLanes.HELD), brief ? "legend.holding" : "legend.blocked-holding"),
                item(p, p.laneIdle(), StatePattern.SOLID, "legend.idle"));
    }

    /** A legend entry: its swatch painted as the views paint the state, pattern included when patterns are on. */
    private static Label item(Palette palette, int color, StatePattern pattern, String key) {
        var swatch = new Rectangle(12, 12, Palette.fx(color));
        if (palette.patterns() && pattern != StatePattern.SOLID) {
            var image = new javafx.scene.image.WritableImage(12, 12);
            int marked = StatePattern.markColour(color, palette.background());
            for (int y = 0; y < 12; y++) {
                for (int x = 0; x < 12; x++) {
                    image.getPixelWriter().setArgb(x, y, pattern.marks(x, y, 12, 12) ? marked : color);
                }
            }
            swatch.setFill(new javafx.scene.paint.ImagePattern(image));
        }
        swatch.getStyleClass().add("legend-swatch");
        var label = new Label(Messages.text(key), swatch);
        label.getStyleClass().add("legend-item");
        label.setMinWidth(Region.USE_PREF_SIZE);
        return label;
    }

    private static void setIfChanged(Label label, String text) {
        if (!text.equals(label.getText())) {
            label.setText(text);
        }
    }
}
