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
    THREAD_DUMP,
    /**
     * A thread dump in text: {@code jcmd PID Thread.dump_to_file FILE} (its first lines the pid, an instant and the runtime
     * version), or {@code jstack PID}, {@code jcmd PID Thread.print} and a JVM's SIGQUIT dump in a log ("Full thread dump"
     * on a line of its own within the first {@value #TEXT_HEAD_BYTES} bytes).
     */
    TEXT_THREAD_DUMP;

    /** How far into a file a text thread dump's heading is looked for: a log may hold a few lines before it. */
    static final int TEXT_HEAD_BYTES = 64 * 1_024;

    private static final java.util.regex.Pattern DUMP_TO_FILE_HEAD = java.util.regex.Pattern.compile("\\A\\d+\\R\\d{4}-\\d\\d-\\d\\dT\\S+\\R\\S+\\R");
    private static final java.util.regex.Pattern FULL_THREAD_DUMP = java.util.regex.Pattern.compile("(?m)^Full thread dump ");

    /** The kind of {@code file}, or an exception whose message says in one line why it cannot be opened. */
    public static FileKind of(Path file) throws UnreadableFileException {
        if (!Files.exists(file)) {
            throw new UnreadableFileException(Text.get("open.error.missing", file));
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new UnreadableFileException(Text.get("open.error.not-readable", file));
        }
        byte[] head = new byte[TEXT_HEAD_BYTES];
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
        String text = new String(head, i, n - i, java.nio.charset.StandardCharsets.ISO_8859_1);
        if (DUMP_TO_FILE_HEAD.matcher(text).lookingAt() || FULL_THREAD_DUMP.matcher(text).find()) {
            return TEXT_THREAD_DUMP;
        }
        throw new UnreadableFileException(n == 0 ? Text.get("open.error.empty", file) : Text.get("open.error.unknown", file));
    }
}
