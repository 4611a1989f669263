package dev.loomscope.ui.export;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.model.Playback;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import javafx.animation.AnimationTimer;

/**
 * A clip of a finished run's slow-motion replay, from its first moment to its last, stepped frame
 * by frame: each frame moves the replay on by {@link ClipRecorder#FRAME_MS} x the speed, however
 * long the window took to draw the last one, so the clip plays smoothly even when the machine could
 * not keep ten pictures a second. The speed is the slowest that keeps the clip within
 * {@link #LONGEST_MS} (a 200 ms burst plays at 0.1x: two seconds).
 */
public final class ReplayClip {

    public static final double LONGEST_MS = 12_000;
    /** How long the replay may take to be prepared (a million-task run's events sorted) before the clip gives up. */
    private static final long PREPARE_LIMIT_NANOS = 15_000_000_000L;

    private ReplayClip() {
    }

    /** The slowest replay speed at which {@code runMs} plays within {@link #LONGEST_MS}. */
    static double speedFor(double runMs) {
        return Playback.SPEEDS.stream().filter(speed -> runMs / speed <= LONGEST_MS).findFirst().orElse(Playback.SPEEDS.getLast());
    }

    /**
     * Records the replay that {@code startReplay} starts. FX thread. The future completes with the
     * saved clip, or fails with what went wrong (no replay could start, the file could not be written).
     */
    public static CompletableFuture<Path> record(WindowExports exports, Playback playback, Runnable startReplay, String view,
                                                 Path target, ClipRecorder.Format format) {
        var result = new CompletableFuture<Path>();
        startReplay.run();
        var clips = exports.clips();
        new AnimationTimer() {
            private final long askedAt = System.nanoTime();
            private CompletableFuture<Path> saving;
            private double runMsPerFrame;
            private int frame;

            @Override
            public void handle(long now) {
                if (saving == null) {
                    if (playback.isActive()) {
                        double speed = speedFor(playback.durationMs());
                        playback.setSpeed(speed);
                        playback.setPlaying(false);
                        playback.scrubTo(0);
                        runMsPerFrame = ClipRecorder.FRAME_MS * speed;
                        saving = exports.recordClip(view, target, true, format);
                        saving.whenComplete((saved, error) -> {
                            if (error != null) {
                                result.completeExceptionally(error);
                            } else {
                                result.complete(saved);
                            }
                        });
                    } else if (now - askedAt > PREPARE_LIMIT_NANOS) {
                        stop();
                        result.completeExceptionally(new IllegalStateException(Messages.text("clip.no-replay")));
                    }
                    return;
                }
                if (!clips.isRecording()) {
                    stop(); // it failed, or was stopped by hand: the future says which
                    return;
                }
                if (!clips.readyForFrame()) {
                    return; // the writer is behind: the replay waits for it, nothing is skipped
                }
                // The scrub asked for last pulse is drawn by now: the window's frame loop runs before this timer.
                clips.captureFrame(frame);
                double position = ++frame * runMsPerFrame;
                if (position > playback.durationMs() + runMsPerFrame) {
                    stop();
                    clips.stop();
                } else {
                    playback.scrubTo(Math.min(position, playback.durationMs()));
                }
            }
        }.start();
        return result;
    }
}
