package dev.loomscope.ui.replay;

import dev.loomscope.ui.theme.Icons;
import dev.loomscope.scenario.Durations;
import dev.loomscope.model.Race;
import dev.loomscope.model.Replay;
import dev.loomscope.model.Replayable;
import dev.loomscope.model.RunModel;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * Slow-motion replay of a finished run: play and pause, a scrubber, the speed (0.1x to 2x). While
 * it shows, every view shows the replayed run at the scrubber's moment, so a run of 200 ms can be
 * watched over 2 s at 0.1x. The window drives it once per frame.
 */
public final class ReplayBar extends HBox {

    private static final List<Double> SPEEDS = dev.loomscope.model.Replay.SPEEDS;

    private final Button playPause = new Button();
    private final Slider scrubber = new Slider(0, 1, 0);
    private final Label time = new Label();
    private final ChoiceBox<Double> speed = new ChoiceBox<>();
    private final Label title = new Label();
    private Replayable playback;
    private Replay replay;
    private Race race;
    private boolean playing;
    private long lastFrameNanos = -1;
    private boolean updatingScrubber;
    private double pendingSeekMs = -1;

    public ReplayBar(Runnable close) {
        getStyleClass().add("replay-bar");
        setSpacing(12);
        setAlignment(Pos.CENTER_LEFT);
        title.getStyleClass().add("section-title");
        title.setGraphic(Icons.REPLAY.create(18));
        playPause.getStyleClass().addAll("flat", "button-icon");
        playPause.setOnAction(e -> setPlaying(!playing));
        playPause.setTooltip(new Tooltip("Play or pause the replay (Ctrl+P)"));
        speed.getItems().setAll(SPEEDS);
        speed.setValue(0.1);
        speed.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Double value) {
                return value == null ? "" : (value < 1 ? "%.2gx" : "%.0fx").formatted(value);
            }

            @Override
            public Double fromString(String text) {
                return Double.parseDouble(text.replace("x", ""));
            }
        });
        speed.setTooltip(new Tooltip("Replay speed ([ slower, ] faster): 0.1x turns 200 ms into 2 s"));
        scrubber.setTooltip(new Tooltip("Drag to any moment of the run"));
        scrubber.valueProperty().addListener((obs, old, value) -> {
            if (!updatingScrubber && playback != null) {
                // One seek per frame at most: going back rebuilds the replay, which takes a moment on big runs.
                pendingSeekMs = value.doubleValue();
            }
        });
        HBox.setHgrow(scrubber, Priority.ALWAYS);
        var closeButton = new Button(null, Icons.CLOSE.create(16));
        closeButton.getStyleClass().addAll("flat", "button-icon");
        closeButton.setTooltip(new Tooltip("Back to the live view (Esc)"));
        closeButton.setOnAction(e -> close.run());
        getChildren().setAll(title, playPause, scrubber, time, speed, closeButton);
        setVisible(false);
        managedProperty().bind(visibleProperty());
        setPlaying(false);
    }

    /**
     * Starts replaying a finished run from its beginning, playing. Putting a million-task run's
     * five million events in time order takes a moment, so it happens off the FX thread; the
     * returned future completes (on the FX thread) once the replay shows.
     */
    public java.util.concurrent.CompletableFuture<Void> show(RunModel run) {
        return prepare(() -> new Replay(run), prepared -> {
            replay = prepared;
            race = null;
            var recording = run.recording();
            start(prepared, "Replay of " + run.title() + (recording != null && recording.truncated()
                    ? " (its first %,d events: the rest were not kept)".formatted(recording.size()) : ""));
        });
    }

    /** Starts replaying two finished runs side by side on one clock (prepared off the FX thread too). */
    public java.util.concurrent.CompletableFuture<Void> showRace(RunModel left, RunModel right) {
        return prepare(() -> new Race(left, right), prepared -> {
            race = prepared;
            replay = null;
            start(prepared, "Race: " + left.title() + " vs " + right.title());
        });
    }

    private <T> java.util.concurrent.CompletableFuture<Void> prepare(java.util.function.Supplier<T> build, java.util.function.Consumer<T> then) {
        var shown = new java.util.concurrent.CompletableFuture<Void>();
        java.util.concurrent.CompletableFuture.supplyAsync(build).whenComplete((prepared, error) -> javafx.application.Platform.runLater(() -> {
            if (error != null) {
                shown.completeExceptionally(error.getCause() != null ? error.getCause() : error);
            } else {
                then.accept(prepared);
                shown.complete(null);
            }
        }));
        return shown;
    }

    private void start(Replayable what, String heading) {
        playback = what;
        title.setText(heading);
        scrubber.setMax(Math.max(1, what.durationMs()));
        setScrubber(0);
        setVisible(true);
        lastFrameNanos = -1;
        setPlaying(true);
    }

    public void hide() {
        playback = null;
        replay = null;
        race = null;
        setPlaying(false);
        setVisible(false);
    }

    public boolean isActive() {
        return playback != null;
    }

    /** The race going on, or null. */
    public Race race() {
        return race;
    }

    /** The replica the views should show, or null when not replaying. */
    public RunModel shownRun() {
        return replay == null ? null : replay.replica();
    }

    public Replay replay() {
        return replay;
    }

    public void setPlaying(boolean play) {
        if (play && playback != null && playback.atEnd()) {
            playback.seek(0);
            setScrubber(0);
        }
        playing = play && playback != null;
        lastFrameNanos = -1;
        playPause.setGraphic(playing ? Icons.PAUSE.create(20) : Icons.PLAY.create(20));
    }

    public boolean isPlaying() {
        return playing;
    }

    /** Steps the speed up or down the list. */
    public void changeSpeed(int by) {
        int at = SPEEDS.indexOf(speed.getValue());
        speed.setValue(SPEEDS.get(Math.clamp(at + by, 0, SPEEDS.size() - 1)));
    }

    public void setSpeed(double value) {
        speed.setValue(value);
    }

    /** Once per frame: moves the replay on by the frame's time times the speed. */
    public void frame(long nowNanos) {
        if (playback == null) {
            return;
        }
        if (pendingSeekMs >= 0) {
            playback.seek(pendingSeekMs);
            pendingSeekMs = -1;
            lastFrameNanos = nowNanos;
        }
        if (playing) {
            if (lastFrameNanos >= 0) {
                playback.seek(playback.positionMs() + (nowNanos - lastFrameNanos) / 1e6 * speed.getValue());
            }
            lastFrameNanos = nowNanos;
            setScrubber(playback.positionMs());
            if (playback.atEnd()) {
                setPlaying(false);
            }
        }
        String text = "%s / %s".formatted(Durations.humanMillis(playback.positionMs()), Durations.humanMillis(playback.durationMs()));
        if (!text.equals(time.getText())) {
            time.setText(text);
        }
    }

    private void setScrubber(double ms) {
        updatingScrubber = true;
        scrubber.setValue(ms);
        updatingScrubber = false;
    }
}
