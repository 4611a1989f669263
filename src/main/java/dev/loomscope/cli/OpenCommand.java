package dev.loomscope.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.recording.FileKind;
import dev.loomscope.recording.ReadProgress;
import dev.loomscope.recording.RecordingComparison;
import dev.loomscope.recording.RecordingReader;
import dev.loomscope.recording.RecordingSummary;
import dev.loomscope.recording.ThreadDumpReader;
import dev.loomscope.recording.ThreadDumpSummary;
import dev.loomscope.recording.UnreadableFileException;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code loomscope open}: a JFR recording or a thread dump (JSON, text or jstack) from anywhere, summarised; two recordings side by side. */
@Command(resourceBundle = "dev.loomscope.text.messages", name = "open", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"${bundle:cli.open.description.0}", "${bundle:cli.open.description.1}", "${bundle:cli.open.description.2}",
                "${bundle:cli.open.description.3}", "${bundle:cli.open.description.4}", "${bundle:cli.open.description.5}"},
        exitCodeListHeading = "${bundle:cli.exit-codes}",
        exitCodeList = {"0:${bundle:cli.open.exit.0}", "2:${bundle:cli.open.exit.2}"})
public final class OpenCommand implements Callable<Integer> {

    /** The progress line is redrawn at most this often. */
    private static final long PROGRESS_EVERY_NS = 100_000_000L;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..2", paramLabel = "FILE", descriptionKey = "cli.open.files")
    List<Path> files;

    @Option(names = "--json", descriptionKey = "cli.open.json")
    boolean json;

    @Option(names = "--grep", paramLabel = "TEXT", descriptionKey = "cli.open.grep")
    String grep;

    @Option(names = "--progress", descriptionKey = "cli.open.progress")
    boolean progress;

    @Option(names = "--progress-json", descriptionKey = "cli.open.progress-json")
    boolean progressJson;

    @Option(names = "--top", paramLabel = "N", defaultValue = "5", descriptionKey = "cli.open.top")
    int top;

    @Option(names = "--frames", paramLabel = "N", defaultValue = "8", descriptionKey = "cli.open.frames")
    int frames;

    @Option(names = "--dump", paramLabel = "N|last", converter = DumpChoice.class, descriptionKey = "cli.open.dump-option")
    Integer dump;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            FileKind.Sniffed sniffed = FileKind.sniff(files.getFirst());
            FileKind first = sniffed.kind();
            if (dump != null && first == FileKind.JFR) {
                throw new ParameterException(spec.commandLine(), Text.get("cli.open.bad.dump-recording", files.getFirst()));
            }
            FileKind.Sniffed second = files.size() == 2 ? FileKind.sniff(files.get(1)) : null;
            if (second != null && (first == FileKind.JFR) != (second.kind() == FileKind.JFR)) {
                throw new ParameterException(spec.commandLine(), Text.get("cli.open.bad.two-kinds", String.join(", ", files.stream().map(Path::toString).toList())));
            }
            if (second != null && dump != null) {
                throw new ParameterException(spec.commandLine(), Text.get("cli.open.bad.dump-two"));
            }
            if (second != null && first != FileKind.JFR) {
                // Two dumps of one JVM: the later read with the earlier, its threads that kept their stack counted.
                printDump(out, ThreadDumpReader.compare(sniffed, second, grep, progress(err, files.get(0)), progress(err, files.get(1))), err);
            } else if (second != null) {
                RecordingSummary before = RecordingReader.read(files.get(0), progress(err, files.get(0)));
                RecordingSummary after = RecordingReader.read(files.get(1), progress(err, files.get(1)));
                clearProgress(err);
                if (json) {
                    out.println(new ObjectMapper().writeValueAsString(RecordingComparison.json(before, after)));
                } else {
                    SummaryText.comparison(out, before, after);
                }
            } else if (first == FileKind.JFR) {
                if (grep != null) {
                    throw new ParameterException(spec.commandLine(), Text.get("cli.open.bad.grep"));
                }
                RecordingSummary summary = RecordingReader.read(files.getFirst(), progress(err, files.getFirst()));
                clearProgress(err);
                if (json) {
                    out.println(new ObjectMapper().writeValueAsString(summary.json()));
                } else {
                    SummaryText.recording(out, summary, top);
                }
            } else {
                printDump(out, ThreadDumpReader.read(sniffed, dump == null ? 1 : dump, grep, progress(err, files.getFirst())), err);
            }
            out.flush();
            return 0;
        } catch (UnreadableFileException e) {
            clearProgress(err);
            if (progressJson) {
                // For the program reading through this command: the one line to show, as it is.
                err.println(new ObjectMapper().writeValueAsString(java.util.Map.of("error", e.getMessage())));
                err.flush();
                return LoomScopeCommand.EXIT_USAGE;
            }
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private void printDump(PrintWriter out, ThreadDumpSummary read, PrintWriter err) throws IOException {
        clearProgress(err);
        if (json) {
            out.println(new ObjectMapper().writeValueAsString(read.json()));
        } else {
            SummaryText.threadDump(out, read, top, frames);
        }
    }

    /** A progress line on stderr, redrawn at most every 100 ms, when stderr is a terminal or --progress asks; else nothing. */
    private ReadProgress progress(PrintWriter err, Path file) {
        if (progressJson) {
            return jsonProgress(err);
        }
        if (!progress && !stderrIsTerminal()) {
            return ReadProgress.NONE;
        }
        long[] last = {0};
        String name = file.getFileName().toString();
        return (bytes, size, events) -> {
            long now = System.nanoTime();
            if (now - last[0] >= PROGRESS_EVERY_NS || bytes == size) {
                last[0] = now;
                err.print(Text.get("cli.open.progress-line", name, size == 0 ? 100 : (int) (bytes * 100 / size), bytes / 1e6, size / 1e6, events));
                err.flush();
                drawn = true;
            }
        };
    }

    private boolean drawn;

    /** One JSON object a line on stderr, at most every 100 ms and at the end: for a program that shows the progress itself. */
    private static ReadProgress jsonProgress(PrintWriter err) {
        long[] last = {System.nanoTime()};
        return (bytes, size, events) -> {
            long now = System.nanoTime();
            if (now - last[0] >= PROGRESS_EVERY_NS || bytes == size) {
                last[0] = now;
                err.println("{\"bytes\":" + bytes + ",\"size\":" + size + ",\"events\":" + events + "}");
                err.flush();
            }
        };
    }

    private void clearProgress(PrintWriter err) {
        if (drawn) {
            err.print("\r" + " ".repeat(100) + "\r");
            err.flush();
            drawn = false;
        }
    }

    /** Whether stderr is a terminal: on Linux its descriptor links to a tty; elsewhere, whether the console is one. */
    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return System.console() != null && System.console().isTerminal();
        }
    }
}
