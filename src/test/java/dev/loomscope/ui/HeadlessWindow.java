package dev.loomscope.ui;

import dev.loomscope.model.RunSession;
import dev.loomscope.ui.app.LoomScopeApp;
import dev.loomscope.ui.app.WindowCommand;
import dev.loomscope.ui.observe.Attacher;
import dev.loomscope.ui.shell.MainWindow;
import javafx.stage.Stage;

/** The LoomScope window as the app opens it, on a stage of JavaFX's headless platform; closed after each test. */
public final class HeadlessWindow {

    /** JavaFX's headless screen is 1000 x 1000: a bigger window overflows its pixel buffer. */
    public static final WindowCommand.Settings SETTINGS = WindowCommand.Settings.DEFAULT.withSize(980, 720);

    private Stage stage;

    /** Opens the window on a new stage (from the test's thread), observing through {@code attacher} (null: this machine's JVMs). */
    public MainWindow open(RunSession session, Attacher attacher) throws Exception {
        return Fx.call(() -> {
            stage = new Stage();
            return LoomScopeApp.open(stage, session, SETTINGS, attacher);
        });
    }

    public Stage stage() {
        return stage;
    }

    /** Closes the stage, if one was opened. */
    public void close() throws Exception {
        if (stage != null) {
            Fx.run(stage::close);
        }
    }
}
