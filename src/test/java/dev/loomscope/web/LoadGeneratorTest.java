package dev.loomscope.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.runner.ServiceThreads;
import dev.loomscope.testing.FreePorts;
import dev.loomscope.testing.Poll;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class LoadGeneratorTest {

    private static WebService start(ExecutorKind kind, int pool) throws IOException {
        return WebService.start(ServiceConfig.loopback(), ServiceThreads.of(kind, pool));
    }

    @Test
    void countsEveryRequestOnceAndTellsTheListener() throws Exception {
        try (WebService service = start(ExecutorKind.VIRTUAL, 1)) {
            Set<Long> sent = ConcurrentHashMap.newKeySet();
            var answered = new AtomicInteger();
            var listener = new LoadListener() {
                @Override
                public void sending(long index) {
                    assertThat(sent.add(index)).isTrue();
                }

                @Override
                public void answered(long index, int status, long latencyNanos) {
                    assertThat(status).isEqualTo(200);
                    answered.incrementAndGet();
                }
            };
            var plan = LoadPlan.requests(service.baseUri().resolve("/block?ms=5"), 7, 50);
            LoadReport report = new LoadGenerator(plan, i -> plan.url(), listener, Thread.ofPlatform().factory()).run();
            assertThat(report.answered()).isEqualTo(50);
            assertThat(report.ok()).isEqualTo(50);
            assertThat(report.failed()).isZero();
            assertThat(report.latencyMicros().getTotalCount()).isEqualTo(50);
            assertThat(report.percentileMs(50)).isGreaterThanOrEqualTo(5);
            assertThat(sent).hasSize(50).allSatisfy(index -> assertThat(index).isBetween(0L, 49L));
            assertThat(answered).hasValue(50);
            // The service counts a request once its reply is out, just after the client has it.
            Poll.until("the service counted every request", Duration.ofSeconds(10), () -> service.metrics().count("/block") >= 50);
            assertThat(service.metrics().count("/block")).isEqualTo(50);
        }
    }

    @Test
    void countsNon2xxAnswersAsFailuresByStatus() throws Exception {
        try (WebService service = start(ExecutorKind.VIRTUAL, 1)) {
            LoadReport report = new LoadGenerator(LoadPlan.requests(service.baseUri().resolve("/block?ms=soon"), 3, 12)).run();
            assertThat(report.answered()).isEqualTo(12);
            assertThat(report.ok()).isZero();
            assertThat(report.statuses()).isEqualTo(Map.of(400, 12L));
            assertThat(report.failed()).isEqualTo(12);
        }
    }

    @Test
    void countsRequestsThatGetNoAnswer() throws Exception {
        // Two seconds, not a blink: a cold HTTP client on a busy machine can take longer than that to make its first attempt.
        LoadReport report = new LoadGenerator(toAClosedPortFor(Duration.ofSeconds(2))).run();
        assertThat(report.answered()).isZero();
        assertThat(report.errors()).containsOnlyKeys("connect");
        assertThat(report.failed()).isEqualTo(report.errors().get("connect")).isPositive();
        assertThat(report.firstError()).contains("ConnectException");
        assertThat(report.elapsedSeconds()).isGreaterThanOrEqualTo(2.0);
    }

    @Test
    void aDurationRunSendsUntilItsTimeIsUp() throws Exception {
        try (WebService service = start(ExecutorKind.VIRTUAL, 1)) {
            LoadReport report = new LoadGenerator(blockingFor(service, Duration.ofMillis(600))).run();
            // 2 clients x 600 ms / 50 ms = 24 at most, whatever the machine; how many at least is the
            // timing test's (a busy machine and a cold client can answer none in 600 ms).
            assertThat(report.answered()).isLessThanOrEqualTo(26L);
            assertThat(report.elapsedSeconds()).isGreaterThanOrEqualTo(0.6);
        }
    }

    /** Timing: a duration run ends about when its time is up, answered or not (a busy machine delays the end). */
    @Test
    @Tag("timing")
    void durationRunsStopOnTime() throws Exception {
        assertThat(new LoadGenerator(toAClosedPortFor(Duration.ofMillis(300))).run().elapsedSeconds()).isBetween(0.3, 2.0);
        try (WebService service = start(ExecutorKind.VIRTUAL, 1)) {
            LoadReport report = new LoadGenerator(blockingFor(service, Duration.ofMillis(600))).run();
            assertThat(report.answered()).isBetween(4L, 26L);
            assertThat(report.elapsedSeconds()).isBetween(0.6, 3.0);
        }
    }

    /** 2 clients sending to a port nothing listens on, for {@code duration}. */
    private static LoadPlan toAClosedPortFor(Duration duration) throws IOException {
        int closedPort = FreePorts.next();
        return LoadPlan.duration(URI.create("http://127.0.0.1:" + closedPort + "/block"), 2, duration);
    }

    /** 2 clients asking {@code service} to wait 50 ms, for {@code duration}. */
    private static LoadPlan blockingFor(WebService service, Duration duration) {
        return LoadPlan.duration(service.baseUri().resolve("/block?ms=50"), 2, duration);
    }

    @Test
    void percentilesAndMeanComeFromTheLatenciesInMilliseconds() {
        var micros = new Histogram(3_600_000_000L, 3);
        for (int ms = 1; ms <= 100; ms++) {
            micros.recordValue(ms * 1_000L);
        }
        var report = new LoadReport(LoadPlan.requests(URI.create("http://127.0.0.1:1/"), 1, 100), 2_000_000_000L, 100, 100,
                Map.of(), Map.of(), micros, null);
        assertThat(report.percentileMs(50)).isCloseTo(50, within(0.1));
        assertThat(report.percentileMs(90)).isCloseTo(90, within(0.1));
        assertThat(report.percentileMs(99)).isCloseTo(99, within(0.1));
        assertThat(report.maxMs()).isCloseTo(100, within(0.1));
        assertThat(report.meanMs()).isCloseTo(50.5, within(0.1));
        assertThat(report.throughput()).isEqualTo(50);
    }

    /** The ceiling from a probe of the server: a pool of 2 caps 8 connections at 2 / 50 ms, and the load never beats it. */
    @Test
    void aClosedLoopNeverBeatsTheCeilingItProbedFromTheServer() throws Exception {
        try (WebService fixed = start(ExecutorKind.FIXED, 2)) {
            var ceiling = new Ceiling(8, ServerInfo.probe(fixed.baseUri()).orElseThrow().workers(), 50);
            assertThat(ceiling.requestsPerSecond()).isEqualTo(40);
            double throughput = new LoadGenerator(LoadPlan.requests(fixed.baseUri().resolve("/block?ms=50"), 8, 16)).run().throughput();
            assertThat(throughput).isPositive().isLessThanOrEqualTo(1.05 * 40);
        }
        try (WebService virtual = start(ExecutorKind.VIRTUAL, 2)) {
            assertThat(new Ceiling(8, ServerInfo.probe(virtual.baseUri()).orElseThrow().workers(), 50).requestsPerSecond()).isEqualTo(160);
        }
    }

    /** The ceiling check at small scale: a pool of 2 caps 8 connections at 2 / 50 ms; virtual threads at 8 / 50 ms, and get near it. */
    @Test
    @Tag("timing")
    void throughputStaysUnderTheCeilingAndAPoolLowersIt() throws Exception {
        double fixedThroughput;
        try (WebService fixed = start(ExecutorKind.FIXED, 2)) {
            var ceiling = new Ceiling(8, ServerInfo.probe(fixed.baseUri()).orElseThrow().workers(), 50);
            assertThat(ceiling.requestsPerSecond()).isEqualTo(40);
            warmUp(fixed);
            fixedThroughput = new LoadGenerator(LoadPlan.requests(fixed.baseUri().resolve("/block?ms=50"), 8, 60)).run().throughput();
            // Never above the ceiling; below it only by what a busy machine costs.
            assertThat(fixedThroughput).isBetween(0.5 * 40, 1.05 * 40);
        }
        try (WebService virtual = start(ExecutorKind.VIRTUAL, 2)) {
            var ceiling = new Ceiling(8, ServerInfo.probe(virtual.baseUri()).orElseThrow().workers(), 50);
            assertThat(ceiling.requestsPerSecond()).isEqualTo(160);
            warmUp(virtual);
            double virtualThroughput = new LoadGenerator(LoadPlan.requests(virtual.baseUri().resolve("/block?ms=50"), 8, 160)).run().throughput();
            assertThat(virtualThroughput).isBetween(0.4 * 160, 1.05 * 160);
            assertThat(virtualThroughput).isGreaterThan(1.4 * fixedThroughput);
        }
    }

    /** A short untimed load first, so the JIT has compiled the client and server paths. */
    private static void warmUp(WebService service) throws InterruptedException {
        new LoadGenerator(LoadPlan.duration(service.baseUri().resolve("/block?ms=0"), 8, Duration.ofMillis(300))).run();
    }

    @Test
    void theCeilingIsConnectionsOrWorkersOverTheServiceTime() {
        assertThat(new Ceiling(40, 0, 300).requestsPerSecond()).isCloseTo(133.3, within(0.1));
        assertThat(new Ceiling(100, 10, 100).requestsPerSecond()).isEqualTo(100);
        assertThat(new Ceiling(5, 10, 100).concurrency()).isEqualTo(5);
        assertThat(new Ceiling(100, 10, 100).explain()).isEqualTo("min(100 connections, 10 workers) / 0.100 s = 100 req/s");
        assertThat(new Ceiling(40, 0, 300).explain()).isEqualTo("40 connections / 0.300 s = 133 req/s");
        assertThatThrownBy(() -> new Ceiling(0, 1, 100)).isInstanceOf(IllegalArgumentException.class);
        var capped = new Ceiling(100, 0, 110, 20, "2 cores computing 100 ms each");
        assertThat(capped.requestsPerSecond()).isEqualTo(20);
        assertThat(capped.explain()).isEqualTo("20 req/s: 2 cores computing 100 ms each (100 connections / 0.110 s = 909 req/s)");
    }

    @Test
    void theServiceTimeIsReadFromBlockingUrlsOnly() {
        assertThat(ServerInfo.serviceMsOf(URI.create("http://h:1/block?ms=100"))).hasValue(100);
        assertThat(ServerInfo.serviceMsOf(URI.create("http://h:1/aggregate"))).hasValue(300);
        assertThat(ServerInfo.serviceMsOf(URI.create("http://h:1/compute?n=5"))).isEmpty();
        assertThat(ServerInfo.serviceMsOf(URI.create("http://h:1/block?ms=soon"))).isEmpty();
        assertThat(ServerInfo.serviceMsOf(URI.create("http://h:1/block?ms=0"))).hasValue(0);
    }

    @Test
    void probingAServerThatIsNotLoomScopeFindsNothing() throws Exception {
        int closedPort = FreePorts.next();
        assertThat(ServerInfo.probe(URI.create("http://127.0.0.1:" + closedPort + "/"))).isEmpty();
    }

    @Test
    void plansRefuseImpossibleLimits() {
        URI url = URI.create("http://127.0.0.1:8080/block");
        assertThatThrownBy(() -> LoadPlan.requests(url, 0, 10)).hasMessage("connections must be between 1 and 10,000 (got 0)");
        assertThatThrownBy(() -> LoadPlan.requests(url, 10_001, 10)).hasMessageContaining("between 1 and 10,000");
        assertThatThrownBy(() -> LoadPlan.requests(url, 1, 0)).hasMessage("requests must be between 1 and 100,000,000 (got 0)");
        assertThatThrownBy(() -> LoadPlan.requests(url, 1, -5)).hasMessage("requests must be between 1 and 100,000,000 (got -5)");
        assertThatThrownBy(() -> new LoadPlan(url, 1, 5, Duration.ofSeconds(1), Duration.ofSeconds(1)))
                .hasMessage("give either a number of requests or a duration, not both");
        assertThatThrownBy(() -> LoadPlan.duration(url, 1, Duration.ZERO)).hasMessageContaining("duration must be above 0");
        assertThatThrownBy(() -> LoadPlan.requests(URI.create("ftp://h/x"), 1, 1)).hasMessageContaining("http://");
    }

    @Test
    void durationsAreSpelledLikeWrks() {
        assertThat(SpelledDuration.parse("10s")).isEqualTo(Duration.ofSeconds(10));
        assertThat(SpelledDuration.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(SpelledDuration.parse("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThatThrownBy(() -> SpelledDuration.parse("ten")).hasMessage("'ten' is not a duration; write it like 500ms, 10s, 2m or 1h");
        assertThat(SpelledDuration.text(Duration.ofSeconds(10))).isEqualTo("10 s");
    }
}
