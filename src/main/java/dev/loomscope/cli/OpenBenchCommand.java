package dev.loomscope.cli;

import dev.loomscope.bench.RecordingBenchmark;
import dev.loomscope.bench.ReaderJvmBenchmark;
import dev.loomscope.bench.RecordingBenchmark.Times;
import dev.loomscope.recording.UnreadableFileException;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code loomscope open-bench}: how long {@code open} takes over a large recording against a bare loop over its events. */
@Command(resourceBundle = "dev.loomscope.text.messages", name = "open-bench", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"${bundle:cli.open-bench.description.0}", "${bundle:cli.open-bench.description.1}"},
        exitCodeListHeading = "${bundle:cli.exit-codes}",
        exitCodeList = {"0:${bundle:cli.bench.exit.0}", "1:${bundle:cli.bench.exit.1}", "2:${bundle:cli.bench.exit.2}"})
public final class OpenBenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--file", paramLabel = "FILE", descriptionKey = "cli.open-bench.file")
    Path file;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "5000000", descriptionKey = "cli.open-bench.threads")
    long threads;

    @Option(names = "--pin-every", paramLabel = "N", defaultValue = "10000", descriptionKey = "cli.open-bench.pin-every")
    long pinEvery;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "5", descriptionKey = "cli.open-bench.rounds")
    int rounds;

    @Option(names = "--reader-jvm", descriptionKey = "cli.open-bench.reader-jvm")
    boolean readerJvm;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (threads < 1 || pinEvery < 1 || rounds < 1 || rounds > 50) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.open-bench.bad.numbers", threads, pinEvery, rounds));
        }
        PrintWriter out = spec.commandLine().getOut();
        Path recording = file;
        boolean temporary = recording == null;
        try {
            if (temporary) {
                recording = Files.createTempFile("loomscope-open-bench", ".jfr");
                Files.delete(recording); // the recording JVM writes it anew
            }
            if (!Files.exists(recording)) {
                out.println(Text.get("cli.open-bench.recording", threads, recording));
                out.flush();
                long t0 = System.nanoTime();
                RecordingBenchmark.record(recording, threads, pinEvery);
                out.println(Text.get("cli.open-bench.recorded", Files.size(recording) / 1e6, (System.nanoTime() - t0) / 1e9));
            }
            Times times = RecordingBenchmark.time(recording, rounds);
            out.println(Text.get("cli.open-bench.measured", recording, times.sizeBytes() / 1e6, times.events(), times.starts(), times.pins()));
            out.println(Text.get("cli.open-bench.bare", times.bareMedianMs(), times.bareMs(), times.bareWallMedianMs(), times.bareWallMs()));
            out.println(Text.get("cli.open-bench.open", times.openMedianMs(), times.openMs(), times.openWallMedianMs(), times.openWallMs()));
            boolean met = times.ratio() <= RecordingBenchmark.MAX_RATIO;
            out.println(Text.get(met ? "cli.open-bench.met" : "cli.open-bench.missed", times.ratio(), RecordingBenchmark.MAX_RATIO,
                    times.sizeBytes() / 1e6 / Math.max(0.001, times.openMedianMs() / 1000.0)));
            out.flush();
            if (readerJvm) {
                ReaderJvmBenchmark.Times jvms = ReaderJvmBenchmark.time(recording, rounds);
                out.println(Text.get("cli.open-bench.jvm-bare", RecordingBenchmark.median(jvms.bareMs()), jvms.bareMs(),
                        RecordingBenchmark.median(jvms.bareWallMs()), jvms.bareWallMs()));
                out.println(Text.get("cli.open-bench.jvm-open", RecordingBenchmark.median(jvms.readerMs()), jvms.readerMs(),
                        RecordingBenchmark.median(jvms.readerWallMs()), jvms.readerWallMs()));
                boolean jvmMet = jvms.ratio() <= RecordingBenchmark.MAX_RATIO;
                out.println(Text.get(jvmMet ? "cli.open-bench.jvm-met" : "cli.open-bench.jvm-missed", jvms.ratio(), RecordingBenchmark.MAX_RATIO));
                out.flush();
                met &= jvmMet;
            }
            return met ? 0 : LoomScopeCommand.EXIT_RUN_FAILED;
        } catch (UnreadableFileException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        } finally {
            if (temporary && recording != null) {
                Files.deleteIfExists(recording);
            }
        }
    }
}
