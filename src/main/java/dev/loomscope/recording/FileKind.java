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
     * version), or {@code jstack PID}, {@code jcmd PID Thread.print} and a JVM's SIGQUIT dump in a log (a line that begins
     * "Full thread dump", anywhere in a file of text).
     */
    TEXT_THREAD_DUMP;

    /** What is read first to tell a file's kind: a recording's or a dump's first bytes, or a log's first lines. */
    static final int TEXT_HEAD_BYTES = 64 * 1_024;
    /** How jstack's heading line begins (the JVM's own words, read, never shown). */
    private static final String JSTACK_HEADING_START = "Full thread dump ";
    private static final byte[] HEADING = ("\n" + JSTACK_HEADING_START).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);

    private static final java.util.regex.Pattern DUMP_TO_FILE_HEAD = java.util.regex.Pattern.compile("\\A\\d+\\R\\d{4}-\\d\\d-\\d\\dT\\S+\\R\\S+\\R");

    /** The kind of {@code file}, or an exception whose message says in one line why it cannot be opened. */
    public static FileKind of(Path file) throws UnreadableFileException {
        return sniff(file).kind();
    }

    /**
     * A file's kind, and where a text dump's reading begins: 0 when its heading is in the file's first
     * {@value #TEXT_HEAD_BYTES} bytes, else a few lines before the first "Full thread dump" of a log (the line before it
     * gives the dump's time).
     */
    public record Sniffed(Path file, FileKind kind, long readFrom) {
    }

    /** What {@link #of} tells, with where to start reading a text dump: one look at the head, one search of a log. */
    public static Sniffed sniff(Path file) throws UnreadableFileException {
        if (!Files.exists(file)) {
            throw new UnreadableFileException(Text.get("open.error.missing", file));
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new UnreadableFileException(Text.get("open.error.not-readable", file));
        }
        byte[] head = head(file);
        int n = head.length;
        if (n >= 4 && head[0] == 'F' && head[1] == 'L' && head[2] == 'R' && head[3] == 0) {
            return new Sniffed(file, JFR, 0);
        }
        int i = firstContent(head);
        if (i < n && head[i] == '{') {
            return new Sniffed(file, THREAD_DUMP, 0);
        }
        if (textHeadingIn(head, i)) {
            return new Sniffed(file, TEXT_THREAD_DUMP, 0);
        }
        long heading = n == TEXT_HEAD_BYTES && isText(head) ? jstackHeading(file) : -1;
        if (heading >= 0) {
            // A service's log, its dump further on.
            return new Sniffed(file, TEXT_THREAD_DUMP, readFrom(heading, -1));
        }
        throw new UnreadableFileException(n == 0 ? Text.get("open.error.empty", file) : Text.get("open.error.unknown", file));
    }

    /** Whether these bytes read as text: a log, not a binary file that happens to hold the words. */
    private static boolean isText(byte[] bytes) {
        for (int k = 0; k < bytes.length; k++) {
            if (bytes[k] == 0) {
                return false;
            }
        }
        return true;
    }

    /** The file's first {@value #TEXT_HEAD_BYTES} bytes, or all of a shorter one. */
    private static byte[] head(Path file) throws UnreadableFileException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(TEXT_HEAD_BYTES);
        } catch (IOException e) {
            throw new UnreadableFileException(Text.get("open.error.io", file, e.getMessage()), e);
        }
    }

    /** Where the content begins, past a UTF-8 byte-order mark and blank space. */
    private static int firstContent(byte[] head) {
        int i = head.length >= 3 && (head[0] & 0xff) == 0xEF && (head[1] & 0xff) == 0xBB && (head[2] & 0xff) == 0xBF ? 3 : 0;
        while (i < head.length && Character.isWhitespace(head[i])) {
            i++;
        }
        return i;
    }

    /** Whether a text dump's heading is in these bytes: jcmd's three lines at {@code from}, or jstack's line anywhere. */
    private static boolean textHeadingIn(byte[] head, int from) {
        String text = new String(head, from, head.length - from, java.nio.charset.StandardCharsets.ISO_8859_1);
        if (DUMP_TO_FILE_HEAD.matcher(text).lookingAt()) {
            return true;
        }
        var headings = new Headings(1);
        headings.scan(head, from, head.length, 0);
        return headings.seen > 0;
    }

    /** How far before a log's dump its reading begins: room for the line of its time, however long the log's lines. */
    private static final int LINES_BEFORE_BYTES = 4_096;

    /**
     * Where reading a log's dump whose heading is at {@code heading} begins: a few lines before it, for the line of its time,
     * but past the heading of the dump before it ({@code previous}; -1 for none), however small that dump.
     */
    static long readFrom(long heading, long previous) {
        return Math.max(Math.max(0, heading - LINES_BEFORE_BYTES), previous + 1);
    }

    /**
     * Where the first of jstack's headings starts in {@code file} (a SIGQUIT dump in a log of any length), or -1
     * if there is none. The file is searched at about the speed it is read; an interrupted thread stops searching and is told
     * -1 with its interrupt kept, so a cancelled open ends at once.
     */
    static long jstackHeading(Path file) throws UnreadableFileException {
        long[] first = jstackHeadings(file, 1);
        return first == null || first.length == 0 ? -1 : first[0];
    }

    /**
     * Where each of jstack's headings ({@link Headings}' rule) starts in {@code file}, in order, the first {@code most} at most (a
     * log holds one for each time its JVM was sent SIGQUIT, a file of jstack's output one for each time it was run); null if the
     * thread was interrupted, its interrupt kept. Searched as {@link #jstackHeading(Path)}.
     */
    static long[] jstackHeadings(Path file, int most) throws UnreadableFileException {
        return jstackHeadings(file, most, ReadProgress.NONE);
    }

    /** What searching a file's headings reports: every so many bytes, as the reading of a dump does its threads. */
    private static final long SEARCH_REPORT_BYTES = 16L << 20;

    /** As {@link #jstackHeadings(Path, int)}, reporting the bytes searched of the file's size (no events) as it goes. */
    static long[] jstackHeadings(Path file, int most, ReadProgress progress) throws UnreadableFileException {
        byte[] buffer = new byte[1 << 16];
        var headings = new Headings(most);
        long offset = 0;
        try (InputStream in = Files.newInputStream(file)) {
            long size = Files.size(file);
            int n;
            while (headings.seen < most && (n = in.read(buffer)) > 0) {
                headings.scan(buffer, 0, n, offset);
                if ((offset + n) / SEARCH_REPORT_BYTES != offset / SEARCH_REPORT_BYTES) {
                    progress.progress(offset + n, size, 0);
                }
                offset += n;
                if (Thread.currentThread().isInterrupted()) {
                    return null;
                }
            }
        } catch (java.nio.channels.ClosedByInterruptException e) {
            return null; // the file's channel closed by the interrupt, which stays set
        } catch (IOException e) {
            throw new UnreadableFileException(Text.get("open.error.io", file, e.getMessage()), e);
        }
        return java.util.Arrays.copyOf(headings.found, headings.seen);
    }

    /**
     * The runtime a line that is one of jstack's headings names ({@code 25.0.3+9-LTS} of "Full thread dump OpenJDK 64-Bit
     * Server VM (25.0.3+9-LTS mixed mode, sharing):"), or null for any other line: {@link Headings}' rule, for a reader
     * that reads lines.
     */
    static String jstackHeadingRuntime(String line) {
        if (!line.startsWith(JSTACK_HEADING_START)) {
            return null; // most lines a reader asks about are frames: a quick look first
        }
        byte[] bytes = ("\n" + line + "\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        var headings = new Headings(1);
        headings.scan(bytes, 0, bytes.length, 0);
        if (headings.seen == 0) {
            return null;
        }
        int open = line.indexOf('(');
        int end = open + 1;
        while (end < line.length() && !Character.isWhitespace(line.charAt(end)) && line.charAt(end) != ')') {
            end++;
        }
        return line.substring(open + 1, end);
    }

    /**
     * jstack's headings in bytes scanned in order, however they fall across buffers: lines that begin "Full thread dump ", name
     * the runtime in brackets and end with "):", as the JVM writes them ("... VM (25.0.3+9-LTS mixed mode, sharing):"); a log's
     * own words about a dump ("Full thread dump requested (by ops)") are none. One rule for a file's head and its whole search;
     * {@code TextThreadDumpReader} reads its lines by the same ({@link #jstackHeadingRuntime}).
     */
    private static final class Headings {
        private final int most;
        private long[] found = new long[4];
        private int seen;
        private int matched = 1; // the first byte scanned counts as a line's start
        private boolean onHeading;
        private boolean bracketed;
        private int last;
        private int beforeLast;
        private long candidate = -1;

        Headings(int most) {
            this.most = most;
        }

        /** Scans bytes {@code from} to {@code to} of {@code bytes}, which lie at {@code offset} in the file, until {@code most} are found. */
        void scan(byte[] bytes, int from, int to, long offset) {
            for (int k = from; k < to && seen < most; k++) {
                byte b = bytes[k];
                if (onHeading) {
                    if (b == '\n') {
                        if (bracketed && beforeLast == ')' && last == ':') {
                            if (seen == found.length) {
                                found = java.util.Arrays.copyOf(found, seen * 2);
                            }
                            found[seen++] = candidate;
                        }
                        onHeading = false;
                        matched = 1; // the next line begins
                    } else if (b != '\r') {
                        bracketed |= last == '(' && b != ' ' && b != '\t';
                        beforeLast = last;
                        last = b;
                    }
                    continue;
                }
                if (b == HEADING[matched]) {
                    if (++matched == HEADING.length) {
                        candidate = offset + k + 1 - (HEADING.length - 1);
                        onHeading = true;
                        bracketed = false;
                        last = ' ';
                        beforeLast = ' ';
                        matched = 0;
                    }
                } else {
                    matched = b == '\n' ? 1 : 0;
                }
            }
        }
    }
}
