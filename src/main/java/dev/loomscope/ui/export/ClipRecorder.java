package dev.loomscope.ui.export;

import dev.loomscope.ui.fx.Messages;
import dev.loomscope.clip.Clip;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.animation.AnimationTimer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;

/**
 * Records what a view shows as a clip: a picture every {@link #FRAME_MS} ms on the FX thread (the
 * same picture as the export menu's, with the run card if it is stamped), written by a thread of
 * its own. Clips are at most {@link #MAX_WIDTH} pixels wide: a 1920x1080 window is recorded at
 * 1280x720, which keeps ten seconds of a run under about ten megabytes as a GIF.
 *
 * <p>The writer thread is started by the FX thread, so it inherits the window's lowered priority:
 * recording never takes a core from a run. When it falls behind, pictures are skipped (the frame
 * before stays up longer), never queued without bound.
 */
public final class ClipRecorder {

    public static final int FRAMES_PER_SECOND = 10;
    public static final long FRAME_MS = 1000 / FRAMES_PER_SECOND;
    public static final int MAX_WIDTH = 1280;
    /** A clip stops by itself after this long: a recording left on must not fill the disk. */
    public static final long LIMIT_MS = 60_000;
    private static final int MAX_WAITING_FRAMES = 3;

    /** The formats a clip is written in. */
    public enum Format {
        GIF, PNG_SEQUENCE
    }

    /** A recording under way. */
    private final class Recording extends AnimationTimer {
        final String view;
        final Path target;
        final Format format;
        final CompletableFuture<Path> saved = new CompletableFuture<>();
        final AtomicInteger waiting = new AtomicInteger();
        // Not a daemon: a window closed mid-recording still finishes the clip before the JVM exits.
        final ExecutorService writer = Executors.newSingleThreadExecutor(task -> Thread.ofPlatform().name("clip-writer").unstarted(task));
        long startedAt = -1;
        long lastFrameAt;
        /** The clip time of a stepped recording's last frame; -1 for a live one. */
        long lastStepMs = -1;
        Clip clip;
        double scale;
        volatile Throwable failed;

        Recording(String view, Path target, Format format) {
            this.view = view;
            this.target = target;
            this.format = format;
        }

        private boolean stopped;

        @Override
        public void handle(long now) {
            if (stopped) {
                return; // stopped earlier in this pulse, by another timer
            }
            if (startedAt < 0) {
                startedAt = now;
            } else if (now - lastFrameAt < FRAME_MS * 1_000_000L) {
                return;
            }
            long atMs = (now - startedAt) / 1_000_000L;
            if (atMs >= LIMIT_MS || failed != null) {
                stop(false);
                return;
            }
            lastFrameAt = now;
            if (waiting.get() >= MAX_WAITING_FRAMES) {
                return; // the writer is behind: this frame is skipped, the one before stays up
            }
            capture(atMs);
        }

        /** Takes this frame's picture and hands it to the writer. */
        void capture(long atMs) {
            int[] pixels;
            try {
                pixels = picture();
            } catch (RuntimeException e) {
                failed = e;
                stop(false);
                return;
            }
            waiting.incrementAndGet();
            writer.execute(() -> {
                try {
                    if (failed == null) {
                        clip.add(pixels, atMs);
                    }
                } catch (Exception e) {
                    failed = e;
                } finally {
                    waiting.decrementAndGet();
                }
            });
        }

