package dev.loomscope.cli;

import static dev.loomscope.cli.RunCommandTest.execute;
import static dev.loomscope.cli.RunCommandTest.executeAsShipped;
import static dev.loomscope.cli.RunCommandTest.executeOn;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.result.RunResults;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.testing.TaskFiles;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** {@code run --task-file}: a user's own class as the tasks, through the real command line and runner JVMs. */
@ResourceLock(Resources.SYSTEM_OUT)
class TaskFileCommandTest {

    /** A class nobody on the team wrote: 1,000 tasks each waiting 30 ms on a monitor of their own. */
    @Test
    void aThousandMonitorWaitsAllCompleteOnVirtualThreadsWithoutPinning() throws Exception {
        var outcome = execute("run", "--executor", "virtual", "--tasks", "1000", "--task-file",
                TaskFiles.named("MonitorWait.java").toString(), "--json");
        assertThat(outcome.exitCode()).as(outcome.err()).isZero();
        JsonNode row = new ObjectMapper().readTree(outcome.out().strip());
        assertThat(row.get("completed").asInt()).isEqualTo(1_000);
        assertThat(row.get("failed").asInt()).isZero();
        assertThat(row.get("pinnedEvents").asInt()).isZero();
        // Each task waits 30 ms: no run of them is quicker.
        assertThat(row.get("elapsedMs").asDouble()).isGreaterThanOrEqualTo(30.0);
    }

    /** The figure the feature is done by: the median of three such runs ends in under a second. */
    @Test
    @Tag("timing")
    void aThousandMonitorWaitsTakeUnderASecondOnVirtualThreads() throws Exception {
        double[] elapsed = new double[3];
        for (int i = 0; i < elapsed.length; i++) {
            var outcome = executeAsShipped("run", "--executor", "virtual", "--tasks", "1000", "--task-file",
                    TaskFiles.named("MonitorWait.java").toString(), "--json");
            assertThat(outcome.exitCode()).as(outcome.err()).isZero();
            elapsed[i] = new ObjectMapper().readTree(outcome.out().strip()).get("elapsedMs").asDouble();
        }
        assertThat(RunResults.median(elapsed)).as("elapsed ms of three runs: %s", java.util.Arrays.toString(elapsed)).isLessThan(1_000);
    }

    @Test
    void aTaskThatThrowsIsAFailedTaskNotACrashedRunner() {
        var outcome = execute("run", "--executor", "fixed,virtual", "--pool", "4", "--tasks", "10", "--task-file",
                TaskFiles.named("Throws.java").toString());
        // Every second call of each runner throws: half its tasks failed, and the run itself completed.
        assertThat(outcome.exitCode()).as(outcome.err()).isZero();
        assertThat(outcome.out()).contains("Throws.call() (Throws.java) per task");
        assertThat(outcome.out().lines().filter(line -> line.startsWith("fixed(4) ") || line.startsWith("virtual ")))
                .hasSize(2).allSatisfy(line -> assertThat(line).endsWith("5 tasks failed"));
        // The user reads what their code threw, and on which line, under each runner's row.
        assertThat(outcome.out().lines()
                .filter(line -> line.contains(" threw java.lang.IllegalStateException: the database said no at Throws.call(Throws.java:11) ")))
                .hasSize(2).anySatisfy(line -> assertThat(line).startsWith("fixed(4): Task "))
                .anySatisfy(line -> assertThat(line).startsWith("virtual: Task "));
    }

    @Test
    void compileErrorsArePrintedEachOnItsLineAndNoRunStarts() {
        var runner = new FakeRunner();
        var outcome = executeOn(runner, "run", "--task-file", TaskFiles.named("Broken.java").toString());
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.err().lines().toList()).containsExactly(
                "loomscope: Broken.java:6: incompatible types: java.lang.String cannot be converted to int",
                "loomscope: Broken.java:7: cannot find symbol",
                "loomscope: --task-file: Broken.java did not compile (2 errors) (see 'loomscope run --help')");
        assertThat(runner.started()).isEmpty();
    }

    @Test
    void aFileThatIsNoTaskIsRefusedInOneLine() {
        var runner = new FakeRunner();
        for (String file : new String[] {"NotCallable.java", "NotPublic.java", "NoEmptyConstructor.java"}) {
            var outcome = executeOn(runner, "sweep", "--task-file", TaskFiles.named(file).toString(), "--vary", "tasks=1..2:2");
            assertThat(outcome.exitCode()).isEqualTo(2);
            assertThat(outcome.err().strip()).startsWith("loomscope: --task-file: " + file + ": ").doesNotContain("\n");
        }
        var missing = executeOn(runner, "run", "--task-file", "/nowhere/Gone.java");
        assertThat(missing.err().strip()).isEqualTo("loomscope: --task-file: Gone.java: no such file: /nowhere/Gone.java (see 'loomscope run --help')");
        assertThat(runner.started()).isEmpty();
    }

    @Test
    void settingsThatDescribeLoomScopesOwnTaskAreRefusedWithATaskFile() {
        var outcome = executeOn(new FakeRunner(), "run", "--blocking", "native", "--task-file", TaskFiles.named("MonitorWait.java").toString());
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.err()).contains("a task file blocks as its code does: use it without blocking native");
    }
}
