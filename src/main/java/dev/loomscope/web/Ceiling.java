package dev.loomscope.web;

import dev.loomscope.text.Text;

/**
 * The most a closed loop can get through: every client waits for its answer, and the server serves
 * at most {@code workers} at once, so throughput is at most min(connections, workers) / service
 * time. For 40 connections on a 300 ms route: 40 / 0.3 s, about 133 requests per second; for 100
 * connections on a fixed pool of 10 and a 100 ms route: 10 / 0.1 s = 100. A route that queries a
 * database through a pool of connections ({@code /query}) runs no more at once than the pool
 * holds: min(connections, workers, pool) / service time.
 *
 * @param workers requests the server serves at once; 0 for a thread per request (no limit)
 * @param capPerSecond another limit on the rate, whatever the threads (the cores, for computing
 *                     requests; a semaphore's permits over its wait), or infinity
 * @param capReason    what {@code capPerSecond} is, in words ("2 cores computing 100 ms each")
 * @param dbPool       database connections each request needs one of; 0 when the route uses none
 */
public record Ceiling(int connections, int workers, double serviceMs, double capPerSecond, String capReason, int dbPool) {

    public Ceiling {
        if (connections < 1 || workers < 0 || dbPool < 0 || !(serviceMs > 0) || !(capPerSecond > 0)) {
            throw new IllegalArgumentException("a ceiling needs connections >= 1, workers >= 0, a pool >= 0 and a service time > 0");
        }
    }

    public Ceiling(int connections, int workers, double serviceMs, double capPerSecond, String capReason) {
        this(connections, workers, serviceMs, capPerSecond, capReason, 0);
    }

    public Ceiling(int connections, int workers, double serviceMs) {
        this(connections, workers, serviceMs, Double.POSITIVE_INFINITY, null);
    }

    /** Whether the cap, not the threads, sets the ceiling. */
    public boolean capped() {
        return capPerSecond < concurrency() * 1_000.0 / serviceMs;
    }

    /** The same ceiling for a route that holds one of {@code connections} pooled database connections while it runs. */
    public Ceiling withDbPool(int connections) {
        return new Ceiling(this.connections, workers, serviceMs, capPerSecond, capReason, connections);
    }

    /** Requests served at once: the connections, unless the server's workers or the database pool are fewer. */
    public int concurrency() {
        int threads = workers == 0 ? connections : Math.min(connections, workers);
        return dbPool == 0 ? threads : Math.min(threads, dbPool);
    }

    public double requestsPerSecond() {
        return Math.min(capPerSecond, concurrency() * 1_000.0 / serviceMs);
    }

    /** "min(100 connections, 10 workers) / 0.100 s = 100 req/s". */
    public String explain() {
        String who;
        if (dbPool > 0) {
            who = workers == 0 ? Text.get("web.ceiling.pool", connections, dbPool)
                    : Text.get("web.ceiling.workers-pool", connections, workers, dbPool);
        } else {
            who = workers == 0 ? Text.get("web.ceiling.connections", connections)
                    : Text.get("web.ceiling.workers", connections, workers);
        }
        String threads = Text.get("web.ceiling.threads", who, serviceMs / 1_000.0, concurrency() * 1_000.0 / serviceMs);
        return capped() ? Text.get("web.ceiling.capped", capPerSecond, capReason, threads) : threads;
    }
}
