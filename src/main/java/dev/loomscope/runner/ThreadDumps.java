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

    /** @param virtualThreads virtual threads in the dump, -1 if none was written; @param error why not (a sentence without its full stop), or null */
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
            return new Result(-1, "The thread dump could not be written to " + file + ": " + why(file, e));
        }
    }

    /** Why {@code file} could not be written, in words (the JDK's message for a missing folder is the file's name alone). */
    private static String why(Path file, Exception e) {
        Path folder = file.toAbsolutePath().getParent();
        if (folder != null && !Files.isDirectory(folder)) {
            return "the folder " + folder + " does not exist";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        String message = e.getMessage();
        return message == null || message.isBlank() || message.equals(file.toString()) ? "the file system refused it" : message;
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
