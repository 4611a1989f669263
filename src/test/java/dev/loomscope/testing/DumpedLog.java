package dev.loomscope.testing;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A service's log with several thread dumps, made as a service's is: a JVM ({@link RecordedProgram}'s {@code steps}) writes
 * its own lines to standard output, and each SIGQUIT sent to it (kill -3) writes a thread dump there, between them. Before
 * dump K the program starts a platform thread named "step-K": dump K holds K of them.
 */
public final class DumpedLog {

    /** The line that ends each thread list of a SIGQUIT dump (the heap's summary follows it). */
    private static final String DUMP_END = "JNI global refs";

    private DumpedLog() {
    }

    /** Writes to {@code file} the standard output of a JVM sent SIGQUIT {@code dumps} times, one more "step-K" thread before each. */
    public static Path write(Path file, int dumps) throws Exception {
        try (var jvm = TargetJvm.java(RecordedProgram.class, "steps")) {
            var in = new PrintWriter(jvm.process().getOutputStream(), true, StandardCharsets.UTF_8);
            for (int k = 1; k <= dumps; k++) {
                in.println("next");
                jvm.awaitLine(("step " + k)::equals, Duration.ofSeconds(60));
                Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(jvm.pid())).inheritIO().start();
                if (!kill.waitFor(30, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                    throw new IllegalStateException("kill -QUIT " + jvm.pid() + " failed");
                }
                int written = k;
                Poll.until("dump " + k + " of PID " + jvm.pid() + " written", Duration.ofSeconds(60),
                        () -> jvm.output().stream().filter(line -> line.startsWith(DUMP_END)).count() == written);
            }
            in.close(); // the program's input ends: it exits
            if (!jvm.awaitExit(Duration.ofSeconds(30))) {
                throw new IllegalStateException("PID " + jvm.pid() + " did not exit once its input ended");
            }
            return Files.write(file, jvm.output(), StandardCharsets.UTF_8);
        }
    }
}
