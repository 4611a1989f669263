package dev.loomscope.ui.shell;

import dev.loomscope.model.RunSession;
import dev.loomscope.model.window.WindowState;
import dev.loomscope.ui.prediction.PredictionBar;
import dev.loomscope.ui.replay.ReplayActions;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/** What follows the runs starting, ending or being stopped: the Run and Stop buttons, the story's notice, the playback, the guesses. */
final class SessionFollowers {

    private final SimpleBooleanProperty running = new SimpleBooleanProperty(false);
    private final RunSession session;
    private final PresetStory story;
    private final ReplayActions replays;
    private final PredictionBar predictions;

    SessionFollowers(RunSession session, PresetStory story, ReplayActions replays, PredictionBar predictions) {
        this.session = session;
        this.story = story;
        this.replays = replays;
        this.predictions = predictions;
    }

    /** Whether runs are going: Run is off and Stop on while they are. */
    ReadOnlyBooleanProperty runningProperty() {
        return running;
    }

    void changed(WindowState.SessionChange change) {
        running.set(change.running());
        if (change.doneTopic() != null && change.doneTopic() == story.preset()) {
            story.revealNotice();
        }
        if (change.playBack() != null) {
            replays.playBack(change.playBack());
        }
        if (!change.running() && predictions.awaitingResults()) {
            predictions.showResults(session.comparison());
        }
    }
}
