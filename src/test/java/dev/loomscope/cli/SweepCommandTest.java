package dev.loomscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.testing.FakeRunner;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** {@code loomscope sweep}, in process, its runs on the fake runner (the same runs as {@code loomscope run}'s, which RunCommandTest takes through runner JVMs). */
@ResourceLock(Resources.SYSTEM_OUT) // RunCommandTest.execute captures System.out
class SweepCommandTest {

    @Test
    void aRowPerPointPerExecutorWithTheRunFieldsAndTheVariedValue() throws Exception {
        var runner = new FakeRunner();
        var outcome = RunCommandTest.executeOn(runner, "sweep", "--vary", "pool=1..4:2", "--executor", "fixed,forkjoin", "--tasks", "8",
                "--sleep-ms", "20", "--json");
        assertThat(outcome.exitCode()).as(outcome.err()).isZero();
        List<JsonNode> rows = new ArrayList<>();
        for (String line : outcome.out().strip().split("\n")) {
            rows.add(new ObjectMapper().readTree(line));
        }
        assertThat(rows).hasSize(4);
        assertThat(rows).extracting(r -> r.get("vary").asText()).containsOnly("pool");
        assertThat(rows).extracting(r -> r.get("value").asInt()).containsExactly(1, 1, 4, 4);
        assertThat(rows).extracting(r -> r.get("label").asText()).containsExactly("fixed(1)", "forkjoin(1)", "fixed(4)", "forkjoin(4)");
        assertThat(rows).allSatisfy(r -> assertThat(r.has("elapsedMs") && r.has("idealMs") && r.has("rssDeltaMb")).isTrue());
        // Each point was run as its own scenario, one after another.
        assertThat(runner.started()).extracting(started -> started.scenario().label()).containsExactly("fixed(1)", "forkjoin(1)", "fixed(4)", "forkjoin(4)");
        assertThat(runner.mostAtOnce()).isEqualTo(1);
        // A pool of 1 runs 8 waves of 20 ms, a pool of 4 two: the sweep shows the waves shrinking.
        assertThat(rows.get(0).get("idealMs").asDouble()).isEqualTo(160.0);
        assertThat(rows.get(2).get("idealMs").asDouble()).isEqualTo(40.0);
        assertThat(rows.get(0).get("elapsedMs").asDouble()).isGreaterThan(rows.get(2).get("elapsedMs").asDouble() * 2);
    }

    @Test
    void csvHasTheHeaderAndTheVariedValueFirst() {
        var outcome = RunCommandTest.executeOn(new FakeRunner(), "sweep", "--vary", "tasks=2..4:2", "--executor", "virtual", "--sleep-ms", "5", "--csv");
        assertThat(outcome.exitCode()).isZero();
        List<String> lines = outcome.out().strip().lines().toList();
        assertThat(lines.getFirst()).startsWith("vary,value,executor,label,");
        assertThat(lines).hasSize(3);
        assertThat(lines.get(1)).startsWith("tasks,2,virtual,virtual,completed,");
    }

    @Test
    void aBadRangeIsOneLineAndExitCodeTwo() {
        var outcome = RunCommandTest.execute("sweep", "--vary", "cpu-ms=40..0:3");
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.err()).contains("a range that grows").doesNotContain("\tat ");
        var unknown = RunCommandTest.execute("sweep", "--vary", "threads=1..4:2");
        assertThat(unknown.err()).contains("--vary can vary tasks, pool, carriers, sleep-ms, cpu-ms, permits");
    }
}
