package dev.loomscope.clip;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** An {@link AnimatedGif} written beside its file name, which it takes once finished. */
final class GifClip implements Clip {

    private final Path file;
    private final Path partial;
    private final AnimatedGif gif;
    private final int width;
    private final int height;

    GifClip(Path file, int width, int height) throws IOException {
        this.file = file.toAbsolutePath();
        Path parent = this.file.getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new IOException("Cannot save " + file + ": the folder " + parent + " does not exist.");
        }
        this.partial = this.file.resolveSibling(this.file.getFileName() + ".part");
        this.width = width;
        this.height = height;
        try {
            this.gif = new AnimatedGif(new BufferedOutputStream(Files.newOutputStream(partial), 1 << 16), width, height);
        } catch (IOException e) {
            Files.deleteIfExists(partial);
            throw new IOException("Cannot save " + file + ": " + e.getMessage(), e);
        }
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
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException | RuntimeException e) {
            abort();
            throw new IOException("Cannot save " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void abort() {
        try {
            gif.close();
        } catch (IOException | RuntimeException e) {
            // Being dropped: the partial file goes below either way.
        }
        try {
            Files.deleteIfExists(partial);
        } catch (IOException e) {
            // Left in the user's folder as NAME.gif.part: harmless, and named for what it is.
        }
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
