package dev.loomscope.model.observe.view;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.model.observe.Observation;
import dev.loomscope.model.observe.ObservedJvm;
import dev.loomscope.model.observe.Pin;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.model.observe.SchedulerSample;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** What the window exports and shows of an observation, from observations written by hand on a clock the test sets. */
class ObservationSummaryTest {

    private final AtomicLong clock = new AtomicLong(5_000);
    private final Observation observation = new Observation(new ObservedJvm(42, "shop.jar", "25.0.3", 25), 5_000, clock::get);

    private static Pin pin(long at, double ms, List<String> frames) {
        return new Pin(at, ms, 1, "ForkJoinPool-1-worker-1", 2, "Native or VM frame on stack", "Thread.sleep", frames);
    }

    @Test
    void theSummaryHasTheFieldsOfAttachJsonInOrderWithNullWhereNothingWasMeasured() throws Exception {
        observation.virtualThreadStarted(10);
        observation.pinned(pin(20, 1.2345, List.of("java.lang.Thread.sleep:1", "org.example.A.run:3")));
        clock.addAndGet(2_000);
        var json = new ObjectMapper().readTree(ObservationSummary.json(observation.snapshot()));
        var names = new ArrayList<String>();
        json.fieldNames().forEachRemaining(names::add);
        assertThat(names).containsExactly("pid", "jdk", "durationMs", "virtualThreadStarts", "virtualThreadEnds", "pinnedEvents", "pinnedMs",
                "pinnedReasons", "pinHotspots", "submitFailed", "schedulerParallelism", "schedulerPoolSizeMax", "mountedMax", "queuedMax",
                "threadDumpVirtualThreads");
        assertThat(json.path("durationMs").asLong()).isEqualTo(2_000);
        assertThat(json.path("pinnedMs").asDouble()).isEqualTo(1.235);
        assertThat(json.path("pinnedReasons").path("Native or VM frame on stack").asLong()).isEqualTo(1);
        assertThat(json.path("pinHotspots").get(0).path("frames").get(1).asText()).isEqualTo("org.example.A.run:3");
        // No scheduler MXBean readings, no thread dump: null, not zero.
        for (String unmeasured : List.of("schedulerParallelism", "schedulerPoolSizeMax", "mountedMax", "queuedMax", "threadDumpVirtualThreads")) {
            assertThat(json.path(unmeasured).isNull()).as(unmeasured).isTrue();
        }
        observation.scheduler(new SchedulerSample(100, 1, 2, 3, 4));
        var measured = new ObjectMapper().readTree(ObservationSummary.json(observation.snapshot()));
        assertThat(measured.path("schedulerParallelism").asInt()).isEqualTo(2);
        assertThat(measured.path("queuedMax").asLong()).isEqualTo(4);
    }

    @Test
    void theCsvIsAHeaderAndOneRowWithTheNestedFieldsAsQuotedJson() {
        observation.pinned(pin(20, 2, List.of("org.example.A.run:3")));
        String[] lines = ObservationSummary.csv(observation.snapshot()).split("\n");
        assertThat(lines).hasSize(2);
        assertThat(lines[0]).isEqualTo(String.join(",", ObservationSummary.FIELDS));
        assertThat(lines[1]).startsWith("42,25.0.3,").contains(",\"{\"\"Native or VM frame on stack\"\":1}\",").endsWith(",0,,,,,");
    }

    @Test
    void aHotspotMarksThePinsItCountsAndNoOthers() {
        var nativeFrames = List.of("java.lang.Thread.sleep:1", "org.example.Shop.compare:40", "jdk.internal.foreign.abi.Stub.invoke (native)",
                "jdk.internal.foreign.abi.Other.call:9", "org.example.Shop.sort:31", "org.example.Shop.handle:20");
        var otherCaller = List.of("java.lang.Thread.sleep:1", "org.example.Shop.compare:40", "jdk.internal.foreign.abi.Stub.invoke (native)",
                "org.example.Report.sort:77");
        var classInit = List.of("java.lang.Thread.sleep:1", "org.example.Prices.<clinit>:12", "org.example.Shop.handle:22");
        observation.pinned(pin(10, 5, nativeFrames));
        observation.pinned(pin(20, 5, otherCaller));
        observation.pinned(pin(30, 50, classInit));
        var snapshot = observation.snapshot();
        assertThat(snapshot.pinHotspots()).hasSize(3);
        for (PinHotspot hotspot : snapshot.pinHotspots()) {
            // Each pin belongs to exactly the hotspot that counted it.
            assertThat(snapshot.pins().stream().filter(p -> dev.loomscope.model.observe.PinHotspots.belongs(p, hotspot)).count()).as(hotspot.frames().toString())
                    .isEqualTo(hotspot.count());
        }
        assertThat(dev.loomscope.model.observe.PinHotspots.belongs(snapshot.pins().get(2), snapshot.pinHotspots().getFirst())).isTrue();
    }

    @Test
    void startsPerSecondCountFiveSecondsUpToJfrsLagAndEverythingBefore() {
        for (int ms = 0; ms < 10_000; ms += 10) {
            // 100 a second for the first 4 s, then 300 a second.
            if (ms < 4_000 || ms % 10 == 0) {
                observation.virtualThreadStarted(ms);
            }
            if (ms >= 4_000) {
                observation.virtualThreadStarted(ms);
                observation.virtualThreadStarted(ms);
            }
        }
        clock.addAndGet(3_000);
        // 3 s in: over all of it (the events stamped later count too: JFR's clock and ours agree only to a few ms).
        assertThat(ObservedFigures.of(observation.snapshot()).startsPerSecond()).isGreaterThan(100);
        clock.addAndGet(7_000);
        // 10 s in: [3 s, 8 s), 1 s at 100/s and 4 s at 300/s.
        assertThat(ObservedFigures.of(observation.snapshot()).startsPerSecond()).isEqualTo((100 + 4 * 300) / 5.0);
        assertThat(ObservedFigures.of(observation.snapshot()).aliveKnown()).isFalse();
    }
}
