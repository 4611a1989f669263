package dev.loomscope.cli;

import dev.loomscope.testing.FreePorts;
import dev.loomscope.testing.StartedFirst;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.Main;
import dev.loomscope.testing.ObservedProgram;
import dev.loomscope.testing.TargetJvm;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.io.TempDir;

/** {@code loomscope attach} against real processes: the list, the summary and its JSON, and every way it cannot observe. */
@ResourceLock(TargetJvm.LOCK)
@StartedFirst
class AttachCommandTest {

    private static final Duration START = Duration.ofSeconds(60);

    record Outcome(int exitCode, String out, String err) {
    }

    /** Runs the command in this JVM; it prints through picocli's writers, so no capture of System.out is needed. */
    static Outcome attach(String... args) {
        return attach(new StringWriter(), new StringWriter(), args);
    }

    /** With writers the caller can read while the command goes on (a StringWriter is safe across threads). */
    static Outcome attach(StringWriter out, StringWriter err, String... args) {
        var commandLine = LoomScopeCommand.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        var all = new ArrayList<>(List.of("attach"));
        all.addAll(List.of(args));
        int code = commandLine.execute(all.toArray(String[]::new));
        return new Outcome(code, out.toString(), err.toString());
    }

    @Test
    void observesForADurationAndPrintsExactlyTheSummaryFieldsAsJsonAndWritesTheJfrFile(@TempDir Path dir) throws Exception {
        Path jfr = dir.resolve("observed.jfr");
        try (var target = TargetJvm.java(ObservedProgram.class, "pin")) {
            target.awaitLine("ready"::equals, START);
            target.awaitAttachable();

            Outcome listed = attach();
            assertThat(listed.exitCode()).isZero();
            assertThat(listed.out().lines()).as("the list; stderr: %s", listed.err()).anyMatch(line -> line.matches(target.pid() + "\\s+25\\S*\\s+yes\\s+" + ObservedProgram.class.getName()));

            Outcome observed = attach(Long.toString(target.pid()), "--duration", "2s", "--json", "--jfr", jfr.toString());

            assertThat(observed.exitCode()).as(observed.err()).isZero();
            assertThat(observed.err()).contains("Observing PID " + target.pid())
                    .contains("enabled in the target: jdk.VirtualThreadStart (no stack trace), jdk.VirtualThreadEnd (no stack trace), "
                            + "jdk.VirtualThreadPinned (threshold 0 ms, stack trace), jdk.VirtualThreadSubmitFailed (stack trace)");
            JsonNode json = new ObjectMapper().readTree(observed.out());
            assertThat(fieldNames(json)).containsExactly("pid", "jdk", "durationMs", "virtualThreadStarts", "virtualThreadEnds", "pinnedEvents",
                    "pinnedMs", "pinnedReasons", "pinHotspots", "submitFailed", "schedulerParallelism", "schedulerPoolSizeMax", "mountedMax",
                    "queuedMax", "threadDumpVirtualThreads");
            assertThat(json.get("pid").asLong()).isEqualTo(target.pid());
            assertThat(json.get("jdk").asText()).startsWith("25");
            assertThat(json.get("pinnedEvents").asLong()).isPositive();
            assertThat(json.get("virtualThreadStarts").asLong()).isPositive();
            // Every pin is counted under its reason, and the program's native-frame pins are nearly all of them: one run on a
            // loaded machine counted 116 of 117 under that reason (the other one's reason was not kept).
            long byReason = 0;
            for (JsonNode count : json.get("pinnedReasons")) {
                byReason += count.asLong();
            }
            assertThat(byReason).isEqualTo(json.get("pinnedEvents").asLong());
            assertThat(json.get("pinnedReasons").fieldNames().next()).as("the most frequent reason first").isEqualTo("Native or VM frame on stack");
            assertThat(json.get("pinnedReasons").get("Native or VM frame on stack").asLong()).isGreaterThanOrEqualTo(json.get("pinnedEvents").asLong() * 9 / 10);
            JsonNode hotspot = json.get("pinHotspots").get(0);
            assertThat(fieldNames(hotspot)).containsExactly("frames", "count", "totalMs");
            assertThat(hotspot.get("frames").toString()).contains(ObservedProgram.class.getName() + ".sleepingCompare");
            assertThat(json.get("schedulerParallelism").asInt()).isPositive();
            assertThat(json.get("threadDumpVirtualThreads").isInt()).isTrue();
            assertThat(json.get("submitFailed").asLong()).isZero();

            try (var recording = new RecordingFile(jfr)) {
                long pins = 0;
                while (recording.hasMoreEvents()) {
                    pins += recording.readEvent().getEventType().getName().equals("jdk.VirtualThreadPinned") ? 1 : 0;
                }
                assertThat(pins).isPositive();
            }
            assertThat(target.process().isAlive()).isTrue();
        }
    }

