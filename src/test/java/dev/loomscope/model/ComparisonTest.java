package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonTest {

    private static final List<Preset> PRESETS = Preset.all(2);

    private static Preset preset(String name) {
        return PRESETS.stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    private static Comparison.Measured measured(String run, Scenario scenario, double elapsedMs, double rssMb, double heapMb, long threadLocals) {
        return allocating(run, scenario, elapsedMs, rssMb, heapMb, threadLocals, -1);
    }

    private static Comparison.Measured allocating(String run, Scenario scenario, double elapsedMs, double rssMb, double heapMb, long threadLocals,
                                                  double allocatedMb) {
        return new Comparison.Measured(run, scenario, elapsedMs, 100, scenario.tasks(), rssMb, heapMb, threadLocals, allocatedMb);
    }

    @Test
    void eachPresetIsComparedOnWhatItIsAbout() {
        assertThat(Comparison.focusOf(preset("memory").scenarios(), PRESETS)).isEqualTo(Comparison.Focus.MEMORY);
        assertThat(Comparison.focusOf(preset("threadlocal").scenarios(), PRESETS)).isEqualTo(Comparison.Focus.THREAD_LOCALS);
        assertThat(Comparison.focusOf(preset("web-service").scenarios(), PRESETS)).isEqualTo(Comparison.Focus.THROUGHPUT);
        for (String name : List.of("waiting-10k", "cpu-48", "schedulers", "semaphore", "pinning")) {
            assertThat(Comparison.focusOf(preset(name).scenarios(), PRESETS)).as(name).isEqualTo(Comparison.Focus.ELAPSED);
        }
        // The memory preset's runs look like waiting-10k's; the preset they came from decides, even for its first run alone.
        assertThat(Comparison.focusOf(preset("memory").scenarios().subList(1, 2), PRESETS)).isEqualTo(Comparison.Focus.MEMORY);
        // Settings of one's own: what they set says it.
        var web = Scenario.of(ExecutorKind.VIRTUAL).withTasks(100).withSleepMs(50).withConnections(20).build();
        assertThat(Comparison.focusOf(List.of(web), PRESETS)).isEqualTo(Comparison.Focus.THROUGHPUT);
        var cache = Scenario.of(ExecutorKind.FIXED).withTasks(100).withPool(4).withSleepMs(50).withThreadLocalKb(4).build();
        assertThat(Comparison.focusOf(List.of(cache), PRESETS)).isEqualTo(Comparison.Focus.THREAD_LOCALS);
        var plain = Scenario.of(ExecutorKind.FIXED).withTasks(123).withPool(4).withSleepMs(50).build();
        assertThat(Comparison.focusOf(List.of(plain), PRESETS)).isEqualTo(Comparison.Focus.ELAPSED);
    }

    /** Where the runner counts allocations, the memory chart shows them in the heap's growth's place: steady, and the run's own. */
    @Test
    void memoryShowsWhatEachRunAllocatedWhereTheRunnerCountsIt() {
        var runs = preset("memory").scenarios();
        var panel = Comparison.panels(Comparison.Focus.MEMORY, List.of(allocating("#1 fixed(200)", runs.get(0), 5_100, 52, 92, 0, 2.9),
                allocating("#2 platform", runs.get(1), 3_100, 65, 141, 0, 3.9), allocating("#3 virtual", runs.get(2), 230, 41, 32, 0, 22.3)), 2)
                .getFirst();
        assertThat(panel.series()).extracting(Comparison.Series::name).containsExactly("RSS +MB", "allocated MB", "published");
        assertThat(panel.series().get(1).bars()).extracting(Comparison.Bar::value).containsExactly(2.9, 3.9, 22.3);
        assertThat(panel.series().get(1).bars()).extracting(Comparison.Bar::text).containsExactly("allocated 3 MB", "allocated 4 MB", "allocated 22 MB");
        assertThat(panel.series().get(1).bars()).extracting(Comparison.Bar::brief).containsExactly("allocated 3", "allocated 4", "allocated 22");
    }

    @Test
    void memoryShowsRssAndHeapPerExecutorBesideThePublishedFiguresAsReferences() {
        var runs = preset("memory").scenarios();
        var panels = Comparison.panels(Comparison.Focus.MEMORY, List.of(measured("#1 fixed(200)", runs.get(0), 5_100, 92.4, 11, 0),
                measured("#2 platform", runs.get(1), 2_000, 140, 12, 0), measured("#3 virtual", runs.get(2), 210, 21, 18.6, 0)), 2);
        assertThat(panels).hasSize(1);
        var panel = panels.getFirst();
        assertThat(panel.unit()).isEqualTo("MB");
        assertThat(panel.series()).extracting(Comparison.Series::name).containsExactly("RSS +MB", "heap +MB", "published");
        assertThat(panel.series().get(0).bars()).extracting(Comparison.Bar::value).containsExactly(92.4, 140.0, 21.0);
        assertThat(panel.series().get(1).bars()).extracting(Comparison.Bar::text).containsExactly("heap +11 MB", "heap +12 MB", "heap +19 MB");
        assertThat(panel.series().get(1).bars()).as("brief, where the chart is narrow: the axis names the unit")
                .extracting(Comparison.Bar::brief).containsExactly("heap +11", "heap +12", "heap +19");
        assertThat(panel.series().get(2).bars()).extracting(Comparison.Bar::brief).containsExactly("published +90", "published +20");
        var published = panel.series().get(2);
        assertThat(published.reference()).isTrue();
        assertThat(published.bars()).extracting(Comparison.Bar::run, Comparison.Bar::value)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("#1 fixed(200)", 90.0), org.assertj.core.groups.Tuple.tuple("#3 virtual", 20.0));
        assertThat(panel.series().get(0).reference()).isFalse();
    }

    @Test
    void threadLocalsShowObjectsCreatedAndHeap() {
        var runs = preset("threadlocal").scenarios();
        var panels = Comparison.panels(Comparison.Focus.THREAD_LOCALS,
                List.of(measured("#1 fixed(200)", runs.get(0), 2_600, 30, 4, 200), measured("#2 virtual", runs.get(1), 150, 60, 160, 10_000)), 2);
        assertThat(panels).extracting(Comparison.Panel::unit).containsExactly("objects", "MB");
        assertThat(panels.get(0).series().getFirst().bars()).extracting(Comparison.Bar::value).containsExactly(200.0, 10_000.0);
        assertThat(panels.get(0).series().getFirst().bars()).extracting(Comparison.Bar::text).containsExactly("200", "10,000");
        assertThat(panels.get(1).series().getFirst().bars()).extracting(Comparison.Bar::value).containsExactly(4.0, 160.0);
        assertThat(panels.get(1).title()).as("a runner that counts no allocations: the heap's growth").isEqualTo("Heap increase");
    }

    /** What each run allocated, where the runner counts it: steady from run to run, where the heap's growth was not. */
    @Test
    void threadLocalsShowWhatEachRunAllocated() {
        var runs = preset("threadlocal").scenarios();
        var panels = Comparison.panels(Comparison.Focus.THREAD_LOCALS, List.of(allocating("#1 fixed(200)", runs.get(0), 2_600, 30, 120, 200, 6.1),
                allocating("#2 virtual", runs.get(1), 150, 60, 112, 10_000, 178.3)), 2);
        assertThat(panels.get(1).title()).isEqualTo("Allocated by the run");
        assertThat(panels.get(1).series().getFirst().bars()).extracting(Comparison.Bar::value).containsExactly(6.1, 178.3);
        assertThat(panels.get(1).series().getFirst().bars()).extracting(Comparison.Bar::text).containsExactly("6 MB", "178 MB");
    }

    @Test
    void theWebServiceShowsRequestsPerSecondAgainstEachCeiling() {
        var runs = preset("web-service").scenarios();
        var panels = Comparison.panels(Comparison.Focus.THROUGHPUT,
                List.of(measured("#1 fixed(10)", runs.get(0), 10_000, 0, 0, 0), measured("#2 virtual", runs.get(1), 1_250, 0, 0, 0)), 2);
        var panel = panels.getFirst();
        assertThat(panel.unit()).isEqualTo("req/s");
        // 1,000 requests in 10 s and in 1.25 s; ceilings 10 / 0.1 s and 100 / 0.1 s.
        assertThat(panel.series().get(0).bars()).extracting(Comparison.Bar::value).containsExactly(100.0, 800.0);
        assertThat(panel.series().get(0).bars().get(1).text()).isEqualTo("800 req/s (ceiling 1,000)");
        assertThat(panel.series().get(1).bars()).extracting(Comparison.Bar::value).containsExactly(100.0, 1_000.0);
    }

    @Test
    void everythingElseIsElapsedBesideThePerfectWorld() {
        var runs = preset("waiting-10k").scenarios();
        var panel = Comparison.panels(Comparison.Focus.ELAPSED, List.of(measured("#1 fixed(200)", runs.get(0), 5_100, 0, 0, 0)), 2).getFirst();
        assertThat(panel.series()).extracting(Comparison.Series::name).containsExactly("elapsed", "perfect world");
        assertThat(panel.series().get(0).bars().getFirst().text()).isEqualTo("5.1 s (ideal 100 ms)");
        assertThat(panel.series().get(1).bars().getFirst().value()).isEqualTo(100.0);
    }
}
