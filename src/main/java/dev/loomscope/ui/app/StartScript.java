package dev.loomscope.ui.app;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.ui.export.ClipRecorder;
import dev.loomscope.ui.export.ReplayClip;
import dev.loomscope.ui.fx.FxThread;
import dev.loomscope.ui.shell.MainWindow;
import java.util.concurrent.CompletableFuture;

/**
 * What the window does by itself once it is open, as the command line asks: each waits for what it
 * needs (the first frame, the runs' end, an observation, a race's end) and ends with the process's
 * exit code. A script that leaves the window open for a person never ends: its exit code is 0.
 */
sealed interface StartScript {

    /** Starts on the open window; completes with the exit code, before the window closes. */
    CompletableFuture<Integer> start(MainWindow window);

    /** The script these settings ask for ({@code exitWhenShown}: a start-up benchmark's, over any other). */
    static StartScript of(WindowCommand.Settings settings, boolean exitWhenShown) {
        var script = settings.script();
        if (exitWhenShown) {
            return new ExitWhenShown();
        } else if (settings.observe().opens()) {
            return new OpenFiles(settings.observe().open(), settings.observe().dump(), script);
        } else if (settings.observe().observes()) {
            return new Observe(settings.observe().pid(), script);
        } else if (script.race()) {
            return new RaceThen(script);
        } else if (script.record() != null) {
            return new Record(script);
        } else if (script.screenshot() != null || script.results() != null) {
            return new PictureOrResults(script);
        } else if (settings.run().atStart() && script.repeat() > 1) {
            return new Rounds(script.repeat());
        }
        return new None();
    }

    /** The line a window started for a start-up benchmark prints once its first frame is on screen. */
    String SHOWN_LINE = "loomscope: window shown";

    /** The line it prints before, once its opening frame is painted (the yardstick, whose first frame is its last, prints none). */
    String OPENING_LINE = "loomscope:opening-frame-painted";

    /** The opening frame is painted: a start-up benchmark's window says so ({@code asked}), as its first mark. */
    static void openingPainted(boolean asked) {
        if (asked) {
            System.out.println(OPENING_LINE);
            System.out.flush();
        }
    }

    /** Whether a start-up benchmark or the AOT cache's training run started the window (see {@link dev.loomscope.bench.StartupBenchmark#EXIT_WHEN_SHOWN}). */
    static boolean exitWhenShownAsked() {
        String asked = System.getenv(dev.loomscope.bench.StartupBenchmark.EXIT_WHEN_SHOWN);
        return "1".equals(asked) || dev.loomscope.bench.StartupBenchmark.AFTER_INPUT.equals(asked);
    }

    /** Nothing: the window is a person's. */
    record None() implements StartScript {
        @Override
        public CompletableFuture<Integer> start(MainWindow window) {
            return new CompletableFuture<>();
        }
    }

    /** For start-up benchmarks: one line on stdout once the first frame is on screen, then close. */
    record ExitWhenShown() implements StartScript {
        @Override
        public CompletableFuture<Integer> start(MainWindow window) {
            var code = new CompletableFuture<Integer>();
            // Said the moment the first frame is on screen, as the yardstick (EmptyWindow) says it: the
            // cards, which that frame did not show, join just after.
            window.onFirstFrame(() -> {
                StartupTrace.mark("first frame on screen");
                System.out.println(SHOWN_LINE);
                System.out.flush();
                code.complete(0);
                EmptyWindow.exitAsAsked();
            });
            return code;
        }
    }

    /** --run --repeat N alone: each round once the last has ended; the window stays open. */
    record Rounds(int rounds) implements StartScript {
        @Override
        public CompletableFuture<Integer> start(MainWindow window) {
            new FrameWaits(window).rounds(rounds, -1);
            return new CompletableFuture<>();
        }
    }

    /**
     * --screenshot (--screenshot-after) and --results: once the runs are done (or that long into them), each round of
     * --repeat, the picture and the results, then it closes.
     */
    record PictureOrResults(WindowCommand.Settings.Script script) implements StartScript {
        @Override
        public CompletableFuture<Integer> start(MainWindow window) {
            var waits = new FrameWaits(window);
            var end = new ScriptEnd(window, script, waits);
            int afterMs = script.screenshot() != null ? script.screenshotAfterMs() : -1;
            waits.rounds(script.repeat(), afterMs).thenRun(end::finish);
            return end.code();
        }
    }

