package dev.loomscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.model.observe.Observation;
import dev.loomscope.model.observe.ObservationExport;
import dev.loomscope.model.observe.ObservedJvm;
import dev.loomscope.testing.DumpedLog;
import dev.loomscope.testing.NeedsJdk21;
import dev.loomscope.testing.Recordings;
import dev.loomscope.testing.RecordedProgram;
import dev.loomscope.testing.TargetJvm;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loomscope open} on real files made here: a recording of a JVM that starts virtual threads
 * and pins in native code, one of the same program with JFR's defaults (starts and ends off), and
 * a JSON thread dump of a JVM with virtual threads parked at two places. The three JVMs start
 * together, once for the class.
 */
class OpenCommandTest {

    private static final Path JAVA_HOME = Path.of(System.getProperty("java.home"));
    private static final int STARTED = 300;
    private static final int PINS = 4;
    private static final int HERE = 120;
    private static final int THERE = 30;

    @TempDir
    static Path dir;
    static Path recording;
    static Path defaults;
    static Path dump;
    /** The same JVM dumped as jcmd's text dump, and as jstack (jcmd Thread.print) writes it, prefixed by a log's lines. */
    static Path textDump;
    static Path jstackLog;

    record Outcome(int exitCode, String out, String err) {

        /** What it printed, read as the one JSON object {@code --json} prints; a failure shows both streams. */
        JsonNode json() throws IOException {
            assertThat(exitCode).as("exit code; stderr: %s", err).isZero();
            JsonNode json = new ObjectMapper().readTree(out);
            assertThat(json != null && json.isObject()).as("one JSON object on stdout; it printed: [%s]; stderr: [%s]", out, err).isTrue();
            return json;
        }
    }

