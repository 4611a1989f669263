package dev.loomscope.ui.shell;

import dev.loomscope.model.Playback;
import dev.loomscope.ui.observe.ObserveSession;
import dev.loomscope.ui.observe.ObserveView;
import dev.loomscope.ui.views.TaskFollower;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Esc, in order: hides a card, else stops observing, else lets go of the followed task, else closes a replay, else stops the runs. */
record EscapeChain(BooleanSupplier pickerShown, Runnable hidePicker, InfoOverlay shortcuts, InfoOverlay glossary, BooleanSupplier observeShown,
                   ObserveSession observing, Supplier<ObserveView> observeView, TaskFollower follower, Playback playback, Runnable closeReplay, Runnable stopRuns)
        implements
            Runnable {

    @Override
    public void run() {
        if (pickerShown.getAsBoolean()) {
            hidePicker.run();
        } else if (shortcuts.isVisible()) {
            shortcuts.setVisible(false);
        } else if (glossary.isVisible()) {
            glossary.setVisible(false);
        } else if (observeShown.getAsBoolean() && observing.isObserving()) {
            observeView.get().stop();
        } else if (follower.task() >= 0) {
            follower.clear();
        } else if (playback.isActive()) {
            closeReplay.run();
        } else {
            stopRuns.run();
        }
    }
}
