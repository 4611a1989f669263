package dev.loomscope.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** open-bench --reader-jvm over a small recording: both JVMs run to their end, and each one's CPU time is read. */
class ReaderJvmBenchmarkTest {

    @Test
    void bothJvmsRunAndTheirCpuTimeIsMeasured(@TempDir Path dir) throws Exception {
        Path recording = RecordingBenchmark.record(dir.resolve("small.jfr"), 2_000, 100);
        ReaderJvmBenchmark.Times times = ReaderJvmBenchmark.time(recording, 1);
        assertThat(times.bareMs()).hasSize(1);
        assertThat(times.readerMs()).hasSize(1);
        // Starting a JVM alone takes tens of ms of CPU: a 0 would mean the children's times were not read.
        assertThat(times.bareMs()).allSatisfy(ms -> assertThat(ms).isGreaterThanOrEqualTo(20));
        assertThat(times.readerMs()).allSatisfy(ms -> assertThat(ms).isGreaterThanOrEqualTo(20));
        assertThat(times.readerWallMs()).allSatisfy(ms -> assertThat(ms).isPositive());
        assertThat(times.ratio()).isPositive();
    }
}
