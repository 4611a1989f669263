package dev.loomscope.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the JDK's JSON thread dump (virtual threads included) and counts the virtual threads in it. */
public final class ThreadDumps {

    /** @param virtualThreads virtual threads in the dump, -1 if none was written; @param error why not, or null */
    record Result(int virtualThreads, String error) {
        static final Result NONE = new Result(-1, null);
    }

    private ThreadDumps() {
    }

    static Result write(Path file) {
        try {
            Files.deleteIfExists(file);
            ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .dumpThreads(file.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
            return new Result(countVirtualThreads(new ObjectMapper().readTree(file.toFile())), null);
        } catch (IOException | RuntimeException e) {
            return new Result(-1, "could not write the thread dump to " + file + ": " + e.getMessage());
        }
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
