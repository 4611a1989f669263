package dev.loomscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.testing.Jdk21;
import dev.loomscope.testing.NeedsJdk21;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * {@code run --jdk}: one run per JDK, each row saying its runner's JDK; what needs a later JDK is
 * refused before any runner starts. The two-row run uses a real JDK 21 (two runner JVMs in all).
 */
@ResourceLock(Resources.SYSTEM_OUT)
class RunOnJdksTest {

    @TempDir
    Path dir;

    @NeedsJdk21
    @Test
    void synchronizedPinsOnJdk21AndNotOnJdk25OneRowEach() throws IOException {
        Path jdk21 = Jdk21.required().home();
        // 8 sleeps of 50 ms inside synchronized on one carrier: pinned on JDK 21 they queue (8 x 50 ms at least).
        var outcome = RunCommandTest.execute("run", "--executor", "virtual", "--tasks", "8", "--sleep-ms", "50", "--blocking", "synchronized",
                "--carriers", "1", "--jdk", jdk21 + ",25", "--json");

        assertThat(outcome.exitCode()).as(outcome.err()).isZero();
        List<String> lines = outcome.out().lines().filter(l -> l.startsWith("{")).toList();
        assertThat(lines).hasSize(2);
        JsonNode on21 = new ObjectMapper().readTree(lines.get(0));
        JsonNode on25 = new ObjectMapper().readTree(lines.get(1));
        assertThat(on21.get("jdk").asText()).startsWith("21.");
        assertThat(on21.get("label").asText()).isEqualTo("virtual, synchronized · JDK\u00a021");
        assertThat(on21.get("completed").asInt()).isEqualTo(8);
        assertThat(on21.get("pinnedEvents").asInt()).isEqualTo(8);
        // JDK 21 has no scheduler MXBean to count its carriers: the figure is absent, where it read 0.
        assertThat(on21.path("carrierPeak").isNumber()).as("JDK 21's carrier peak, %s", on21.path("carrierPeak")).isFalse();
        assertThat(on25.get("carrierPeak").asInt()).isEqualTo(1);
        assertThat(on21.get("elapsedMs").asDouble()).as("eight pinned 50 ms sleeps, one after another").isGreaterThanOrEqualTo(400);
        assertThat(on25.get("jdk").asText()).startsWith("25.");
        assertThat(on25.get("label").asText()).isEqualTo("virtual, synchronized");
        assertThat(on25.get("completed").asInt()).isEqualTo(8);
        assertThat(on25.get("pinnedEvents").asInt()).as("JEP 491: synchronized no longer pins").isZero();
    }

    /** The table's note line names both runners' JDKs: before, it named the first row's alone under rows of two. */
    @NeedsJdk21
    @Test
    void theTablesNoteNamesEveryJdkItsRowsRanOn() {
        Jdk21.required();
        var outcome = RunCommandTest.execute("run", "--executor", "virtual", "--tasks", "2", "--sleep-ms", "1", "--jdk", "21,25");
        assertThat(outcome.exitCode()).as(outcome.err()).isZero();
        assertThat(outcome.out().lines().filter(line -> line.contains(" per task, ")).findFirst().orElseThrow())
                .containsPattern("JDK 21\\.[^ ]+ and 25\\.[^ ]+, \\d+ cores");
    }

    /** A JDK 21 as discovery reads it (a release file and bin/java): the refusal comes before any runner would start it. */
    private Path jdk21Folder() throws IOException {
        Path home = Files.createDirectories(dir.resolve("jdk-21/bin")).getParent();
        Files.writeString(home.resolve("bin/java"), "");
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"21.0.8\"\n");
        return home;
    }

    @Test
    void whatNeedsJdk25IsRefusedOnJdk21InOneLineWithExitTwo() throws IOException {
        Path jdk21 = jdk21Folder();
        var structured = RunCommandTest.execute("run", "--executor", "structured", "--tasks", "4", "--jdk", jdk21.toString());
        var scoped = RunCommandTest.execute("run", "--executor", "virtual", "--tasks", "4", "--thread-local-kb", "1", "--sharing", "scopedvalue",
                "--jdk", "25," + jdk21);

        assertThat(structured.exitCode()).isEqualTo(2);
        assertThat(structured.err().strip()).contains("structured needs JDK 25 (this runner is 21.0.8)").doesNotContain("\n");
        assertThat(scoped.exitCode()).isEqualTo(2);
        assertThat(scoped.err().strip()).contains("scopedvalue needs JDK 25 (this runner is 21.0.8)").doesNotContain("\n");
        assertThat(structured.out()).doesNotContain("{");
    }

    @Test
    void aJdkNotFoundIsRefusedListingTheJdksFound() {
        var outcome = RunCommandTest.execute("run", "--executor", "virtual", "--tasks", "4", "--jdk", "19");

        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.err().strip()).contains("No JDK 19 found. Found: " + Runtime.version().feature()).doesNotContain("\n");
    }
}
