package dev.loomscope.bench;

import dev.loomscope.launcher.JvmLauncher;
import dev.loomscope.recording.ReadProgress;
import dev.loomscope.recording.RecordingReader;
import dev.loomscope.recording.RecordingSummary;
import dev.loomscope.recording.UnreadableFileException;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.consumer.RecordingFile;

/**
 * How much longer {@code loomscope open} takes over a large recording than the least any reader
 * must do: a bare loop over {@link RecordingFile} reading every event. Both run in this JVM,
 * interleaved, after one warm-up each; the medians of the reading thread's CPU time are compared
 * (on a shared machine wall time swings 3x from round to round; CPU time does not), and the wall
 * times are reported beside them. The bound: {@link #MAX_RATIO}.
 */
public final class RecordingBenchmark {

    public static final double MAX_RATIO = 1.5;

    /** What was measured. */
    public record Times(long sizeBytes, long events, long starts, long pins, List<Long> bareMs, List<Long> openMs, List<Long> bareWallMs,
                        List<Long> openWallMs) {

        public long bareMedianMs() {
            return median(bareMs);
        }

        public long openMedianMs() {
            return median(openMs);
        }

        public long bareWallMedianMs() {
            return median(bareWallMs);
        }

        public long openWallMedianMs() {
            return median(openWallMs);
        }

        public double ratio() {
            return bareMedianMs() == 0 ? 0 : (double) openMedianMs() / bareMedianMs();
        }

    }

    /** The middle value (the upper one of an even count). */
    public static long median(List<Long> values) {
        return values.stream().sorted().toList().get(values.size() / 2);
    }

    private RecordingBenchmark() {
    }

    /**
     * Records {@code threads} short virtual threads (every {@code pinEvery}th pinning for 1 ms) in a JVM of the
     * JDK this runs on, with starts, ends and every pin enabled, into {@code file}. Blocks until that JVM exits.
     */
    public static Path record(Path file, long threads, long pinEvery) throws IOException, InterruptedException {
        var command = List.of(JvmLauncher.javaExecutable(), "-XX:StartFlightRecording:filename=" + file.toAbsolutePath()
                + ",maxsize=0,jdk.VirtualThreadStart#enabled=true,jdk.VirtualThreadEnd#enabled=true,jdk.VirtualThreadPinned#threshold=0ms",
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                RecordedLoad.class.getName(), Long.toString(threads), Long.toString(pinEvery));
        Process jvm = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        int exit = jvm.waitFor();
        if (exit != 0 || !Files.isRegularFile(file)) {
            throw new IOException(Text.get("bench.open.record-failed", exit, String.join(" ", command)));
        }
        return file;
    }

    /** Times the bare loop and {@code open} over {@code file}, {@code rounds} times each, interleaved. */
    public static Times time(Path file, int rounds) throws IOException, UnreadableFileException, InterruptedException {
        long events = bareLoop(file);
        RecordingSummary summary = RecordingReader.read(file, ReadProgress.NONE);
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        var bare = new ArrayList<Long>();
        var open = new ArrayList<Long>();
        var bareWall = new ArrayList<Long>();
        var openWall = new ArrayList<Long>();
        for (int i = 0; i < rounds; i++) {
            long c0 = cpu.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            bareLoop(file);
            long c1 = cpu.getCurrentThreadCpuTime();
            long t1 = System.nanoTime();
            RecordingReader.read(file, ReadProgress.NONE);
            long c2 = cpu.getCurrentThreadCpuTime();
            long t2 = System.nanoTime();
            bare.add((c1 - c0) / 1_000_000);
            open.add((c2 - c1) / 1_000_000);
            bareWall.add((t1 - t0) / 1_000_000);
            openWall.add((t2 - t1) / 1_000_000);
        }
        return new Times(Files.size(file), events, summary.observation().virtualThreadStarts(), summary.observation().pinnedEvents(), bare, open,
                bareWall, openWall);
    }

    /** Reads every event and does nothing with it: the floor for any reader of the file. */
    static long bareLoop(Path file) throws IOException {
        long events = 0;
        try (var recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                recording.readEvent();
                events++;
            }
        }
        return events;
    }
}
