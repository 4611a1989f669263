package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.protocol.EventType;
import dev.loomscope.testing.Events;
import java.util.List;
import org.junit.jupiter.api.Test;

class WebTrafficTest {

    private static Scenario web(ExecutorKind kind, int requests, int pool, int sleepMs, int connections) {
        return Scenario.of(kind).withTasks(requests).withPool(pool).withSleepMs(sleepMs).withConnections(connections).build();
    }

    /** A pool of 2 and 4 clients: requests go out in pairs every 100 ms, and the second pair waits a wave. */
    @Test
    void throughputAndLatencyComeFromWhenEachRequestWasSentAndAnswered() {
        var model = new RunModel(1, web(ExecutorKind.FIXED, 8, 2, 100, 4), 2);
        var events = new Events();
        // Clients 101-104 send 0-3 at 0 ms; the pool (threads 1, 2) answers two per 100 ms; each answer lets its client send again.
        for (int task = 0; task < 4; task++) {
            events.platform(EventType.SUBMITTED, task, 0, 101 + task);
        }
        double[] answeredAt = {100, 100, 200, 200, 300, 300, 400, 400};
        for (int task = 0; task < 8; task++) {
            if (task >= 4) {
                events.platform(EventType.SUBMITTED, task, answeredAt[task - 4], 101 + task % 4);
            }
            events.platform(EventType.STARTED, task, answeredAt[task] - 100, 1 + task % 2);
            events.platform(EventType.FINISHED, task, answeredAt[task], 1 + task % 2);
        }
        model.onEvents(events.batch());

        WebTraffic traffic = model.traffic();
        assertThat(traffic.answered()).isEqualTo(8);
        assertThat(traffic.inFlight()).isZero();
        List<WebTraffic.Point> points = traffic.points(100);
        WebTraffic.Point last = points.getLast();
        assertThat(last.timeMs()).isEqualTo(400);
        // The 300 ms window ending at 400 ms, (100, 400], holds the answers at 200, 300 and 400 ms: six of them.
        assertThat(last.perSecond()).isCloseTo(6 / 0.3, within(0.01));
        // Tasks 4-7 were sent at 100/100/200/200 and answered at 300/300/400/400: 200 ms each; tasks 2-3 waited 200 ms too.
        assertThat(last.p50Ms()).isEqualTo(200);
        assertThat(last.p99Ms()).isEqualTo(200);
        assertThat(points.getFirst().p50Ms()).isNaN(); // nothing answered in the first 50 ms
    }

    @Test
    void aRequestIsCountedOnceAndFailuresApart() {
        var model = new RunModel(1, web(ExecutorKind.VIRTUAL, 3, 1, 10, 3), 2);
        model.onEvents(new Events()
                .platform(EventType.SUBMITTED, 0, 0, 101).platform(EventType.SUBMITTED, 1, 0, 102).platform(EventType.SUBMITTED, 2, 0, 103)
                .add(EventType.FINISHED, 0, 10, 9, 1)
                .platform(EventType.FAILED, 1, 12, 102)
                .platform(EventType.FAILED, 0, 13, 101) // a late failure of an answered request: ignored
                .batch());
        assertThat(model.traffic().answered()).isEqualTo(2);
        assertThat(model.traffic().failed()).isEqualTo(1);
        assertThat(model.traffic().inFlight()).isEqualTo(1);
    }

    /** Sends and answers come through different rings, so an answer can arrive first: it still pairs with its send. */
    @Test
    void anAnswerThatArrivesBeforeItsSendIsStillCounted() {
        var model = new RunModel(1, web(ExecutorKind.FIXED, 2, 1, 10, 2), 2);
        model.onEvents(new Events().platform(EventType.FINISHED, 0, 15, 1).platform(EventType.SUBMITTED, 1, 1, 102).batch());
        assertThat(model.traffic().answered()).isZero();
        assertThat(model.traffic().inFlight()).isEqualTo(1);
        model.onEvents(new Events().platform(EventType.SUBMITTED, 0, 3, 101).platform(EventType.FINISHED, 1, 12, 1).batch());
        assertThat(model.traffic().answered()).isEqualTo(2);
        assertThat(model.traffic().inFlight()).isZero();
        assertThat(model.traffic().points(10).getLast().p99Ms()).isEqualTo(12);
    }

    @Test
    void plainRunsHaveNoTraffic() {
        assertThat(new RunModel(1, web(ExecutorKind.FIXED, 10, 2, 10, 0), 2).traffic()).isNull();
    }

    @Test
    void theCeilingIsTheClosedLoopsConnectionsOrThePoolOverTheServiceTime() {
        assertThat(WebTraffic.ceiling(web(ExecutorKind.FIXED, 1_000, 10, 100, 100), 2).orElseThrow().requestsPerSecond()).isEqualTo(100);
        assertThat(WebTraffic.ceiling(web(ExecutorKind.VIRTUAL, 1_000, 10, 100, 100), 2).orElseThrow().requestsPerSecond()).isEqualTo(1_000);
        assertThat(WebTraffic.ceiling(web(ExecutorKind.VIRTUAL, 1_000, 10, 300, 40), 2).orElseThrow().requestsPerSecond())
                .isCloseTo(133.3, within(0.1));
        assertThat(WebTraffic.ceiling(web(ExecutorKind.SINGLE, 1_000, 10, 100, 100), 2).orElseThrow().requestsPerSecond()).isEqualTo(10);
        // Pure CPU work: two cores serve no more than 2 / 50 ms, however many connections.
        var cpu = Scenario.of(ExecutorKind.VIRTUAL).withTasks(100).withSleepMs(0).withCpuMs(50).withConnections(100).build();
        assertThat(WebTraffic.ceiling(cpu, 2).orElseThrow().requestsPerSecond()).isEqualTo(40);
        assertThat(WebTraffic.ceiling(web(ExecutorKind.FIXED, 10, 2, 10, 0), 2)).isEmpty();
        // Fractions count: 2 cores computing 100 ms each serve 20 a second, though each request also waits 10 ms.
        var mixed = Scenario.of(ExecutorKind.VIRTUAL).withTasks(100).withSleepMs(10).withCpuMs(100).withConnections(100).build();
        assertThat(WebTraffic.ceiling(mixed, 2).orElseThrow().requestsPerSecond()).isEqualTo(20);
        // A semaphore holds only the wait: 20 permits over 100 ms waits pass 200 a second.
        var limited = Scenario.of(ExecutorKind.VIRTUAL_LIMITED).withTasks(1_000).withSleepMs(100).withPermits(20).withConnections(100).build();
        assertThat(WebTraffic.ceiling(limited, 2).orElseThrow().requestsPerSecond()).isEqualTo(200);
    }
}
