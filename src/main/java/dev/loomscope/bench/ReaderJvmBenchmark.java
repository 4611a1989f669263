package dev.loomscope.bench;

import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.reading.ReaderJvm;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The window's way of opening a recording against the bare loop, each in a JVM of its own with the reader's JVM options:
 * the reader JVM the window starts ({@code open FILE --json --progress-json}) and {@link BareLoop}, interleaved, after one
 * warm-up each. Measured as each process's CPU time (every thread: JIT compilers and collector too, and the JVM's start), read
 * from this process's children's time in {@code /proc/self/stat} once it has waited for each; wall times beside them.
 */
public final class ReaderJvmBenchmark {

    /** Clock ticks per second of /proc's times: 100 on every Linux LoomScope runs on. */
    private static final long TICKS_PER_SECOND = 100;

    /** What was measured, in ms. */
    public record Times(List<Long> bareMs, List<Long> readerMs, List<Long> bareWallMs, List<Long> readerWallMs) {

        public double ratio() {
            return RecordingBenchmark.median(bareMs) == 0 ? 0 : (double) RecordingBenchmark.median(readerMs) / RecordingBenchmark.median(bareMs);
        }
    }

    private ReaderJvmBenchmark() {
    }

    /** Times both JVMs over {@code file}, {@code rounds} times each, interleaved. */
    public static Times time(Path file, int rounds) throws IOException, InterruptedException {
        var reader = new ReaderJvm();
        List<String> open = reader.command(file);
        List<String> bare = JvmLauncher.standard().toolCommand(BareLoop.class.getName(), reader.jvmOptions(java.nio.file.Files.size(file)), List.of(file.toAbsolutePath().toString()));
        run(bare);
        run(open);
        var times = new Times(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (int i = 0; i < rounds; i++) {
            long[] b = run(bare);
            long[] o = run(open);
            times.bareMs().add(b[0]);
            times.bareWallMs().add(b[1]);
            times.readerMs().add(o[0]);
            times.readerWallMs().add(o[1]);
        }
        return times;
    }

    /** Runs {@code command} to its end: its CPU time and wall time in ms. */
    private static long[] run(List<String> command) throws IOException, InterruptedException {
        long cpu0 = childrenCpuMs();
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        int exit = p.waitFor();
        long wall = (System.nanoTime() - t0) / 1_000_000;
        if (exit != 0) {
            throw new IOException(Text.get("bench.open.jvm-failed", exit, String.join(" ", command)));
        }
        return new long[] {childrenCpuMs() - cpu0, wall};
    }

    /** The CPU time of this process's children it has waited for (cutime and cstime), in ms. */
    private static long childrenCpuMs() throws IOException {
        String stat = Files.readString(Path.of("/proc/self/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // After the command's name: state is field 3, cutime field 16, cstime field 17.
        return (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) * 1000 / TICKS_PER_SECOND;
    }
}