    @BeforeAll
    static void makeFiles() throws Exception {
        recording = dir.resolve("on.jfr");
        defaults = dir.resolve("defaults.jfr");
        dump = dir.resolve("threads.json");
        Path settings = Recordings.withEveryVirtualThreadEvent(dir);
        try (var on = TargetJvm.java(RecordedProgram.class, List.of("-XX:StartFlightRecording:filename=" + recording + ",settings=" + settings),
                "churn", Integer.toString(STARTED), Integer.toString(PINS));
                var off = TargetJvm.java(RecordedProgram.class, List.of("-XX:StartFlightRecording:filename=" + defaults), "churn", "50", "2");
                var parked = TargetJvm.java(RecordedProgram.class, "park", Integer.toString(HERE), Integer.toString(THERE))) {
            parked.awaitLine("ready"::equals, Duration.ofSeconds(60));
            Process jcmd = new ProcessBuilder(JAVA_HOME.resolve("bin/jcmd").toString(), Long.toString(parked.pid()), "Thread.dump_to_file",
                    "-format=json", dump.toString()).redirectErrorStream(true).start();
            String said = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(jcmd.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(dump).as(said).isRegularFile();
            textDump = dir.resolve("threads.txt");
            Process text = new ProcessBuilder(JAVA_HOME.resolve("bin/jcmd").toString(), Long.toString(parked.pid()), "Thread.dump_to_file",
                    textDump.toString()).redirectErrorStream(true).start();
            String saidText = new String(text.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(text.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(textDump).as(saidText).isRegularFile();
            Process print = new ProcessBuilder(JAVA_HOME.resolve("bin/jcmd").toString(), Long.toString(parked.pid()), "Thread.print").start();
            String printed = new String(print.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(print.waitFor(60, TimeUnit.SECONDS)).isTrue();
            // As a service's log holds it after a SIGQUIT: its own lines first; jcmd's first line (the pid) is not the JVM's.
            jstackLog = Files.writeString(dir.resolve("service.log"), "12:00:01 INFO started\n12:00:02 INFO serving\n"
                    + printed.substring(printed.indexOf('\n') + 1));
            assertThat(on.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(off.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(recording).isRegularFile();
        assertThat(defaults).isRegularFile();
    }

    static Outcome open(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        var commandLine = LoomScopeCommand.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        var all = new ArrayList<>(List.of("open"));
        all.addAll(List.of(args));
        int code = commandLine.execute(all.toArray(String[]::new));
        return new Outcome(code, out.toString(), err.toString());
    }

    /** The Count column of the JDK's own {@code jfr summary}, by event name. */
    static Map<String, Long> jfrSummary(Path file) throws IOException, InterruptedException {
        Process jfr = new ProcessBuilder(JAVA_HOME.resolve("bin/jfr").toString(), "summary", file.toString()).redirectErrorStream(true).start();
        String output = new String(jfr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(jfr.waitFor(60, TimeUnit.SECONDS)).isTrue();
        Map<String, Long> counts = new HashMap<>();
        output.lines().map(String::strip).filter(l -> l.matches("\\S+\\s+\\d+\\s+\\d+")).forEach(l -> {
            String[] cells = l.split("\\s+");
            counts.put(cells[0], Long.parseLong(cells[1]));
        });
        return counts;
    }

    @Test
    void aRecordingsCountsAreTheJdksOwnAndItsFieldsStartWithAttachs() throws Exception {
        Outcome o = open(recording.toString(), "--json");
        JsonNode json = o.json();
        Map<String, Long> jdk = jfrSummary(recording);

        assertThat(json.get("virtualThreadStarts").asLong()).isEqualTo(jdk.get("jdk.VirtualThreadStart")).isGreaterThanOrEqualTo(STARTED);
        assertThat(json.get("virtualThreadEnds").asLong()).isEqualTo(jdk.get("jdk.VirtualThreadEnd"));
        assertThat(json.get("pinnedEvents").asLong()).isEqualTo(jdk.get("jdk.VirtualThreadPinned")).isGreaterThanOrEqualTo(PINS);
        assertThat(json.get("submitFailed").asLong()).isEqualTo(jdk.get("jdk.VirtualThreadSubmitFailed"));
        // jfr summary also counts the file's metadata and constant-pool records, which are not events.
        assertThat(json.get("events").asLong()).isEqualTo(jdk.entrySet().stream()
                .filter(e -> !e.getKey().equals("jdk.Metadata") && !e.getKey().equals("jdk.Checkpoint")).mapToLong(Map.Entry::getValue).sum());
        // attach --json's fields, in its order, then the recording's own.
        var attachFields = new ArrayList<>(ObservationExport.summary(new Observation(new ObservedJvm(1, "x", "25", 25)).snapshot()).keySet());
        var fields = new ArrayList<String>();
        json.fieldNames().forEachRemaining(fields::add);
        assertThat(fields.subList(0, attachFields.size())).isEqualTo(attachFields);
        assertThat(fields).contains("perSecond", "pinDurations", "mostPinnedThreads", "cannotShow");

        assertThat(json.get("startsRecorded").asBoolean()).isTrue();
        assertThat(json.get("pinThresholdMs").asDouble()).isZero();
        assertThat(json.get("jdk").asText()).startsWith("25");
        long perSecondStarts = 0;
        long perSecondPins = 0;
        for (JsonNode row : json.get("perSecond")) {
            perSecondStarts += row.get(1).asLong();
            perSecondPins += row.get(3).asLong();
        }
        assertThat(perSecondStarts).isEqualTo(json.get("virtualThreadStarts").asLong());
        assertThat(perSecondPins).isEqualTo(json.get("pinnedEvents").asLong());
        long binned = 0;
        for (JsonNode bin : json.get("pinDurations")) {
            binned += bin.get("pins").asLong();
        }
        assertThat(binned).isEqualTo(json.get("pinnedEvents").asLong());
        long inHotspots = 0;
        for (JsonNode hotspot : json.get("pinHotspots")) {
            inHotspots += hotspot.get("count").asLong();
        }
        assertThat(inHotspots).isEqualTo(json.get("pinnedEvents").asLong());
        assertThat(json.get("pinHotspots").toString()).contains("sleepingCompare");
        assertThat(json.get("pinnedReasons").get("Native or VM frame on stack").asLong()).isGreaterThanOrEqualTo(PINS);
        assertThat(json.get("mostPinnedThreads").get(0).get("name").asText()).startsWith("pinner-");
        assertThat(json.get("cannotShow").toString()).doesNotContain("VirtualThreadStart#enabled");
    }

    @Test
    void aRecordingReadsAsTextWithItsHotspotsAndMostPinnedThreads() {
        Outcome o = open(recording.toString(), "--progress");
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).contains("virtual threads  ", " started (", "pinned           ", "hotspot 1", "sleepingCompare", "most pinned      #",
                "\"pinner-", "pin durations    ");
        assertThat(o.err()).contains("100%");
    }

    @Test
    void aRecordingWithStartsAndEndsOffSaysSoAndHowToTurnThemOn() throws Exception {
        Outcome o = open(defaults.toString());
        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.out()).contains("starts and ends were not recorded", "jdk.VirtualThreadStart#enabled=true",
                "Pins shorter than 20.0 ms");
        JsonNode json = open(defaults.toString(), "--json").json();
        assertThat(json.get("startsRecorded").asBoolean()).isFalse();
        assertThat(json.get("virtualThreadStarts").asLong()).isZero();
        assertThat(json.get("pinnedEvents").asLong()).isEqualTo(jfrSummary(defaults).get("jdk.VirtualThreadPinned"));
    }

    @Test
    void twoRecordingsSideBySideShowTheDifferences() throws Exception {
        Outcome text = open(defaults.toString(), recording.toString());
        assertThat(text.exitCode()).as(text.err()).isZero();
        Outcome asJson = open(defaults.toString(), recording.toString(), "--json");
        JsonNode json = asJson.json();
        assertThat(json.has("after")).as(asJson.out()).isTrue();
        long starts = json.get("after").get("virtualThreadStarts").asLong();
        assertThat(json.get("before").get("startsRecorded").asBoolean()).isFalse();
        // The JDK's default recording left starts out: no count there, and no difference made up from a 0 (it read +N).
        assertThat(json.get("differences").get("virtualThreadStarts").isNull()).as(asJson.out()).isTrue();
        assertThat(json.get("differences").get("pinnedEvents").isNull()).isFalse();
        assertThat(text.out()).containsPattern("virtual threads started\\s+off\\s+%,d\\s+-\\n".formatted(starts).replace(",", ",?"));
        assertThat(text.out()).contains("defaults.jfr: Virtual-thread starts and ends per second: not recorded");
    }

    @Test
    void aThreadDumpIsGroupedByStackAndContainerAndSearched() throws Exception {
        JsonNode json = open(dump.toString(), "--json").json();
        assertThat(json.get("threadDumpVirtualThreads").asLong()).isGreaterThanOrEqualTo(HERE + THERE);
        JsonNode groups = json.get("groups");
        assertThat(groups.get(0).get("count").asLong()).isEqualTo(HERE);
        assertThat(groups.get(0).get("frames").toString()).contains("RecordedProgram.parkHere");
        assertThat(groups.get(0).get("states").get("WAITING").asLong()).isEqualTo(HERE);
        assertThat(groups.get(0).get("names").get(0).asText()).startsWith("here-");
        assertThat(groups.get(1).get("count").asLong()).isEqualTo(THERE);
        assertThat(groups.get(1).get("frames").toString()).contains("RecordedProgram.parkThere");
        long inContainers = 0;
        for (JsonNode c : json.get("containers")) {
            inContainers += c.get("virtualThreads").asLong();
        }
        assertThat(inContainers).isEqualTo(json.get("threadDumpVirtualThreads").asLong());

        Outcome there = open(dump.toString(), "--grep", "PARKTHERE");
        assertThat(there.exitCode()).as(there.err()).isZero();
        assertThat(there.out()).contains("%,d of ".formatted(THERE), "matching \"PARKTHERE\"", "%,d virtual  WAITING %,d".formatted(THERE, THERE))
                .doesNotContain("parkHere");
    }

    @Test
    void textAndJstackDumpsAreGroupedAsTheJsonDumpIs() throws Exception {
        JsonNode json = open(dump.toString(), "--json").json();
        JsonNode text = open(textDump.toString(), "--json").json();
        assertThat(text.get("format").asText()).isEqualTo("text");
        assertThat(text.get("threadDumpVirtualThreads").asLong()).isEqualTo(json.get("threadDumpVirtualThreads").asLong());
        assertThat(text.get("processId").asLong()).isPositive();
        assertThat(text.get("runtimeVersion").asText()).isEqualTo(json.get("runtimeVersion").asText());
        // The same two groups of parked virtual threads, with the same frames, states and names.
        for (int i = 0; i < 2; i++) {
            for (String field : List.of("count", "virtual", "states", "frames")) {
                assertThat(text.get("groups").get(i).get(field)).as("group %d's %s", i, field).isEqualTo(json.get("groups").get(i).get(field));
            }
            assertThat(text.get("groups").get(i).get("names").get(0).asText()).startsWith(i == 0 ? "here-" : "there-");
        }
        assertThat(text.get("containers")).isEmpty();
        Outcome textOut = open(textDump.toString(), "--grep", "parkThere");
        assertThat(textOut.out()).contains("A text dump", "%,d virtual  WAITING %,d".formatted(THERE, THERE)).doesNotContain("containers\n");

        // jstack holds the platform threads, and virtual threads only where mounted: parked, none is. It says so.
        Outcome jstack = open(jstackLog.toString(), "--json");
        JsonNode stacked = jstack.json();
        assertThat(stacked.get("format").asText()).isEqualTo("jstack");
        assertThat(stacked.get("threadDumpVirtualThreads").asLong()).isZero();
        assertThat(stacked.get("framesUnwritten").asLong()).isZero();
        assertThat(stacked.get("threadDumpPlatformThreads").asLong()).isPositive();
        assertThat(stacked.get("runtimeVersion").asText()).isEqualTo(json.get("runtimeVersion").asText());
        // Its frames, written "class.method(module@version/File.java:N)", read as the JSON dump's: main's stack is the same.
        assertThat(mainStack(stacked)).isNotEmpty().isEqualTo(mainStack(json));
        assertThat(open(jstackLog.toString()).out()).contains("A jstack dump", "a virtual thread only while it is mounted on a carrier (0 here)");
    }

    /** A service's log of many megabytes, its dump far past its first lines and another after it: the first dump is read. */
    @Test
    void aDumpFarIntoALongLogIsFoundAndReadAsTheSameDumpAlone(@TempDir Path work) throws Exception {
        String dumpOnly = Files.readString(jstackLog);
        var log = new StringBuilder();
        for (int i = 0; log.length() < 3_000_000; i++) {
            log.append("12:%02d:%02d INFO request %d served in 3 ms, user=\u00e9lodie\n".formatted(i / 60 % 60, i % 60, i));
        }
        Path longLog = Files.writeString(work.resolve("service.log"), log + dumpOnly + "13:00:00 INFO still serving\n" + dumpOnly);
        JsonNode alone = open(jstackLog.toString(), "--json").json();
        JsonNode inLog = open(longLog.toString(), "--json").json();
        for (String field : List.of("format", "time", "runtimeVersion", "threadDumpVirtualThreads", "threadDumpPlatformThreads", "groups")) {
            assertThat(inLog.get(field)).as(field).isEqualTo(alone.get(field));
        }
        assertThat(alone.get("dumps").asInt()).isEqualTo(1);
        assertThat(inLog.get("dump").asInt()).isEqualTo(1);
        assertThat(inLog.get("dumps").asInt()).as("the second dump after it").isEqualTo(2);
        assertThat(open(longLog.toString()).out()).contains("Dump 1 of 2 in this file");
        JsonNode second = open(longLog.toString(), "--dump", "2", "--json").json();
        assertThat(second.get("dump").asInt()).isEqualTo(2);
        // The same dump again, after the log's line: the same groups, every thread with the stack it had in the first.
        assertThat(second.get("unchangedThreads").asLong()).isEqualTo(alone.get("threadDumpPlatformThreads").asLong());
        for (JsonNode group : second.get("groups")) {
            assertThat(group.get("unchanged").asLong()).isEqualTo(group.get("count").asLong());
            ((com.fasterxml.jackson.databind.node.ObjectNode) group).remove("unchanged");
        }
        for (JsonNode group : alone.get("groups")) {
            ((com.fasterxml.jackson.databind.node.ObjectNode) group).remove("unchanged");
        }
        assertThat(second.get("groups")).isEqualTo(alone.get("groups"));
        assertThat(inLog.get("time").asText()).as("the line before the dump").matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d");

        Path noDump = Files.writeString(work.resolve("quiet.log"), log.toString());
        Outcome refused = open(noDump.toString());
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains("quiet.log").hasLineCount(1);
    }

    /**
     * A service's log as its JVM wrote it, with three SIGQUIT dumps taken one after another, one more "step-K" thread before
     * each: each dump is read as the one asked for, and what cannot be is said in one line.
     */
    @Test
    void aLogOfSeveralDumpsReadsTheOneAsked(@TempDir Path work) throws Exception {
        Path log = DumpedLog.write(work.resolve("service.log"), 3);
        // The log's own words about a dump are no dump of the JVM's: they change no dump's number.
        Files.writeString(log, "Full thread dump requested by ops\nFull thread dump taken (see below)\n" + Files.readString(log));
        for (String asked : List.of("1", "2", "3", "last")) {
            int dump = asked.equals("last") ? 3 : Integer.parseInt(asked);
            JsonNode read = open(log.toString(), "--dump", asked, "--grep", "step-", "--json").json();
            assertThat(read.get("dump").asInt()).as("--dump %s", asked).isEqualTo(dump);
            assertThat(read.get("dumps").asInt()).isEqualTo(3);
            assertThat(read.get("format").asText()).isEqualTo("jstack");
            // Dump K was taken with K "step-" threads parked, each alone in a group of one (its name differs, its stack not).
            assertThat(read.get("matchedThreads").asLong()).as("the step threads of dump %s", asked).isEqualTo(dump);
            assertThat(read.get("groups").get(0).get("names")).extracting(JsonNode::asText).containsExactlyInAnyOrderElementsOf(
                    java.util.stream.IntStream.rangeClosed(1, dump).mapToObj(k -> "step-" + k).toList());
            // Read with the dump before it: the step threads parked before it kept their stack; the one started since did not.
            assertThat(read.get("comparedWithDump").isNull() ? 0 : read.get("comparedWithDump").asInt()).isEqualTo(dump - 1);
            assertThat(read.get("groups").get(0).get("unchanged").asLong()).as("unchanged in dump %s", asked).isEqualTo(dump - 1);
        }
        assertThat(open(log.toString()).out()).contains("Dump 1 of 3 in this file, taken one after another: --dump N or --dump last reads another.");
        assertThat(open(log.toString(), "--dump", "2", "--grep", "step-").out()).contains("Dump 2 of 3 in this file",
                "1 of 2 threads have the stack they had in dump 1", "2 platform  WAITING 2, 1 as in dump 1");
        assertThat(open(dump.toString()).out()).doesNotContain("Dump 1 of");

        Map<List<String>, String> refused = Map.of(List.of(log.toString(), "--dump", "4"), "holds 3 thread dumps; there is no dump 4",
                List.of(log.toString(), "--dump", "0"), "--dump: '0' is not a dump's number (1, 2, ...) or last",
                List.of(log.toString(), "--dump", "second"), "--dump: 'second' is not a dump's number (1, 2, ...) or last",
                List.of(dump.toString(), "--dump", "2"), "holds one thread dump; there is no dump 2",
                List.of(recording.toString(), "--dump", "1"), "is a JFR recording");
        for (var e : refused.entrySet()) {
            Outcome o = open(e.getKey().toArray(String[]::new));
            assertThat(o.exitCode()).as(String.join(" ", e.getKey())).isEqualTo(2);
            assertThat(o.err()).contains(e.getValue()).doesNotContain("Exception");
            assertThat(o.err().lines().toList()).as(o.err()).hasSize(1);
            assertThat(o.out()).isEmpty();
        }
    }

    /**
     * Two JSON dumps of one JVM, the second taken after it started one more "step-" thread: read together, the later one says
     * which threads kept their stack; dumps of two JVMs, or a recording and a dump, are refused in one line.
     */
    @Test
    void twoDumpsOfOneJvmAreReadTheLaterWithTheEarlier(@TempDir Path work) throws Exception {
        List<Path> dumps = DumpedLog.json(work, 2);
        JsonNode later = open(dumps.get(0).toString(), dumps.get(1).toString(), "--grep", "step-", "--json").json();
        assertThat(later.get("file").asText()).isEqualTo(dumps.get(1).toString());
        assertThat(later.get("comparedWithFile").asText()).isEqualTo(dumps.get(0).toString());
        assertThat(later.get("matchedThreads").asLong()).isEqualTo(2);
        assertThat(later.get("unchangedThreads").asLong()).as("step-1 parked in both; step-2 only in the later").isEqualTo(1);
        assertThat(open(dumps.get(0).toString(), dumps.get(1).toString(), "--grep", "step-").out())
                .contains("1 of 2 threads have the stack they had in steps-1.json", ", 1 as in steps-1.json");
        // The same dump twice: every thread kept its stack, virtual ones included.
        JsonNode same = open(dump.toString(), dump.toString(), "--json").json();
        assertThat(same.get("unchangedThreads").asLong()).isEqualTo(same.get("matchedThreads").asLong()).isGreaterThan(HERE + THERE);

        Map<List<String>, String> refused = Map.of(List.of(dump.toString(), dumps.get(1).toString()), "are dumps of two JVMs (PID ",
                List.of(recording.toString(), dump.toString()), "two files are compared only if both are JFR recordings or both thread dumps",
                List.of(jstackLog.toString(), DumpedLog.write(work.resolve("three.log"), 3).toString()), "holds 3 thread dumps; two files are compared",
                List.of(dumps.get(0).toString(), dumps.get(1).toString(), "--dump", "2"), "--dump chooses one of the dumps of a file opened alone");
        for (var e : refused.entrySet()) {
            Outcome o = open(e.getKey().toArray(String[]::new));
            assertThat(o.exitCode()).as(String.join(" ", e.getKey())).isEqualTo(2);
            assertThat(o.err()).contains(e.getValue());
            assertThat(o.err().lines().toList()).as(o.err()).hasSize(1);
        }
    }

    /**
     * {@code jcmd Thread.print} of a JVM on {@code javaHome} whose two carriers each carry a virtual thread that computes for
     * ever (nothing unmounts them), with three more virtual threads waiting behind them for a carrier.
     */
    private static String spinningDump(Path javaHome, Path work) throws Exception {
        Path source = Files.writeString(work.resolve("Spin.java"), """
                import java.util.concurrent.CountDownLatch;
                public class Spin {
                    static volatile long sink;
                    public static void main(String[] args) throws Exception {
                        for (int i = 0; i < 3; i++) {
                            Thread.ofVirtual().name("sleeper-" + i).start(() -> { try { Thread.sleep(600_000); } catch (InterruptedException e) { } });
                        }
                        CountDownLatch spinning = new CountDownLatch(2);
                        for (int i = 0; i < 2; i++) {
                            Thread.ofVirtual().name("spinner-" + i).start(() -> { spinning.countDown(); while (true) { sink++; } });
                        }
                        spinning.await();
                        System.out.println("ready");
                        Thread.sleep(600_000);
                    }
                }
                """);
        var javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        assertThat(javac.run(null, null, null, "--release", "21", "-d", work.toString(), source.toString())).isZero();
        Process spin = new ProcessBuilder(javaHome.resolve("bin/java").toString(), "-Djdk.virtualThreadScheduler.parallelism=2",
                "-Djdk.virtualThreadScheduler.maxPoolSize=2", "-cp", work.toString(), "Spin").redirectErrorStream(true).start();
        try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(spin.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(lines.readLine()).isEqualTo("ready");
            Process print = new ProcessBuilder(javaHome.resolve("bin/jcmd").toString(), Long.toString(spin.pid()), "Thread.print").start();
            String printed = new String(print.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(print.waitFor(60, TimeUnit.SECONDS)).isTrue();
            return printed;
        } finally {
            spin.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** The one group of virtual threads in a summary. */
    private static JsonNode virtualGroup(JsonNode summary) {
        JsonNode found = null;
        for (JsonNode group : summary.get("groups")) {
            if (group.get("virtual").asBoolean()) {
                assertThat(found).as("one group of virtual threads").isNull();
                found = group;
            }
        }
        assertThat(found).isNotNull();
        return found;
    }

    /**
     * JDK 21's jstack names the virtual thread a carrier carries ("Carrying virtual thread #18") and writes none of its
     * frames: the thread is counted, running, with no frames rather than its carrier's, and the note says it has none.
     */
    @NeedsJdk21
    @Test
    void aJdk21JstackCountsTheVirtualThreadsItsCarriersCarry(@TempDir Path work) throws Exception {
        String printed = spinningDump(dev.loomscope.testing.Jdk21.required().home(), work);
        assertThat(printed).contains("Carrying virtual thread #").doesNotContain("Mounted virtual thread");
        Path dumped = Files.writeString(work.resolve("jdk21.tdump"), printed);

        JsonNode summary = open(dumped.toString(), "--json").json();
        assertThat(summary.get("format").asText()).isEqualTo("jstack");
        assertThat(summary.get("runtimeVersion").asText()).startsWith("21.");
        assertThat(summary.get("threadDumpVirtualThreads").asLong()).as("the two spinners, mounted; the others are not in it").isEqualTo(2);
        assertThat(summary.get("framesUnwritten").asLong()).isEqualTo(2);
        JsonNode carried = virtualGroup(summary);
        assertThat(carried.get("count").asLong()).isEqualTo(2);
        assertThat(carried.get("frames")).isEmpty();
        assertThat(carried.get("states").get("RUNNABLE").asLong()).isEqualTo(2);
        String text = open(dumped.toString()).out();
        assertThat(text).contains("a virtual thread only while it is mounted on a carrier (2 here; JDK 21 writes none of their frames");
        assertThat(text.substring(text.indexOf("2 virtual  RUNNABLE 2")).lines().skip(1).findFirst()).hasValueSatisfying(
                next -> assertThat(next.strip()).isEqualTo("(no frames)"));
    }

    /** The same program on this JDK (25), whose jstack writes each mounted virtual thread's frames after its carrier's. */
    @Test
    void aJdk25JstackGivesEachMountedVirtualThreadItsOwnFrames(@TempDir Path work) throws Exception {
        String printed = spinningDump(JAVA_HOME, work);
        assertThat(printed).contains("Carrying virtual thread #", "Mounted virtual thread #");
        JsonNode summary = open(Files.writeString(work.resolve("jdk25.tdump"), printed).toString(), "--json").json();
        assertThat(summary.get("threadDumpVirtualThreads").asLong()).isEqualTo(2);
        assertThat(summary.get("framesUnwritten").asLong()).isZero();
        JsonNode spinners = virtualGroup(summary);
        assertThat(spinners.get("count").asLong()).isEqualTo(2);
        assertThat(spinners.get("states").get("RUNNABLE").asLong()).isEqualTo(2);
        assertThat(spinners.get("frames").get(0).asText()).as("the spinner's own frame, not its carrier's").startsWith("Spin.lambda$main$");
        assertThat(summary.get("threadDumpPlatformThreads").asLong()).as("the carriers among them")
                .isEqualTo(printed.lines().filter(l -> l.startsWith("\"") && l.contains(" #")).count());
    }

    /** The frames of the group holding the "main" thread. */
    private static List<String> mainStack(JsonNode summary) {
        for (JsonNode group : summary.get("groups")) {
            for (JsonNode name : group.get("names")) {
                if (name.asText().equals("main")) {
                    var frames = new ArrayList<String>();
                    group.get("frames").forEach(f -> frames.add(f.asText()));
                    return frames;
                }
            }
        }
        return List.of();
    }

    @Test
    void badFilesGetOneClearLineAndExitCode2(@TempDir Path bad) throws Exception {
        Path text = Files.writeString(bad.resolve("notes.txt"), "not a recording\n");
        Path empty = Files.createFile(bad.resolve("empty.jfr"));
        Path cut = bad.resolve("cut.jfr");
        byte[] whole = Files.readAllBytes(recording);
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        Path brokenJson = Files.writeString(bad.resolve("broken.json"), "{\"threadDump\": {\"threadContainers\": [ {\"container\": \"<root>\", \"threads\": [");
        Path otherJson = Files.writeString(bad.resolve("other.json"), "{\"name\": \"a config\"}");
        Map<Path, String> expected = Map.of(bad.resolve("missing.jfr"), "no such file", text, "neither a JFR recording nor a thread dump",
                empty, "the file is empty", cut, "cut short at byte", brokenJson, "damaged", otherJson, "not a JSON thread dump");
        for (var e : expected.entrySet()) {
            Outcome o = open(e.getKey().toString());
            assertThat(o.exitCode()).as(e.getKey().toString()).isEqualTo(2);
            assertThat(o.err().lines().toList()).as(o.err()).hasSize(1);
            assertThat(o.err()).startsWith("loomscope: " + e.getKey()).contains(e.getValue()).doesNotContain("Exception");
            assertThat(o.out()).isEmpty();
        }
        Outcome dumpAndRecording = open(dump.toString(), recording.toString());
        assertThat(dumpAndRecording.exitCode()).isEqualTo(2);
        assertThat(dumpAndRecording.err()).contains("two files are compared only if both are JFR recordings or both thread dumps of one JVM");
    }

    @Test
    void progressJsonIsOneObjectALineEndingWithTheWholeFileAndAnErrorIsOneObjectToo(@TempDir Path bad) throws Exception {
        Outcome o = open(recording.toString(), "--json", "--progress-json");
        assertThat(o.exitCode()).as(o.err()).isZero();
        var mapper = new ObjectMapper();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : o.err().lines().toList()) {
            lines.add(mapper.readTree(line));
        }
        assertThat(lines).isNotEmpty().allSatisfy(l -> assertThat(l.get("size").asLong()).isEqualTo(Files.size(recording)));
        assertThat(lines.getLast().get("bytes").asLong()).isEqualTo(Files.size(recording));
        assertThat(lines.getLast().get("events").asLong()).isEqualTo(mapper.readTree(o.out()).get("events").asLong());

        Path cut = bad.resolve("cut.jfr");
        byte[] whole = Files.readAllBytes(recording);
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        Outcome failed = open(cut.toString(), "--json", "--progress-json");
        assertThat(failed.exitCode()).isEqualTo(2);
        assertThat(failed.out()).isEmpty();
        JsonNode error = mapper.readTree(failed.err().lines().toList().getLast());
        assertThat(error.get("error").asText()).startsWith(cut.toString()).contains("cut short at byte");
    }
}
