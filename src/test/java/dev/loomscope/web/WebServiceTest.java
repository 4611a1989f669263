package dev.loomscope.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.runner.ServiceThreads;
import dev.loomscope.testing.Poll;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Execution(ExecutionMode.CONCURRENT) // each test starts services of its own, and most wait on requests
class WebServiceTest {

    private static HttpClient http;
    private final List<WebService> services = new ArrayList<>();

    @BeforeAll
    static void client() {
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterAll
    static void closeClient() {
        http.close();
    }

    @AfterEach
    void stopServices() {
        services.forEach(WebService::close);
    }

    private WebService start(ExecutorKind kind, int pool) throws IOException {
        return start(kind, pool, ServiceConfig.DEFAULT_MAX_IN_FLIGHT);
    }

    private WebService start(ExecutorKind kind, int pool, int maxInFlight) throws IOException {
        var config = new ServiceConfig("127.0.0.1", 0, maxInFlight, ServiceConfig.DEFAULT_MAX_CONNECTIONS, true);
        WebService service = WebService.start(config, ServiceThreads.of(kind, pool));
        services.add(service);
        return service;
    }

    private static HttpResponse<String> get(WebService service, String pathAndQuery) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(service.baseUri().resolve(pathAndQuery)).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(HttpResponse<String> response) throws IOException {
        return Reply.JSON.readTree(response.body());
    }

    @Test
    void blockWaitsAsLongAsAskedOnTheExecutorsThreads() throws Exception {
        WebService virtual = start(ExecutorKind.VIRTUAL, 1);
        long start = System.nanoTime();
        var response = get(virtual, "/block?ms=120");
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(json(response).get("waitedMs").asInt()).isEqualTo(120);
        assertThat(tookMs).isGreaterThanOrEqualTo(120);
        assertThat(response.headers().firstValue("X-Served-By")).hasValueSatisfying(t -> assertThat(t).startsWith("VirtualThread"));

        WebService fixed = start(ExecutorKind.FIXED, 3);
        assertThat(get(fixed, "/block?ms=0").headers().firstValue("X-Served-By"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("Thread[").contains("pool-"));
    }

    @Test
    void computeSumsThePrimesUpToN() throws Exception {
        WebService service = start(ExecutorKind.VIRTUAL, 1);
        assertThat(json(get(service, "/compute?n=10")).get("sumOfPrimes").asLong()).isEqualTo(2 + 3 + 5 + 7);
        assertThat(json(get(service, "/compute?n=2")).get("sumOfPrimes").asLong()).isEqualTo(2);
        assertThat(json(get(service, "/compute")).get("sumOfPrimes").asLong()).isEqualTo(sieveSum(50_000));
    }

    /** An independent count: the sieve of Eratosthenes. */
    private static long sieveSum(int n) {
        var composite = new boolean[n + 1];
        long sum = 0;
        for (int i = 2; i <= n; i++) {
            if (!composite[i]) {
                sum += i;
                for (long j = (long) i * i; j <= n; j += i) {
                    composite[(int) j] = true;
                }
            }
        }
        return sum;
    }

    @Test
    void fileSendsTheTenThousandLineFile() throws Exception {
        WebService service = start(ExecutorKind.FIXED, 2);
        var response = get(service, "/file");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body().lines().count()).isEqualTo(10_000);
        assertThat(response.body().lines().toList().getLast()).startsWith("10000 ");
        assertThat(get(service, "/file").body()).isEqualTo(response.body());
    }

    @Test
    void aggregateMakesBothCallsAndTakesAsLongAsTheSlower() throws Exception {
        WebService service = start(ExecutorKind.FIXED, 1);
        long start = System.nanoTime();
        JsonNode body = json(get(service, "/aggregate?ms=250"));
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        assertThat(body.get("waitedMs").asInt()).isEqualTo(250);
        assertThat(body.get("fileLines").asInt()).isEqualTo(10_000);
        assertThat(body.get("fileBytes").asInt()).isEqualTo(get(service, "/file").body().length());
        assertThat(tookMs).isGreaterThanOrEqualTo(250);
        // A pool of 1 serving the request never deadlocks waiting for its own calls: they have threads of their own.
        assertThat(get(service, "/aggregate?ms=0").statusCode()).isEqualTo(200);
    }

    /** Timing: in parallel, about the 250 ms wait, not the wait plus the read (generous for a busy machine). */
    @Test
    @Tag("timing")
    void aggregateMakesBothCallsInParallel() throws Exception {
        WebService service = start(ExecutorKind.FIXED, 1);
        long start = System.nanoTime();
        assertThat(get(service, "/aggregate?ms=250").statusCode()).isEqualTo(200);
        assertThat((System.nanoTime() - start) / 1_000_000).isBetween(250L, 2_000L);
    }

    @Test
    void healthNamesTheExecutorAndHowManyItServesAtOnce() throws Exception {
        JsonNode fixed = json(get(start(ExecutorKind.FIXED, 10), "/health"));
        assertThat(fixed.get("status").asText()).isEqualTo("up");
        assertThat(fixed.get("executor").asText()).isEqualTo("fixed(10)");
        assertThat(fixed.get("workers").asInt()).isEqualTo(10);
        JsonNode virtual = json(get(start(ExecutorKind.VIRTUAL, 10), "/health"));
        assertThat(virtual.get("executor").asText()).isEqualTo("virtual");
        assertThat(virtual.get("workers").isNull()).isTrue();
    }

    @Test
    void metricsKeepEachRoutesCountAndPercentilesApart() throws Exception {
        WebService service = start(ExecutorKind.VIRTUAL, 1);
        for (int i = 0; i < 3; i++) {
            get(service, "/block?ms=500");
        }
        get(service, "/compute?n=100");
        get(service, "/block?ms=oops");
        // The service counts a request once its reply is out, just after the client has it.
        Poll.until("the service counted every request", Duration.ofSeconds(10), () -> service.metrics().count("/block") == 4
                && service.metrics().count("/compute") == 1);
        JsonNode routes = json(get(service, "/metrics")).get("routes");
        JsonNode block = routes.get("/block");
        assertThat(block.get("count").asLong()).isEqualTo(4);
        assertThat(block.get("ok").asLong()).isEqualTo(3);
        assertThat(block.get("clientErrors").asLong()).isEqualTo(1);
        assertThat(block.get("latencyMs").get("p90").asDouble()).isGreaterThanOrEqualTo(500);
        JsonNode compute = routes.get("/compute");
        assertThat(compute.get("count").asLong()).isEqualTo(1);
        // Summing the primes up to 100 takes microseconds: none of the block route's waits are counted here.
        assertThat(compute.get("latencyMs").get("max").asDouble()).isLessThan(500);
        assertThat(service.metrics().count("/block")).isEqualTo(4);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/block?ms=-1        | 400 | ms of /block must be between 0 and 60,000 (got -1)",
            "/block?ms=60001     | 400 | ms of /block must be between 0 and 60,000 (got 60,001)",
            "/block?ms=ten       | 400 | ms of /block must be a whole number (got 'ten')",
            "/block?ms=1&ms=2    | 400 | parameter 'ms' is given twice",
            "/block?wait=3       | 400 | unknown parameter 'wait' for /block; it takes ms",
            "/compute?n=1        | 400 | n of /compute must be between 2 and 2,000,000 (got 1)",
            "/compute?n=99999999999 | 400 | n of /compute must be between 2 and 2,000,000 (got 99,999,999,999)",
            "/file?lines=5       | 400 | /file takes no parameters (got 'lines')",
            "/nothing            | 404 | no route /nothing; routes: /block, /compute, /file, /aggregate, /metrics, /health"})
    void badRequestsAreRefusedWithAMessageNotClamped(String request, int status, String message) throws Exception {
        WebService service = start(ExecutorKind.VIRTUAL, 1);
        var response = get(service, request);
        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(json(response).get("error").asText()).isEqualTo(message);
    }

