package dev.loomscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.testing.FakeRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** A file a command could never write is refused before anything runs: exit code 2, the option and the path named. */
@ResourceLock(Resources.SYSTEM_OUT) // RunCommandTest.executeOn captures System.out
class OutputPathsTest {

    @TempDir
    Path dir;

    private RunCommandTest.Outcome refusedBeforeAnyRun(String... args) {
        var runner = new FakeRunner();
        RunCommandTest.Outcome outcome = RunCommandTest.executeOn(runner, args);
        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(LoomScopeCommand.EXIT_USAGE);
        assertThat(runner.started()).as("runs started").isEmpty();
        assertThat(outcome.out()).isEmpty();
        assertThat(outcome.err().strip()).doesNotContain("\n");
        return outcome;
    }

    @Test
    void aRecordingInAFolderThatDoesNotExistIsRefusedBeforeTheFirstRun() {
        Path nowhere = dir.resolve("no-such-folder").resolve("x.jfr");
        var outcome = refusedBeforeAnyRun("run", "--jfr", nowhere.toString(), "--tasks", "2000");
        assertThat(outcome.err()).contains("--jfr: the folder " + nowhere.getParent() + " does not exist, so " + nowhere + " cannot be written");
    }

    @Test
    void severalExecutorsWriteBesideTheFileNamedSoItsFolderIsWhatIsChecked() {
        Path nowhere = dir.resolve("no-such-folder").resolve("run.jfr");
        var outcome = refusedBeforeAnyRun("run", "--executor", "fixed,virtual", "--jfr", nowhere.toString());
        assertThat(outcome.err()).contains("--jfr: the folder " + nowhere.getParent() + " does not exist");
    }

    @Test
    void aThreadDumpInAFolderThatDoesNotExistIsRefusedBeforeTheRun() {
        Path nowhere = dir.resolve("no").resolve("d").resolve("x.json");
        var outcome = refusedBeforeAnyRun("run", "--thread-dump", nowhere.toString());
        assertThat(outcome.err()).contains("--thread-dump: the folder " + nowhere.getParent() + " does not exist");
    }

    @Test
    void aFolderOrAFileInPlaceOfAFolderIsRefused() throws Exception {
        assertThat(refusedBeforeAnyRun("run", "--jfr", dir.toString()).err()).contains("--jfr: " + dir + " is a folder; give a file name in it");
        Path file = Files.writeString(dir.resolve("a-file"), "");
        assertThat(refusedBeforeAnyRun("run", "--thread-dump", file.resolve("x.json").toString()).err())
                .contains("--thread-dump: the folder " + file + " is a file");
    }

    @Test
    void attachRefusesItsRecordingsFileBeforeAttaching() {
        // Pid 1 is never this user's JVM to observe: had the file been accepted, attaching would fail with exit code 1 instead.
        Path nowhere = dir.resolve("no-such-folder").resolve("x.jfr");
        var outcome = RunCommandTest.execute("attach", "1", "--duration", "1s", "--jfr", nowhere.toString());
        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(LoomScopeCommand.EXIT_USAGE);
        assertThat(outcome.err()).contains("--jfr: the folder " + nowhere.getParent() + " does not exist");
    }

    @Test
    void aFileInAnExistingFolderGoesThrough() {
        var runner = new FakeRunner();
        var outcome = RunCommandTest.executeOn(runner, "run", "--executor", "virtual", "--tasks", "2", "--sleep-ms", "1",
                "--jfr", dir.resolve("x.jfr").toString(), "--thread-dump", dir.resolve("x.json").toString());
        assertThat(outcome.exitCode()).as(outcome.err()).isZero();
        assertThat(runner.started()).hasSize(1);
    }
}
