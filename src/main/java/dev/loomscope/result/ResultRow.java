package dev.loomscope.result;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Map;
import java.util.StringJoiner;

/**
 * One run's result as a flat row with stable field names for scripts: a line of {@code run --json},
 * or a CSV row with the same fields in the same order (the window's result export).
 * {@code carrierPeak} is absent for platform threads; {@code dbPool}, {@code poolFillMs} and the
 * tasks' waits for a connection ({@code poolWaitP50Ms}, {@code poolWaitMaxMs}) only for the jdbc mode; {@code allocatedMb}
 * where the runner's JVM counts allocations (HotSpot does).
 */
public record ResultRow(String executor, String label, String outcome, String message, int tasks, int pool, int carriers,
                        int sleepMs, int cpuMs, String blocking, int permits, double elapsedMs, double idealMs,
                        double overheadPct, long submitted, long completed, long failed, double rssDeltaMb, double heapDeltaMb,
                        int peakPlatformThreads, double cpuTimeMs, long eventsEmitted, long eventsReceived,
                        double eventLatencyP50Ms, double eventLatencyMaxMs, long eventsOverflowed, long pinnedEvents, double pinnedMs,
                        java.util.Map<String, Long> pinnedReasons, long virtualThreadStarts, long virtualThreadEnds,
                        long gcPauses, double gcPauseMs, Double cpuWaitMs, Double otherCpuMs, Double submitMs, int threadDumpVirtualThreads, long mounts, long unmounts, int threadLocalKb,
                        long threadLocalsCreated, int connections, int repeats, String jdk, int cores, Double cpuUnitsPerMs,
                        String sharing, long cancelled, int failAtMs, Integer carrierPeak, Integer dbPool, Double poolFillMs,
                        Double poolWaitP50Ms, Double poolWaitMaxMs, Double allocatedMb) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final CsvMapper CSV = CsvMapper.builder()
            .enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING) // else any cell over 24 characters is quoted
            .addMixIn(ResultRow.class, CsvCells.class)
            .addModule(new SimpleModule().addSerializer(String.class, new TextCell()))
            .build();
    /** The record's components, in their order, as columns. */
    private static final CsvSchema CSV_SCHEMA = CSV.schemaFor(ResultRow.class)
            .sortedBy(Arrays.stream(ResultRow.class.getRecordComponents()).map(RecordComponent::getName).toArray(String[]::new));
    private static final ObjectWriter CSV_LINE = CSV.writer(CSV_SCHEMA);

    public static ResultRow of(RunResult r, int repeats) {
        var s = r.scenario();
        return new ResultRow(s.executor().cliName(), RunLabel.of(r), r.outcome().name().toLowerCase(java.util.Locale.ROOT), r.message(), s.tasks(),
                s.pool(), r.carriers(), s.sleepMs(), s.cpuMs(), s.blocking().cliName(), s.permits(), round(r.elapsedMs()),
                round(r.idealMs()), round(r.overhead() * 100), r.submitted(), r.completed(), r.failed(),
                round(r.rssDeltaMb()), round(r.heapDeltaMb()), r.peakPlatformThreads(), round(r.cpuTimeMs()),
                r.delivery().eventsEmitted(), r.delivery().eventsReceived(), round(r.delivery().latencyP50Ms()),
                round(r.delivery().latencyMaxMs()), r.delivery().eventsOverflowed(), r.vm().pinnedEvents(), round(r.vm().pinnedMs()), r.vm().pinnedReasons(),
                r.vm().virtualThreadStarts(), r.vm().virtualThreadEnds(), r.vm().gcPauses(), round(r.vm().gcPauseMs()),
                roundOrNull(r.cpuWaitMs()), roundOrNull(r.otherCpuMs()), roundOrNull(r.submitMs()),
                r.vm().threadDumpVirtualThreads(), r.mounts(), r.unmounts(), s.threadLocalKb(), r.threadLocalsCreated(), s.connections(), repeats, r.runner() != null ? r.runner().javaVersion() : null,
                r.runner() != null ? r.runner().cores() : 0,
                r.runner() != null && r.runner().cpuUnitsPerMs() > 0 ? r.runner().cpuUnitsPerMs() : null, s.sharing().cliName(),
                r.cancelled(), s.failAtMs(), r.carrierPeak() >= 0 ? r.carrierPeak() : null,
                r.dbPool() != null ? r.dbPool().size() : null, r.dbPool() != null ? round(r.dbPool().fillMs()) : null,
                r.dbPool() != null ? round(r.dbPool().waitP50Ms()) : null, r.dbPool() != null ? round(r.dbPool().waitMaxMs()) : null,
                roundOrNull(r.allocatedMb()));
    }

    public String toJsonLine() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The CSV header: the field names, in order. */
    public static String csvHeader() {
        var names = new StringJoiner(",");
        CSV_SCHEMA.forEach(column -> names.add(column.getName()));
        return names.toString();
    }

    /**
     * The fields as one CSV line (RFC 4180 quoting: a cell is quoted only if it holds a comma, a
     * quote or a line break); pinned reasons as "reason=count; ...", an absent figure as an empty cell.
     */
    public String toCsvLine() {
        try {
            String line = CSV_LINE.writeValueAsString(this);
            return line.substring(0, line.length() - CSV_SCHEMA.getLineSeparator().length);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Null (absent in JSON, an empty CSV cell) where the figure was not measured. */
    private static Double roundOrNull(double value) {
        return value < 0 ? null : round(value);
    }

    private static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }

    /** How the CSV writes what is not a plain figure or text: the pinned reasons in one cell. */
    private abstract static class CsvCells {
        @JsonSerialize(using = ReasonsCell.class)
        abstract Map<String, Long> pinnedReasons();
    }

    /** Pinned reasons as "reason=count; ...", in the map's order. */
    private static final class ReasonsCell extends StdSerializer<Map<String, Long>> {
        @SuppressWarnings("unchecked")
        ReasonsCell() {
            super((Class<Map<String, Long>>) (Class<?>) Map.class);
        }

        @Override
        public void serialize(Map<String, Long> reasons, JsonGenerator out, SerializerProvider provider) throws IOException {
            TextCell.write(String.join("; ", reasons.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()), out);
        }
    }

    /**
     * A text cell, quoted as RFC 4180 asks: the CSV writer quotes a cell with a comma, a quote or a
     * line feed, and this one with a carriage return too, which the writer would leave bare.
     */
    private static final class TextCell extends StdSerializer<String> {
        TextCell() {
            super(String.class);
        }

        @Override
        public void serialize(String text, JsonGenerator out, SerializerProvider provider) throws IOException {
            write(text, out);
        }

        static void write(String text, JsonGenerator out) throws IOException {
            if (text.indexOf('\r') >= 0 && text.matches("[^,\"\n]*")) {
                out.writeRawValue('"' + text + '"');
            } else {
                out.writeString(text);
            }
        }
    }
}
