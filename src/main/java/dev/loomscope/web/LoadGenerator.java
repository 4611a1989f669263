package dev.loomscope.web;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * A closed-loop HTTP load generator in the spirit of ab and wrk: {@code connections} clients, each
 * sending its next GET as soon as the last is answered, until the plan's requests are answered or
 * its time is up. With a closed loop, throughput can never exceed connections / service time,
 * which is the point of the experiment: the server's thread limit shows as a lower ceiling.
 *
 * <p>Requests go through the JDK's {@link HttpClient} (HTTP/1.1, kept-alive connections, at most
 * one request per client at a time). Latency goes into one HdrHistogram {@link Recorder}, whose
 * writers never wait for each other.
 */
public final class LoadGenerator {

    private static final long HIGHEST_MICROS = TimeUnit.HOURS.toMicros(1);
    /** After a refused or dropped connection, a client waits this long: a down server must not become a busy loop. */
    private static final long RETRY_PAUSE_MS = 20;

    private final LoadPlan plan;
    private final LongFunction<URI> target;
    private final LoadListener listener;
    private final ThreadFactory clientThreads;
    private final AtomicLong nextIndex = new AtomicLong();
    private final LongAdder answered = new LongAdder();
    private final LongAdder ok = new LongAdder();
    private final Map<Integer, LongAdder> statuses = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
    private final AtomicReference<String> firstError = new AtomicReference<>();
    /** One recorder for every client (wait-free writers): per-client histograms cost tens of KB each, and 10,000 clients are allowed. */
    private final Recorder latency = new Recorder(3);
    private final List<Thread> clients = new ArrayList<>();
    private volatile boolean stopped;

    /** Every request to the plan's URL, one virtual thread per client (as many clients as the plan allows, cheaply). */
    public LoadGenerator(LoadPlan plan) {
        this(plan, index -> plan.url(), LoadListener.NONE, Thread.ofVirtual().name("load-client-", 0).factory());
    }

    /**
     * @param target        the URL of request {@code index}
     * @param listener      hears each request (the runner records lifecycle events from it)
     * @param clientThreads where clients run; the runner uses platform threads, so its clients never
     *                      take a carrier from the virtual threads of the service it measures
     */
    public LoadGenerator(LoadPlan plan, LongFunction<URI> target, LoadListener listener, ThreadFactory clientThreads) {
        this.plan = plan;
        this.target = target;
        this.listener = listener;
        this.clientThreads = clientThreads;
    }

    /** Runs the plan; returns when every client is done (or {@link #stop()} was called). */
    public LoadReport run() throws InterruptedException {
        try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(plan.timeout()).build()) {
            long start = System.nanoTime();
            long deadline = plan.duration() == null ? Long.MAX_VALUE : start + plan.duration().toNanos();
            synchronized (clients) {
                try {
                    for (int i = 0; i < plan.connections() && !stopped; i++) {
                        Thread client = clientThreads.newThread(() -> loop(http, deadline));
                        clients.add(client);
                        client.start();
                    }
                } catch (RuntimeException | OutOfMemoryError e) {
                    // Out of threads part-way: stop the clients already sending, rather than leave them running.
                    stopped = true;
                    clients.forEach(Thread::interrupt);
                    throw e;
                }
            }
            try {
                for (Thread client : clients) {
                    client.join();
                }
            } catch (InterruptedException e) {
                stop();
                throw e;
            }
            return report(System.nanoTime() - start);
        }
    }

    /** Ends the run: clients stop sending, and requests in flight are abandoned. */
    public void stop() {
        stopped = true;
        synchronized (clients) {
            clients.forEach(Thread::interrupt);
        }
    }

    private void loop(HttpClient http, long deadline) {
        try {
            while (!stopped) {
                long index = nextIndex.getAndIncrement();
                if (plan.requests() > 0 ? index >= plan.requests() : System.nanoTime() >= deadline) {
                    break;
                }
                HttpRequest request = HttpRequest.newBuilder(target.apply(index)).timeout(plan.timeout()).GET().build();
                listener.sending(index);
                long sent = System.nanoTime();
                try {
                    HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
                    long nanos = System.nanoTime() - sent;
                    latency.recordValue(Math.min(HIGHEST_MICROS, nanos / 1_000));
                    answered.increment();
                    if (response.statusCode() / 100 == 2) {
                        ok.increment();
                    } else {
                        statuses.computeIfAbsent(response.statusCode(), s -> new LongAdder()).increment();
                    }
                    listener.answered(index, response.statusCode(), nanos);
                } catch (IOException | RuntimeException e) {
                    errors.computeIfAbsent(kind(e), k -> new LongAdder()).increment();
                    firstError.compareAndSet(null, e.toString());
                    listener.failed(index, e);
                    if (e instanceof IOException && !(e instanceof HttpTimeoutException)) {
                        Thread.sleep(RETRY_PAUSE_MS);
                    }
                }
            }
        } catch (InterruptedException e) {
            // stop(): leave quietly.
        }
    }

    private static String kind(Exception e) {
        if (e instanceof HttpTimeoutException) {
            return "timeout";
        }
        if (e instanceof ConnectException) {
            return "connect";
        }
        return e.getClass().getSimpleName();
    }

    private LoadReport report(long elapsedNanos) {
        var statusCounts = new java.util.HashMap<Integer, Long>();
        statuses.forEach((status, count) -> statusCounts.put(status, count.sum()));
        var errorCounts = new java.util.HashMap<String, Long>();
        errors.forEach((kind, count) -> errorCounts.put(kind, count.sum()));
        Histogram merged = latency.getIntervalHistogram();
        return new LoadReport(plan, elapsedNanos, answered.sum(), ok.sum(), statusCounts, errorCounts, merged, firstError.get());
    }
}
