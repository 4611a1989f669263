package dev.loomscope.testing;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Dumps of a service whose threads change between them, taken as a service's are. A JVM ({@link RecordedProgram}'s
 * {@code steps}) starts a platform thread named "step-K", parked, before dump K: dump K holds K of them. Its log is its standard
 * output, where each SIGQUIT sent to it (kill -3) writes a thread dump between its own lines; or each dump is jcmd's JSON one.
 */
public final class DumpedLog {

    /** The line that ends each thread list of a SIGQUIT dump (the heap's summary follows it). */
    private static final String DUMP_END = "JNI global refs";
    /** The last line of the heap's summary that follows each SIGQUIT dump. */
    private static final String HEAP_END = "class space";

    private DumpedLog() {
    }

    /** What is done to the JVM once its step K is taken. */
    private interface Dumping {
        void dump(TargetJvm jvm, int k) throws Exception;
    }

    /** Writes to {@code file} the standard output of a JVM sent SIGQUIT {@code dumps} times, one more "step-K" thread before each. */
    public static Path write(Path file, int dumps) throws Exception {
        List<String> output = steps(dumps, (jvm, k) -> {
            Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(jvm.pid())).inheritIO().start();
            if (!kill.waitFor(30, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -QUIT " + jvm.pid() + " failed");
            }
            // The whole of it, the heap's summary after the threads included, before the program prints again.
            Poll.until("dump " + k + " of PID " + jvm.pid() + " written", Duration.ofSeconds(60),
                    () -> jvm.output().stream().filter(line -> line.startsWith(DUMP_END)).count() == k
                            && jvm.output().stream().filter(line -> line.strip().startsWith(HEAP_END)).count() == k);
        });
        return Files.write(file, output, StandardCharsets.UTF_8);
    }

    /** jcmd's JSON dumps of one JVM, {@code dumps} of them in {@code dir} ("steps-K.json"), one more "step-K" thread before each. */
    public static List<Path> json(Path dir, int dumps) throws Exception {
        var files = new ArrayList<Path>();
        steps(dumps, (jvm, k) -> {
            Path file = dir.resolve("steps-" + k + ".json");
            String said = jvm.jcmd("Thread.dump_to_file -format=json " + file);
            if (!Files.isRegularFile(file)) {
                throw new IllegalStateException("no " + file + ": " + said);
            }
            files.add(file);
        });
        return files;
    }

    /** Runs the program through {@code dumps} steps, {@code dumping} it after each; its output, once it has exited. */
    private static List<String> steps(int dumps, Dumping dumping) throws Exception {
        try (var jvm = TargetJvm.java(RecordedProgram.class, "steps")) {
            var in = new PrintWriter(jvm.process().getOutputStream(), true, StandardCharsets.UTF_8);
            for (int k = 1; k <= dumps; k++) {
                in.println("next");
                String step = "step " + k;
                jvm.awaitLine(line -> line.endsWith(step), Duration.ofSeconds(60));
                dumping.dump(jvm, k);
            }
            in.close(); // the program's input ends: it exits
            if (!jvm.awaitExit(Duration.ofSeconds(30))) {
                throw new IllegalStateException("PID " + jvm.pid() + " did not exit once its input ended");
            }
            return jvm.output();
        }
    }
}
