package dev.loomscope.launcher.services;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.loomscope.protocol.ServiceArgs;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The http mode's service: the JDK's HTTP server on a free loopback port, answering
 * {@code GET /wait?ms=N} with an empty 200 after N ms, each exchange on a virtual thread of its
 * own, so thousands of waiting requests cost it no platform threads.
 */
final class DelayingHttpService implements WaitService {

    static final String PATH = "/wait";
    /** Connections waiting to be accepted: a run opens up to one per task at once. */
    private static final int BACKLOG = 4_096;
    private static final int MAX_DELAY_MS = 60_000;

    private final HttpServer server;
    private final ExecutorService exchanges;

    private DelayingHttpService(HttpServer server, ExecutorService exchanges) {
        this.server = server;
        this.exchanges = exchanges;
    }

    static DelayingHttpService start() {
        try {
            var server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), BACKLOG);
            ExecutorService exchanges = Executors.newVirtualThreadPerTaskExecutor();
            server.setExecutor(exchanges);
            server.createContext(PATH, DelayingHttpService::answerLate);
            server.start();
            return new DelayingHttpService(server, exchanges);
        } catch (IOException e) {
            throw new ServiceStartException(Text.get("service.http.failed", e.getMessage()), e);
        }
    }

    private static void answerLate(HttpExchange exchange) throws IOException {
        try (exchange) {
            int ms = delay(exchange.getRequestURI().getRawQuery());
            if (ms < 0) {
                exchange.sendResponseHeaders(400, -1);
                return;
            }
            Thread.sleep(ms);
            exchange.sendResponseHeaders(200, -1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the service is closing
        }
    }

    /** The {@code ms} parameter, 0 to {@value #MAX_DELAY_MS}; -1 when it is missing or out of range. */
    static int delay(String query) {
        if (query == null || !query.startsWith("ms=")) {
            return -1;
        }
        try {
            int ms = Integer.parseInt(query.substring(3));
            return ms >= 0 && ms <= MAX_DELAY_MS ? ms : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The URL a task GETs, without its query. */
    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + PATH;
    }

    @Override
    public Map<String, String> runnerArgs() {
        return Map.of(ServiceArgs.HTTP_URL, url());
    }

    @Override
    public void close() {
        server.stop(0);
        exchanges.shutdownNow();
    }
}
