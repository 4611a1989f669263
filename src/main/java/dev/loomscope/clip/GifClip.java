package dev.loomscope.clip;

import dev.loomscope.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;

/** An {@link AnimatedGif} written beside its file name, which it takes once finished. */
final class GifClip implements Clip {

    private final Path file;
    private final AtomicFiles.Pending pending;
    private final AnimatedGif gif;
    private final int width;
    private final int height;

    GifClip(Path file, int width, int height) throws IOException {
        this.file = file.toAbsolutePath();
        this.width = width;
        this.height = height;
        this.pending = AtomicFiles.begin(this.file);
        this.gif = new AnimatedGif(pending.out(), width, height);
    }

    @Override
    public void add(int[] argb, long atMs) throws IOException {
        gif.add(argb, atMs);
    }

    @Override
    public Path finish(long lastFrameMs) throws IOException {
        try {
            gif.finish(lastFrameMs);
            gif.close();
            pending.commit();
            return file;
        } catch (IOException | RuntimeException e) {
            abort();
            throw AtomicFiles.failure(file, e);
        }
    }

    @Override
    public void abort() {
        try {
            gif.close();
        } catch (IOException | RuntimeException e) {
            // Being dropped: the temporary file goes below either way.
        }
        pending.abort();
    }

    @Override
    public int width() {
        return width;
    }

    @Override
    public int height() {
        return height;
    }

    @Override
    public int framesAdded() {
        return gif.framesAdded();
    }
}
