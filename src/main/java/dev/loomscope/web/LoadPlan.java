package dev.loomscope.web;

import dev.loomscope.text.Text;
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
            throw new IllegalArgumentException(Text.get("web.load.url", url));
        }
        if (connections < 1 || connections > MAX_CONNECTIONS) {
            throw new IllegalArgumentException(Text.get("web.load.connections", MAX_CONNECTIONS, connections));
        }
        if (duration != null && requests != 0) {
            throw new IllegalArgumentException(Text.get("web.load.both"));
        }
        if (duration == null && (requests < 1 || requests > MAX_REQUESTS)) {
            throw new IllegalArgumentException(Text.get("web.load.requests", MAX_REQUESTS, requests));
        }
        if (duration != null && (duration.isNegative() || duration.isZero() || duration.compareTo(MAX_DURATION) > 0)) {
            throw new IllegalArgumentException(Text.get("web.load.duration", SpelledDuration.text(duration)));
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException(Text.get("web.load.timeout", SpelledDuration.text(timeout)));
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
        return duration == null ? Text.get("web.load.limit", requests) : SpelledDuration.text(duration);
    }
}
