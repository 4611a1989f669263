package dev.loomscope.ui.shell;

import dev.loomscope.model.Playback;
import dev.loomscope.model.Race;
import dev.loomscope.ui.actions.Action;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.observe.ObserveView;
import dev.loomscope.ui.replay.RaceView;
import dev.loomscope.ui.views.TaskFollower;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.layout.BorderPane;

/**
 * What the window's middle shows: the run views, a race's two columns (until it is closed) or the
 * observed program or an opened file (while either is shown, the settings and the run views step aside, untouched).
 */
final class WindowCentre {

    private final BorderPane window;
    private final Node liveCenter;
    private final Node sidebar;
    private final Node shownTitle;
    private final RaceView race;
    private final Supplier<ObserveView> observeView;
    private final Runnable pickerOutOfTheWay;
    private final TaskFollower follower;
    private final Playback playback;
    private final Consumer<String> say;
    private boolean observeShown;
    /** The opened file's view while it is shown, else null. */
    private Node opened;

    /** @param liveCenter the window's centre as its FXML made it: the run views */
    WindowCentre(BorderPane window, Node liveCenter, Node sidebar, Node shownTitle, RaceView race, Supplier<ObserveView> observeView, Runnable pickerOutOfTheWay,
            TaskFollower follower, Playback playback, Consumer<String> say) {
        this.window = window;
        this.liveCenter = liveCenter;
        this.sidebar = sidebar;
        this.shownTitle = shownTitle;
        this.race = race;
        this.observeView = observeView;
        this.pickerOutOfTheWay = pickerOutOfTheWay;
        this.follower = follower;
        this.playback = playback;
        this.say = say;
    }

    /** Whether the middle shows the observed program. */
    boolean observeShown() {
        return observeShown;
    }

    /** Observing turns the window's middle to the observed program, until it goes back to the runs. */
    void showObservation(boolean show) {
        if (show) {
            showOpened(null);
            pickerOutOfTheWay.run();
            follower.clear(); // a run's task card has no place over an observation
        }
        if (observeShown == show) {
            return;
        }
        observeShown = show;
        sides();
        showRace(playback.race());
    }

    /** Whether the middle shows an opened file. */
    boolean openedShown() {
        return opened != null;
    }

    /** An opened file's view replaces the views (and an observation) until it is left ({@code view} null). */
    void showOpened(Node view) {
        if (opened == view) {
            return;
        }
        opened = view;
        if (view != null) {
            pickerOutOfTheWay.run();
            follower.clear();
        }
        sides();
        showRace(playback.race());
    }

    /** The settings and the title belong to the runs: they step aside for an observation or an opened file. */
    private void sides() {
        boolean aside = observeShown || opened != null;
        window.setLeft(aside ? null : sidebar);
        shownTitle.setVisible(!aside);
    }

    /** A race replaces the views with its two columns until it is closed; an observation replaces them while it is shown. */
    void showRace(Race shown) {
        Node center = shown != null ? race : opened != null ? opened : observeShown ? observeView.get() : liveCenter;
        if (window.getCenter() != center) {
            window.setCenter(center);
            if (shown != null) {
                say.accept(Messages.text("status.racing", Action.STOP.pressKey()));
            }
        }
        if (shown != null) {
            race.refresh(shown, System.nanoTime());
        }
    }
}
