package dev.loomscope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.runner.ServiceThreads;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.web.Ceiling;
import dev.loomscope.web.ServiceConfig;
import dev.loomscope.web.WebService;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** {@code serve}'s {@code /query} route on its own H2 server, loaded by {@code loomscope load}: the pool is the limit. */
@ResourceLock(Resources.SYSTEM_OUT) // RunCommandTest.execute captures System.out
class ServeQueryTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void twentyConnectionsOnAPoolOfFiveRunFiveQueriesAtOnceAndNoMore() throws Exception {
        try (var database = ServeDatabase.open(null, 5);
                var service = WebService.start(ServiceConfig.loopback(), ServiceThreads.of(ExecutorKind.VIRTUAL, 1), List.of(), database.route())) {
            JsonNode load = twoHundredQueriesOnTwentyConnections(service);
            // min(20 connections, virtual threads: no limit, 5 pooled connections) / 0.050 s.
            assertThat(load.get("ceiling").asDouble()).isEqualTo(100);
            // Each query holds a connection for at least 50 ms, so 200 of them on 5 take at least 2 s:
            // the closed loop cannot beat 100 req/s (how far below it stays depends on the machine, so no lower bound here).
            assertThat(load.get("throughput").asDouble()).isLessThanOrEqualTo(100);
            // Exact: the server ran five queries at once (20 clients saturate the pool) and never six.
            assertThat(database.route().mostRunning()).isEqualTo(5);

            JsonNode metrics = JSON.readTree(get(service.baseUri().resolve("/metrics")));
            assertThat(metrics.at("/routes/~1query/ok").asLong()).isEqualTo(200);
            JsonNode pool = metrics.get("database");
            assertThat(pool.get("connections").asInt()).isEqualTo(5);
            assertThat(pool.get("mostQueriesAtOnce").asInt()).isEqualTo(5);
            // 15 of the 20 clients are always queued for a connection: the pool's queue is where their time goes.
            assertThat(pool.at("/connectionWaitMs/max").asDouble()).isGreaterThanOrEqualTo(50);
            assertThat(JSON.readTree(get(service.baseUri().resolve("/health"))).get("dbPool").asInt()).isEqualTo(5);
        }
    }

    @Test
    void aPoolOfTwentyLiftsTheLimit() throws Exception {
        try (var database = ServeDatabase.open(null, 20);
                var service = WebService.start(ServiceConfig.loopback(), ServiceThreads.of(ExecutorKind.VIRTUAL, 1), List.of(), database.route())) {
            JsonNode load = twoHundredQueriesOnTwentyConnections(service);
            assertThat(load.get("ceiling").asDouble()).isEqualTo(400);
            assertThat(database.route().mostRunning()).isGreaterThan(5).isLessThanOrEqualTo(20);
        }
    }

    @Test
    void theCeilingNamesThePoolWhenItIsTheLimit() {
        assertThat(new Ceiling(20, 0, 50).withDbPool(5).explain())
                .isEqualTo("min(20 connections, 5 pooled database connections) / 0.050 s = 100 req/s");
        assertThat(new Ceiling(20, 4, 50).withDbPool(5).requestsPerSecond()).isEqualTo(80);
        assertThat(new Ceiling(20, 10, 50).withDbPool(5).explain())
                .isEqualTo("min(20 connections, 10 workers, 5 pooled database connections) / 0.050 s = 100 req/s");
    }

    @Test
    void closingStopsTheH2ServerItStarted() throws Exception {
        String url;
        try (var database = ServeDatabase.open(null, 1)) {
            url = database.url();
            // Up: it answers, if only to refuse a wrong password.
            assertThatThrownBy(() -> DriverManager.getConnection(url, "loomscope", "wrong").close())
                    .isInstanceOf(SQLException.class).hasMessageContaining("password");
        }
        // Down: nothing there answers as H2 any more. Usually the connection is refused; but other test
        // classes open servers on free ports side by side, and one was once given the freed port, took
        // the connection and reset it ("Connection reset" where "refused" was expected).
        assertThatThrownBy(() -> DriverManager.getConnection(url, "loomscope", "wrong").close())
                .isInstanceOf(SQLException.class).hasRootCauseInstanceOf(java.net.SocketException.class)
                .message().doesNotContain("password");
    }

    @Test
    void serveRefusesDatabaseOptionsItCannotUse() {
        var alone = RunCommandTest.execute("serve", "--jdbc-user", "me");
        assertThat(alone.exitCode()).isEqualTo(2);
        assertThat(alone.err()).contains("--jdbc-user needs --jdbc-url");
        var badPool = RunCommandTest.execute("serve", "--db-pool", "0");
        assertThat(badPool.exitCode()).isEqualTo(2);
        assertThat(badPool.err()).contains("--db-pool must be between 1 and 10,000 (got 0)");
        var notJdbc = RunCommandTest.execute("serve", "--jdbc-url", "postgres://localhost/db");
        assertThat(notJdbc.exitCode()).isEqualTo(2);
        assertThat(notJdbc.err()).contains("--jdbc-url must be a JDBC URL starting with jdbc: (got postgres://localhost/db)");
    }

    /** {@code load} with 20 connections, 200 queries of 50 ms on {@code /query}: its JSON, once every query was answered. */
    private static JsonNode twoHundredQueriesOnTwentyConnections(WebService service) throws Exception {
        var outcome = RunCommandTest.execute("load", "--url", service.baseUri() + "/query?ms=50", "-c", "20", "-n", "200", "--warmup", "0s",
                "--json");
        assertThat(outcome.exitCode()).as(outcome.err()).isZero();
        JsonNode load = JSON.readTree(outcome.out());
        assertThat(load.get("ok").asLong()).isEqualTo(200);
        return load;
    }

    private static String get(URI uri) throws Exception {
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).body();
        }
    }
}
