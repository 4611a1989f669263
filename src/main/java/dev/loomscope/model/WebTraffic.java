package dev.loomscope.model;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.text.Text;
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
    /** Bits for a request's index in a sort key: a web run has at most 100,000 (below 2^17). */
    private static final int INDEX_BITS = 17;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;

    /** One point of the series: at {@code timeMs}, the window's answers per second and latency (NaN: no answer in it). */
    public record Point(double timeMs, double perSecond, double p50Ms, double p99Ms) {
    }

    /** Per task: when it was sent; -1 not yet, {@link #DONE} once sent and answered. */
    private final long[] sentAt;
    /** Per task: an answer that arrived before its send (events from different rings can), else -1. */
    private final long[] answeredFirst;
    private final boolean[] failedFirst;
    private final double serviceMs;
    private long[] answeredAt = new long[1_024];
    private int[] latencyMicros = new int[1_024];
    private int answered;
    private int failed;
    private int inFlight;
    private static final long DONE = Long.MIN_VALUE;

    public WebTraffic(Scenario scenario) {
        this.sentAt = new long[scenario.tasks()];
        this.answeredFirst = new long[scenario.tasks()];
        this.failedFirst = new boolean[scenario.tasks()];
        this.serviceMs = scenario.sleepMs() + scenario.cpuMs();
        Arrays.fill(sentAt, -1);
        Arrays.fill(answeredFirst, -1);
    }

    synchronized void sent(int task, long nanos) {
        if (sentAt[task] != -1) {
            return;
        }
        if (answeredFirst[task] >= 0) {
            sentAt[task] = DONE;
            complete(nanos, answeredFirst[task], !failedFirst[task]);
            return;
        }
        sentAt[task] = nanos;
        inFlight++;
    }

    /** Request {@code task} answered (or failed) at {@code nanos}; a second answer for it is ignored. */
    synchronized void answered(int task, long nanos, boolean ok) {
        long sent = sentAt[task];
        if (sent == DONE) {
            return;
        }
        if (sent == -1) {
            if (answeredFirst[task] < 0) {
                answeredFirst[task] = Math.max(0, nanos);
                failedFirst[task] = !ok;
            }
            return;
        }
        sentAt[task] = DONE;
        inFlight--;
        complete(sent, nanos, ok);
    }

    private void complete(long sentNanos, long answeredNanos, boolean ok) {
        if (!ok) {
            failed++;
        }
        if (answered == answeredAt.length) {
            answeredAt = Arrays.copyOf(answeredAt, answered * 2);
            latencyMicros = Arrays.copyOf(latencyMicros, answered * 2);
        }
        answeredAt[answered] = Math.max(0, answeredNanos);
        latencyMicros[answered] = (int) Math.min(Integer.MAX_VALUE, Math.max(0, (answeredNanos - sentNanos) / 1_000));
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
        // Sorted by answer time as packed primitives (time in the high bits, index in the low 17): no boxing.
        long[] keys = new long[times.length];
        for (int i = 0; i < times.length; i++) {
            keys[i] = times[i] << INDEX_BITS | i;
        }
        Arrays.sort(keys);
        int[] order = new int[keys.length];
        for (int i = 0; i < keys.length; i++) {
            order[i] = (int) (keys[i] & INDEX_MASK);
        }
        double window = windowMs();
        double endMs = times[order[order.length - 1]] / 1e6;
        double step = Math.max(window / 6, endMs / Math.max(1, maxPoints));
        int from = 0;
        int to = 0;
        for (double t = Math.min(step, endMs);; t = Math.min(t + step, endMs)) {
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
        boolean pins = IdealTime.pins(scenario.blocking());
        int workers = switch (scenario.executor()) {
            case FIXED, FORKJOIN -> scenario.pool();
            case SINGLE -> 1;
            case VIRTUAL -> pins ? scenario.carriers() : 0;
            case VIRTUAL_LIMITED -> pins ? Math.min(scenario.carriers(), scenario.permits()) : 0;
            case PLATFORM, STRUCTURED -> 0;
        };
        double cap = Double.POSITIVE_INFINITY;
        String reason = null;
        if (scenario.cpuMs() > 0) {
            int computing = IdealTime.computingCores(scenario, cores);
            cap = computing * 1_000.0 / scenario.cpuMs();
            reason = Text.get(computing == 1 ? "web.cap.core" : "web.cap.cores", computing, scenario.cpuMs());
        }
        if (scenario.executor() == ExecutorKind.VIRTUAL_LIMITED && !pins && scenario.sleepMs() > 0
                && scenario.permits() * 1_000.0 / scenario.sleepMs() < cap) {
            // The semaphore holds only the wait: its permits pass permits / sleep requests a second.
            cap = scenario.permits() * 1_000.0 / scenario.sleepMs();
            reason = Text.get("web.cap.permits", scenario.permits(), scenario.sleepMs());
        }
        return Optional.of(new Ceiling(scenario.connections(), workers, serviceMs, cap, reason));
    }
}
