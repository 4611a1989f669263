package dev.loomscope.web;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
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

    /**
     * One route's figures. A request's count, latency and queue time are written together and read
     * together, under the route's lock: {@code /metrics} never shows a request counted whose times are
     * not yet in, nor one histogram copied before a request and the other after it (both happened:
     * latency max 0 beside a queue time of 2 ms). One short lock per request; virtual threads do not pin on it.
     */
    static final class RouteStats {
        private final Histogram latencyMicros = new Histogram(3);
        private final Histogram queuedMicros = new Histogram(3);
        private long ok;
        private long clientErrors;
        private long serverErrors;

        synchronized void record(int status, long latencyMicros, long queuedMicros) {
            this.latencyMicros.recordValue(latencyMicros);
            this.queuedMicros.recordValue(queuedMicros);
            if (status < 400) {
                ok++;
            } else if (status < 500) {
                clientErrors++;
            } else {
                serverErrors++;
            }
        }

        synchronized long count() {
            return ok + clientErrors + serverErrors;
        }

        /** The route as {@code /metrics} shows it: one consistent moment. */
        synchronized Map<String, Object> figures() {
            var figures = new LinkedHashMap<String, Object>();
            figures.put("count", count());
            figures.put("ok", ok);
            figures.put("clientErrors", clientErrors);
            figures.put("serverErrors", serverErrors);
            figures.put("latencyMs", distribution(latencyMicros));
            figures.put("queuedMs", distribution(queuedMicros));
            return figures;
        }
    }

    void record(String route, int status, long latencyNanos, long queuedNanos) {
        routes.computeIfAbsent(route, r -> new RouteStats()).record(status, micros(latencyNanos), micros(queuedNanos));
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
        routes.keySet().stream().sorted().forEach(route -> shown.put(route, routes.get(route).figures()));
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
