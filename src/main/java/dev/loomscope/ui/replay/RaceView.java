package dev.loomscope.ui.replay;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.theme.Palette;
import dev.loomscope.ui.views.CarrierLaneView;
import dev.loomscope.ui.views.TaskWaveView;
import dev.loomscope.scenario.Durations;
import dev.loomscope.model.LiveFigures;
import dev.loomscope.model.Race;
import dev.loomscope.model.RunModel;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * Two runs replayed side by side on one clock: each with its task grid, its carrier lanes and a
 * line of figures. The fixed pool still rolls through its waves when virtual threads are done.
 */
public final class RaceView extends HBox {

    private final Column left = new Column();
    private final Column right = new Column();

    public RaceView() {
        getStyleClass().add("race-view");
        setSpacing(16);
        setPadding(new Insets(10, 12, 6, 12));
        getChildren().setAll(left, right);
        HBox.setHgrow(left, Priority.ALWAYS);
        HBox.setHgrow(right, Priority.ALWAYS);
    }

    /** Presentation mode: larger lane labels. */
    public void setTextScale(double scale) {
        left.lanes.setTextScale(scale);
        right.lanes.setTextScale(scale);
    }

    public void setPalette(Palette palette) {
        left.waves.setPalette(palette);
        left.lanes.setPalette(palette);
        right.waves.setPalette(palette);
        right.lanes.setPalette(palette);
    }

    public void refresh(Race race, long nowNanos) {
        // One clock: both lanes span the race so far, so the faster run's lanes stop where it finished.
        long clock = (long) (race.positionMs() * 1e6);
        left.refresh(race.replays().get(0).replica(), clock, nowNanos);
        right.refresh(race.replays().get(1).replica(), clock, nowNanos);
    }

    /** One racer: its name, its figures, its grid and lanes. */
    private static final class Column extends VBox {
        private final Label title = new Label();
        private final Label figures = new Label();
        private final TaskWaveView waves = new TaskWaveView();
        private final CarrierLaneView lanes = new CarrierLaneView();

        Column() {
            super(8);
            title.getStyleClass().add("race-title");
            figures.getStyleClass().add("race-figures");
            var wavesFrame = new StackPane(waves);
            wavesFrame.getStyleClass().add("canvas-frame");
            var lanesFrame = new StackPane(lanes);
            lanesFrame.getStyleClass().add("canvas-frame");
            VBox.setVgrow(wavesFrame, Priority.ALWAYS);
            VBox.setVgrow(lanesFrame, Priority.ALWAYS);
            getChildren().setAll(title, figures, wavesFrame, lanesFrame);
            setMinWidth(0);
        }

        void refresh(RunModel run, long clockNanos, long nowNanos) {
            String name = run.title().replace(Messages.text("run.replay-suffix"), "");
            if (!name.equals(title.getText())) {
                title.setText(name);
            }
            LiveFigures f = run.figures(nowNanos);
            String text = Messages.text("race.figures", Durations.humanMillis(f.elapsedMs()), f.completed(), f.tasks(),
                    Durations.humanMillis(f.idealMs()));
            if (!text.equals(figures.getText())) {
                figures.setText(text);
            }
            waves.refresh(run, nowNanos);
            lanes.showUpTo(clockNanos);
            lanes.refresh(run, nowNanos);
        }
    }
}
