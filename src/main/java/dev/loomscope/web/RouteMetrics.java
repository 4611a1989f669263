package dev.loomscope.web;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Per-route counts and latency distributions, for {@code /metrics}. Each route has its own
 * histograms: one average across a 300 ms route and a 1 ms route describes neither. Latency runs
 * from the moment the server handed the request to the executor (so time queued for a pool thread
 * counts) to the last byte written; queue time is kept apart as well.
 */
public final class RouteMetrics {

    /** Microseconds with 3 significant digits (auto-resizing); values are capped at an hour. */
    private static final long HIGHEST_MICROS = TimeUnit.HOURS.toMicros(1);

    private final Map<String, RouteStats> routes = new ConcurrentHashMap<>();
    private final LongAdder clientsGone = new LongAdder();

    /** One route's figures. Thread-safe: every request thread records into it. */
    static final class RouteStats {
        final ConcurrentHistogram latencyMicros = new ConcurrentHistogram(3);
        final ConcurrentHistogram queuedMicros = new ConcurrentHistogram(3);
        final LongAdder ok = new LongAdder();
        final LongAdder clientErrors = new LongAdder();
        final LongAdder serverErrors = new LongAdder();

        long count() {
            return ok.sum() + clientErrors.sum() + serverErrors.sum();
        }
    }

    void record(String route, int status, long latencyNanos, long queuedNanos) {
        RouteStats stats = routes.computeIfAbsent(route, r -> new RouteStats());
        (status < 400 ? stats.ok : status < 500 ? stats.clientErrors : stats.serverErrors).increment();
        stats.latencyMicros.recordValue(micros(latencyNanos));
        stats.queuedMicros.recordValue(micros(queuedNanos));
    }

    /** A client closed its connection before the whole reply was written. */
    void clientGone() {
        clientsGone.increment();
    }

    public long clientsGone() {
        return clientsGone.sum();
    }

    /** Requests answered on a route so far (any status). */
    public long count(String route) {
        RouteStats stats = routes.get(route);
        return stats == null ? 0 : stats.count();
    }

    /** Every route as {@code /metrics} shows it, routes in name order. */
    Map<String, Object> snapshot() {
        var shown = new LinkedHashMap<String, Object>();
        routes.keySet().stream().sorted().forEach(route -> {
            RouteStats stats = routes.get(route);
            var figures = new LinkedHashMap<String, Object>();
            figures.put("count", stats.count());
            figures.put("ok", stats.ok.sum());
            figures.put("clientErrors", stats.clientErrors.sum());
            figures.put("serverErrors", stats.serverErrors.sum());
            figures.put("latencyMs", distribution(stats.latencyMicros.copy()));
            figures.put("queuedMs", distribution(stats.queuedMicros.copy()));
            shown.put(route, figures);
        });
        return shown;
    }

    static Map<String, Object> distribution(Histogram micros) {
        var figures = new LinkedHashMap<String, Object>();
        boolean empty = micros.getTotalCount() == 0;
        figures.put("mean", empty ? 0 : round(micros.getMean() / 1_000.0));
        for (double percentile : new double[] {50, 90, 99}) {
            figures.put("p" + (int) percentile, empty ? 0 : round(micros.getValueAtPercentile(percentile) / 1_000.0));
        }
        figures.put("max", empty ? 0 : round(micros.getMaxValue() / 1_000.0));
        return figures;
    }

    private static double round(double ms) {
        return Math.round(ms * 1_000) / 1_000.0;
    }

    private static long micros(long nanos) {
        return Math.min(HIGHEST_MICROS, Math.max(0, nanos / 1_000));
    }
}
