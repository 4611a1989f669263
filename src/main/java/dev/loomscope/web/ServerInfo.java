package dev.loomscope.web;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a load generator can learn about the service it loads: from a LoomScope service's
 * {@code /health}, its executor and how many requests it serves at once; from the URL, the
 * service time of a {@code /block}, {@code /aggregate} or {@code /query} route (its {@code ms}), and
 * the size of the database pool {@code /query} waits on.
 *
 * @param workers 0 for a thread per request
 * @param dbPool  connections in the pool of its {@code /query} route; 0 when it has none
 */
public record ServerInfo(String executor, int workers, int dbPool) {

    /**
     * How long the probe waits. Generous: the answer is the first request a fresh client makes, and
     * on a busy 2-core machine that took over 2 s; a load without it loses its ceiling line.
     */
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(10);

    /** Asks {@code /health} on the URL's host; empty if it is not a LoomScope service (or not up). */
    public static Optional<ServerInfo> probe(URI url) {
        URI health = url.resolve("/health");
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(PROBE_TIMEOUT).build()) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(health).timeout(PROBE_TIMEOUT).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return Optional.empty();
            }
            JsonNode body = Reply.JSON.readTree(response.body());
            if (!body.hasNonNull("executor")) {
                return Optional.empty();
            }
            return Optional.of(new ServerInfo(body.get("executor").asText(), body.path("workers").asInt(0), body.path("dbPool").asInt(0)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** The ms a {@code /block}, {@code /aggregate} or {@code /query} URL waits, read as the service reads it (300 when it does not say); else empty. */
    public static OptionalDouble serviceMsOf(URI url) {
        String path = url.getPath();
        if (!"/block".equals(path) && !"/aggregate".equals(path) && !"/query".equals(path)) {
            return OptionalDouble.empty();
        }
        try {
            return OptionalDouble.of(QueryParams.parse(path, url.getRawQuery(), java.util.Set.of("ms"))
                    .intIn("ms", ServiceRoutes.DEFAULT_BLOCK_MS, 0, ServiceRoutes.MAX_BLOCK_MS));
        } catch (BadRequestException e) {
            return OptionalDouble.empty(); // the service will say what is wrong with it
        }
    }
}
