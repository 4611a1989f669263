package dev.loomscope.ui;

import dev.loomscope.model.RunSession;
import dev.loomscope.ui.app.LoomScopeApp;
import dev.loomscope.ui.app.WindowCommand;
import dev.loomscope.ui.observe.Attacher;
import dev.loomscope.ui.shell.MainWindow;
import javafx.beans.value.ChangeListener;
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
            return unpainted(stage, LoomScopeApp.open(stage, session, SETTINGS, attacher));
        });
    }

    /**
     * Keeps a shown test window from being painted, by iconifying it: JavaFX paints no minimized
     * window, and painting one on the headless platform copies each frame into its 1000 x 1000
     * screen a pixel at a time, allocating a buffer view per pixel: three quarters of the test JVM's
     * CPU samples were there, in a profile of the whole suite.
     * Layout, CSS, pulses, events and {@code snapshot()} all go on as before; the tests that need
     * the painted window start the app itself ({@code ScriptedScreenshotTest}).
     * Call it on the FX thread, once the stage is shown; the stage stays unpainted when resized.
     * Returns {@code window}.
     */
    public static <T> T unpainted(Stage stage, T window) {
        stage.setIconified(true);
        // The platform takes a new size as the window restored: iconified again at once, before the pulse paints.
        ChangeListener<Number> resized = (property, before, now) -> {
            stage.setIconified(false);
            stage.setIconified(true);
        };
        stage.widthProperty().addListener(resized);
        stage.heightProperty().addListener(resized);
        return window;
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
