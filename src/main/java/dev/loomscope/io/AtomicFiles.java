package dev.loomscope.io;

import dev.loomscope.text.Text;
import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The one way LoomScope writes a file the user asked for (an export, a recording, a thread dump):
 * whole or not at all. The content goes to a temporary file beside the target, which takes the
 * target's name only once it is complete and on disk; whatever goes wrong (a full disk, a folder
 * that refuses), the temporary file is deleted, a file already there is left as it was, and the
 * {@link IOException} says in plain words which file and why: "Could not write /x/y.png: no space
 * left on device."
 *
 * <p>A target that is a symbolic link is written where the link points (the link stays). A target
 * that exists and is no regular file, such as a device ({@code /dev/null}, {@code /dev/full}) or a
 * named pipe, is written straight into: it cannot be replaced, and must not be.
 */
public final class AtomicFiles {

    /** Writes a file's content to a stream. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes a file's content to a path that does not exist yet (for APIs that write files themselves: JFR, thread dumps). */
    @FunctionalInterface
    public interface ContentAt {
        void writeTo(Path file) throws IOException;
    }

    private AtomicFiles() {
    }

    /**
     * Writes {@code content} to {@code file}, whole or not at all.
     *
     * @throws IOException "Could not write FILE: REASON." (the cause attached)
     */
    public static void write(Path file, Content content) throws IOException {
        var pending = begin(file);
        try {
            content.writeTo(pending.out());
            pending.commit();
        } catch (IOException | RuntimeException e) {
            pending.abort();
            throw failure(file, e);
        }
    }

    /**
     * As {@link #write}, for content that an API writes to a path of its own: {@code content} gets a
     * path that does not exist yet, beside {@code file}, which takes {@code file}'s name if it succeeds.
     */
    public static void writeAt(Path file, ContentAt content) throws IOException {
        Path target = target(file);
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            try {
                content.writeTo(target); // a device or a pipe: written straight into
                return;
            } catch (IOException | RuntimeException e) {
                throw failure(file, e);
            }
        }
        Path temporary = temporaryBeside(target);
        try {
            content.writeTo(temporary);
            if (!Files.isRegularFile(temporary)) {
                throw new IOException(Text.get("io.nothing-written"));
            }
            try (var channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            moveIntoPlace(temporary, target);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(temporary);
            throw failure(file, e);
        }
    }