    @Test
    void aTargetThatExitsMidStreamGetsItsSummaryAndAClearLine(@TempDir Path dir) throws Exception {
        Path jfr = dir.resolve("observed.jfr");
        try (var target = TargetJvm.java(ObservedProgram.class, "churn", "60000")) {
            target.awaitLine("ready"::equals, START);
            target.awaitAttachable();

            var said = new StringWriter();
            // On a thread of its own: an observation blocks for seconds, too long for the common pool's one thread on 2 cores.
            var observing = java.util.concurrent.CompletableFuture.supplyAsync(() -> attach(new StringWriter(), said,
                    Long.toString(target.pid()), "--jfr", jfr.toString()), attach -> Thread.ofPlatform().daemon().name("attach").start(attach));
            // The program ends (as Ctrl+C would end it) once it is being observed, however long attaching took.
            dev.loomscope.testing.Poll.until("the target observed", START, () -> said.toString().contains("Observing PID " + target.pid()));
            target.process().destroy();
            Outcome observed = observing.get(START.toSeconds(), TimeUnit.SECONDS);

            assertThat(observed.exitCode()).isEqualTo(3);
            assertThat(observed.out()).contains("Observed PID " + target.pid()).contains("the data until then is kept");
            assertThat(observed.err()).containsPattern("loomscope attach: PID " + target.pid() + " exited after [0-9.]+ s; the data until then is kept");
            // The recording asked for ends with the target: said, not silently missing.
            assertThat(observed.err()).contains("The .jfr file " + jfr + " was not written: the target exited before its recording could be.");
            try (var left = Files.list(dir)) {
                assertThat(left).isEmpty();
            }
        }
    }

    @Test
    void stoppingLikeCtrlCPrintsTheSummaryAndClosesTheRecordingInTheTarget() throws Exception {
        // A shell without job control starts its background commands with SIGINT ignored, and every JVM
        // below inherits that: the JVM then keeps ignoring it, and no Ctrl+C can be sent to the observer.
        assumeTrue(!sigintIgnoredHere(), "SIGINT is ignored in this process tree (a background job of a shell without job control)");
        try (var target = TargetJvm.java(ObservedProgram.class, "pin")) {
            target.awaitLine("ready"::equals, START);
            target.awaitAttachable();
            try (var observer = TargetJvm.java(Main.class, "attach", Long.toString(target.pid()))) {
                observer.awaitLine(line -> line.startsWith("Observing PID " + target.pid()), START);
                assertThat(target.jcmd("JFR.check")).doesNotContain("No available recordings");

                new ProcessBuilder("kill", "-INT", Long.toString(observer.pid())).start().waitFor(); // what Ctrl+C sends

                assertThat(observer.awaitExit(START)).isTrue();
                assertThat(observer.output()).as("exit %d %s", observer.process().exitValue(), observer.output()).anyMatch(line -> line.startsWith("  pinned "));
                assertThat(observer.output()).anyMatch(line -> line.startsWith("Observed PID " + target.pid())
                        && line.endsWith(": stopped with Ctrl+C."));
                assertThat(observer.output()).anyMatch(line -> line.startsWith("  pinned "));
            }
            assertThat(target.jcmd("JFR.check")).contains("No available recordings");
            assertThat(target.process().isAlive()).isTrue();
        }
    }

