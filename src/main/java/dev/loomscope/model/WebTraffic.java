package dev.loomscope.model;

import dev.loomscope.engine.IdealTime;
import dev.loomscope.engine.Scenario;
import dev.loomscope.web.Ceiling;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A web run's requests over time, from its lifecycle events: sent (SUBMITTED, by a client) and
 * answered (FINISHED or FAILED). It gives throughput and latency percentiles over a sliding window,
 * as a load generator's live view would, and the closed loop's ceiling to hold them against.
 * The runner's reader thread writes; the UI reads a computed copy. Both hold the lock briefly.
 */
public final class WebTraffic {

    /** The shortest window: long enough to hold a few waves of a 100 ms route. */
    static final double MIN_WINDOW_MS = 300;

    /** One point of the series: at {@code timeMs}, the window's answers per second and latency (NaN: no answer in it). */
    public record Point(double timeMs, double perSecond, double p50Ms, double p99Ms) {
    }

    private final long[] sentAt;
    private final double serviceMs;
    private long[] answeredAt = new long[1_024];
    private int[] latencyMicros = new int[1_024];
    private int answered;
    private int failed;
    private int inFlight;

    public WebTraffic(Scenario scenario) {
        this.sentAt = new long[scenario.tasks()];
        this.serviceMs = scenario.sleepMs() + scenario.cpuMs();
        Arrays.fill(sentAt, -1);
    }

    synchronized void sent(int task, long nanos) {
        if (sentAt[task] < 0) {
            sentAt[task] = nanos;
            inFlight++;
        }
    }

    /** Request {@code task} answered (or failed) at {@code nanos}; a second answer for it is ignored. */
    synchronized void answered(int task, long nanos, boolean ok) {
        long sent = sentAt[task];
        if (sent < 0) {
            return;
        }
        sentAt[task] = Long.MIN_VALUE; // answered: not -1, so a late duplicate SUBMITTED cannot reopen it
        inFlight--;
        if (!ok) {
            failed++;
        }
        if (answered == answeredAt.length) {
            answeredAt = Arrays.copyOf(answeredAt, answered * 2);
            latencyMicros = Arrays.copyOf(latencyMicros, answered * 2);
        }
        answeredAt[answered] = nanos;
        latencyMicros[answered] = (int) Math.min(Integer.MAX_VALUE, Math.max(0, (nanos - sent) / 1_000));
        answered++;
    }

    public synchronized int inFlight() {
        return inFlight;
    }

    public synchronized int answered() {
        return answered;
    }

    public synchronized int failed() {
        return failed;
    }

    /** The sliding window: at least 300 ms, and three service times, so the waves of a pool average out. */
    public double windowMs() {
        return Math.max(MIN_WINDOW_MS, 3 * serviceMs);
    }

    /**
     * Throughput and latency at about {@code maxPoints} times from the first answer's window to the
     * last answer, each over the window that ends there (shorter at the start of the run).
     */
    public List<Point> points(int maxPoints) {
        long[] times;
        int[] latencies;
        synchronized (this) {
            times = Arrays.copyOf(answeredAt, answered);
            latencies = Arrays.copyOf(latencyMicros, answered);
        }
        var points = new ArrayList<Point>();
        if (times.length == 0) {
            return points;
        }
        Integer[] order = new Integer[times.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (a, b) -> Long.compare(times[a], times[b]));
        double window = windowMs();
        double endMs = times[order[order.length - 1]] / 1e6;
        double step = Math.max(window / 6, endMs / Math.max(1, maxPoints));
        int from = 0;
        int to = 0;
        for (double t = Math.min(step, endMs); ; t = Math.min(t + step, endMs)) {
            while (to < order.length && times[order[to]] / 1e6 <= t) {
                to++;
            }
            while (from < to && times[order[from]] / 1e6 <= t - window) {
                from++;
            }
            double span = Math.min(window, t);
            int count = to - from;
            double p50 = Double.NaN;
            double p99 = Double.NaN;
            if (count > 0) {
                int[] inWindow = new int[count];
                for (int k = 0; k < count; k++) {
                    inWindow[k] = latencies[order[from + k]];
                }
                Arrays.sort(inWindow);
                p50 = percentile(inWindow, 50) / 1_000.0;
                p99 = percentile(inWindow, 99) / 1_000.0;
            }
            points.add(new Point(t, span > 0 ? count * 1_000.0 / span : 0, p50, p99));
            if (t >= endMs) {
                return points;
            }
        }
    }

    /** Nearest-rank percentile of sorted values. */
    static int percentile(int[] sorted, double percentile) {
        int rank = (int) Math.ceil(percentile / 100 * sorted.length);
        return sorted[Math.clamp(rank - 1, 0, sorted.length - 1)];
    }

    /**
     * The most the scenario's closed loop can serve: min(connections, requests served at once) /
     * (sleep + CPU). Empty for a plain run, or a request with no work to time.
     */
    public static Optional<Ceiling> ceiling(Scenario scenario, int cores) {
        double serviceMs = scenario.sleepMs() + scenario.cpuMs();
        if (!scenario.isWeb() || serviceMs <= 0) {
            return Optional.empty();
        }
        int workers = switch (scenario.executor()) {
            case FIXED, FORKJOIN -> scenario.pool();
            case SINGLE -> 1;
            case VIRTUAL_LIMITED -> scenario.permits();
            case VIRTUAL -> IdealTime.pins(scenario.blocking()) ? scenario.carriers() : 0;
            case PLATFORM -> 0;
        };
        // CPU work is served no faster than the cores allow.
        if (scenario.cpuMs() > 0) {
            int computing = IdealTime.computingCores(scenario, cores);
            double cpuBound = computing * serviceMs / scenario.cpuMs();
            workers = workers == 0 ? (int) Math.max(1, Math.floor(cpuBound)) : (int) Math.max(1, Math.min(workers, Math.floor(cpuBound)));
        }
        return Optional.of(new Ceiling(scenario.connections(), workers, serviceMs));
    }
}
