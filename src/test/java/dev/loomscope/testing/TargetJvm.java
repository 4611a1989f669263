package dev.loomscope.testing;

import dev.loomscope.launcher.JvmFlags;
import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.attach.LocalJvms;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A JVM of the tests' own to observe: started, its output collected, and killed when closed. */
public final class TargetJvm implements AutoCloseable {

    /**
     * The JUnit resource lock of the classes that attach to target JVMs on this machine end to end:
     * one such class at a time, beside the rest of the suite (their targets sleep; what they cost is
     * JFR's streaming and the observer).
     */
    public static final String LOCK = "observed target JVMs";

    /**
     * The same for the classes that observe targets over remote JMX: a lane of their own, beside
     * {@link #LOCK}'s. In one lane, the four classes were the suite's longest path.
     */
    public static final String REMOTE_LOCK = "target JVMs observed over JMX";

    private final Process process;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Thread reader;

    private TargetJvm(List<String> command) throws IOException {
        process = new ProcessBuilder(command).redirectErrorStream(true).start();
        reader = Thread.ofPlatform().daemon().name("target-output").start(() -> {
            try (var reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    lines.add(line);
                }
            } catch (IOException ignored) {
                // The process was killed.
            }
        });
    }

    /** What the JDK's jcmd says when {@code command} (JFR.check, say) is sent to this JVM. */
    public String jcmd(String command) throws IOException, InterruptedException {
        Process jcmd = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid()), command)
                .redirectErrorStream(true).start();
        String output = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        jcmd.waitFor(30, TimeUnit.SECONDS);
        return output;
    }

    /** A JVM of the JDK the tests run on (25), quick to start, running {@code mainClass} from the tests' class path. */
    public static TargetJvm java(Class<?> mainClass, String... args) throws IOException {
        return java(mainClass, List.of(), args);
    }

    /** As {@link #java(Class, String...)}, with more JVM options. */
    public static TargetJvm java(Class<?> mainClass, List<String> jvmOptions, String... args) throws IOException {
        var command = new ArrayList<>(List.of(JvmLauncher.javaExecutable()));
        command.addAll(JvmFlags.required());
        command.addAll(TestJvms.QUICK_START);
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(List.of(args));
        return new TargetJvm(command);
    }

    /** Any command, such as another JDK's java or a program that is not a JVM. */
    public static TargetJvm command(String... command) throws IOException {
        return new TargetJvm(List.of(command));
    }

    public long pid() {
        return process.pid();
    }

    public Process process() {
        return process;
    }

    /** Waits for a line of output that matches, and returns it. */
    public String awaitLine(Predicate<String> matches, Duration timeout) throws Exception {
        Poll.until("a line of output from PID " + pid() + " (so far: " + lines + ")", timeout,
                () -> lines.stream().anyMatch(matches) || !process.isAlive() && lines.stream().anyMatch(matches));
        return lines.stream().filter(matches).findFirst().orElseThrow();
    }

    /** Waits until the Attach API lists this JVM. */
    public TargetJvm awaitAttachable() throws Exception {
        Poll.until("PID " + pid() + " listed by the Attach API", Duration.ofSeconds(30), Duration.ofMillis(50),
                () -> LocalJvms.find(pid()).isPresent());
        return this;
    }

    /** Waits for the process to exit and its output to be read to the end; false if it still runs after {@code timeout}. */
    public boolean awaitExit(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) && reader.join(Duration.ofSeconds(10));
    }

    public List<String> output() {
        return List.copyOf(lines);
    }

    /**
     * Stops it with SIGTERM, so its JVM runs its shutdown hooks and deletes what it made (JFR's
     * repository among them); forcibly if it is still there after 10 s. Not SIGINT, as Ctrl+C would:
     * a shell without job control starts its background jobs with SIGINT ignored, and their targets
     * then waited out the 10 s.
     */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        removeJfrRepository();
    }

    /** A JVM killed forcibly leaves JFR's repository folder ("2026_11_25_00_09_39_PID") behind: the tests tidy theirs when it is empty. */
    private void removeJfrRepository() {
        try (var entries = java.nio.file.Files.newDirectoryStream(java.nio.file.Path.of(System.getProperty("java.io.tmpdir")),
                "20[0-9][0-9]_*_" + process.pid())) {
            for (var folder : entries) {
                try (var contents = java.nio.file.Files.list(folder)) {
                    if (contents.findAny().isEmpty()) {
                        java.nio.file.Files.delete(folder);
                    }
                }
            }
        } catch (IOException ignored) {
            // Only tidying; a folder left behind harms no test.
        }
    }
}
