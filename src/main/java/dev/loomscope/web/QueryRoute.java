package dev.loomscope.web;

import com.zaxxer.hikari.HikariDataSource;
import dev.loomscope.db.SleepingPool;
import dev.loomscope.text.Text;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;

/**
 * {@code /query?ms=N}: one query that waits N ms on the database's side, on a connection from a
 * pool of fixed size. However many threads serve requests, no more queries run at once than the
 * pool has connections; the rest wait in {@code getConnection()}, and that wait is kept for {@code /metrics}.
 */
public final class QueryRoute {

    private final HikariDataSource pool;
    private final Histogram waitMicros = new Histogram(3);
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger mostRunning = new AtomicInteger();

    public QueryRoute(HikariDataSource pool) {
        this.pool = pool;
    }

    public Route route() {
        return new Route("/query", Set.of("ms"), this::query, Text.get("web.route.query", pool.getMaximumPoolSize()));
    }

    private Reply query(QueryParams params) throws BadRequestException {
        int ms = params.intIn("ms", ServiceRoutes.DEFAULT_BLOCK_MS, 0, ServiceRoutes.MAX_BLOCK_MS);
        long asked = System.nanoTime();
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            long waited = System.nanoTime() - asked;
            synchronized (waitMicros) {
                waitMicros.recordValue(Math.max(0, waited / 1_000));
            }
            mostRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                statement.execute(SleepingPool.sleepQuery(pool.getJdbcUrl(), ms));
            } finally {
                running.decrementAndGet();
            }
        } catch (SQLException e) {
            return Reply.error(500, Text.get("web.failed", "/query", e.getMessage()));
        }
        var body = new LinkedHashMap<String, Object>();
        body.put("route", "/query");
        body.put("waitedMs", ms);
        return Reply.json(body);
    }

    /** Connections in the pool. */
    public int poolSize() {
        return pool.getMaximumPoolSize();
    }

    /** The most queries that ran at once so far: at most the pool's size, and that when the pool was the limit. */
    public int mostRunning() {
        return mostRunning.get();
    }

    /** The pool as {@code /metrics} shows it. */
    public Map<String, Object> figures() {
        var figures = new LinkedHashMap<String, Object>();
        figures.put("connections", pool.getMaximumPoolSize());
        var mx = pool.getHikariPoolMXBean();
        figures.put("active", mx == null ? 0 : mx.getActiveConnections());
        figures.put("awaitingConnection", mx == null ? 0 : mx.getThreadsAwaitingConnection());
        figures.put("mostQueriesAtOnce", mostRunning.get());
        synchronized (waitMicros) {
            figures.put("connectionWaitMs", RouteMetrics.distribution(waitMicros));
        }
        return figures;
    }
}
