package dev.loomscope.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The blocking HTTP service of the web experiments, on the JDK's own HTTP server: each exchange is
 * read and answered on a virtual thread of its own, behind an {@link AdmissionGate}, and its route
 * runs on the executor under test (a fixed pool, a virtual thread each, ...).
 * Routes: {@code /block}, {@code /compute}, {@code /file}, {@code /aggregate} ({@link ServiceRoutes}),
 * {@code /metrics}, {@code /health}, {@code /query} when given a database ({@link QueryRoute}), and any extra routes the caller adds (the runner adds its own).
 *
 * <p>Malformed requests are answered 400 by the JDK server before they reach a route; a client
 * that disconnects mid-reply costs one failed write, counted in {@code /metrics}; and
 * {@link #close()} stops accepting, gives requests in flight a moment, then interrupts them.
 */
public final class WebService implements AutoCloseable {

    /** How long {@link #close()} lets requests in flight finish before interrupting them. */
    private static final int STOP_GRACE_SECONDS = 1;
    /** A client gets this long to send its request line and headers. */
    static final long MAX_REQUEST_SECONDS = 5;
    /**
     * And this long from the end of its request to the end of the reply, queue included: a backstop only, as a
     * client that stops reading holds its exchange's virtual thread, not a worker.
     */
    static final long MAX_RESPONSE_SECONDS = 3_600;

    private final HttpServer server;
    private final WorkerThreads threads;
    private final AdmissionGate gate;
    private final ServiceRoutes builtIn;
    private final Map<String, Route> routes = new LinkedHashMap<>();
    private final RouteMetrics metrics = new RouteMetrics();
    private final long startedNanos = System.nanoTime();
    /** The {@code /query} route's pool, or null when the service has no database. */
    private final QueryRoute database;

    private WebService(ServiceConfig config, WorkerThreads threads, Collection<Route> extraRoutes, QueryRoute database) throws IOException {
        this.threads = threads;
        this.database = database;
        // Read once per JVM by the JDK server: set before its first use unless the user set them.
        // Without the time limits, ten clients that send half a request (or stop reading a reply) hold a pool of ten for ever.
        System.getProperties().putIfAbsent("jdk.httpserver.maxConnections", Integer.toString(config.maxConnections()));
        if (config.timeLimits()) {
            System.getProperties().putIfAbsent("sun.net.httpserver.maxReqTime", Long.toString(MAX_REQUEST_SECONDS));
            System.getProperties().putIfAbsent("sun.net.httpserver.maxRspTime", Long.toString(MAX_RESPONSE_SECONDS));
        }
        this.builtIn = ServiceRoutes.create(threads.fanOut());
        for (Route route : builtIn.routes()) {
            routes.put(route.path(), route);
        }
        if (database != null) {
            routes.put("/query", database.route());
        }
        routes.put("/metrics", new Route("/metrics", java.util.Set.of(), params -> Reply.json(metricsBody()),
                Text.get("web.route.metrics")));
        routes.put("/health", new Route("/health", java.util.Set.of(), params -> Reply.json(healthBody()),
                Text.get("web.route.health")));
        for (Route route : extraRoutes) {
            routes.put(route.path(), route);
        }
        this.gate = new AdmissionGate(config.maxInFlight());
        this.server = HttpServer.create(new InetSocketAddress(config.host(), config.port()), 4_096);
        server.createContext("/", this::handle);
        server.setExecutor(gate);
    }

    /** Starts the service; it answers as soon as this returns. */
    public static WebService start(ServiceConfig config, WorkerThreads threads, Collection<Route> extraRoutes) throws IOException {
        return start(config, threads, extraRoutes, null);
    }

    /** With {@code /query} on the database route's pool as well (null: none); the caller closes the pool after the service. */
    public static WebService start(ServiceConfig config, WorkerThreads threads, Collection<Route> extraRoutes, QueryRoute database)
            throws IOException {
        var service = new WebService(config, threads, extraRoutes, database);
        service.server.start();
        return service;
    }

    public static WebService start(ServiceConfig config, WorkerThreads threads) throws IOException {
        return start(config, threads, List.of());
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** {@code http://host:port} with the address the server is bound to. */
    public URI baseUri() {
        var address = server.getAddress();
        String host = address.getAddress().isAnyLocalAddress() ? "127.0.0.1" : address.getHostString();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort());
    }

    public RouteMetrics metrics() {
        return metrics;
    }

    public WorkerThreads threads() {
        return threads;
    }

    public Collection<Route> routes() {
        return List.copyOf(routes.values());
    }

    public int inFlight() {
        return gate.inFlight();
    }

    public long refused() {
        return gate.refused();
    }

    /** A route's reply, the thread that made it, and when that thread took the request up. */
    private record Served(Reply reply, String thread, long startedNanos) {
    }

    /** On the exchange's virtual thread: the route runs on the executor under test, this thread only waits and writes. */
    private void handle(HttpExchange exchange) {
        long dispatched = AdmissionGate.ADMISSION.get() != null ? AdmissionGate.ADMISSION.get().dispatchedNanos() : System.nanoTime();
        String path = exchange.getRequestURI().getPath();
        Route route = routes.get(path);
        Served served = serve(exchange, route, path);
        try (exchange) {
            send(exchange, served);
        } catch (IOException e) {
            metrics.clientGone();
        }
        metrics.record(route != null ? path : "(no such route)", served.reply().status(), System.nanoTime() - dispatched,
                served.startedNanos() - dispatched);
    }

    private Served serve(HttpExchange exchange, Route route, String path) {
        Reply refusal = refusal(exchange, route, path);
        if (refusal != null) {
            return here(refusal);
        }
        var params = exchange.getRequestURI().getRawQuery();
        if (threads.inline()) {
            return served(route, path, params);
        }
        Future<Served> handled;
        try {
            handled = threads.requests().submit(() -> served(route, path, params));
        } catch (RejectedExecutionException e) {
            return here(Reply.error(503, Text.get("web.stopping")));
        }
        try {
            return handled.get();
        } catch (InterruptedException e) {
            handled.cancel(true);
            return here(Reply.error(503, Text.get("web.stopping")));
        } catch (ExecutionException | java.util.concurrent.CancellationException e) {
            return here(Reply.error(500, Text.get("web.failed", path, e.getCause() != null ? e.getCause() : e)));
        }
    }

    /** Runs the route on this thread; its queue time ends as the route begins, not when it has answered. */
    private static Served served(Route route, String path, String rawQuery) {
        long started = System.nanoTime();
        return new Served(answer(route, path, rawQuery), Thread.currentThread().toString(), started);
    }

    private static Served here(Reply reply) {
        return new Served(reply, Thread.currentThread().toString(), System.nanoTime());
    }

    /** The answer without running the route: refused (503), no such route (404), not GET (405); else null. */
    private Reply refusal(HttpExchange exchange, Route route, String path) {
        if (AdmissionGate.ADMISSION.get() != null && AdmissionGate.ADMISSION.get().refused()) {
            return Reply.error(503, Text.get("web.overloaded", gate.inFlight(), gate.maxInFlight()));
        }
        if (route == null) {
            return Reply.error(404, Text.get("web.no-route", path, String.join(", ", routes.keySet())));
        }
        String method = exchange.getRequestMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            return Reply.error(405, Text.get("web.get-only", path, method));
        }
        return null;
    }

    private static Reply answer(Route route, String path, String rawQuery) {
        try {
            return route.handler().handle(QueryParams.parse(path, rawQuery, route.params()));
        } catch (BadRequestException e) {
            return Reply.error(400, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Reply.error(503, Text.get("web.stopping"));
        } catch (IOException | RuntimeException e) {
            return Reply.error(500, Text.get("web.failed", path, e));
        }
    }

    private static void send(HttpExchange exchange, Served served) throws IOException {
        Reply reply = served.reply();
        var headers = exchange.getResponseHeaders();
        headers.set("Content-Type", reply.contentType());
        // "VirtualThread[#52]/runnable@ForkJoinPool-1-worker-2" or "Thread[#31,pool-1-thread-7,5,main]".
        headers.set("X-Served-By", served.thread());
        if (reply.status() == 503) {
            headers.set("Retry-After", "1");
        } else if (reply.status() == 405) {
            headers.set("Allow", "GET, HEAD");
        }
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(reply.status(), head ? -1 : reply.length());
        if (!head) {
            try (OutputStream body = exchange.getResponseBody()) {
                if (reply.file() != null) {
                    Files.copy(reply.file(), body);
                } else {
                    body.write(reply.body());
                }
            }
        }
    }

    private Map<String, Object> healthBody() {
        var body = new LinkedHashMap<String, Object>();
        body.put("status", "up");
        body.put("executor", threads.label());
        // null: a thread per request, so no limit but the admission gate.
        body.put("workers", threads.unbounded() ? null : threads.workers());
        body.put("inFlight", gate.inFlight());
        if (database != null) {
            body.put("dbPool", database.poolSize());
        }
        return body;
    }

    private Map<String, Object> metricsBody() {
        var service = new LinkedHashMap<String, Object>();
        service.put("executor", threads.label());
        service.put("workers", threads.unbounded() ? null : threads.workers());
        service.put("uptimeMs", (System.nanoTime() - startedNanos) / 1_000_000);
        service.put("inFlight", gate.inFlight());
        service.put("maxInFlight", gate.maxInFlight());
        service.put("refused", gate.refused());
        service.put("clientsGone", metrics.clientsGone());
        service.put("platformThreads", java.lang.management.ManagementFactory.getThreadMXBean().getThreadCount());
        var body = new LinkedHashMap<String, Object>();
        body.put("service", service);
        body.put("routes", metrics.snapshot());
        if (database != null) {
            body.put("database", database.figures());
        }
        return body;
    }

    /** Usage lines of every route, for a banner. */
    public List<String> usage() {
        var lines = new ArrayList<String>();
        for (Route route : routes.values()) {
            lines.add(route.usage());
        }
        return lines;
    }

    /** Stops accepting, lets requests in flight finish for up to a second, interrupts the rest, deletes the data file. */
    @Override
    public void close() {
        server.stop(gate.inFlight() > 0 ? STOP_GRACE_SECONDS : 0);
        threads.shutdownNow();
        gate.shutdownNow();
        try {
            threads.requests().awaitTermination(2, TimeUnit.SECONDS);
            threads.fanOut().awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        builtIn.deleteFile();
    }
}