    /**
     * Opens {@code file} for a content written bit by bit (a clip's frames as they come): nothing
     * shows under its name until {@link Pending#commit}; {@link Pending#abort} leaves nothing behind.
     *
     * @throws IOException "Could not write FILE: REASON."
     */
    public static Pending begin(Path file) throws IOException {
        Path target = target(file);
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            try {
                return new Pending(file, null, target, Files.newOutputStream(target, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING));
            } catch (IOException | RuntimeException e) {
                throw failure(file, e);
            }
        }
        Path temporary = temporaryBeside(target);
        try {
            FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            return new Pending(file, temporary, target, new Synced(channel));
        } catch (IOException | RuntimeException e) {
            deleteQuietly(temporary);
            throw failure(file, e);
        }
    }

    /** A file being written: its stream, then {@link #commit} or {@link #abort}. */
    public static final class Pending {
        private final Path file;
        private final Path temporary;
        private final Path target;
        private final OutputStream out;
        private boolean done;

        private Pending(Path file, Path temporary, Path target, OutputStream raw) {
            this.file = file;
            this.temporary = temporary;
            this.target = target;
            this.out = new BufferedOutputStream(raw, 1 << 16);
        }

        /** Where the content goes; closed by {@link #commit} or {@link #abort}, not by the writer. */
        public OutputStream out() {
            return new FilterOutputStream(out) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                }

                @Override
                public void close() throws IOException {
                    out.flush();
                }
            };
        }

        /**
         * Puts the whole file in place under its name.
         *
         * @throws IOException "Could not write FILE: REASON."; the temporary file is gone
         */
        public void commit() throws IOException {
            if (done) {
                throw new IllegalStateException("already committed or aborted");
            }
            try {
                out.close(); // flushes, and forces the content to the disk (Synced)
                if (temporary != null) {
                    moveIntoPlace(temporary, target);
                }
                done = true;
            } catch (IOException | RuntimeException e) {
                abort();
                throw failure(file, e);
            }
        }

        /** Drops what was written: the temporary file is deleted, a file already under the name left as it was. */
        public void abort() {
            done = true;
            try {
                out.close();
            } catch (IOException | RuntimeException e) {
                // Being dropped: a full disk refuses the last bytes too.
            }
            deleteQuietly(temporary);
        }
    }

    /** The message of a failed write: "Could not write FILE: REASON." */
    public static IOException failure(Path file, Throwable error) {
        if (error instanceof CouldNotWrite said) {
            return said;
        }
        return new CouldNotWrite(file, reason(error), error);
    }

    /** "Could not write FILE: REASON.", the reason in plain words (lower case, no full stop). */
    public static IOException couldNotWrite(Path file, String reason) {
        return new CouldNotWrite(file, reason, null);
    }

    /** Whether {@code error} is such a sentence already, naming its file: its reason is then its cause's. */
    public static boolean isWriteFailure(Throwable error) {
        return error instanceof CouldNotWrite;
    }

    /** A failed write told whole: recognised by its class, not by its words (they come from the bundle). */
    private static final class CouldNotWrite extends IOException {
        CouldNotWrite(Path file, String reason, Throwable cause) {
            super(Text.get("io.could-not-write", file, reason), cause);
        }
    }

    /** Why a file could not be written, in plain words ("no space left on device", "permission denied"). */
    public static String reason(Throwable error) {
        Throwable cause = error;
        // The innermost exception with something to say (ImageIO and others wrap the file system's own).
        while (cause.getCause() != null && cause.getCause() != cause
                && (cause.getCause() instanceof IOException || cause.getMessage() == null)) {
            cause = cause.getCause();
        }
        return switch (cause) {
            case AccessDeniedException e -> Text.get("io.permission-denied");
            case NoSuchFileException e -> Text.get("io.no-such-file");
            case FileSystemException e when e.getReason() != null -> plain(e.getReason());
            default -> cause.getMessage() != null ? plain(cause.getMessage()) : cause.getClass().getSimpleName();
        };
    }

    private static String plain(String reason) {
        String text = reason.strip();
        if (text.endsWith(".")) {
            text = text.substring(0, text.length() - 1);
        }
        // The C library's words ("No space left on device") start with a capital; mid-sentence they should not.
        if (text.length() > 1 && Character.isUpperCase(text.charAt(0)) && !Character.isUpperCase(text.charAt(1))) {
            text = text.substring(0, 1).toLowerCase(Locale.ROOT) + text.substring(1);
        }
        return text;
    }

    /** Where {@code file} really is: a symbolic link is followed; the folder it is in must exist. */
    private static Path target(Path file) throws IOException {
        Path target = file.toAbsolutePath();
        for (int links = 0; Files.isSymbolicLink(target); links++) {
            if (links == 40) {
                throw couldNotWrite(file, Text.get("io.too-many-links"));
            }
            target = target.resolveSibling(Files.readSymbolicLink(target)).normalize();
        }
        if (Files.isDirectory(target)) {
            throw couldNotWrite(file, Text.get("io.is-a-folder"));
        }
        Path parent = target.getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw couldNotWrite(file, Text.get("io.no-folder", parent));
        }
        return target;
    }

    /** A name no other writer uses, beside the target and hidden: ".NAME.1a2b3c4d.part". */
    private static Path temporaryBeside(Path target) {
        String tag = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        return target.resolveSibling("." + target.getFileName() + "." + tag + ".part");
    }

    private static void moveIntoPlace(Path temporary, Path target) throws IOException {
        try {
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // Left as a hidden ".part" file, named for what it is.
        }
    }

    /** A file channel's stream that forces the content to the disk when it is closed, so that a rename never outruns it. */
    private static final class Synced extends OutputStream {
        private final FileChannel channel;
        private final OutputStream out;

        Synced(FileChannel channel) {
            this.channel = channel;
            this.out = Channels.newOutputStream(channel);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            try {
                if (channel.isOpen()) {
                    channel.force(true);
                }
            } finally {
                out.close();
            }
        }
    }
}
