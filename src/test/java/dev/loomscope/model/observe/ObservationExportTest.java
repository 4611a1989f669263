package dev.loomscope.model.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ObservationExportTest {

    private final AtomicLong clock = new AtomicLong(5_000);
    private final Observation observation = new Observation(new ObservedJvm(42, "Main", "23.0.2", 23), 5_000, clock::get);

    @Test
    void theSummaryHasAttachJsonsFieldsAndNullForWhatWasNotMeasured() throws Exception {
        observation.virtualThreadStarted(10);
        observation.pinned(new Pin(20, 12.3456, 7, "", -1, "", "Thread.sleep", List.of("java.lang.Thread.sleep:540", "app.A.b:3", "app.A.c:9")));
        clock.addAndGet(1_000);
        observation.end(ObservationEnd.DURATION_REACHED, "duration reached");

        var json = new ObjectMapper().readTree(ObservationExport.summaryJson(observation.snapshot()));

        var names = new java.util.ArrayList<String>();
        json.fieldNames().forEachRemaining(names::add);
        assertThat(names).containsExactly("pid", "jdk", "durationMs", "virtualThreadStarts", "virtualThreadEnds", "pinnedEvents", "pinnedMs",
                "pinnedReasons", "pinHotspots", "submitFailed", "schedulerParallelism", "schedulerPoolSizeMax", "mountedMax", "queuedMax",
                "threadDumpVirtualThreads");
        assertThat(json.get("durationMs").asLong()).isEqualTo(1_000);
        assertThat(json.get("pinnedMs").asDouble()).isEqualTo(12.346);
        assertThat(json.get("pinHotspots").get(0).get("frames")).hasSize(3);
        assertThat(json.get("schedulerParallelism").isNull()).isTrue(); // JDK 23: no scheduler MXBean
        assertThat(json.get("queuedMax").isNull()).isTrue();
        assertThat(json.get("threadDumpVirtualThreads").isNull()).isTrue();
    }

    @Test
    void csvCellsWithCommasOrQuotesAreQuoted() {
        observation.pinned(new Pin(20, 5, 7, "ForkJoinPool-1-worker-1", 3, "Native or VM frame on stack", "Object.wait, \"timed\"",
                List.of("app.A.b:3")));
        observation.scheduler(new SchedulerSample(100, 2, 2, 3, 40));

        ObservationSnapshot s = observation.snapshot();

        assertThat(ObservationExport.pinsCsv(s)).isEqualTo("""
                timeMs,durationMs,virtualThreadId,carrier,carrierId,reason,blockingOperation,frames
                20,5.0,7,ForkJoinPool-1-worker-1,3,Native or VM frame on stack,"Object.wait, ""timed\"\"",app.A.b:3
                """);
        assertThat(ObservationExport.schedulerCsv(s)).isEqualTo("timeMs,mounted,parallelism,poolSize,queued\n100,2,2,3,40\n");
        assertThat(ObservationExport.threadsCsv(s)).startsWith("startMs,started,ended,alive\n0,0,0,0\n");
        assertThat(ObservationExport.hotspotsCsv(s).lines()).hasSize(2);
    }
}
