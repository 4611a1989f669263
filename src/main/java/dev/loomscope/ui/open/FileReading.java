package dev.loomscope.ui.open;

import dev.loomscope.reading.ReaderJvm;
import dev.loomscope.recording.DumpIndex;
import dev.loomscope.recording.FileKind;
import dev.loomscope.recording.RecordingSummary;
import dev.loomscope.recording.ThreadDumpReader;
import dev.loomscope.recording.ThreadDumpSummary;
import dev.loomscope.recording.UnreadableFileException;
import dev.loomscope.ui.fx.Messages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One read of a file (or two recordings) on a thread of its own. A recording is read in a JVM of its
 * own ({@link ReaderJvm}): the JDK's parser needs hundreds of MB for some, which the window's process
 * would keep; a thread dump is read here. The reader reports progress every few thousand events; only
 * the newest report is kept, and the window reads it once per frame, so a fast reader costs the FX
 * thread nothing. Only the summaries are kept: the file is streamed.
 */
final class FileReading {

    /** How far the read has come: file {@code index} of {@code files}, its bytes read of its size. */
    record Progress(Path file, int index, int files, long bytes, long size, long events) {
    }

    /** How a read ended. */
    sealed interface Outcome {
        record Recording(RecordingSummary summary) implements Outcome {
        }

        record Dump(ThreadDumpSummary summary) implements Outcome {
        }

        record Two(RecordingSummary before, RecordingSummary after) implements Outcome {
        }

        record Failed(String message) implements Outcome {
        }

        record Cancelled() implements Outcome {
        }
    }

    private final AtomicReference<Progress> progress;
    private final int readerHeapMb;
    private final int dump;
    /** Where a log's dumps begin, kept from one of its dumps read to the next. */
    private final DumpIndex index;
    /** The reader JVM of the recording being read, or null. */
    private volatile ReaderJvm reader;
    private volatile boolean cancelled;
    private final AtomicReference<Outcome> outcome = new AtomicReference<>();
    private final Thread thread;

    /**
     * Reads {@code files}; of a file of thread dumps, dump {@code dump} (the first is 1, {@link ThreadDumpReader#LAST_DUMP} the
     * last), where its dumps begin kept in {@code index}.
     */
    FileReading(List<Path> files, int dump, DumpIndex index) {
        this(files, dump, index, ReaderJvm.HEAP_MB);
    }

    /** With {@code readerHeapMb} of heap for the reader JVM (a test gives it too little). */
    FileReading(List<Path> files, int dump, DumpIndex index, int readerHeapMb) {
        this.readerHeapMb = readerHeapMb;
        this.dump = dump;
        this.index = index;
        progress = new AtomicReference<>(new Progress(files.getFirst(), 0, files.size(), 0, size(files.getFirst()), 0));
        thread = Thread.ofPlatform().daemon().name("loomscope-open").unstarted(() -> {
            Outcome read = read(files);
            // A read stopped part way can end in any way (a log's search cut short reads as no dump): cancelled is what it was.
            outcome.set(cancelled ? new Outcome.Cancelled() : read);
        });
    }

    FileReading start() {
        thread.start();
        return this;
    }

    /** The newest progress report. */
    Progress progress() {
        return progress.get();
    }

    /** How it ended, or null while it reads. */
    Outcome outcome() {
        return outcome.get();
    }

    /** Stops the read: a reader JVM is ended at once, a thread dump's read at its next progress report. */
    void cancel() {
        cancelled = true;
        ReaderJvm r = reader;
        if (r != null) {
            r.cancel();
        }
        thread.interrupt();
    }

    private Outcome read(List<Path> files) {
        try {
            if (files.size() > 2) {
                return new Outcome.Failed(Messages.text("open.window.too-many", files.size()));
            }
            if (files.size() == 2) {
                FileKind.Sniffed earlier = FileKind.sniff(files.get(0));
                FileKind.Sniffed later = FileKind.sniff(files.get(1));
                if ((earlier.kind() == FileKind.JFR) != (later.kind() == FileKind.JFR)) {
                    return new Outcome.Failed(Messages.text("open.window.two-recordings", files.get(1)));
                }
                if (earlier.kind() != FileKind.JFR) {
                    // Two dumps of one JVM: the later read with the earlier, its threads that kept their stack counted.
                    return new Outcome.Dump(ThreadDumpReader.compare(earlier, later, "", (bytes, size, events) -> report(earlier.file(), 0, 2, bytes, size, events),
                            (bytes, size, events) -> report(later.file(), 1, 2, bytes, size, events)));
                }
                return new Outcome.Two(recording(files, 0), recording(files, 1));
            }
            Path file = files.getFirst();
            // Told once: a log is searched for its dump here, and the reader starts where this found it.
            FileKind.Sniffed sniffed = FileKind.sniff(file);
            return switch (sniffed.kind()) {
                case JFR -> new Outcome.Recording(recording(files, 0));
                case THREAD_DUMP, TEXT_THREAD_DUMP -> new Outcome.Dump(ThreadDumpReader.read(sniffed, dump, index, "",
                        (bytes, size, events) -> report(file, 0, 1, bytes, size, events)));
            };
        } catch (UnreadableFileException e) {
            return new Outcome.Failed(e.getMessage());
        } catch (InterruptedException e) {
            return new Outcome.Cancelled();
        } catch (RuntimeException | OutOfMemoryError e) {
            return new Outcome.Failed(Messages.text("open.error.damaged", files.getFirst(), String.valueOf(e.getMessage())));
        }
    }

    private RecordingSummary recording(List<Path> files, int index) throws UnreadableFileException, InterruptedException {
        Path file = files.get(index);
        var r = new ReaderJvm(readerHeapMb);
        reader = r;
        if (cancelled) {
            r.cancel(); // Cancel came between two readers
        }
        try {
            return r.read(file, (bytes, size, events) -> report(file, index, files.size(), bytes, size, events));
        } finally {
            reader = null;
        }
    }

    private void report(Path file, int index, int files, long bytes, long size, long events) {
        progress.set(new Progress(file, index, files, bytes, size, events));
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (java.io.IOException e) {
            return 0;
        }
    }
}
