package dev.loomscope.runner.waits;

import com.zaxxer.hikari.HikariDataSource;
import dev.loomscope.db.SleepingPool;
import dev.loomscope.protocol.PoolFigures;
import dev.loomscope.protocol.RunnerArgs;
import dev.loomscope.protocol.ServiceArgs;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.text.Text;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;

/**
 * The jdbc mode: each task takes a connection from a HikariCP pool and runs one query that waits
 * on the database server for the sleep time ({@code SLEEP(ms)} on LoomScope's H2, {@code pg_sleep}
 * on PostgreSQL). The pool is full before the run's clock starts; each task's time in
 * {@code getConnection()} is kept to report the pool's queue.
 */
final class JdbcWait implements ServiceWait {

    /** Calls before the clock: enough for the JIT to compile the driver's and the server's hot paths. */
    static final int WARM_UP_CALLS = 200;

    private final HikariDataSource pool;
    private final String query;
    private final double fillMs;
    /** Each task's time in getConnection(), by task number; -1 where it never got that far. */
    private final long[] waitNanos;

    private JdbcWait(HikariDataSource pool, String query, double fillMs, int tasks) {
        this.pool = pool;
        this.query = query;
        this.fillMs = fillMs;
        this.waitNanos = new long[tasks];
        Arrays.fill(waitNanos, -1);
    }

    static JdbcWait open(Scenario scenario, RunnerArgs args) {
        String url = args.required(ServiceArgs.JDBC_URL);
        long start = System.nanoTime();
        HikariDataSource pool;
        try {
            pool = SleepingPool.open("loomscope-db", url, args.optional(ServiceArgs.JDBC_USER),
                    System.getenv(ServiceArgs.JDBC_PASSWORD_ENV), scenario.dbPool());
        } catch (RuntimeException e) {
            throw new ServiceUnavailableException(Text.get("wait.jdbc.pool-failed", scenario.dbPool(), url, rootMessage(e)), e);
        }
        double fillMs = (System.nanoTime() - start) / 1e6;
        return new JdbcWait(pool, SleepingPool.sleepQuery(url, scenario.sleepMs()), fillMs, scenario.tasks());
    }

    /**
     * Queries that wait 0 ms, one after another, then one task's wait for a connection while all
     * are taken: the driver, the server and the pool's hand-off to a waiter (its queue's classes,
     * initialized inside a task, pinned carriers) are warm before the first task.
     */
    @Override
    public void warmUp() throws SQLException, InterruptedException {
        String noWait = SleepingPool.sleepQuery(pool.getJdbcUrl(), 0);
        for (int call = 0; call < WARM_UP_CALLS; call++) {
            try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
                statement.execute(noWait);
            }
        }
        var taken = new java.util.ArrayList<Connection>();
        try {
            while (taken.size() < pool.getMaximumPoolSize()) {
                taken.add(pool.getConnection());
            }
            var waited = new java.util.concurrent.atomic.AtomicReference<SQLException>();
            Thread waiter = Thread.ofVirtual().start(() -> {
                try (Connection connection = pool.getConnection()) {
                    connection.isValid(0);
                } catch (SQLException e) {
                    waited.set(e);
                }
            });
            while (pool.getHikariPoolMXBean().getThreadsAwaitingConnection() == 0 && waiter.isAlive()) {
                Thread.sleep(1);
            }
            taken.removeLast().close(); // handed to the waiting thread
            waiter.join();
            if (waited.get() != null) {
                throw waited.get();
            }
        } finally {
            for (Connection connection : taken) {
                connection.close();
            }
        }
    }

    @Override
    public void await(int task) throws SQLException {
        long asked = System.nanoTime();
        try (Connection connection = pool.getConnection()) {
            waitNanos[task] = System.nanoTime() - asked;
            try (Statement statement = connection.createStatement()) {
                statement.execute(query);
            }
        }
    }

    /** Read once every task has ended (the executor closed, which orders their writes before this). */
    @Override
    public PoolFigures poolFigures() {
        long[] waits = Arrays.stream(waitNanos).filter(n -> n >= 0).sorted().toArray();
        double p50 = waits.length == 0 ? 0 : waits[(waits.length - 1) / 2] / 1e6;
        double max = waits.length == 0 ? 0 : waits[waits.length - 1] / 1e6;
        return new PoolFigures(pool.getMaximumPoolSize(), fillMs, p50, max);
    }

    @Override
    public void close() {
        pool.close();
    }

    /**
     * The first line of the innermost message that says something: a driver's SQLException wraps
     * the server's words, a pool's exception wraps the driver's. One line, as a runner's last words are read.
     */
    static String rootMessage(Throwable e) {
        String said = e.toString();
        for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
                said = cause.getMessage();
            }
        }
        return said.strip().lines().findFirst().orElse(said);
    }
}
