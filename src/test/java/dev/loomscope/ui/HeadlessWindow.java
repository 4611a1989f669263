package dev.loomscope.ui;

import dev.loomscope.model.RunSession;
import dev.loomscope.ui.app.LoomScopeApp;
import dev.loomscope.ui.app.WindowCommand;
import dev.loomscope.ui.observe.Attacher;
import dev.loomscope.ui.shell.MainWindow;
import javafx.stage.Stage;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The LoomScope window as the app opens it, on a stage of JavaFX's headless platform. Registered as a test's extension
 * ({@code @RegisterExtension final HeadlessWindow opened = new HeadlessWindow();}), it starts the toolkit before each test
 * and closes the stage after it.
 */
public final class HeadlessWindow implements BeforeEachCallback, AfterEachCallback {

    /** Within the 1000 x 1000 screen of JavaFX's headless platform. */
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

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        Fx.startToolkit();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        close();
    }

    /** Closes the stage, if one was opened. */
    public void close() throws Exception {
        if (stage != null) {
            Fx.run(stage::close);
        }
    }
}
