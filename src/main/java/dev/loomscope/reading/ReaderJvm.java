package dev.loomscope.reading;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.recording.FileKind;
import dev.loomscope.recording.ReadProgress;
import dev.loomscope.recording.RecordingSummary;
import dev.loomscope.recording.RecordingSummaryJson;
import dev.loomscope.recording.UnreadableFileException;
import dev.loomscope.text.Text;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads one JFR recording in a JVM of its own, {@code loomscope open FILE --json --progress-json}, for the window: the JDK's
 * parser holds each chunk's constant pools while it reads the chunk (for millions of short virtual threads, hundreds of MB),
 * and in the window's process that memory stayed taken after the read. The reader's heap is small and fixed; what comes back
 * is the summary alone. Its progress lines are handed on as they come. {@link #cancel()} ends the reader at once.
 */
public final class ReaderJvm {

    /**
     * The reader's heap, measured: a 500 MB recording of 10.8 million short virtual threads (24 chunks of 450,000 threads each)
     * ran out of memory in 192 MB, read in 256 MB with half its CPU time spent collecting, and in 384 MB at 17 s of CPU, as fast
     * as with 512 MB. Its size is what a chunk names, not the file's: the rest is room for chunks that name more threads.
     */
    public static final int HEAP_MB = 384;

    /** The program's entry point, named here as the reader does not depend on it (it is the command line's). */
    static final String MAIN = "dev.loomscope.Main";

    /** Readers alive; a hook ends them when the window's JVM exits first. */
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("loomscope-reader-cleanup").unstarted(() -> LIVE.forEach(Process::destroyForcibly)));
    }

    private final int heapMb;
    private final JvmLauncher launcher;
    private volatile Process process;
    private volatile boolean cancelled;

    public ReaderJvm() {
        this(HEAP_MB);
    }

    /** A reader with {@code heapMb} of heap (a test gives it too little). */
    public ReaderJvm(int heapMb) {
        this.heapMb = heapMb;
        this.launcher = JvmLauncher.standard();
    }

    /**
     * Below this size a reader compiles with C1 alone. Measured (CPU time of the reader JVM): a 5 MB recording took 0.78 s with
     * C1 against 1.5 s with C2, a 19 MB one 1.3 s against 1.9 s, a 207 MB one 8.8 s against 9.2 s; over a 500 MB one C1's code
     * took 10-20 % more.
     */
    public static final long C1_BELOW_BYTES = 200L << 20;

    /**
     * The reader's JVM options for a file of {@code fileBytes}: its heap; the serial collector (one thread and no structures of
     * its own for a heap this small); an OutOfMemoryError ends the JVM at once (exit code 3); C1 alone below
     * {@link #C1_BELOW_BYTES}, where C2's compilations cost more than they save.
     */
    public List<String> jvmOptions(long fileBytes) {
        var options = new java.util.ArrayList<>(List.of("-Xmx" + heapMb + "m", "-Xms16m", "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError"));
        if (fileBytes < C1_BELOW_BYTES) {
            options.add("-XX:TieredStopAtLevel=1");
        }
        return List.copyOf(options);
    }

    /** The command that reads {@code file}: the summary JSON on stdout, progress on stderr. */
    public List<String> command(Path file) {
        long bytes;
        try {
            bytes = java.nio.file.Files.size(file);
        } catch (IOException e) {
            bytes = Long.MAX_VALUE; // the reader will say what is wrong with it
        }
        return launcher.toolCommand(MAIN, jvmOptions(bytes), List.of("open", file.toAbsolutePath().toString(), "--json", "--progress-json"));
    }

    /**
     * Reads {@code file} in a reader JVM; blocks until it is done. A file that is not a recording, or that the reader could not
     * read, or a reader that died (killed, out of memory), is an exception whose message is one line for the user.
     *
     * @throws InterruptedException when {@link #cancel()} ended the reader (it has exited by then)
     */
    public RecordingSummary read(Path file, ReadProgress progress) throws UnreadableFileException, InterruptedException {
        if (FileKind.of(file) != FileKind.JFR) {
            throw new UnreadableFileException(Text.get("open.error.not-jfr", file));
        }
        Process p;
        try {
            p = new ProcessBuilder(command(file)).start();
            p.getOutputStream().close(); // it reads nothing from us
        } catch (IOException e) {
            throw new UnreadableFileException(Text.get("open.child.cannot-start", file, e.getMessage()), e);
        }
        LIVE.add(p);
        process = p;
        p.onExit().thenRun(() -> LIVE.remove(p));
        if (cancelled) {
            p.destroyForcibly();
        }
        try {
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return "";
                }
            }, r -> Thread.ofVirtual().name("loomscope-reader-out").start(r));
            var mapper = new ObjectMapper();
            String error = null;
            var lastLines = new ArrayDeque<String>();
            try (var err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = err.readLine()) != null;) {
                    JsonNode json = line.startsWith("{") ? jsonOrNull(mapper, line) : null;
                    if (json != null && json.has("bytes")) {
                        progress.progress(json.path("bytes").asLong(), json.path("size").asLong(), json.path("events").asLong());
                    } else if (json != null && json.has("error")) {
                        error = json.path("error").asText();
                    } else if (!line.isBlank()) {
                        lastLines.addLast(line.strip());
                        if (lastLines.size() > 5) {
                            lastLines.removeFirst();
                        }
                    }
                }
            } catch (IOException e) {
                // The reader was ended (Cancel) or died: its exit says which.
            }
            int exit = p.waitFor();
            if (cancelled) {
                throw new InterruptedException();
            }
            String printed = out.join();
            if (exit == 0) {
                try {
                    return RecordingSummaryJson.read(printed);
                } catch (IOException e) {
                    throw new UnreadableFileException(Text.get("open.child.died", file, exit, ": " + e.getMessage()), e);
                }
            }
            if (error != null) {
                throw new UnreadableFileException(error);
            }
            // -XX:+ExitOnOutOfMemoryError says "Terminating due to java.lang.OutOfMemoryError: Java heap space" on stdout.
            if (printed.contains("OutOfMemoryError") || lastLines.stream().anyMatch(l -> l.contains("OutOfMemoryError"))) {
                throw new UnreadableFileException(Text.get("open.child.memory", file, heapMb, file));
            }
            throw new UnreadableFileException(Text.get("open.child.died", file, exit, lastLines.isEmpty() ? "" : ": " + lastLines.getLast()));
        } finally {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
            p.onExit().join();
        }
    }

    /** Ends the reader now; {@link #read} then throws {@link InterruptedException}. Safe from any thread, before or during the read. */
    public void cancel() {
        cancelled = true;
        Process p = process;
        if (p != null) {
            p.destroyForcibly();
        }
    }

    private static JsonNode jsonOrNull(ObjectMapper mapper, String line) {
        try {
            return mapper.readTree(line);
        } catch (IOException e) {
            return null;
        }
    }
}
