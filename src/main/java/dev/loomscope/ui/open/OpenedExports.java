package dev.loomscope.ui.open;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.loomscope.recording.RecordingComparison;
import dev.loomscope.recording.RecordingSummary;
import dev.loomscope.recording.ThreadDumpSummary;
import dev.loomscope.ui.export.WindowExports;
import dev.loomscope.ui.fx.Messages;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * What an opened file gives to keep: a recording's summary (or two recordings' comparison) as the
 * JSON {@code loomscope open --json} prints, a thread dump's groups as CSV. Written off the FX thread.
 */
public final class OpenedExports {

    /** What is shown. */
    enum Kind { RECORDING, DUMP, TWO }

    /**
     * One group of a thread dump as a CSV row; frames innermost first, separated by {@code " <- "}; {@code unchanged} how many
     * had the same stack in the dump before, empty when the dump was not read with one.
     */
    record GroupRow(long count, String unchanged, boolean virtual, String states, String topFrame, String containers, String names, String frames) {
    }

    /** Made when a dump is first saved as CSV, not as the window opens: Jackson's mapper took about 25 ms of the window's build. */
    private static final class Csv {
        static final CsvMapper MAPPER = new CsvMapper();
        static final CsvSchema GROUPS = MAPPER.schemaFor(GroupRow.class)
                .sortedBy("count", "unchanged", "virtual", "states", "topFrame", "containers", "names", "frames").withHeader();
    }

    private final WindowExports exports;
    private Map<String, Object> json;
    private ThreadDumpSummary dump;

    OpenedExports(WindowExports exports) {
        this.exports = exports;
    }

    void forget() {
        json = null;
        dump = null;
    }

    Kind recording(RecordingSummary summary) {
        json = summary.json();
        return Kind.RECORDING;
    }

    Kind two(RecordingSummary before, RecordingSummary after) {
        json = RecordingComparison.json(before, after);
        return Kind.TWO;
    }

    Kind dump(ThreadDumpSummary summary) {
        dump = summary;
        return Kind.DUMP;
    }

    void chooseJson() {
        exports.chooseFile("loomscope-summary.json", "JSON", "*.json").ifPresent(this::saveJson);
    }

    void chooseCsv() {
        // One of a log's several dumps: its number in the name, so that saving the next one does not overwrite it.
        String name = dump != null && dump.dumps() > 1 ? "loomscope-thread-groups-dump-" + dump.dump() + ".csv" : "loomscope-thread-groups.csv";
        exports.chooseFile(name, "CSV", "*.csv").ifPresent(this::saveCsv);
    }

    /** The shown recording's summary (or the two recordings' comparison) as {@code open --json} prints it. */
    public CompletableFuture<Path> saveJson(Path file) {
        if (json == null) {
            return CompletableFuture.failedFuture(new IllegalStateException(Messages.text("open.export.nothing")));
        }
        try {
            return exports.saveText(file, new ObjectMapper().writeValueAsString(json) + "\n");
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The shown thread dump's groups as CSV, largest first, with a header row. */
    public CompletableFuture<Path> saveCsv(Path file) {
        if (dump == null) {
            return CompletableFuture.failedFuture(new IllegalStateException(Messages.text("open.export.nothing")));
        }
        return exports.saveText(file, groupsCsv(dump));
    }

    static String groupsCsv(ThreadDumpSummary dump) {
        List<GroupRow> rows = dump.groups().stream().map(g -> new GroupRow(g.count(), !dump.compared() ? "" : Long.toString(g.unchanged()), g.virtual(),
                g.states().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")),
                g.frames().isEmpty() ? "" : g.frames().getFirst(), String.join(" ", g.containers()), String.join(" ", g.names()),
                String.join(" <- ", g.frames()))).toList();
        try {
            return Csv.MAPPER.writer(Csv.GROUPS).writeValueAsString(rows);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
