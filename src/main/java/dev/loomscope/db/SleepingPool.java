package dev.loomscope.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.loomscope.text.Text;
import java.util.concurrent.TimeUnit;

/**
 * A HikariCP pool of a fixed number of connections to a database that can wait on its own side
 * ({@code SLEEP(ms)} on LoomScope's H2, {@code pg_sleep} on PostgreSQL): what the runner's jdbc
 * mode and {@code serve}'s {@code /query} route both wait on. Full before it is handed out, so the
 * first caller does not pay for opening connections.
 */
public final class SleepingPool {

    /** How long the pool gets to open all its connections before it is given up. */
    public static final long FILL_LIMIT_MS = 60_000;

    private SleepingPool() {
    }

    /**
     * Opens a pool of {@code size} connections and waits until all are open.
     *
     * @throws RuntimeException if the database refuses or the pool is not full within {@link #FILL_LIMIT_MS}
     */
    public static HikariDataSource open(String name, String url, String user, String password, int size) {
        var config = new HikariConfig();
        config.setPoolName(name);
        config.setJdbcUrl(url);
        config.setUsername(user);
        config.setPassword(password);
        // Full from the start and never shrinking, as a busy service's pool is.
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(size);
        // A caller waits for a connection as long as the queue before it takes (0: no limit): the
        // pool's queue is what is shown, not a timeout of HikariCP's default 30 s.
        config.setConnectionTimeout(0);
        var pool = new HikariDataSource(config);
        try {
            awaitFull(pool, size);
        } catch (RuntimeException e) {
            pool.close();
            throw e;
        }
        return pool;
    }

    /** The query that waits {@code ms} on the server: PostgreSQL's pg_sleep, or the SLEEP function LoomScope's H2 has. */
    public static String sleepQuery(String url, int ms) {
        return url.startsWith("jdbc:postgresql:") ? "SELECT pg_sleep(%d / 1000.0)".formatted(ms) : "SELECT SLEEP(%d)".formatted(ms);
    }

    private static void awaitFull(HikariDataSource pool, int size) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(FILL_LIMIT_MS);
        while (pool.getHikariPoolMXBean().getTotalConnections() < size) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(Text.get("wait.jdbc.pool-slow",
                        pool.getHikariPoolMXBean().getTotalConnections(), size, FILL_LIMIT_MS / 1000));
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the pool filled", e);
            }
        }
    }
}
