package dev.loomscope.ui.shell;

import dev.loomscope.ui.actions.Action;
import dev.loomscope.ui.fx.Tooltips;
import dev.loomscope.ui.theme.IconButtons;
import java.util.EnumMap;
import java.util.Map;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBase;
import javafx.scene.input.KeyEvent;

/** What each {@link Action} does in this window, and the keys and buttons that do it. */
final class ActionBindings {

    private final Map<Action, Runnable> handlers = new EnumMap<>(Action.class);

    ActionBindings on(Action action, Runnable handler) {
        handlers.put(action, handler);
        return this;
    }

    void run(Action action) {
        var handler = handlers.get(action);
        if (handler != null) {
            handler.run();
        }
    }

    /** Every action's keys, on this scene. */
    void install(Scene scene) {
        for (Action action : Action.values()) {
            action.keys().forEach(key -> scene.getAccelerators().put(key, () -> run(action)));
        }
        scene.addEventFilter(KeyEvent.KEY_TYPED, e -> {
            // A "?" typed into a text field (the JVM picker's filter) is text, not the shortcut card.
            if (e.getTarget() instanceof javafx.scene.control.TextInputControl) {
                return;
            }
            for (Action action : Action.values()) {
                if (e.getCharacter().equals(action.typed())) {
                    run(action);
                    e.consume();
                    return;
                }
            }
        });
    }

    /** A flat icon button that does {@code action}, its tooltip naming the keys. */
    Button button(Action action, int iconSize) {
        var button = IconButtons.of(action.icon(), iconSize, action.tooltip());
        button.setOnAction(e -> run(action));
        return button;
    }

    /** A button made elsewhere (FXML) given the action's tooltip and handler. */
    void bind(ButtonBase button, Action action) {
        Tooltips.setText(button, action.tooltip());
        button.setOnAction(e -> run(action));
    }

    /** Run is Run wherever it is: the control panel's and the replay bar's buttons name the action table's keys. */
    void tellKeys(dev.loomscope.ui.controls.ControlPanel panel, dev.loomscope.ui.replay.ReplayBar bar) {
        bind(panel.runButton(), Action.RUN);
        Tooltips.setText(panel.stopButton(), Action.STOP.tooltip());
        mentionKeys(panel.presetBox(), Action.NEXT_PRESET, Action.PREVIOUS_PRESET);
        mentionKeys((javafx.scene.control.Control) bar.lookup("#playPauseButton"), Action.REPLAY);
        mentionKeys((javafx.scene.control.Control) bar.lookup("#speedBox"), Action.SLOWER, Action.FASTER);
        mentionKeys((javafx.scene.control.Control) bar.lookup("#closeReplayButton"), Action.STOP);
    }

    /** Adds the keys of {@code actions} to a control's own tooltip: "Replay speed... ([ / ])". */
    static void mentionKeys(javafx.scene.control.Control control, Action... actions) {
        var keys = java.util.Arrays.stream(actions).map(Action::keysText).collect(java.util.stream.Collectors.joining(" / "));
        Tooltips.setText(control, Tooltips.getText(control) + " (" + keys + ")");
    }
}
