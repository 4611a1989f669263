package dev.loomscope.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomscope.recording.ThreadDumpSummary.Group;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A log's later jstack dump read with the one before it, in the JVM's own format: which threads kept their stack, told thread
 * by thread (its id, and an age that only grows). The dumps are small, so a dump is read from past the heading before it.
 */
class TextThreadDumpReaderTest {

    @TempDir
    Path dir;

    /** One SIGQUIT dump: its time line, heading, the threads given as {name, id, elapsed seconds, frame...}, and its end. */
    private static String dump(String time, String[]... threads) {
        var text = new StringBuilder(time + "\nFull thread dump OpenJDK 64-Bit Server VM (25.0.3+9-LTS mixed mode, sharing):\n\n");
        for (String[] t : threads) {
            text.append("\"%s\" #%s [1%s] prio=5 os_prio=0 cpu=1.00ms elapsed=%ss tid=0x1 nid=1%s waiting on condition  [0x0]\n"
                    .formatted(t[0], t[1], t[1], t[2], t[1]));
            text.append("   java.lang.Thread.State: WAITING (parking)\n");
            for (int f = 3; f < t.length; f++) {
                text.append("\tat ").append(t[f]).append('\n');
            }
            text.append('\n');
        }
        return text.append("JNI global refs: 4, weak refs: 0\n\nHeap\n def new generation   total 4800K, used 900K\n").toString();
    }

    private ThreadDumpSummary read(String log, int dump) throws Exception {
        Path file = Files.writeString(dir.resolve("service.log"), log, StandardCharsets.UTF_8);
        return ThreadDumpReader.read(FileKind.sniff(file), dump, "", ReadProgress.NONE);
    }

    private static Group named(ThreadDumpSummary dump, String name) {
        return dump.groups().stream().filter(g -> g.names().contains(name)).findFirst().orElseThrow();
    }

    @Test
    void aThreadWithTheSameStackInTheDumpBeforeIsUnchangedOneThatMovedOrIsNewIsNot() throws Exception {
        String log = "INFO up\n" + dump("2026-11-28 10:00:00", new String[] {"worker", "21", "1.00", "app.Worker.take(Worker.java:10)"},
                new String[] {"mover", "22", "1.00", "app.Mover.step(Mover.java:5)"})
                + "INFO still up\n" + dump("2026-11-28 10:00:05", new String[] {"worker", "21", "6.00", "app.Worker.take(Worker.java:10)"},
                        new String[] {"mover", "22", "6.00", "app.Mover.step(Mover.java:7)"}, new String[] {"fresh", "23", "0.50", "app.Worker.take(Worker.java:10)"});

        ThreadDumpSummary first = read(log, 1);
        assertThat(first.comparedWith()).as("nothing before the first").isZero();
        assertThat(first.groups()).allSatisfy(g -> assertThat(g.unchanged()).isZero());

        ThreadDumpSummary second = read(log, 2);
        assertThat(second.dump()).isEqualTo(2);
        assertThat(second.dumps()).isEqualTo(2);
        assertThat(second.comparedWith()).isEqualTo(1);
        assertThat(second.time()).isEqualTo("2026-11-28 10:00:05");
        assertThat(second.platformThreads()).as("the second dump's threads alone, though the first is within a few KB").isEqualTo(3);
        Group waiting = named(second, "worker");
        assertThat(waiting.names()).containsExactly("worker", "fresh");
        assertThat(waiting.unchanged()).as("worker kept its stack; fresh was not there").isEqualTo(1);
        assertThat(named(second, "mover").unchanged()).as("mover moved on").isZero();
        assertThat(second.json()).containsEntry("comparedWithDump", 1).containsEntry("unchangedThreads", 1L);
        // Written with Windows' line ends, the same.
        ThreadDumpSummary crlf = read(log.replace("\n", "\r\n"), 2);
        assertThat(List.of(crlf.platformThreads(), crlf.unchangedThreads(), (long) crlf.dumps())).containsExactly(3L, 1L, 2L);
        assertThat(crlf.time()).isEqualTo("2026-11-28 10:00:05");
    }

    @Test
    void aThreadIdSeenAgainYoungerIsAnotherThreadAfterARestart() throws Exception {
        // The JVM restarted between the dumps: its new main thread has the old one's id and stack, but it is younger.
        String log = dump("2026-11-28 10:00:00", new String[] {"main", "1", "100.00", "app.Main.serve(Main.java:3)"})
                + "INFO starting\n" + dump("2026-11-28 10:05:00", new String[] {"main", "1", "2.00", "app.Main.serve(Main.java:3)"});
        assertThat(named(read(log, 2), "main").unchanged()).isZero();
        String stayed = dump("2026-11-28 10:00:00", new String[] {"main", "1", "100.00", "app.Main.serve(Main.java:3)"})
                + dump("2026-11-28 10:05:00", new String[] {"main", "1", "400.00", "app.Main.serve(Main.java:3)"});
        assertThat(named(read(stayed, ThreadDumpReader.LAST_DUMP), "main").unchanged()).isEqualTo(1);
    }