        /** This frame's pixels, at the clip's size (a window resized meanwhile is cut or padded to it). */
        private int[] picture() {
            if (clip == null) {
                // A picture at 1x is as wide as what it shows.
                scale = Math.min(1, MAX_WIDTH / Math.max(1, exports.subject(view).getLayoutBounds().getWidth()));
            }
            WritableImage image = exports.picture(view, scale);
            int width = (int) image.getWidth();
            int height = (int) image.getHeight();
            if (clip == null) {
                try {
                    clip = format == Format.GIF ? Clip.gif(target, width, height) : Clip.pngSequence(target, width, height, FRAMES_PER_SECOND);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
            int[] pixels = new int[clip.width() * clip.height()];
            image.getPixelReader().getPixels(0, 0, Math.min(width, clip.width()), Math.min(height, clip.height()),
                    PixelFormat.getIntArgbInstance(), pixels, 0, clip.width());
            return pixels;
        }

        /** Ends the recording: the clip is finished (or dropped) on the writer thread. */
        void stop(boolean dropped) {
            if (stopped) {
                return;
            }
            stopped = true;
            super.stop();
            current = null;
            long endMs = Math.max(FRAME_MS, (System.nanoTime() - startedAt) / 1_000_000L);
            // A stepped clip's last frame lasts one step; a live one's, until the stop.
            long lastFrameMs = lastStepMs >= 0 ? FRAME_MS : Math.max(FRAME_MS, endMs - (lastFrameAt - startedAt) / 1_000_000L);
            writer.execute(() -> {
                try {
                    Throwable error = failed;
                    if (clip == null) {
                        saved.completeExceptionally(error != null ? error : new IllegalStateException(Messages.text("clip.no-frame")));
                    } else if (dropped || error != null) {
                        clip.abort();
                        saved.completeExceptionally(error != null ? error : new java.util.concurrent.CancellationException("dropped"));
                    } else {
                        saved.complete(clip.finish(lastFrameMs));
                    }
                } catch (Exception e) {
                    saved.completeExceptionally(e);
                }
            });
            writer.shutdown();
        }
    }

    private final WindowExports exports;
    private Recording current;

    ClipRecorder(WindowExports exports) {
        this.exports = exports;
    }

    public boolean isRecording() {
        return current != null;
    }

    /** Seconds recorded so far (0 when not recording). */
    public double recordedSeconds() {
        return current == null || current.startedAt < 0 ? 0 : (System.nanoTime() - current.startedAt) / 1e9;
    }

    /**
     * Starts recording {@code view} to {@code target} (a .gif file, or a folder for PNGs). FX thread.
     * The future completes with the saved file once {@link #stop} has finished it (or the
     * {@link #LIMIT_MS} was reached), or fails with a message naming the file and the reason.
     */
    public CompletableFuture<Path> start(String view, Path target, Format format) {
        if (current != null) {
            return refused();
        }
        begin(view, target, format).start();
        return current.saved;
    }

    private CompletableFuture<Path> refused() {
        return CompletableFuture.failedFuture(new IllegalStateException(Messages.text("clip.busy", WindowExports.shown(current.view))));
    }

    /** A new recording, its frames not yet taken. */
    private Recording begin(String view, Path target, Format format) {
        exports.subject(view); // an unknown view fails here, before anything is written
        current = new Recording(view, target, format);
        return current;
    }

    /**
     * Starts a recording whose frames the caller takes, one {@link #captureFrame} per frame, each
     * {@link #FRAME_MS} of clip time after the last whatever time the window took to draw it: a
     * replay stepped frame by frame makes a smooth clip even on a machine too busy to keep ten
     * pictures a second. FX thread.
     */
    public CompletableFuture<Path> startStepped(String view, Path target, Format format) {
        if (current != null) {
            return refused();
        }
        begin(view, target, format).startedAt = System.nanoTime();
        return current.saved;
    }

    /** Whether the writer can take another stepped frame now (else wait a frame: nothing is skipped). */
    public boolean readyForFrame() {
        return current != null && current.waiting.get() < MAX_WAITING_FRAMES;
    }

    /** Takes frame {@code index} of a stepped recording: shown from {@code index x FRAME_MS} ms of the clip. FX thread. */
    public void captureFrame(int index) {
        Recording recording = current; // a picture that fails ends the recording (and clears current) inside capture
        if (recording != null && recording.failed == null) {
            recording.capture(index * FRAME_MS);
            recording.lastStepMs = index * FRAME_MS;
        }
    }

    /** Stops the recording and saves the clip. FX thread. */
    public void stop() {
        if (current != null) {
            current.stop(false);
        }
    }

    /** Stops the recording and drops what it recorded (the window is closing). FX thread. */
    public void drop() {
        if (current != null) {
            current.stop(true);
        }
    }
}
