package dev.loomscope.testing;

import dev.loomscope.bench.RecordingBenchmark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The reader JVMs the tests' own JVM started, found by the file they read, and a recording big enough to take them a while. */
public final class ReaderProcesses {

    private ReaderProcesses() {
    }

    /** The live child of this JVM whose command line names {@code file}, if any. */
    public static Optional<ProcessHandle> reading(Path file) {
        String path = file.toAbsolutePath().toString();
        // The whole command line from /proc: ProcessHandle.Info leaves out the arguments of a command line longer than
        // a page (4 KB here), and the test class path brings a reader's close to that, over it in a checkout at a longer path.
        return ProcessHandle.current().children().filter(ProcessHandle::isAlive).filter(p -> arguments(p).contains(path)).findFirst();
    }

    private static List<String> arguments(ProcessHandle process) {
        try {
            return Arrays.asList(Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline")).split("\0"));
        } catch (IOException e) {
            return List.of(); // it has ended
        }
    }

    /**
     * A recording of a million short virtual threads (two million events): a reader JVM takes a second or more over
     * it, reporting its progress as it goes, so it can be stopped halfway, and its chunks' pools need far more than
     * 16 MB of heap. (Two million threads took twice the CPU to record, for nothing these tests need.)
     */
    public static synchronized Path busyRecording() throws IOException, InterruptedException {
        // Made once for the test JVM (seconds of CPU): the classes that need it only read it.
        if (busy == null) {
            Path dir = Files.createTempDirectory("loomscope-busy-recording");
            busy = RecordingBenchmark.record(dir.resolve("busy.jfr"), 1_000_000, 10_000);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    Files.deleteIfExists(busy);
                    Files.deleteIfExists(dir);
                } catch (IOException e) {
                    // A temporary folder left behind.
                }
            }));
        }
        return busy;
    }

    private static Path busy;
}