    @Test
    void aDumpTheFileEndsInIsSaidToBeCutShort() throws Exception {
        String whole = dump("2026-11-28 10:00:00", new String[] {"main", "1", "1.00", "app.Main.serve(Main.java:3)"});
        String second = dump("2026-11-28 10:00:05", new String[] {"main", "1", "6.00", "app.Main.serve(Main.java:3)"},
                new String[] {"worker", "21", "5.00", "app.Worker.take(Worker.java:10)"});
        // Read just as the JVM wrote it: the second dump's first thread is there, the rest and its end not yet.
        String log = whole + second.substring(0, second.indexOf("\"worker\""));
        ThreadDumpSummary cut = read(log, 2);
        assertThat(cut.cutShort()).isTrue();
        assertThat(cut.note()).contains("This dump is cut short: the file ends before it does");
        assertThat(cut.json()).containsEntry("cutShort", true);
        assertThat(cut.platformThreads()).isEqualTo(1);
        assertThat(read(log, 1).cutShort()).as("the first, whole").isFalse();

        // Cut right after its heading: no thread, and which dump is said.
        String headed = whole + second.substring(0, second.indexOf("\n\n") + 2);
        assertThatThrownBy(() -> read(headed, 2)).isInstanceOf(UnreadableFileException.class).hasMessageEndingWith("no thread found in dump 2 of this file");
        // Shorter than when it was searched (a log rotated between the two): said so, not "damaged: null".
        Path file = Files.writeString(dir.resolve("rotated.log"), whole, StandardCharsets.UTF_8);
        assertThatThrownBy(() -> TextThreadDumpReader.read(file, Files.size(file) + 1_000, new DumpIndex(), new long[] {0, Files.size(file) + 4_000}, 2, "", ReadProgress.NONE,
                null, null)).isInstanceOf(UnreadableFileException.class).hasMessageContaining("the file changed while it was read");
    }

    @Test
    void stepsThroughALogSearchItOnceUntilItChanges() throws Exception {
        // A log of 20 MB with its dumps at the end: the search is reported as it goes, then done once for all the steps.
        String lines = "12:00:00 INFO request served in 3 ms\n".repeat(20_000_000 / 37);
        String log = lines + dump("2026-11-28 10:00:00", new String[] {"main", "1", "1.00", "app.Main.serve(Main.java:3)"})
                + dump("2026-11-28 10:00:05", new String[] {"main", "1", "6.00", "app.Main.serve(Main.java:3)"})
                + dump("2026-11-28 10:00:10", new String[] {"main", "1", "11.00", "app.Main.serve(Main.java:3)"});
        Path file = Files.writeString(dir.resolve("long.log"), log, StandardCharsets.UTF_8);
        var index = new DumpIndex();
        var searched = new java.util.ArrayList<Long>();
        ReadProgress searchReported = (bytes, size, events) -> {
            if (events == 0) {
                searched.add(bytes);
            }
        };
        assertThat(ThreadDumpReader.read(FileKind.sniff(file), 2, index, "", searchReported).time()).isEqualTo("2026-11-28 10:00:05");
        assertThat(searched).as("the search's progress").anyMatch(bytes -> bytes >= 16L << 20);
        assertThat(ThreadDumpReader.read(FileKind.sniff(file), 3, index, "", ReadProgress.NONE).time()).isEqualTo("2026-11-28 10:00:10");
        assertThat(ThreadDumpReader.read(FileKind.sniff(file), 1, index, "", ReadProgress.NONE).dumps()).isEqualTo(3);
        assertThat(index.searches()).as("one search for three reads").isEqualTo(1);

        // Another SIGQUIT: the log grew, and is searched again.
        Files.writeString(file, dump("2026-11-28 10:00:15", new String[] {"main", "1", "16.00", "app.Main.serve(Main.java:3)"}), StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        ThreadDumpSummary fourth = ThreadDumpReader.read(FileKind.sniff(file), ThreadDumpReader.LAST_DUMP, index, "", ReadProgress.NONE);
        assertThat(List.of(fourth.dump(), fourth.dumps())).containsExactly(4, 4);
        assertThat(index.searches()).isEqualTo(2);
    }

    @Test
    void aFileOfOneDumpIsNotComparedAndHasNoSecond() throws Exception {
        String log = dump("2026-11-28 10:00:00", new String[] {"main", "1", "1.00", "app.Main.serve(Main.java:3)"});
        ThreadDumpSummary only = read(log, ThreadDumpReader.LAST_DUMP);
        assertThat(List.of(only.dump(), only.dumps(), only.comparedWith())).containsExactly(1, 1, 0);
        assertThat(only.json()).containsEntry("comparedWithDump", null).containsEntry("unchangedThreads", null);
    }
}
