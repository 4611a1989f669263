package dev.loomscope.recording;

import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a file's jstack dumps begin, searched once and kept while the file stays as it was (its size and time): stepping
 * through a large log's dumps reads only the dump asked for, not the whole log again each time. One index serves one file.
 */
public final class DumpIndex {

    private Path file;
    private long size = -1;
    private long modified;
    private long[] headings;
    private int searches;

    /**
     * Where each of {@code file}'s headings begins ({@link FileKind#jstackHeadings}): those found before if the file is
     * unchanged, else searched now, reporting the bytes searched; an interrupted search ends as {@link InterruptedException}.
     */
    synchronized long[] headings(Path file, ReadProgress progress) throws UnreadableFileException, InterruptedException {
        long nowSize;
        long nowModified;
        try {
            nowSize = Files.size(file);
            nowModified = Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            throw new UnreadableFileException(Text.get("open.error.io", file, e.getMessage()), e);
        }
        if (headings != null && file.equals(this.file) && nowSize == size && nowModified == modified) {
            return headings;
        }
        long[] found = FileKind.jstackHeadings(file, Integer.MAX_VALUE, progress);
        searches++;
        if (found == null) {
            throw new InterruptedException();
        }
        this.file = file;
        size = nowSize;
        modified = nowModified;
        headings = found;
        return found;
    }

    /** How many times the file was searched (a test's measure). */
    synchronized int searches() {
        return searches;
    }
}
