package dev.loomscope.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a run keeps for after it has ended: its events and samples (for replay and the timeline
 * export) and the JFR recording its runner saved (for export). Old runs of a long session drop
 * both; a replica being replayed keeps neither.
 */
final class RunArchive {

    private volatile Recording events;
    private volatile Path jfrFile;

    RunArchive(boolean keepsEvents) {
        this.events = keepsEvents ? new Recording() : null;
    }

    /** The events and samples kept so far; null once dropped (or never kept). */
    Recording events() {
        return events;
    }

    void jfrFileIs(Path file) {
        jfrFile = file;
    }

    /** The runner's saved recording, if it is there; else null. */
    Path jfrFile() {
        Path file = jfrFile;
        return file != null && Files.isRegularFile(file) ? file : null;
    }

    /** Frees the events and deletes the saved JFR file. */
    void drop() {
        events = null;
        Path file = jfrFile;
        jfrFile = null;
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // A temporary file; it goes when the JVM exits.
            }
        }
    }
}
