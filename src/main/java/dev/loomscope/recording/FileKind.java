package dev.loomscope.recording;

import dev.loomscope.text.Text;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** What a file given to {@code open} holds, told from its first bytes (not its name). */
public enum FileKind {
    /** A JDK Flight Recorder recording: it starts with the chunk magic "FLR\0". */
    JFR,
    /** A JSON document, read as the JDK's JSON thread dump. */
    THREAD_DUMP;

    /** The kind of {@code file}, or an exception whose message says in one line why it cannot be opened. */
    public static FileKind of(Path file) throws UnreadableFileException {
        if (!Files.exists(file)) {
            throw new UnreadableFileException(Text.get("open.error.missing", file));
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new UnreadableFileException(Text.get("open.error.not-readable", file));
        }
        byte[] head = new byte[64];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            throw new UnreadableFileException(Text.get("open.error.io", file, e.getMessage()), e);
        }
        if (n >= 4 && head[0] == 'F' && head[1] == 'L' && head[2] == 'R' && head[3] == 0) {
            return JFR;
        }
        int i = n >= 3 && (head[0] & 0xff) == 0xEF && (head[1] & 0xff) == 0xBB && (head[2] & 0xff) == 0xBF ? 3 : 0; // a UTF-8 BOM
        while (i < n && Character.isWhitespace(head[i])) {
            i++;
        }
        if (i < n && head[i] == '{') {
            return THREAD_DUMP;
        }
        throw new UnreadableFileException(n == 0 ? Text.get("open.error.empty", file) : Text.get("open.error.unknown", file));
    }
}
