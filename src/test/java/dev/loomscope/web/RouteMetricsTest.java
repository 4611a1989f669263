package dev.loomscope.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RouteMetricsTest {

    private static final long LATENCY_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final long QUEUED_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    /**
     * A reader that sees a request counted sees its whole record: {@code /metrics} was read as soon as the count
     * said 1, and once showed a latency max of 0 beside a queue time of 2 ms (the count was raised first, and the
     * two histograms were copied at two moments).
     */
    @Test
    void aRequestCountedIsShownWithItsLatencyAndQueueTime() throws Exception {
        for (int round = 0; round < 300; round++) {
            var metrics = new RouteMetrics();
            Thread writer = Thread.ofPlatform().start(() -> metrics.record("/block", 200, LATENCY_NANOS, QUEUED_NANOS));
            // Yielding, not spinning: on a busy machine a spinning reader held the core the writer
            // waited for (100 s for 20,000 rounds under a parallel build, 13 s yielding). The old
            // unlocked record failed in round 0 five runs in five: 300 rounds keep a wide margin, and
            // on a busy machine each yield can wait out another thread's time slice (3,000 rounds took 33 s).
            while (metrics.count("/block") == 0) {
                Thread.yield();
            }
            Map<?, ?> block = (Map<?, ?>) metrics.snapshot().get("/block");
            assertThat(block.get("count")).isEqualTo(1L);
            assertThat((Double) ((Map<?, ?>) block.get("latencyMs")).get("max")).as("round %d", round).isGreaterThanOrEqualTo(499.0);
            assertThat((Double) ((Map<?, ?>) block.get("queuedMs")).get("max")).as("round %d", round).isBetween(1.9, 2.1);
            writer.join();
        }
    }
}
