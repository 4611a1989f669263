package dev.loomscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

@ResourceLock(Resources.SYSTEM_OUT) // RunCommandTest.execute captures System.out
class BenchCommandTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--jvm-option=Xms256m   | --jvm-option must be a JVM option starting with '-' (got 'Xms256m')",
            "--repeat 0             | --repeat must be between 1 and 100 (got 0)",
            "--cases virtual-2m     | --cases: no case 'virtual-2m'; choose from virtual-10k, fixed-10k, virtual-1m, schedulers"})
    void badOptionsGiveOneLineAndExitCode2BeforeAnyRun(String options, String message) {
        var args = new java.util.ArrayList<>(java.util.List.of("bench"));
        args.addAll(java.util.List.of(options.strip().split("\\s+")));
        RunCommandTest.Outcome outcome = RunCommandTest.execute(args.toArray(String[]::new));
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.err().strip()).contains(message).doesNotContain("\n");
        // Refused before the benchmark says anything of its own.
        assertThat(outcome.out()).isEmpty();
    }
}