    @Test
    void otherMethodsThanGetAre405() throws Exception {
        WebService service = start(ExecutorKind.VIRTUAL, 1);
        var response = http.send(HttpRequest.newBuilder(service.baseUri().resolve("/block?ms=1"))
                .POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(405);
        assertThat(response.headers().firstValue("Allow")).hasValue("GET, HEAD");
    }

    @Test
    void survivesMalformedRequests() throws Exception {
        WebService service = start(ExecutorKind.FIXED, 2);
        for (String garbage : List.of("GARBAGE\r\n\r\n", "GET\r\n\r\n", "GET /block?ms=1 HTTP/1.1\r\nno colon here\r\n\r\n",
                "GET /block HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n", "\u0000\u0001\u0002\r\n\r\n")) {
            try (var socket = new Socket("127.0.0.1", service.port())) {
                socket.setSoTimeout(5_000);
                socket.getOutputStream().write(garbage.getBytes(StandardCharsets.ISO_8859_1));
                String answer = new String(socket.getInputStream().readNBytes(12), StandardCharsets.ISO_8859_1);
                // The JDK server answers 400 (or just closes); either way, it goes on serving.
                assertThat(answer).satisfiesAnyOf(a -> assertThat(a).isEmpty(), a -> assertThat(a).startsWith("HTTP/1.1 4"));
            }
        }
        assertThat(get(service, "/health").statusCode()).isEqualTo(200);
    }

    @Test
    void survivesClientsThatDisconnectMidResponse() throws Exception {
        WebService service = start(ExecutorKind.FIXED, 2);
        for (int i = 0; i < 20; i++) {
            try (var socket = new Socket()) {
                socket.setReceiveBufferSize(4_096); // before connecting: a small window, so the reply cannot all be sent at once
                socket.connect(new java.net.InetSocketAddress("127.0.0.1", service.port()));
                OutputStream out = socket.getOutputStream();
                out.write("GET /file HTTP/1.1\r\nHost: test\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                InputStream in = socket.getInputStream();
                assertThat(in.readNBytes(1_024)).hasSize(1_024);
            } // closed with most of the 600 KB unread
        }
        assertThat(get(service, "/file").body().lines().count()).isEqualTo(10_000);
        // Every abandoned reply ends (the kernel may have taken the rest into its send buffer, so no write needs to fail).
        Poll.until("every abandoned reply ended", Duration.ofSeconds(10), () -> service.inFlight() == 0);
        assertThat(service.metrics().count("/file")).isEqualTo(21);
    }

    /** Half-sent requests hold only their exchanges' virtual threads: a pool of 2 answers at once past two stalled clients. */
    @Test
    void clientsThatStallMidRequestCannotFreezeAPool() throws Exception {
        WebService service = start(ExecutorKind.FIXED, 2);
        var stalled = new ArrayList<Socket>();
        try {
            for (int i = 0; i < 2; i++) {
                var socket = new Socket("127.0.0.1", service.port());
                socket.getOutputStream().write("GET /hea".getBytes(StandardCharsets.ISO_8859_1));
                stalled.add(socket);
            }
            var response = http.send(HttpRequest.newBuilder(service.baseUri().resolve("/health")).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            // At once, not after the request time limit has closed the stalled sockets: they are still open.
            for (Socket socket : stalled) {
                socket.setSoTimeout(1);
                assertThatThrownBy(() -> socket.getInputStream().read()).isInstanceOf(java.net.SocketTimeoutException.class);
            }
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
    }

    /** Queue time ends when a pool thread takes the request up: the route's own time is latency, not queue. */
    @ParameterizedTest
    @CsvSource({"FIXED", "VIRTUAL"})
    void queueTimeLeavesOutTheRoutesOwnTime(ExecutorKind kind) throws Exception {
        WebService service = start(kind, 2);
        assertThat(get(service, "/block?ms=500").statusCode()).isEqualTo(200);
        Poll.until("the service counted the request", Duration.ofSeconds(10), () -> service.metrics().count("/block") == 1);
        JsonNode block = json(get(service, "/metrics")).get("routes").get("/block");
        // One request: its latency less its queue time is what the route and the reply took, at least the 500 ms block.
        assertThat(block.get("latencyMs").get("max").asDouble() - block.get("queuedMs").get("max").asDouble()).isGreaterThan(495.0);
    }

    /** The request time limit is for reading a request, not for waiting in a pool's queue. */
    @Test
    void aRequestQueuedLongerThanTheRequestTimeLimitIsStillAnswered() throws Exception {
        WebService service = start(ExecutorKind.FIXED, 1);
        // The second request gets 3 s to reach the queue after the first has started.
        long waitMs = (WebService.MAX_REQUEST_SECONDS + 3) * 1_000;
        var first = http.sendAsync(HttpRequest.newBuilder(service.baseUri().resolve("/block?ms=" + waitMs)).build(),
                HttpResponse.BodyHandlers.ofString());
        // Admitted is not yet running: until the pool's one thread has taken the first request, the second could take it first.
        var pool = (java.util.concurrent.ThreadPoolExecutor) service.threads().requests();
        Poll.until("the first request on the pool's thread", Duration.ofSeconds(10), () -> pool.getActiveCount() == 1);
        var queued = http.send(HttpRequest.newBuilder(service.baseUri().resolve("/block?ms=0")).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(queued.statusCode()).isEqualTo(200);
        assertThat(first.join().statusCode()).isEqualTo(200);
        Poll.until("the service counted both requests", Duration.ofSeconds(10), () -> service.metrics().count("/block") == 2);
        assertThat(json(get(service, "/metrics")).get("routes").get("/block").get("queuedMs").get("max").asDouble())
                .isGreaterThan(WebService.MAX_REQUEST_SECONDS * 1_000.0);
    }

    @Test
    void overloadIsAnswered503NotQueuedWithoutBound() throws Exception {
        // Two in flight at most, both served at once by a pool of 2; each request holds its place for 8 s.
        WebService service = start(ExecutorKind.FIXED, 2, 2);
        var held = new ArrayList<CompletableFuture<HttpResponse<String>>>();
        for (int i = 0; i < 2; i++) {
            held.add(http.sendAsync(HttpRequest.newBuilder(service.baseUri().resolve("/block?ms=8000")).build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        // Admitted is what the limit counts: once both are, every other request is over it.
        Poll.until("both requests admitted", Duration.ofSeconds(20), () -> service.inFlight() == 2);
        var refused = new ArrayList<HttpResponse<String>>();
        for (int i = 0; i < 4; i++) {
            refused.add(get(service, "/block?ms=3000"));
        }
        assertThat(refused).allSatisfy(response -> assertThat(response.statusCode()).isEqualTo(503));
        assertThat(refused.getFirst().headers().firstValue("Retry-After")).hasValue("1");
        assertThat(json(refused.getFirst()).get("error").asText()).startsWith("overloaded:").contains("(limit 2)");
        assertThat(service.refused()).isEqualTo(4);
        assertThat(held).allSatisfy(each -> assertThat(each.join().statusCode()).isEqualTo(200));
        // A request leaves the count just after its reply is out: once the served ones have, there is room again.
        Poll.until("the served requests gone", Duration.ofSeconds(10), () -> service.inFlight() == 0);
        assertThat(get(service, "/health").statusCode()).isEqualTo(200);
    }

    @Test
    void stopsCleanlyEvenWithARequestWaiting() throws Exception {
        WebService service = start(ExecutorKind.FIXED, 2);
        URI base = service.baseUri();
        var waiting = http.sendAsync(HttpRequest.newBuilder(base.resolve("/block?ms=60000")).build(), HttpResponse.BodyHandlers.ofString());
        Poll.until("the request waiting", Duration.ofSeconds(10), () -> service.inFlight() == 1);
        long start = System.nanoTime();
        service.close();
        services.remove(service);
        assertThat((System.nanoTime() - start) / 1_000_000).as("no waiting out the request's 60 s").isLessThan(30_000);
        assertThat(service.threads().requests().isTerminated()).isTrue();
        assertThat(waiting).failsWithin(Duration.ofSeconds(5)).withThrowableThat().withCauseInstanceOf(IOException.class);
        try (var socket = new Socket()) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> socket.connect(new java.net.InetSocketAddress("127.0.0.1", base.getPort()), 1_000))
                    .isInstanceOf(ConnectException.class);
        }
    }
}
