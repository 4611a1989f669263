package dev.loomscope.ui.export;

import dev.loomscope.io.AtomicFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
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

    /** Writes {@code content} to {@code file} now ({@link AtomicFiles}: "Could not write FILE: REASON." if it cannot). */
    static void write(Path file, Content content) throws IOException {
        AtomicFiles.write(file, content::writeTo);
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
