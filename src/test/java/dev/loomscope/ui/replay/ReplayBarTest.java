package dev.loomscope.ui.replay;

import dev.loomscope.ui.WindowTest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.model.FinishedRuns;
import dev.loomscope.model.Playback;
import dev.loomscope.model.RunModel;
import dev.loomscope.scenario.Durations;
import dev.loomscope.ui.Fx;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.fx.Tooltips;
import dev.loomscope.ui.theme.Icons;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kordamp.ikonli.javafx.FontIcon;

/** The replay bar comes from its FXML at run time, shows its Playback and writes the user's input into it. */
@WindowTest
class ReplayBarTest {

    private static final long MS = 1_000_000L;
    private static final long START = 9_000 * MS;
    private static final Executor AT_ONCE = Runnable::run;

    @BeforeAll
    static void toolkit() throws Exception {
        Fx.startToolkit();
    }

    private static <T extends Node> T find(ReplayBar bar, String id, Class<T> type) {
        Node node = bar.lookup("#" + id);
        assertThat(node).as("#" + id).isInstanceOf(type);
        return type.cast(node);
    }

    private static String iconOf(Button button) {
        return ((FontIcon) button.getGraphic()).getIconCode().getDescription();
    }

    @Test
    void hiddenUntilShownItsControlsLoadedFromTheFxmlUnderTheirIds() throws Exception {
        Fx.run(() -> {
            var bar = new ReplayBar(new Playback(AT_ONCE, AT_ONCE), () -> {});
            new Scene(bar);
            assertThat(bar.isVisible()).isFalse();
            assertThat(bar.isManaged()).as("takes no room while hidden").isFalse();
            var playPause = find(bar, "playPauseButton", Button.class);
            assertThat(playPause.getStyleClass()).contains("flat", "button-icon");
            assertThat(Tooltips.getText(playPause)).isEqualTo(Messages.text("replay.playPause.tooltip"));
            assertThat(Tooltips.getText(find(bar, "closeReplayButton", Button.class))).isEqualTo(Messages.text("replay.close.tooltip"));
            assertThat(Tooltips.getText(find(bar, "scrubber", Slider.class))).isEqualTo(Messages.text("replay.scrubber.tooltip"));
            @SuppressWarnings("unchecked")
            ChoiceBox<Double> speed = find(bar, "speedBox", ChoiceBox.class);
            assertThat(speed.getItems()).containsExactlyElementsOf(Playback.SPEEDS);
            find(bar, "replayTitle", Label.class);
            find(bar, "replayTime", Label.class);
        });
    }

    @Test
    void itsButtonsScrubberAndSpeedDriveThePlaybackAndItShowsThePlaybackEachFrame() throws Exception {
        var closed = new AtomicInteger();
        Fx.run(() -> {
            var playback = new Playback(AT_ONCE, AT_ONCE);
            var bar = new ReplayBar(playback, closed::incrementAndGet);
            new Scene(bar);
            RunModel run = FinishedRuns.twoWaves();
            playback.show(run);
            bar.frame(START);
            assertThat(bar.isVisible()).isTrue();
            assertThat(find(bar, "replayTitle", Label.class).getText()).isEqualTo(Messages.text("replay.title", run.title()))
                    .isEqualTo("Replay of #1 fixed(2)");
            assertThat(playback.isPlaying()).isTrue();
            var playPause = find(bar, "playPauseButton", Button.class);
            assertThat(iconOf(playPause)).isEqualTo(Icons.PAUSE.create().getIconCode().getDescription());

            playPause.fire();
            assertThat(playback.isPlaying()).isFalse();
            assertThat(iconOf(playPause)).isEqualTo(Icons.PLAY.create().getIconCode().getDescription());
            playPause.fire();
            assertThat(playback.isPlaying()).isTrue();

            @SuppressWarnings("unchecked")
            ChoiceBox<Double> speed = find(bar, "speedBox", ChoiceBox.class);
            speed.setValue(0.5);
            assertThat(playback.speed()).isEqualTo(0.5);
            bar.frame(START + 10 * MS);
            bar.frame(START + 110 * MS);
            var scrubber = find(bar, "scrubber", Slider.class);
            assertThat(playback.positionMs()).isEqualTo(50);
            assertThat(scrubber.getMax()).isEqualTo(200);
            assertThat(scrubber.getValue()).as("the scrubber follows the clock").isEqualTo(50);
            assertThat(find(bar, "replayTime", Label.class).getText())
                    .isEqualTo(Messages.text("replay.time", Durations.humanMillis(50), Durations.humanMillis(200)));

            scrubber.setValue(150);
            bar.frame(START + 120 * MS);
            assertThat(playback.positionMs()).as("the scrub, then no time added in its frame").isEqualTo(150);

            // The keyboard changes the speed in the playback; the box shows it at the next frame.
            playback.changeSpeed(1);
            bar.frame(START + 130 * MS);
            assertThat(speed.getValue()).isEqualTo(1.0);

            find(bar, "closeReplayButton", Button.class).fire();
            assertThat(closed).hasValue(1);
            playback.hide();
            bar.frame(START + 140 * MS);
            assertThat(bar.isVisible()).isFalse();
        });
    }

    @Test
    void aRaceIsTitledWithBothRunsAndHasNoSingleRunForTheViews() throws Exception {
        Fx.run(() -> {
            var bar = new ReplayBar(new Playback(AT_ONCE, AT_ONCE), () -> {});
            RunModel pool = FinishedRuns.twoWaves();
            RunModel virtual = FinishedRuns.oneWave();
            bar.showRace(pool, virtual);
            assertThat(bar.isVisible()).as("shown at once through the bar").isTrue();
            assertThat(bar.race()).isSameAs(bar.playback().race()).isNotNull();
            assertThat(bar.shownRun()).isNull();
            assertThat(find(bar, "replayTitle", Label.class).getText()).isEqualTo("Race: #1 fixed(2) vs #2 virtual");
        });
    }

    @Test
    void theWindowsBarPreparesOffTheFxThreadAndShowsOnceHandedBackToIt() throws Exception {
        var bar = Fx.call(() -> new ReplayBar(() -> {}));
        RunModel run = FinishedRuns.twoWaves();
        var shown = Fx.call(() -> bar.show(run));
        shown.get(10, java.util.concurrent.TimeUnit.SECONDS);
        Fx.waitUntil("the bar showing the replay", Duration.ofSeconds(10), bar::isVisible);
        assertThat(Fx.call(() -> bar.replay().source())).isSameAs(run);
        assertThat(Fx.call(bar::isPlaying)).isTrue();

        Fx.run(bar::hide);
        assertThat(Fx.call(bar::isVisible)).isFalse();
        assertThat(Fx.call(bar::isActive)).isFalse();
    }
}
