package dev.loomscope.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.management.HotSpotDiagnosticMXBean;
import dev.loomscope.io.AtomicFiles;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the JDK's JSON thread dump (virtual threads included) and counts the virtual threads in it. */
public final class ThreadDumps {

    /** @param virtualThreads virtual threads in the dump, -1 if none was written; @param error why not (a sentence without its full stop), or null */
    record Result(int virtualThreads, String error) {
        static final Result NONE = new Result(-1, null);
    }

    private ThreadDumps() {
    }

    /**
     * Writes one dump to a scratch file and deletes it. The first dump of a JVM loads the management
     * beans and the JDK's dump writer, which took over a second on a busy machine: done before the
     * run's clock, the run's own dump is taken as its tasks wait, not after they ended.
     */
    static void warmUp() {
        try {
            Path scratch = Files.createTempFile("loomscope-warm-up", ".json");
            Files.delete(scratch);
            try {
                ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                        .dumpThreads(scratch.toAbsolutePath().toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
            } finally {
                Files.deleteIfExists(scratch);
            }
        } catch (IOException | RuntimeException e) {
            // The run's own dump will say what is wrong, in its result.
        }
    }

    static Result write(Path file) {
        int[] virtualThreads = {-1};
        try {
            // Whole or not at all, beside the file: the JDK's dump refuses a path that exists.
            AtomicFiles.writeAt(file, partial -> {
                ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                        .dumpThreads(partial.toAbsolutePath().toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
                if (Files.isRegularFile(partial)) {
                    virtualThreads[0] = countVirtualThreads(new ObjectMapper().readTree(partial.toFile()));
                }
            });
            return new Result(virtualThreads[0], null);
        } catch (IOException | RuntimeException e) {
            return new Result(-1, Text.get("runner.dump.not-written", file, why(file, e)));
        }
    }

    /** Why {@code file} could not be written, in words ("no space left on device", "permission denied"). */
    private static String why(Path file, Exception e) {
        Path folder = file.toAbsolutePath().getParent();
        if (folder != null && !Files.isDirectory(folder)) {
            return Text.get("runner.dump.no-folder", folder);
        }
        // AtomicFiles' own sentence names the file already: the reason is its cause's.
        Throwable cause = AtomicFiles.isWriteFailure(e) && e.getCause() != null ? e.getCause() : e;
        return AtomicFiles.reason(cause);
    }

    /** The JSON dump lists threads per container; virtual threads carry "virtual": true. */
    public static int countVirtualThreads(JsonNode dump) {
        int count = 0;
        for (JsonNode container : dump.path("threadDump").path("threadContainers")) {
            for (JsonNode thread : container.path("threads")) {
                if (thread.path("virtual").asBoolean(false)) {
                    count++;
                }
            }
        }
        return count;
    }
}
