package dev.loomscope.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The search for a SIGQUIT dump's heading in a log: where it begins, however the log's lines and buffers fall. */
class FileKindTest {

    private static final String HEADING = "Full thread dump OpenJDK 64-Bit Server VM (25.0.3+9-LTS mixed mode, sharing):\n";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.ISO_8859_1);
    }

    @Test
    void theHeadingIsFoundWhereItsLineBegins() throws Exception {
        assertThat(FileKind.jstackHeading(write("start.log", HEADING))).as("at the file's first byte").isZero();
        assertThat(FileKind.jstackHeading(write("crlf.log", "a\r\nb\r\n" + HEADING.replace("\n", "\r\n")))).isEqualTo(6);
        // A line that begins as the heading does, then differs, and the heading right after it.
        String almost = "Full thread\nFull thread dumps are nice\n";
        assertThat(FileKind.jstackHeading(write("almost.log", almost + HEADING))).isEqualTo(almost.length());
        // Not at a line's start: not the JVM's heading.
        assertThat(FileKind.jstackHeading(write("inline.log", "INFO saw Full thread dump in a log\n"))).isEqualTo(-1);
    }

    @Test
    void onlyTheJvmsOwnHeadingCountsNotALogsLineAboutADump() throws Exception {
        // The JVM's heading names the runtime in brackets and ends with "):"; a log's own words about a dump do not.
        String log = "Full thread dump requested by ops\nFull thread dump taken (by ops)\nFull thread dump ( later):\n" + HEADING;
        Path file = write("mention.log", "x".repeat(70_000) + "\n" + log + HEADING.replace("\n", "\r\n"));
        int first = 70_001 + log.length() - HEADING.length();
        assertThat(FileKind.jstackHeadings(file, Integer.MAX_VALUE)).containsExactly(first, first + HEADING.length());
        Path mention = write("mention-head.log", "Full thread dump requested by ops\n");
        assertThatThrownBy(() -> FileKind.of(mention)).as("nor in a file's head").isInstanceOf(UnreadableFileException.class);
    }

    @Test
    void aHeadingAcrossTheSearchsBuffersIsFound() throws Exception {
        // The search reads 64 KB at a time: put the heading's line break and its first letters on either side of that.
        for (int cut = 1; cut <= 6; cut++) {
            int before = (1 << 16) - cut;
            String log = "x".repeat(before - 1) + "\n" + HEADING;
            assertThat(FileKind.jstackHeading(write("cut" + cut + ".log", log))).as("cut %d", cut).isEqualTo(before);
        }
    }

    @Test
    void everyDumpOfALogIsFoundInOrderAndAsManyAsAsked() throws Exception {
        String first = "INFO up\n" + HEADING + "\"main\" #1\n";
        Path log = write("two.log", first + "INFO still up\n" + HEADING);
        long second = first.length() + "INFO still up\n".length();
        assertThat(FileKind.jstackHeadings(log, Integer.MAX_VALUE)).containsExactly("INFO up\n".length(), second);
        assertThat(FileKind.jstackHeadings(log, 1)).containsExactly("INFO up\n".length());
        assertThat(FileKind.jstackHeadings(write("none.log", "INFO up\n"), Integer.MAX_VALUE)).isEmpty();
        // More than the search's first array holds.
        assertThat(FileKind.jstackHeadings(write("nine.log", HEADING.repeat(9)), Integer.MAX_VALUE))
                .containsExactly(java.util.stream.LongStream.range(0, 9).map(k -> k * HEADING.length()).toArray());
    }

    @Test
    void aLaterDumpIsReadFromItsTimeButPastTheDumpBeforeIt() {
        assertThat(FileKind.readFrom(100, -1)).as("the first, near the file's start").isZero();
        assertThat(FileKind.readFrom(10_000, -1)).isEqualTo(10_000 - 4_096);
        assertThat(FileKind.readFrom(10_000, 2_000)).as("a large dump before it").isEqualTo(10_000 - 4_096);
        assertThat(FileKind.readFrom(10_000, 8_000)).as("a dump of a few lines before it: its heading is not read again").isEqualTo(8_001);
    }

    @Test
    void aLongLogWhoseDumpIsFarInIsAThreadDump() throws Exception {
        String lines = "12:00:00 INFO served\n".repeat(10_000);
        assertThat(FileKind.of(write("far.log", lines + HEADING))).isEqualTo(FileKind.TEXT_THREAD_DUMP);
        assertThat(FileKind.sniff(dir.resolve("far.log")).readFrom()).isEqualTo(lines.length() - 4_096);
    }
}
