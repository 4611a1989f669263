package dev.loomscope.ui.shell;

import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.export.WindowExports;
import dev.loomscope.ui.fx.MadeWhenNeeded;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.observe.Attacher;
import dev.loomscope.ui.observe.JvmPicker;
import dev.loomscope.ui.observe.ObserveSession;
import dev.loomscope.ui.observe.ObserveView;
import dev.loomscope.ui.theme.Palette;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Observing a running JVM from the window: the session, the picker that finds JVMs, the view of
 * the one observed, and what Run, the thread dump and each frame do while that view is shown.
 * The picker and the view are made when first needed (the picker the first time it shows): they were
 * about a sixth of making the window, which a start waited for.
 */
final class ObserveParts {

    final ObserveSession session;
    private final WindowExports exports;
    private final Consumer<String> problem;
    private final Consumer<String> say;
    private BooleanSupplier shown = () -> false;
    private final MadeWhenNeeded<JvmPicker> picker;
    private final MadeWhenNeeded<ObserveView> view;
    private boolean onStage;
    private Palette palette;

    ObserveParts(Attacher attacher, WindowExports exports, Consumer<String> problem, Consumer<String> say) {
        this.exports = exports;
        this.problem = problem;
        this.say = say;
        session = new ObserveSession(attacher);
        picker = MadeWhenNeeded.of(() -> new JvmPicker(session));
        view = MadeWhenNeeded.of(() -> new ObserveView(session, exports, new ObserveView.Surroundings() {
            public void observeAnother() { picker().show(); }
            public void backToRuns() { session.close(); }
            public void problem(String message) { problem.accept(message); }
            public void say(String text) { say.accept(text); }
        })).whenMade(made -> {
            made.setOnStage(onStage);
            if (palette != null) {
                made.setPalette(palette);
            }
        });
    }

    /** The JVM picker, made now if it was not yet. */
    JvmPicker picker() {
        return picker.get();
    }

    /** Does this to the picker once it is made (it is made the first time it is needed). */
    void whenPickerMade(Consumer<JvmPicker> wire) {
        picker.whenMade(wire);
    }

    /** Whether the picker shows (one never made does not). */
    boolean pickerShown() {
        return picker.made() && picker.get().isVisible();
    }

    /** Hides the picker, if it was ever made, and cancels the attach it started (Esc). */
    void hidePicker() {
        picker.ifMade(JvmPicker::hide);
    }

    /** Takes the picker's card away, if it was ever made, but not the attach it started: what it observes is shown. */
    void pickerOutOfTheWay() {
        picker.ifMade(made -> made.setVisible(false));
    }

    ObserveView view() {
        return view.get();
    }

    /** Presentation mode for the view, now if it is made, else once it is. */
    void setOnStage(boolean on) {
        onStage = on;
        view.ifMade(made -> made.setOnStage(on));
    }

    /** The theme's palette for the view, now if it is made, else once it is. */
    void setPalette(Palette palette) {
        this.palette = palette;
        view.ifMade(made -> made.setPalette(palette));
    }

    /** Whether the window's middle shows the observation (as {@link WindowCentre} decides). */
    void shownWhen(BooleanSupplier shown) {
        this.shown = shown;
    }

    boolean shown() {
        return shown.getAsBoolean();
    }

    /** The status bar's line while the observation shows; null otherwise. */
    String statusLine() {
        return shown() ? view().statusLine() : null;
    }

    /** Run: while the window observes a JVM, the runs wait until it is stopped; an ended observation gives way to them. */
    void run(Runnable runs) {
        if (shown()) {
            if (session.isObserving()) {
                say.accept(Messages.text("observe.busy"));
                return;
            }
            session.close();
        }
        runs.run();
    }

    void threadDump() {
        if (shown()) {
            view().threadDump();
        }
    }

    void refresh(FrameContext frame) {
        if (shown()) {
            view().refresh(frame);
        }
    }
}
