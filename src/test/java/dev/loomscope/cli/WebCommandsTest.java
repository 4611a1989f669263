package dev.loomscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.testing.FreePorts;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.runner.ServiceThreads;
import dev.loomscope.web.ServiceConfig;
import dev.loomscope.web.WebService;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

@ResourceLock(Resources.SYSTEM_OUT) // RunCommandTest.execute captures System.out
class WebCommandsTest {

    @Test
    void loadPrintsThroughputLatencyAndTheCeilingOfTheServerItLoads() throws Exception {
        try (WebService service = WebService.start(ServiceConfig.loopback(), ServiceThreads.of(ExecutorKind.FIXED, 2))) {
            var outcome = RunCommandTest.execute("load", "--url", service.baseUri() + "/block?ms=20", "-c", "4", "-n", "40", "--warmup", "300ms");
            assertThat(outcome.exitCode()).isZero();
            assertThat(outcome.out())
                    .contains("4 connections, 40 requests, served by fixed(2) (after a 300 ms warm-up, not counted)")
                    .contains("40 answered in")
                    .contains("0 failed")
                    .containsPattern("latency +mean [\\d.]+ ms +p50 [\\d.]+ ms +p90 [\\d.]+ ms +p99 [\\d.]+ ms +max [\\d.]+ ms")
                    .contains("ceiling     min(4 connections, 2 workers) / 0.020 s = 100 req/s; reached");
        }
    }

    @Test
    void loadWritesJsonOnRequest() throws Exception {
        try (WebService service = WebService.start(ServiceConfig.loopback(), ServiceThreads.of(ExecutorKind.VIRTUAL, 1))) {
            var outcome = RunCommandTest.execute("load", "--url", service.baseUri() + "/compute?n=1000", "-c", "2", "-d", "200ms", "--json", "--warmup", "0s");
            assertThat(outcome.exitCode()).isZero();
            JsonNode json = new ObjectMapper().readTree(outcome.out());
            assertThat(json.get("answered").asLong()).isPositive().isEqualTo(json.get("ok").asLong());
            assertThat(json.get("server").asText()).isEqualTo("virtual");
            assertThat(json.get("ceiling").isNull()).isTrue();
            assertThat(json.get("warmupMs").asLong()).isZero();
            assertThat(json.get("p99Ms").asDouble()).isGreaterThanOrEqualTo(json.get("p50Ms").asDouble());
        }
    }

    @Test
    void loadSaysClearlyWhenNothingListens() throws Exception {
        int closedPort = FreePorts.next();
        var outcome = RunCommandTest.execute("load", "--url", "http://127.0.0.1:" + closedPort + "/block", "-n", "5");
        assertThat(outcome.exitCode()).isEqualTo(LoomScopeCommand.EXIT_RUN_FAILED);
        assertThat(outcome.err()).contains("nothing answers at http://127.0.0.1:" + closedPort + "/block").contains("loomscope serve");
    }

    @Test
    void badLoadAndServeOptionsAreOneLineErrors() {
        var bothLimits = RunCommandTest.execute("load", "--url", "http://127.0.0.1:1/", "-n", "5", "-d", "1s");
        assertThat(bothLimits.exitCode()).isEqualTo(2);
        assertThat(bothLimits.err()).contains("loomscope: --requests=N, --duration=TIME are mutually exclusive");
        var noDuration = RunCommandTest.execute("load", "--url", "http://127.0.0.1:1/", "-d", "0s");
        assertThat(noDuration.exitCode()).isEqualTo(2);
        assertThat(noDuration.err()).contains("loomscope: --duration must be above 0 and at most 24 h (got 0 ms)");
        var noTimeout = RunCommandTest.execute("load", "--url", "http://127.0.0.1:1/", "-n", "5", "--timeout", "0s");
        assertThat(noTimeout.exitCode()).isEqualTo(2);
        assertThat(noTimeout.err()).contains("loomscope: --timeout must be above 0 (got 0 ms)");
        var notHttp = RunCommandTest.execute("load", "--url", "ftp://example.org/", "-n", "5");
        assertThat(notHttp.exitCode()).isEqualTo(2);
        assertThat(notHttp.err()).contains("loomscope: --url must be an http:// address with a host (got ftp://example.org/)");
        var badDuration = RunCommandTest.execute("load", "--url", "http://127.0.0.1:1/", "-d", "soon");
        assertThat(badDuration.exitCode()).isEqualTo(2);
        assertThat(badDuration.err()).contains("'soon' is not a duration");
        var noConnections = RunCommandTest.execute("load", "--url", "http://127.0.0.1:1/", "-n", "5", "-c", "0");
        assertThat(noConnections.exitCode()).isEqualTo(2);
        assertThat(noConnections.err()).contains("loomscope: --connections must be between 1 and 10,000 (got 0)");
        var badPool = RunCommandTest.execute("serve", "--executor", "fixed", "--pool", "0");
        assertThat(badPool.exitCode()).isEqualTo(2);
        assertThat(badPool.err()).contains("--pool must be between 1 and 100,000 (got 0)");
        var badPort = RunCommandTest.execute("serve", "--port", "70000");
        assertThat(badPort.exitCode()).isEqualTo(2);
        assertThat(badPort.err()).contains("port must be between 0 and 65,535 (got 70,000)");
        var longWarmUp = RunCommandTest.execute("load", "--url", "http://127.0.0.1:1/", "-n", "5", "--warmup", "2h");
        assertThat(longWarmUp.exitCode()).isEqualTo(2);
        assertThat(longWarmUp.err()).contains("--warmup must be at most 10m (got 120 min)");
        var limited = RunCommandTest.execute("serve", "--executor", "virtual-limited");
        assertThat(limited.exitCode()).isEqualTo(2);
        assertThat(limited.err()).contains("use virtual with --max-in-flight");
    }

    @Test
    void serveRefusesAPortThatIsTaken() throws Exception {
        try (var taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            var outcome = RunCommandTest.execute("serve", "--port", Integer.toString(taken.getLocalPort()));
            assertThat(outcome.exitCode()).isEqualTo(LoomScopeCommand.EXIT_RUN_FAILED);
            assertThat(outcome.err()).contains("cannot listen on 127.0.0.1:" + taken.getLocalPort());
        }
    }
}