    /** Whether this process ignores SIGINT (bit 1 of the SigIgn mask in /proc/self/status), as its children will. */
    private static boolean sigintIgnoredHere() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return false;
        }
        return Files.readAllLines(status).stream().filter(line -> line.startsWith("SigIgn:"))
                .map(line -> Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16))
                .anyMatch(mask -> (mask & (1L << 1)) != 0);
    }

    @Test
    void aJdk17TargetGetsOneClearLine() throws Exception {
        Optional<Path> jdk17 = jdkHome(17);
        assumeTrue(jdk17.isPresent(), "no JDK 17 installed");
        Path dir = Files.createTempDirectory("loomscope-jdk17");
        Path source = dir.resolve("Sleeper.java");
        Files.writeString(source, "public class Sleeper { public static void main(String[] a) throws Exception { "
                + "System.out.println(\"ready\"); Thread.sleep(60_000); } }");
        try (var target = TargetJvm.command(jdk17.get().resolve("bin/java").toString(), "-XX:TieredStopAtLevel=1", source.toString())) {
            target.awaitLine("ready"::equals, START);
            target.awaitAttachable();

            Outcome listed = attach();
            Outcome observed = attach(Long.toString(target.pid()));

            assertThat(listed.out().lines()).anyMatch(line -> line.matches(target.pid() + "\\s+17\\S*\\s+no\\s+.*no virtual threads.*"));
            assertThat(observed.exitCode()).isEqualTo(1);
            assertThat(observed.err().lines()).singleElement().asString().matches("loomscope attach: PID " + target.pid()
                    + " runs JDK 17[0-9.]*, which has no virtual threads \\(they came in JDK 21\\): nothing to observe");
        } finally {
            Files.deleteIfExists(source);
            Files.deleteIfExists(dir);
        }
    }

    @Test
    void aProcessThatIsNotAJvmIsNamed() throws Exception {
        try (var sleep = TargetJvm.command("sleep", "60")) {
            Outcome observed = attach(Long.toString(sleep.pid()));

            assertThat(observed.exitCode()).isEqualTo(1);
            assertThat(observed.err()).matches("loomscope attach: PID " + sleep.pid() + " is not a Java VM \\(it runs \\S*sleep\\)\\R");
            assertThat(sleep.process().isAlive()).as("not signalled").isTrue();
        }
    }

    @Test
    void aPidOfNoProcessIsSaidToBeGone() throws Exception {
        Process done = new ProcessBuilder("true").start();
        done.waitFor(10, TimeUnit.SECONDS);

        Outcome observed = attach(Long.toString(done.pid()));

        assertThat(observed.exitCode()).isEqualTo(1);
        assertThat(observed.err()).startsWith("loomscope attach: no process with PID " + done.pid() + " (it exited, or never was)");
    }

    @Test
    void aProcessOfAnotherUserIsRefusedBeforeAnythingIsSentToIt() throws Exception {
        String me = ProcessHandle.current().info().user().orElse("");
        boolean root = me.equals("root");
        Optional<Path> setpriv = Stream.of("/usr/bin/setpriv", "/bin/setpriv").map(Path::of).filter(Files::isExecutable).findFirst();
        assumeTrue(!root || setpriv.isPresent(), "as root, another user's process is started with setpriv");
        TargetJvm other = root ? TargetJvm.command(setpriv.get().toString(), "--reuid=65534", "--regid=65534", "--clear-groups", "sleep", "60")
                : null;
        try {
            long pid = other != null ? other.pid() : 1;
            if (other != null) {
                dev.loomscope.testing.Poll.until("the process running as another user", START,
                        () -> ProcessHandle.of(pid).flatMap(p -> p.info().user()).filter(u -> !u.equals(me)).isPresent());
            }

            Outcome observed = attach(Long.toString(pid));

            assertThat(observed.exitCode()).isEqualTo(1);
            assertThat(observed.err()).startsWith("loomscope attach: PID " + pid + " is not yours (it runs as ")
                    .contains("LoomScope observes only your own JVMs");
        } finally {
            if (other != null) {
                other.close();
            }
        }
    }

    @Test
    void aJvmThatExposesJmxItselfIsObservedThroughItsUrl() throws Exception {
        int port = FreePorts.next();
        try (var target = TargetJvm.java(ObservedProgram.class, List.of("-Dcom.sun.management.jmxremote.port=" + port,
                "-Dcom.sun.management.jmxremote.rmi.port=" + port, "-Dcom.sun.management.jmxremote.host=127.0.0.1",
                "-Dcom.sun.management.jmxremote.authenticate=false", "-Dcom.sun.management.jmxremote.ssl=false"), "pin")) {
            target.awaitLine("ready"::equals, START);

            Outcome observed = attach("--jmx", "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi", "--duration", "2s", "--json");

            assertThat(observed.exitCode()).as(observed.err()).isZero();
            JsonNode json = new ObjectMapper().readTree(observed.out());
            assertThat(json.get("pid").asLong()).isEqualTo(target.pid());
            assertThat(json.get("pinnedEvents").asLong()).isPositive();
            assertThat(target.jcmd("JFR.check")).contains("No available recordings");
        }
    }

    @Test
    void aJmxUrlWhereNothingAnswersGetsOneLine() {
        Outcome observed = attach("--jmx", "service:jmx:rmi:///jndi/rmi://127.0.0.1:9/jmxrmi");

        assertThat(observed.exitCode()).isEqualTo(1);
        assertThat(observed.err()).startsWith("loomscope attach: nothing answers JMX at service:jmx:rmi:///jndi/rmi://127.0.0.1:9/jmxrmi")
                .hasLineCount(1);
    }

    @Test
    void aPidAndAJmxUrlTogetherAreBadOptions() {
        Outcome observed = attach("123", "--jmx", "service:jmx:rmi:///jndi/rmi://127.0.0.1:9/jmxrmi");

        assertThat(observed.exitCode()).isEqualTo(LoomScopeCommand.EXIT_USAGE);
        assertThat(observed.err()).contains("give a PID or --jmx URL, not both");
    }

    private static List<String> fieldNames(JsonNode node) {
        var names = new ArrayList<String>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** An installed JDK of this feature release, found by its release file. */
    static Optional<Path> jdkHome(int feature) throws IOException {
        try (Stream<Path> homes = Files.list(Path.of("/usr/lib/jvm"))) {
            return homes.filter(home -> {
                try {
                    Path release = home.resolve("release");
                    return Files.isExecutable(home.resolve("bin/java")) && Files.isRegularFile(release)
                            && Files.readString(release, StandardCharsets.UTF_8).contains("JAVA_VERSION=\"" + feature + ".");
                } catch (IOException e) {
                    return false;
                }
            }).findFirst();
        } catch (java.nio.file.NoSuchFileException e) {
            return Optional.empty();
        }
    }
}
