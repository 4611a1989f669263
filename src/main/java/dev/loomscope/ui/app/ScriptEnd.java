package dev.loomscope.ui.app;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.result.RunResult;
import dev.loomscope.ui.export.SavedFile;
import dev.loomscope.ui.fx.FxThread;
import dev.loomscope.ui.shell.MainWindow;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import javafx.application.Platform;

/** How a start script ends: the picture and the results it asked for, then the window closes; its exit code is {@link #code}. */
final class ScriptEnd {

    private final MainWindow window;
    private final WindowCommand.Settings.Script script;
    private final FrameWaits waits;
    private final CompletableFuture<Integer> code = new CompletableFuture<>();

    ScriptEnd(MainWindow window, WindowCommand.Settings.Script script, FrameWaits waits) {
        this.window = window;
        this.script = script;
        this.waits = waits;
    }

    /** 0, or 1 if a run failed or what was asked for could not be saved; known before the window closes. */
    CompletableFuture<Integer> code() {
        return code;
    }

    /** The picture, then the results, each if asked for; then it closes. */
    void finish() {
        if (script.screenshot() == null) {
            saveResultsAndClose();
            return;
        }
        var shown = window.shownRun();
        if (script.follow() > 0 && shown != null) {
            // The picture shows the task followed: its card once its life has been read, its outlines.
            window.follower().follow(shown, Math.min(script.follow(), shown.scenario().tasks()) - 1);
            long since = System.nanoTime();
            waits.until(now -> window.follower().lifecycle() != null || now - since > 10_000_000_000L)
                    // Two more pulses: the card and the outlines are laid out and drawn.
                    .thenRun(() -> FxThread.later(() -> FxThread.later(this::takeScreenshot)));
            return;
        }
        takeScreenshot();
    }

    private void takeScreenshot() {
        saveScreenshot(this::saveResultsAndClose);
    }

    /** Saves the picture asked for (at its scale), says so, then {@code then}; a picture that cannot be saved fails the script. */
    void saveScreenshot(Runnable then) {
        window.exports().saveScreenshot(script.screenshot(), script.scale(), saved -> {
            System.out.println(Messages.text("status.saved", saved.toAbsolutePath()));
            then.run();
        }).exceptionally(error -> {
            fail(error);
            return null;
        });
    }

    /** Saves the results, if asked for, then closes. */
    void saveResultsAndClose() {
        Path results = script.results();
        if (results == null) {
            close();
            return;
        }
        window.exports().saveResults(results, false).thenAccept(saved -> FxThread.later(() -> {
            System.out.println(Messages.text("status.saved", saved.toAbsolutePath()));
            close();
        })).exceptionally(this::fail);
    }

    /** Says why the script could not go on and ends with 1. */
    Void fail(Throwable error) {
        System.err.println(SavedFile.problem(error));
        code.complete(1);
        FxThread.later(Platform::exit);
        return null;
    }

    /** Says {@code problem} on stderr; the exit code is 1, and the window closes if {@code close}. */
    void fail(String problem, boolean close) {
        System.err.println(Messages.text("cli.problem", problem));
        code.complete(1);
        if (close) {
            Platform.exit();
        }
    }

    void close() {
        int status = 0;
        // A script must hear about a run that failed, not only about a file that could not be saved.
        for (var run : window.session().history()) {
            if (run.result() != null && run.result().outcome() == RunResult.Outcome.FAILED) {
                System.err.println(Messages.text("cli.run-failed", run.title(), run.result().message()));
                status = 1;
            }
        }
        code.complete(status);
        window.dispose();
        Platform.exit();
    }
}