    /** --record: once the runs are done, records the shown run's slow-motion replay, saves it (then the results, if asked) and closes. */
    record Record(WindowCommand.Settings.Script script) implements StartScript {
        @Override
        public CompletableFuture<Integer> start(MainWindow window) {
            var waits = new FrameWaits(window);
            var end = new ScriptEnd(window, script, waits);
            waits.runsDone(-1).thenRun(() -> {
                window.exports().setStampRunCard(script.stampCard());
                ReplayClip.record(window.exports(), window.playback(), window.replays()::replay, script.recordView().viewName(), script.record(),
                        script.recordsGif() ? ClipRecorder.Format.GIF : ClipRecorder.Format.PNG_SEQUENCE)
                        .thenAccept(saved -> FxThread.later(() -> {
                            System.out.println(Messages.text("status.saved", saved.toAbsolutePath()));
                            end.saveResultsAndClose();
                        })).exceptionally(end::fail);
            });
            return end.code();
        }
    }

    /**
     * --race: once the runs are done, races the last two at 0.25x; at the race's end, with --screenshot or --results,
     * those and close. A race that never starts (fewer than two finished runs) is said, and ends the window with 1.
     */
    record RaceThen(WindowCommand.Settings.Script script) implements StartScript {
        @Override
        public CompletableFuture<Integer> start(MainWindow window) {
            var waits = new FrameWaits(window);
            var end = new ScriptEnd(window, script, waits);
            boolean closes = script.screenshot() != null || script.results() != null;
            waits.until(now -> !window.session().isRunning()).thenCompose(startedAt -> {
                window.replays().race();
                window.playback().setSpeed(0.25);
                return waits.until(now -> window.playback().race() == null ? now - startedAt > 10_000_000_000L
                        : !window.playback().isPlaying());
            }).thenRun(() -> {
                if (window.playback().race() == null) {
                    end.fail(Messages.text("cli.no-race", window.bannerMessage()), true);
                } else if (closes) {
                    end.finish();
                }
            });
            return end.code();
        }
    }

    /**
     * --observe: attaches; with --screenshot, takes the picture that long after observing began (5 s unless
     * --screenshot-after says), or once the target has exited, then stops observing and closes. An attach that
     * fails says why and exits 1.
     */
    record Observe(long pid, WindowCommand.Settings.Script script) implements StartScript {
        @Override
        public CompletableFuture<Integer> start(MainWindow window) {
            var waits = new FrameWaits(window);
            var end = new ScriptEnd(window, script, waits);
            var observing = window.observing();
            window.observing().attach(pid);
            long afterNanos = (script.screenshotAfterMs() >= 0 ? script.screenshotAfterMs() : 5_000) * 1_000_000L;
            waits.until(now -> !observing.attachErrorProperty().get().isEmpty() || observing.observed() != null).thenAccept(since -> {
                if (!observing.attachErrorProperty().get().isEmpty()) {
                    end.fail(observing.attachErrorProperty().get(), script.screenshot() != null);
                } else if (script.screenshot() != null) {
                    waits.until(now -> !observing.attachErrorProperty().get().isEmpty() || observing.observed() != null
                            && (now - since >= afterNanos || observing.observed().observation().ended() && now - since > 1_500_000_000L)).thenRun(() -> {
                                if (!observing.attachErrorProperty().get().isEmpty()) {
                                    end.fail(observing.attachErrorProperty().get(), true);
                                } else {
                                    // Closing stops the observation and waits for its recording in the target to close.
                                    end.saveScreenshot(end::close);
                                }
                            });
                }
            });
            return end.code();
        }
    }

    /**
     * --open: reads the file (or two recordings) into the window once its first frame is on screen; with
     * --screenshot, takes the picture once the read has ended and the view has been laid out, then closes
     * (exit code 1 if the file could not be read).
     */
    record OpenFiles(java.util.List<java.nio.file.Path> files, int dump, WindowCommand.Settings.Script script) implements StartScript {
        @Override
        public CompletableFuture<Integer> start(MainWindow window) {
            var waits = new FrameWaits(window);
            var end = new ScriptEnd(window, script, waits);
            window.afterFirstFrame(() -> {
                window.opened().open(files, dump);
                if (script.screenshot() != null) {
                    var view = window.opened().view();
                    waits.until(now -> !view.reading()).thenCompose(read -> waits.after(Math.max(script.screenshotAfterMs(), 400)))
                            .thenRun(() -> end.saveScreenshot(() -> {
                                if (view.showsFile()) {
                                    end.close();
                                } else {
                                    end.fail(window.bannerMessage() == null ? "" : window.bannerMessage(), true);
                                }
                            }));
                }
            });
            return end.code();
        }
    }
}
