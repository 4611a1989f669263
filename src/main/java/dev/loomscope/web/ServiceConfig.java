package dev.loomscope.web;

import dev.loomscope.text.Text;

/**
 * Where the service listens and how much it takes on. {@code port} 0 picks a free port.
 * {@code maxInFlight} bounds requests queued or being served; more get 503. {@code maxConnections}
 * bounds open connections (the JDK server's own limit), so idle clients cannot pile up either; the
 * JDK reads that limit (and the time limits) once per JVM, so the first service's values hold for any later one.
 *
 * <p>{@code timeLimits}: a client gets {@link WebService#MAX_REQUEST_SECONDS} to send its request
 * and {@link WebService#MAX_RESPONSE_SECONDS} to take its reply, so stalled clients cannot hold a
 * pool's threads for ever. The runner turns them off: only its own clients call it, and a request
 * there may rightly wait longer (behind a semaphore, say).
 */
public record ServiceConfig(String host, int port, int maxInFlight, int maxConnections, boolean timeLimits) {

    public static final int DEFAULT_MAX_IN_FLIGHT = 10_000;
    public static final int DEFAULT_MAX_CONNECTIONS = 20_000;

    public ServiceConfig {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException(Text.get("web.config.port", port));
        }
        if (maxInFlight < 1 || maxInFlight > 1_000_000) {
            throw new IllegalArgumentException(Text.get("web.config.in-flight", maxInFlight));
        }
        if (maxConnections < 1) {
            throw new IllegalArgumentException(Text.get("web.config.connections", maxConnections));
        }
    }

    /** Loopback, a free port, the default limits: what tests and the runner use. */
    public static ServiceConfig loopback() {
        return new ServiceConfig("127.0.0.1", 0, DEFAULT_MAX_IN_FLIGHT, DEFAULT_MAX_CONNECTIONS, true);
    }

    public ServiceConfig withoutTimeLimits() {
        return new ServiceConfig(host, port, maxInFlight, maxConnections, false);
    }

    public boolean isLoopback() {
        try {
            return java.net.InetAddress.getByName(host).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }
}
