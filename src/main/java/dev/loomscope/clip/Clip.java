package dev.loomscope.clip;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A clip being written, frame by frame, for slides (an animated GIF) or for a video editor (a
 * folder of numbered PNGs). The file is whole or not there at all: it is written beside its name
 * and takes it only when {@link #finish} succeeds; {@link #abort} leaves nothing behind.
 */
public interface Clip {

    /**
     * Adds a frame shown from {@code atMs} (milliseconds from the clip's start, never decreasing).
     *
     * @param argb the frame's pixels, row by row, {@link #width()} x {@link #height()} of them
     */
    void add(int[] argb, long atMs) throws IOException;

    /** Completes the clip, the last frame shown for {@code lastFrameMs}; returns where it is. */
    Path finish(long lastFrameMs) throws IOException;

    /** Drops the clip: nothing of it is left. */
    void abort();

    int width();

    int height();

    /** Frames added so far. */
    int framesAdded();

    /** An animated GIF that loops, written to {@code file}. */
    static Clip gif(Path file, int width, int height) throws IOException {
        return new GifClip(file, width, height);
    }

    /** Numbered PNGs in {@code folder}, one per {@code 1000 / framesPerSecond} ms, for a video editor. */
    static Clip pngSequence(Path folder, int width, int height, int framesPerSecond) throws IOException {
        return new PngSequence(folder, width, height, framesPerSecond);
    }
}
