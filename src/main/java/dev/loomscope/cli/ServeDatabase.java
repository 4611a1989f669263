package dev.loomscope.cli;

import com.zaxxer.hikari.HikariDataSource;
import dev.loomscope.db.SleepingPool;
import dev.loomscope.launcher.services.H2Database;
import dev.loomscope.launcher.services.UserDatabase;
import dev.loomscope.scenario.DatabaseTarget;
import dev.loomscope.text.Text;
import dev.loomscope.web.QueryRoute;

/**
 * The database {@code serve}'s {@code /query} route waits on: LoomScope's H2 server on a free
 * loopback port (the one the jdbc mode starts), or the user's own ({@code --jdbc-url}), with a full
 * pool of connections to it. Closing it closes the pool, then stops the H2 server if it started one.
 */
final class ServeDatabase implements AutoCloseable {

    /** Null when the database is the user's. */
    private final H2Database h2;
    private final HikariDataSource pool;
    private final QueryRoute route;

    private ServeDatabase(H2Database h2, HikariDataSource pool) {
        this.h2 = h2;
        this.pool = pool;
        this.route = new QueryRoute(pool);
    }

    /**
     * Starts H2 (when {@code target} is null) and fills a pool of {@code size} connections.
     *
     * @throws IllegalStateException with a line for the user if the database cannot be reached or the pool not filled
     */
    static ServeDatabase open(DatabaseTarget target, int size) {
        H2Database h2 = null;
        String url = target != null ? target.url() : Text.get("cli.serve.own-h2");
        try {
            String user;
            String password;
            if (target == null) {
                h2 = H2Database.start();
                url = h2.url();
                user = h2.user();
                password = h2.password();
            } else {
                user = target.user();
                password = UserDatabase.of(target).password();
            }
            return new ServeDatabase(h2, SleepingPool.open("loomscope-serve-db", url, user, password, size));
        } catch (RuntimeException e) {
            if (h2 != null) {
                h2.close();
            }
            throw new IllegalStateException(Text.get("cli.serve.db-failed", size, url,
                    e.getMessage() != null ? e.getMessage().strip().lines().findFirst().orElse("") : e), e);
        }
    }

    QueryRoute route() {
        return route;
    }

    String url() {
        return pool.getJdbcUrl();
    }

    @Override
    public void close() {
        pool.close();
        if (h2 != null) {
            h2.close();
        }
    }
}
