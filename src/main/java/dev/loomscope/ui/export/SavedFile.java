package dev.loomscope.ui.export;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.CompletableFuture;

/**
 * The one way the window writes a file: whole or not at all (a partial file never replaces a
 * good one, and none is left behind), off the FX thread, with a message that names the file and
 * what went wrong.
 */
public final class SavedFile {

    /** Writes the content to a stream. */
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private SavedFile() {
    }

    /** Writes {@code content} to {@code file} on a background thread. */
    static CompletableFuture<Path> writeLater(Path file, Content content) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                write(file, content);
                return file;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Writes {@code content} to {@code file} now. */
    static void write(Path file, Content content) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new IOException("Cannot save " + file + ": the folder " + parent + " does not exist.");
        }
        Path partial = file.resolveSibling(file.getFileName() + ".part");
        try {
            try (var out = new BufferedOutputStream(Files.newOutputStream(partial))) {
                content.writeTo(out);
            }
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(partial);
            throw new IOException("Cannot save " + file + ": " + e.getMessage(), e);
        }
    }

    /** The message to show for a failed write, from what a {@link #writeLater} future failed with. */
    public static String problem(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof java.util.concurrent.CompletionException || cause instanceof UncheckedIOException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getMessage();
    }
}
