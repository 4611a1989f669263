package dev.loomscope.ui.replay;

import dev.loomscope.model.Playback;
import dev.loomscope.model.Race;
import dev.loomscope.model.Replay;
import dev.loomscope.model.Replayable;
import dev.loomscope.model.RunModel;
import dev.loomscope.scenario.Durations;
import dev.loomscope.ui.fx.FxThread;
import dev.loomscope.ui.fx.Fxml;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.theme.IconButtons;
import dev.loomscope.ui.theme.Icons;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.layout.HBox;
import javafx.util.StringConverter;

/**
 * The bar of a slow-motion replay or race: play and pause, a scrubber, the speed (0.1x to 2x),
 * close. A view of a {@link Playback}: it shows the playback's state once per frame and writes what
 * the user does into it. The layout and texts are in {@code ReplayBar.fxml} and the bundle.
 */
public final class ReplayBar extends HBox {

    @FXML
    private Label replayTitle;
    @FXML
    private Button playPauseButton;
    @FXML
    private Slider scrubber;
    @FXML
    private Label replayTime;
    @FXML
    private ChoiceBox<Double> speedBox;
    @FXML
    private Button closeReplayButton;

    private final Playback playback;
    private final Runnable onClose;
    /** The replay or race the title and scrubber range were last made for. */
    private Replayable shownClock;
    private Boolean shownPlaying;
    /** Set while the bar copies the playback into its controls, so their listeners do not write it back. */
    private boolean showing;

    /** A bar over a playback of its own that hands prepared replays to the FX thread. */
    public ReplayBar(Runnable close) {
        this(new Playback(FxThread::later), close);
    }

    /** @param close what the close button does (the window goes back to the live views) */
    public ReplayBar(Playback playback, Runnable close) {
        this.playback = playback;
        this.onClose = close;
        Fxml.load(this);
        managedProperty().bind(visibleProperty());
        refresh();
    }

    @FXML
    private void initialize() {
        replayTitle.setGraphic(Icons.REPLAY.create(18));
        IconButtons.style(playPauseButton);
        IconButtons.style(closeReplayButton).setGraphic(Icons.CLOSE.create(16));
        speedBox.getItems().setAll(Playback.SPEEDS);
        speedBox.setConverter(new StringConverter<>() {
            @Override
            public String toString(Double value) {
                return value == null ? "" : (value < 1 ? "%.2gx" : "%.0fx").formatted(value);
            }

            @Override
            public Double fromString(String text) {
                return Double.parseDouble(text.replace("x", ""));
            }
        });
        speedBox.valueProperty().addListener((obs, old, speed) -> {
            if (!showing && speed != null) {
                playback.setSpeed(speed);
            }
        });
        scrubber.valueProperty().addListener((obs, old, ms) -> {
            if (!showing) {
                playback.scrubTo(ms.doubleValue());
            }
        });
    }

    @FXML
    private void togglePlaying() {
        setPlaying(!playback.isPlaying());
    }

    @FXML
    private void closeReplay() {
        onClose.run();
    }

    /** The state this bar shows; the window's views draw what it plays back. */
    public Playback playback() {
        return playback;
    }

    /** Once per frame: moves the playback on, then shows it. */
    public void frame(long nowNanos) {
        playback.frame(nowNanos);
        refresh();
    }

    /** Shows the playback as it is now (also right after a change made through this bar's methods). */
    public void refresh() {
        Replayable clock = playback.current();
        if (isVisible() != (clock != null)) {
            setVisible(clock != null);
        }
        if (shownPlaying == null || shownPlaying != playback.isPlaying()) {
            shownPlaying = playback.isPlaying();
            playPauseButton.setGraphic((shownPlaying ? Icons.PAUSE : Icons.PLAY).create(20));
        }
        if (clock != shownClock) {
            shownClock = clock;
            replayTitle.setText(clock == null ? "" : heading());
        }
        if (clock == null) {
            return;
        }
        showing = true;
        try {
            double max = Math.max(1, clock.durationMs());
            if (scrubber.getMax() != max) {
                scrubber.setMax(max);
            }
            if (scrubber.getValue() != clock.positionMs()) {
                scrubber.setValue(clock.positionMs());
            }
            if (!Objects.equals(speedBox.getValue(), playback.speed())) {
                speedBox.setValue(playback.speed());
            }
        } finally {
            showing = false;
        }
        String text = Messages.text("replay.time", Durations.humanMillis(clock.positionMs()), Durations.humanMillis(clock.durationMs()));
        if (!text.equals(replayTime.getText())) {
            replayTime.setText(text);
        }
    }

    private String heading() {
        Race race = playback.race();
        if (race != null) {
            return Messages.text("replay.race.title", race.replays().get(0).source().title(), race.replays().get(1).source().title());
        }
        RunModel run = playback.replay().source();
        var recording = run.recording();
        return recording != null && recording.truncated()
                ? Messages.text("replay.title.truncated", run.title(), recording.size())
                : Messages.text("replay.title", run.title());
    }

    // ---- delegates to the playback, for callers of the bar (the window switches to playback() directly) ----

    /** {@link Playback#show}; the bar shows the replay as soon as it is ready. */
    public CompletableFuture<Void> show(RunModel run) {
        var shown = playback.show(run);
        shown.thenRun(this::refresh);
        return shown;
    }

    /** {@link Playback#showRace}; the bar shows the race as soon as it is ready. */
    public CompletableFuture<Void> showRace(RunModel left, RunModel right) {
        var shown = playback.showRace(left, right);
        shown.thenRun(this::refresh);
        return shown;
    }

    public void hide() {
        playback.hide();
        refresh();
    }

    public boolean isActive() {
        return playback.isActive();
    }

    public Race race() {
        return playback.race();
    }

    public RunModel shownRun() {
        return playback.shownRun();
    }

    public Replay replay() {
        return playback.replay();
    }

    public void setPlaying(boolean play) {
        playback.setPlaying(play);
        refresh();
    }

    public boolean isPlaying() {
        return playback.isPlaying();
    }

    public void changeSpeed(int by) {
        playback.changeSpeed(by);
        refresh();
    }

    public void setSpeed(double value) {
        playback.setSpeed(value);
        refresh();
    }
}
