package dev.loomscope.launcher.services;

import dev.loomscope.protocol.ServiceArgs;
import dev.loomscope.text.Text;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Map;
import org.h2.tools.Server;

/**
 * LoomScope's own database for the jdbc mode: an in-memory H2 database served over TCP on a free
 * loopback port, with a {@code SLEEP(ms)} function that waits on the server's side. It runs in the
 * launching process, so the runner JVM holds only the client (the pool and the driver). A fresh
 * database name and password each run; the password reaches the runner through its environment.
 * Public for H2, which calls {@link #sleep} by reflection, and for {@code loomscope serve}, whose
 * {@code /query} route waits on one of its own.
 */
public final class H2Database implements WaitService {

    private static final String USER = "loomscope";

    private final Server server;
    /** Keeps the in-memory database alive while the server serves it. */
    private final Connection keeper;
    private final String url;
    private final String password;

    private H2Database(Server server, Connection keeper, String url, String password) {
        this.server = server;
        this.keeper = keeper;
        this.url = url;
        this.password = password;
    }

    /** @throws ServiceStartException if H2 cannot start */
    public static H2Database start() {
        // Read once by H2: its server listens on loopback only (without it, on every interface, refusing others).
        System.getProperties().putIfAbsent("h2.bindAddress", "127.0.0.1");
        var random = new SecureRandom();
        byte[] secret = new byte[16];
        random.nextBytes(secret);
        String password = HexFormat.of().formatHex(secret);
        String name = "loomscope-" + Long.toHexString(random.nextLong());
        Connection keeper = null;
        try {
            keeper = DriverManager.getConnection("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1", USER, password);
            try (Statement statement = keeper.createStatement()) {
                statement.execute("CREATE ALIAS SLEEP FOR '" + H2Database.class.getName() + ".sleep'");
            }
            Server server = Server.createTcpServer("-tcpPort", "0", "-tcpDaemon").start();
            return new H2Database(server, keeper, "jdbc:h2:tcp://127.0.0.1:" + server.getPort() + "/mem:" + name, password);
        } catch (SQLException e) {
            closeQuietly(keeper);
            throw new ServiceStartException(Text.get("service.h2.failed", e.getMessage()), e);
        }
    }

    /** The SQL function {@code SLEEP(ms)}: waits on the server's side, as a slow query does; returns the milliseconds. */
    public static int sleep(int ms) throws InterruptedException {
        Thread.sleep(ms);
        return ms;
    }

    /** The URL the runner connects to. */
    public String url() {
        return url;
    }

    public String user() {
        return USER;
    }

    public String password() {
        return password;
    }

    @Override
    public Map<String, String> runnerArgs() {
        return Map.of(ServiceArgs.JDBC_URL, url, ServiceArgs.JDBC_USER, USER);
    }

    @Override
    public Map<String, String> environment() {
        return Map.of(ServiceArgs.JDBC_PASSWORD_ENV, password);
    }

    @Override
    public void close() {
        server.stop();
        try (Statement statement = keeper.createStatement()) {
            statement.execute("SHUTDOWN");
        } catch (SQLException e) {
            // Closed already: the database is gone either way.
        }
        closeQuietly(keeper);
    }

    private static void closeQuietly(Connection connection) {
        if (connection == null) {
            return;
        }
        try {
            connection.close();
        } catch (SQLException e) {
            // Nothing more to release.
        }
    }
}
