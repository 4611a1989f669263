package dev.loomscope.web;

import java.net.URI;
import java.time.Duration;

/**
 * What a load run does: {@code connections} clients in a closed loop (each sends its next request
 * when the last one is answered, like ab's -c and wrk's -c), until {@code requests} are answered
 * or {@code duration} has passed. Exactly one of the two limits is set.
 */
public record LoadPlan(URI url, int connections, long requests, Duration duration, Duration timeout) {

    public static final int MAX_CONNECTIONS = 10_000;
    public static final long MAX_REQUESTS = 100_000_000;
    public static final Duration MAX_DURATION = Duration.ofHours(24);

    public LoadPlan {
        if (url == null || url.getHost() == null || !"http".equalsIgnoreCase(url.getScheme())) {
            throw new IllegalArgumentException("url must be an http:// address with a host (got " + url + ")");
        }
        if (connections < 1 || connections > MAX_CONNECTIONS) {
            throw new IllegalArgumentException("connections must be between 1 and %,d (got %,d)".formatted(MAX_CONNECTIONS, connections));
        }
        if (duration != null && requests != 0) {
            throw new IllegalArgumentException("give either a number of requests or a duration, not both");
        }
        if (duration == null && (requests < 1 || requests > MAX_REQUESTS)) {
            throw new IllegalArgumentException("requests must be between 1 and %,d (got %,d)".formatted(MAX_REQUESTS, requests));
        }
        if (duration != null && (duration.isNegative() || duration.isZero() || duration.compareTo(MAX_DURATION) > 0)) {
            throw new IllegalArgumentException("duration must be above 0 and at most 24 h (got " + SpelledDuration.text(duration) + ")");
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be above 0 (got " + SpelledDuration.text(timeout) + ")");
        }
    }

    public static LoadPlan requests(URI url, int connections, long requests) {
        return new LoadPlan(url, connections, requests, null, Duration.ofSeconds(30));
    }

    public static LoadPlan duration(URI url, int connections, Duration duration) {
        return new LoadPlan(url, connections, 0, duration, Duration.ofSeconds(30));
    }

    /** "10,000 requests" or "10 s". */
    public String limitText() {
        return duration == null ? "%,d requests".formatted(requests) : SpelledDuration.text(duration);
    }
}
