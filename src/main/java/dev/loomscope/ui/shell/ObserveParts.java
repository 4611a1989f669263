package dev.loomscope.ui.shell;

import dev.loomscope.model.window.FrameContext;
import dev.loomscope.ui.export.WindowExports;
import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.observe.Attacher;
import dev.loomscope.ui.observe.JvmPicker;
import dev.loomscope.ui.observe.ObserveSession;
import dev.loomscope.ui.observe.ObserveView;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Observing a running JVM from the window: the session, the picker that finds JVMs, the view of
 * the one observed, and what Run, the thread dump and each frame do while that view is shown.
 */
final class ObserveParts {

    final ObserveSession session;
    final JvmPicker picker;
    final ObserveView view;
    private final Consumer<String> say;
    private BooleanSupplier shown = () -> false;

    ObserveParts(Attacher attacher, WindowExports exports, Consumer<String> problem, Consumer<String> say) {
        this.say = say;
        session = new ObserveSession(attacher);
        picker = new JvmPicker(session);
        view = new ObserveView(session, exports, new ObserveView.Surroundings() {
            public void observeAnother() { picker.show(); }
            public void backToRuns() { session.close(); }
            public void problem(String message) { problem.accept(message); }
            public void say(String text) { say.accept(text); }
        });
    }

    /** Whether the window's middle shows the observation (as {@link WindowCentre} decides). */
    void shownWhen(BooleanSupplier shown) {
        this.shown = shown;
    }

    boolean shown() {
        return shown.getAsBoolean();
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
            view.threadDump();
        }
    }

    void refresh(FrameContext frame) {
        if (shown()) {
            view.refresh(frame);
        }
    }
}
