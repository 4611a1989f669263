package dev.loomscope.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.result.ResultRow;
import dev.loomscope.cli.ScenarioOptions;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The stage benchmark's bound, and that the command line repeats exactly what the window ran. */
class StageBenchmarkTest {

    @Test
    void theBoundIsTenPerCentWithFifteenMillisecondsOfSlackForShortRuns() {
        assertThat(StageBenchmark.withinBound(5_500, 5_000)).isTrue();
        assertThat(StageBenchmark.withinBound(5_600, 5_000)).isFalse();
        assertThat(StageBenchmark.withinBound(125, 110)).as("under 150 ms: +15 ms").isTrue();
        assertThat(StageBenchmark.withinBound(127, 110)).isFalse();
        assertThat(StageBenchmark.withinBound(180, 160)).as("150 ms and over: 10 %").isFalse();
    }

    @Test
    void theRunOptionsOfAWindowResultParseBackToTheSameScenario() throws Exception {
        var scenario = Scenario.of(ExecutorKind.VIRTUAL_LIMITED).withTasks(1_000).withPool(20).withSleepMs(100).withCpuMs(7)
                .withBlocking(BlockingMode.NATIVE).withPermits(20).withThreadLocalKb(16).build();
        var row = new ObjectMapper().readTree(ResultRow.of(RunResult.failed(scenario, 500, "x"), 1).toJsonLine());
        var holder = new Holder();
        var commandLine = new CommandLine(holder);
        commandLine.parseArgs(StageBenchmark.runOptionsOf(row).toArray(String[]::new));
        assertThat(holder.options.scenarios(commandLine.getCommandSpec())).containsExactly(scenario);
    }

    @Test
    void aStructuredScopesFailureAPoolsSizeAndAnOlderJdkAreRepeatedToo() throws Exception {
        var scenario = Scenario.of(ExecutorKind.STRUCTURED).withTasks(100).withSleepMs(1_000).withFailAtMs(150).build();
        var row = (com.fasterxml.jackson.databind.node.ObjectNode) new ObjectMapper().readTree(
                ResultRow.of(RunResult.failed(scenario, 500, "x"), 1).toJsonLine());
        var holder = new Holder();
        var commandLine = new CommandLine(holder);
        commandLine.parseArgs(StageBenchmark.runOptionsOf(row).toArray(String[]::new));
        assertThat(holder.options.scenarios(commandLine.getCommandSpec())).containsExactly(scenario);

        row.put("dbPool", 40);
        row.put("jdk", "21.0.5");
        assertThat(StageBenchmark.runOptionsOf(row)).containsSequence("--db-pool", "40").containsSequence("--jdk", "21");
        row.put("jdk", Runtime.version().toString());
        assertThat(StageBenchmark.runOptionsOf(row)).as("the command line's own JDK needs no option").doesNotContain("--jdk");
    }

    @Test
    void theCommandLineRepeatsTheWindowRunsUnitsOfCpuWorkNotItsMilliseconds() throws Exception {
        var json = new ObjectMapper();
        var row = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(ResultRow.of(RunResult.failed(
                Scenario.of(ExecutorKind.VIRTUAL).withTasks(48).withPool(48).withSleepMs(0).withCpuMs(120).build(), 500, "x"), 1).toJsonLine());
        assertThat(StageBenchmark.runOptionsOf(row)).doesNotContain("--cpu-units-per-ms");
        row.put("cpuUnitsPerMs", 2_345.25);
        List<String> options = StageBenchmark.runOptionsOf(row);
        assertThat(options).containsSequence("--cpu-units-per-ms", "2345.25");
        var args = new java.util.ArrayList<>(List.of("run"));
        args.addAll(options);
        var parsed = dev.loomscope.cli.LoomScopeCommand.commandLine().parseArgs(args.toArray(String[]::new)).subcommand();
        assertThat(parsed.commandSpec().name()).isEqualTo("run");
        assertThat(parsed.matchedOptionValue("--cpu-units-per-ms", 0.0)).isEqualTo(2_345.25);
    }

    @CommandLine.Command
    static final class Holder {
        @CommandLine.Mixin
        ScenarioOptions options = new ScenarioOptions();
    }

    @Test
    void aRunIsJudgedByItsMedianPair() {
        // Pairs 200/186, 190/207, 230/185: 1.08, 0.92, 1.24 of the command line's time, so 1.08 at the median pair.
        var run = new StageBenchmark.RunPairs("waiting-10k", "virtual", List.of(200.0, 190.0, 230.0), List.of(186.0, 207.0, 185.0));
        assertThat(run.withinBound()).isTrue();
        var slow = new StageBenchmark.RunPairs("memory", "platform", List.of(2_300.0, 2_050.0, 2_400.0), List.of(2_000.0, 2_000.0, 2_010.0));
        assertThat(slow.withinBound()).as("1.15, 1.03, 1.19").isFalse();
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(StageBenchmark.median(List.of(3.0, 1.0, 2.0, 10.0))).isEqualTo(2.5);
    }

    @Test
    void aPresetWhoseRunsAreShortInAllIsPairedThreeTimesAsOften() throws Exception {
        var json = new ObjectMapper();
        var scopedValue = List.of(json.readTree("{\"elapsedMs\": 354.7}"), json.readTree("{\"elapsedMs\": 193.9}"));
        var waiting = List.of(json.readTree("{\"elapsedMs\": 5160.0}"), json.readTree("{\"elapsedMs\": 192.6}"));
        assertThat(StageBenchmark.pairsFor(scopedValue, 3)).isEqualTo(9);
        assertThat(StageBenchmark.pairsFor(waiting, 3)).as("a run of 5 s: three pairs are enough").isEqualTo(3);
        assertThat(StageBenchmark.pairsFor(scopedValue, 1)).isEqualTo(3);
    }
}
