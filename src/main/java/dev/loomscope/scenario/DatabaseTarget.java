package dev.loomscope.scenario;

import dev.loomscope.text.Text;
import java.nio.file.Path;

/**
 * The user's own database for the jdbc blocking mode, in place of the H2 server LoomScope starts.
 *
 * @param url           a JDBC URL; {@code jdbc:postgresql:} ones wait with {@code pg_sleep}, others with {@code SLEEP(ms)}
 * @param user          the user to connect as, or null
 * @param passwordFile  a file whose first line is the password, or null for none (read at each run's
 *                      start, never put on a command line)
 */
public record DatabaseTarget(String url, String user, Path passwordFile) {

    public DatabaseTarget {
        if (url == null || !url.startsWith("jdbc:")) {
            throw new IllegalArgumentException(Text.get("scenario.jdbc-url", url));
        }
        passwordFile = passwordFile == null ? null : passwordFile.toAbsolutePath();
    }

    /** Whether the database is PostgreSQL, which has pg_sleep and no SLEEP function. */
    public boolean isPostgres() {
        return url.startsWith("jdbc:postgresql:");
    }
}
