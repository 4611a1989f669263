package dev.loomscope.ui.app;

import dev.loomscope.ui.fx.Messages;
import java.util.concurrent.CompletableFuture;
import javafx.application.Application;

/**
 * Starts JavaFX for the window, hands the command line's settings to {@link LoomScopeApp}
 * (Application.launch builds the instance itself) and its exit code back.
 */
public final class WindowLaunch {

    private static final CompletableFuture<WindowCommand.Settings> SETTINGS = new CompletableFuture<>();
    /** The window's exit code, once one is known: the first one given counts; none given is 0. */
    private static final CompletableFuture<Integer> EXIT_CODE = new CompletableFuture<>();
    private static Thread toolkit;

    private WindowLaunch() {
    }

    /**
     * Starts JavaFX while the command line is still being read: reading the window's options takes
     * picocli about 0.1 s (its classes predate the JVM's start-up cache), the toolkit twice that,
     * and on two cores the two overlap. The window is built once {@link #launchWindow} hands over
     * the settings; if the command line is refused instead, the process exits with nothing shown.
     */
    public static synchronized void startToolkit() {
        if (toolkit == null) {
            beforeToolkit();
            toolkit = Thread.ofPlatform().name("javafx-launch").start(WindowLaunch::launchOrSayWhy);
        }
    }

    /** What every start of the window's toolkit does first, the window's and ui-bench's alike: JavaFX's start-up log quiet, the drawing pipeline chosen. */
    static void beforeToolkit() {
        JavaFxLog.quietDuringStartup();
        DrawingPipeline.choose();
    }

    /** JavaFX that cannot start (a display that cannot be reached, GTK missing) ends the process with its reason and status 1. */
    private static void launchOrSayWhy() {
        try {
            Application.launch(LoomScopeApp.class);
        } catch (RuntimeException | Error e) {
            System.err.println(Messages.text("cli.javafx-failed", e));
            ended(1);
        }
    }

    /**
     * Opens the window with these settings and returns once it has closed, with the exit code: 0, or 1 if
     * JavaFX could not start, the window could not be built, or what a script asked for could not be done.
     */
    public static int launchWindow(WindowCommand.Settings chosen) {
        startToolkit();
        SETTINGS.complete(chosen);
        try {
            toolkit.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return EXIT_CODE.getNow(0);
    }

    /** The settings, once the command line has been read. */
    static CompletableFuture<WindowCommand.Settings> settings() {
        return SETTINGS;
    }

    /** The exit code is known (a later one does not replace it). */
    static void ended(int code) {
        EXIT_CODE.complete(code);
    }
}
