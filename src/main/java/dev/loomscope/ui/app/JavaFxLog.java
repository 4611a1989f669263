package dev.loomscope.ui.app;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The runnable jar carries JavaFX on the class path, so the toolkit warns at start-up that it
 * is "unsupported" (it works, and is tested, this way). The warning is hidden while the toolkit
 * starts; JavaFX's other warnings (CSS, layout) still show afterwards.
 */
final class JavaFxLog {

    // JUL holds loggers weakly: keep this one, or its level is forgotten.
    private static final Logger JAVAFX_LOG = Logger.getLogger("javafx");

    private JavaFxLog() {
    }

    static void quietDuringStartup() {
        JAVAFX_LOG.setLevel(Level.SEVERE);
    }

    static void startupDone() {
        JAVAFX_LOG.setLevel(null);
    }
}
