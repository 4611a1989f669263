package dev.loomscope.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.launcher.JvmFlags;
import dev.loomscope.launcher.JvmLauncher;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StartupBenchmarkTest {

    private final StartupBenchmark bench = new StartupBenchmark(System.out, Map.of(), Path.of("/apps/loomscope.jar"), Path.of("/apps/loomscope.aot"));

    @Test
    void theWindowsOptionsAreReadWithoutCommentsOrBlankLines() {
        List<String> options = StartupBenchmark.windowJvmOptions();
        assertThat(options).isNotEmpty().allSatisfy(option -> assertThat(option).startsWith("-").doesNotContain("#").isEqualTo(option.strip()));
    }

    @Test
    void eachVariantCarriesOnlyItsOwnMeasures() {
        List<String> bare = bench.bare().command();
        List<String> cacheOnly = bench.launch("cache", false, true).command();
        List<String> both = bench.launch("both", true, true).command();

        assertThat(bare).endsWith("-jar", "/apps/loomscope.jar").noneMatch(arg -> arg.startsWith("-XX:AOTCache"));
        assertThat(bare).doesNotContainAnyElementsOf(StartupBenchmark.windowJvmOptions());
        assertThat(cacheOnly).contains("-XX:AOTCache=/apps/loomscope.aot").doesNotContainAnyElementsOf(StartupBenchmark.windowJvmOptions());
        assertThat(both).contains("-XX:AOTCache=/apps/loomscope.aot").containsAll(StartupBenchmark.windowJvmOptions());
        // java -jar, as a user types it: the jar's manifest gives the flags a class path start needs.
        assertThat(bare).containsExactly(JvmLauncher.javaExecutable(), "-jar", "/apps/loomscope.jar");
        assertThat(both).doesNotContainAnyElementsOf(JvmFlags.required());
    }

    @Test
    void theAppImageAndTheScriptAreMeasuredOnlyWhenPresent() {
        assertThat(bench.launches(null, null)).hasSize(5);
        assertThat(bench.launches(Path.of("/opt/loomscope/bin/LoomScope"), null).getLast().command()).containsExactly("/opt/loomscope/bin/LoomScope");
        var both = bench.launches(Path.of("/opt/loomscope/bin/LoomScope"), Path.of("/src/loomscope/loomscope"));
        assertThat(both).hasSize(7);
        assertThat(both).extracting(StartupBenchmark.Launch::variant).containsExactly("empty", "bare", "options", "cache", "shipped", "script", "image");
        assertThat(both.get(5)).isEqualTo(new StartupBenchmark.Launch("script", StartupBenchmark.SCRIPT, List.of("/src/loomscope/loomscope")));
    }

    @Test
    void theYardstickIsAnEmptyWindowFromTheSameJarStartedPlainly() {
        // No options, no cache, not even the jar's manifest: the JVM's and JavaFX's defaults.
        assertThat(bench.empty().command()).containsExactly(JvmLauncher.javaExecutable(), "-cp", "/apps/loomscope.jar", "dev.loomscope.ui.app.EmptyWindow");
    }

    @Test
    void ratiosAreOfTheMediansAndOfEachRoundsPair() {
        // Round 2 was a busy spell for both: the round's own ratio stays near the others.
        var ratio = StartupBenchmark.ratio(List.of(660L, 1300L, 640L), List.of(600L, 1250L, 620L));
        assertThat(ratio.ofMedians()).isEqualTo(660.0 / 620.0);
        assertThat(ratio.medianOfRounds()).isEqualTo(1300.0 / 1250.0);
        assertThat(ratio.lowest()).isEqualTo(640.0 / 620.0);
        assertThat(ratio.highest()).isEqualTo(1.1);
    }

    @Test
    void aMissingCacheIsSaidToBeMissing() {
        assertThat(bench.hasCache()).isFalse();
    }

    @Test
    void readsThisProcesssMemoryAndCpuFromProc() {
        long pid = ProcessHandle.current().pid();
        assertThat(StartupBenchmark.statusKb(pid, "VmRSS")).isPositive();
        assertThat(StartupBenchmark.statusKb(pid, "VmHWM")).isGreaterThanOrEqualTo(StartupBenchmark.statusKb(pid, "VmRSS") / 2);
        // A test JVM has used some CPU by now (class loading alone takes more than a clock tick).
        assertThat(ThreadCpu.processMs(pid)).isPositive();
        assertThat(StartupBenchmark.statusKb(Long.MAX_VALUE, "VmRSS")).isZero();
    }

    @Test
    void mediansAndRanges() {
        assertThat(StartupBenchmark.median(List.of(5L, 1L, 3L))).isEqualTo(3);
        assertThat(StartupBenchmark.median(List.of(4L, 1L, 2L, 3L))).isEqualTo(2);
        assertThat(StartupBenchmark.spread(List.of(1_200L, 800L, 950L))).isEqualTo("950 ms (800-1,200)");
    }
}
