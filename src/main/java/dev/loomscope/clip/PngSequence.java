package dev.loomscope.clip;

import dev.loomscope.io.AtomicFiles;
import dev.loomscope.text.Text;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import javax.imageio.ImageIO;

/**
 * A clip as numbered PNGs ({@code frame-00000.png}, ...) at a constant frame rate, as video editors
 * and {@code ffmpeg -framerate N -i frame-%05d.png} read them. A frame that came late (the window
 * was busy) is filled in by repeating the one before, so the clip keeps its real pace. The frames
 * go to a folder beside the chosen one, which takes its name once the clip is finished.
 */
final class PngSequence implements Clip {

    private final Path folder;
    private final Path partial;
    private final int width;
    private final int height;
    private final double frameMs;
    private BufferedImage last;
    private int next;
    private int added;

    PngSequence(Path folder, int width, int height, int framesPerSecond) throws IOException {
        if (framesPerSecond < 1 || framesPerSecond > 60) {
            throw new IllegalArgumentException("a PNG sequence has 1 to 60 frames a second (got " + framesPerSecond + ")");
        }
        this.folder = folder.toAbsolutePath();
        if (Files.exists(this.folder) && (!Files.isDirectory(this.folder) || !isEmpty(this.folder))) {
            throw AtomicFiles.couldNotWrite(folder, Text.get("clip.folder-not-empty"));
        }
        Path parent = this.folder.getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw AtomicFiles.couldNotWrite(folder, Text.get("io.no-folder", parent));
        }
        this.partial = this.folder.resolveSibling(this.folder.getFileName() + ".part");
        try {
            Files.createDirectories(partial);
        } catch (IOException e) {
            throw AtomicFiles.failure(folder, e);
        }
        this.width = width;
        this.height = height;
        this.frameMs = 1000.0 / framesPerSecond;
    }

    private static boolean isEmpty(Path folder) throws IOException {
        try (var entries = Files.list(folder)) {
            return entries.findAny().isEmpty();
        }
    }

    @Override
    public void add(int[] argb, long atMs) throws IOException {
        if (argb.length != width * height) {
            throw new IllegalArgumentException("a frame of this clip has %d pixels (got %d)".formatted(width * height, argb.length));
        }
        added++;
        int index = (int) Math.round(atMs / frameMs);
        while (last != null && next < index) {
            write(last); // the frames it stood for while the window was busy
        }
        var image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        image.setRGB(0, 0, width, height, argb, 0, width);
        last = image;
        if (next <= index) {
            write(image);
        }
    }

    private void write(BufferedImage image) throws IOException {
        Path frame = partial.resolve("frame-%05d.png".formatted(next));
        // Through a stream of our own: ImageIO's own file handling hides the file system's reason.
        try (var out = new java.io.BufferedOutputStream(Files.newOutputStream(frame), 1 << 16)) {
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException(Text.get("clip.no-png-writer"));
            }
        } catch (IOException e) {
            throw AtomicFiles.failure(folder, e);
        }
        next++;
    }

    @Override
    public Path finish(long lastFrameMs) throws IOException {
        try {
            if (Files.isDirectory(folder)) {
                Files.delete(folder); // checked empty at the start
            }
            Files.move(partial, folder, StandardCopyOption.ATOMIC_MOVE);
            return folder;
        } catch (IOException | RuntimeException e) {
            abort();
            throw AtomicFiles.failure(folder, e);
        }
    }

    @Override
    public void abort() {
        try (var files = Files.walk(partial)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // Nothing was written yet, or the folder is already gone.
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
        return added;
    }
}
