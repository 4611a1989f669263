package dev.loomscope.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** startup-bench's yardstick, an empty JavaFX window, opens on a real display and is timed as the window is. */
@Tag("timing")
class EmptyWindowStartTest {

    @Test
    void theEmptyWindowSaysItIsShownAndIsTimed() throws Exception {
        try (var display = StageBenchmark.display(1920, 1080)) {
            // The test's class path stands for the jar: the same classes and JavaFX, given to -cp.
            var bench = new StartupBenchmark(new PrintStream(new ByteArrayOutputStream()), display.environment(),
                    Path.of(System.getProperty("java.class.path")), Path.of("none.aot"));
            var empty = bench.empty();
            var times = bench.timeToShown(List.of(empty), 2).get(empty);

            assertThat(times).hasSize(2).allSatisfy(shown -> {
                assertThat(shown.wallMs()).isPositive();
                assertThat(shown.openingMs()).as("its one frame is its first").isEqualTo(shown.wallMs());
                assertThat(shown.cpuMs()).isPositive();
                // JavaFX's threads are found by their names in a real window's process.
                assertThat(shown.cpuParts().get(ThreadCpu.Part.FX_THREAD)).isPositive();
                // JavaFX's launcher thread may have ended by the first frame: its time is then in the ended part.
                assertThat(shown.cpuParts().get(ThreadCpu.Part.LAUNCHER) + shown.cpuParts().get(ThreadCpu.Part.ENDED)).isPositive();
                assertThat(shown.cpuParts().get(ThreadCpu.Part.JIT)).isPositive();
            });
            var ratio = StartupBenchmark.ratio(times.stream().map(StartupBenchmark.Shown::wallMs).toList(),
                    times.stream().map(StartupBenchmark.Shown::wallMs).toList());
            assertThat(ratio.ofMedians()).isEqualTo(1.0);
        }
    }

    /** The window is timed twice in one start: to its first frame painted (the opening frame) and to the whole window painted. */
    @Test
    void theWindowIsTimedToItsFirstFrameAndToTheWholeWindow() throws Exception {
        try (var display = StageBenchmark.display(1920, 1080)) {
            var bench = new StartupBenchmark(new PrintStream(new ByteArrayOutputStream()), display.environment(),
                    Path.of(System.getProperty("java.class.path")), Path.of("none.aot"));
            var window = new StartupBenchmark.Launch("window", "window", List.of(dev.loomscope.launcher.JvmLauncher.javaExecutable(), "-cp",
                    System.getProperty("java.class.path"), dev.loomscope.Main.class.getName()));
            var shown = bench.timeToShown(List.of(window), 1).get(window).getFirst();

            assertThat(shown.openingMs()).isPositive().isLessThanOrEqualTo(shown.wallMs());
            assertThat(shown.cpuMs()).isPositive();
        }
    }
}
