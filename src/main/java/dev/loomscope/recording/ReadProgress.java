package dev.loomscope.recording;

/**
 * How far a reader has come through a file, reported every few thousand events (never per event), from the reading thread.
 * Implementations hand it on (to a terminal line, or a flag the window reads once per frame) and return at once.
 */
@FunctionalInterface
public interface ReadProgress {

    ReadProgress NONE = (bytes, size, events) -> {
    };

    /**
     * @param bytes  bytes read so far (estimated within a JFR chunk from the events' times), at most {@code size}
     * @param size   the file's size in bytes
     * @param events events (or threads, for a thread dump) read so far
     */
    void progress(long bytes, long size, long events);
}
