package dev.loomscope.web;

import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What a load run measured. Latency covers every answered request, whatever its status (as ab and
 * wrk count them); requests that got no answer are errors, kept apart by kind.
 *
 * @param answered  requests that got a response
 * @param ok        of those, the 2xx ones
 * @param statuses  how many of each non-2xx status
 * @param errors    requests with no response, by kind ("ConnectException", "timeout")
 * @param latencyMicros  latency of answered requests, microseconds
 */
public record LoadReport(LoadPlan plan, long elapsedNanos, long answered, long ok, Map<Integer, Long> statuses,
                         Map<String, Long> errors, Histogram latencyMicros, String firstError) {

    public LoadReport {
        statuses = Map.copyOf(new TreeMap<>(statuses));
        errors = Map.copyOf(new TreeMap<>(errors));
    }

    /** Answered requests per second of the run. */
    public double throughput() {
        return elapsedNanos == 0 ? 0 : answered * 1e9 / elapsedNanos;
    }

    /** 2xx answers per second: what a ceiling is compared with (fast 4xx and 503 answers do not count). */
    public double okThroughput() {
        return elapsedNanos == 0 ? 0 : ok * 1e9 / elapsedNanos;
    }

    public long failed() {
        return answered - ok + errors.values().stream().mapToLong(Long::longValue).sum();
    }

    public double elapsedSeconds() {
        return elapsedNanos / 1e9;
    }

    public double meanMs() {
        return latencyMicros.getTotalCount() == 0 ? 0 : latencyMicros.getMean() / 1_000.0;
    }

    public double percentileMs(double percentile) {
        return latencyMicros.getTotalCount() == 0 ? 0 : latencyMicros.getValueAtPercentile(percentile) / 1_000.0;
    }

    public double maxMs() {
        return latencyMicros.getTotalCount() == 0 ? 0 : latencyMicros.getMaxValue() / 1_000.0;
    }
}
