package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.FakeRunner;
import dev.loomscope.testing.Poll;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpeakerNotesTest {

    private static final Scenario POOL = Scenario.of(ExecutorKind.FIXED).withTasks(40).withPool(4).withSleepMs(20).build();
    private static final Scenario VIRTUAL = Scenario.of(ExecutorKind.VIRTUAL).withTasks(40).withSleepMs(20).build();
    private static final Preset FIRST = new Preset("first", "Waiting is cheap", List.of(POOL, VIRTUAL), "How long?", "The pool rolls in waves.");
    private static final Preset SECOND = new Preset("second", "Work is not", List.of(VIRTUAL), "Which is faster?", "Neither.");

    @Test
    void beforeTheRunNothingIsQuotedAndTheNextExperimentIsNamed() {
        var page = SpeakerNotes.page(List.of(FIRST, SECOND), FIRST, List.of(), 75_000);
        assertThat(page.title()).isEqualTo("Waiting is cheap");
        assertThat(page.question()).isEqualTo("How long?");
        assertThat(page.pointOut()).isEqualTo("The pool rolls in waves.");
        assertThat(page.figures()).isEmpty();
        assertThat(page.next()).isEqualTo("Work is not: Which is faster?");
        assertThat(page.talkTime()).isEqualTo("1:15");
        assertThat(SpeakerNotes.page(List.of(FIRST, SECOND), SECOND, List.of(), 3_723_000).next()).as("the last one").isEmpty();
        assertThat(SpeakerNotes.page(List.of(FIRST, SECOND), SECOND, List.of(), 3_723_000).talkTime()).isEqualTo("1:02:03");
    }

    @Test
    void theFiguresToQuoteAreTheNewestMeasuredRunOfEachOfTheExperimentsRuns() throws Exception {
        var session = new RunSession(new FakeRunner(), RunOptions.DEFAULT);
        session.start(List.of(POOL, VIRTUAL));
        Poll.until("both runs ended", Duration.ofSeconds(20), () -> !session.isRunning());
        session.start(List.of(VIRTUAL));
        Poll.until("the virtual run again", Duration.ofSeconds(20), () -> !session.isRunning());
        List<RunModel> history = session.history();
        var page = SpeakerNotes.page(List.of(FIRST, SECOND), FIRST, history, 0);
        assertThat(page.figures()).hasSize(2);
        RunModel newestVirtual = history.getLast();
        assertThat(page.figures().get(0)).startsWith("fixed(4): ").contains("perfect world 200 ms");
        assertThat(page.figures().get(1)).isEqualTo("virtual: %s (perfect world 20 ms)".formatted(
                dev.loomscope.scenario.Durations.humanMillis(newestVirtual.result().elapsedMs())));
        // Settings of one's own: the session's last runs, whatever they were.
        assertThat(SpeakerNotes.page(List.of(FIRST, SECOND), null, history, 0).figures()).hasSize(3);
    }

    /** A jdbc run of 40 tasks on 2 carriers that took 25 ms and saw this many carrier threads at most (-1: not counted). */
    private static List<String> jdbcFigures(int carrierPeak) throws Exception {
        var jdbc = Scenario.of(ExecutorKind.VIRTUAL).withTasks(40).withCarriers(2).withSleepMs(20)
                .withBlocking(dev.loomscope.scenario.BlockingMode.JDBC).withDbPool(40).build();
        var runner = new FakeRunner().playing(s -> {
            var script = dev.loomscope.testing.RunScript.synthesise(s, RunOptions.DEFAULT, 2);
            var r = script.result();
            // 25 ms against 20 if the waits free their carriers and 400 if they hold them; waits for a connection.
            var result = new dev.loomscope.result.RunResult(r.scenario(), r.outcome(), r.message(), r.runner(), 25, r.idealMs(), r.submitted(),
                    r.completed(), r.failed(), r.rssDeltaMb(), r.heapDeltaMb(), r.peakPlatformThreads(), r.cpuTimeMs(), r.delivery(), r.vm(),
                    r.mounts(), r.unmounts(), r.threadLocalsCreated(), r.overheads(), r.cancelled(), carrierPeak,
                    new dev.loomscope.protocol.PoolFigures(40, 900, 3, 9));
            return new dev.loomscope.testing.RunScript(script.hello(), script.frames(), result);
        });
        var session = new RunSession(runner, RunOptions.DEFAULT);
        session.start(List.of(jdbc));
        Poll.until("the jdbc run ended", Duration.ofSeconds(20), () -> !session.isRunning());
        var preset = new Preset("pool", "The pool", List.of(jdbc), "What?", "That.");
        assertThat(session.history().getLast().result().vm().pinnedEvents()).isZero();
        return SpeakerNotes.page(List.of(preset), preset, session.history(), 0).figures();
    }

    @Test
    void aJdbcRunsFigureSaysWhatItsTasksWaitedForAConnectionAndWhatItsFiguresSayOfTheCarrier() throws Exception {
        assertThat(jdbcFigures(2)).containsExactly(
                "virtual, jdbc(40): 25 ms (perfect world 20 ms); waited for a connection p50 %s, max %s; 0 pins, 2 of 2 carriers: frees it".formatted(
                        dev.loomscope.scenario.Durations.humanMillis(3), dev.loomscope.scenario.Durations.humanMillis(9)));
    }

    /** More carrier threads than carriers: the count, then the verdict that says the scheduler added them, each once. */
    @Test
    void aCompensatedRunsFigureCountsItsCarrierThreadsAndSaysTheyWereAdded() throws Exception {
        assertThat(jdbcFigures(3)).containsExactly(
                "virtual, jdbc(40): 25 ms (perfect world 20 ms); waited for a connection p50 %s, max %s; 0 pins, 3 of 2 carriers: holds it; carriers added".formatted(
                        dev.loomscope.scenario.Durations.humanMillis(3), dev.loomscope.scenario.Durations.humanMillis(9)));
    }

    /**
     * A runner on JDK 21 cannot count its carrier threads: its figure keeps the pins and the verdict, with the count
     * unknown and the verdict saying what an uncounted peak leaves open. Before, the whole carrier part was dropped.
     */
    @Test
    void aRunWhoseJdkDidNotCountItsCarriersKeepsItsPinsAndAVerdictThatSaysSo() throws Exception {
        assertThat(jdbcFigures(-1)).containsExactly(
                ("virtual, jdbc(40): 25 ms (perfect world 20 ms); waited for a connection p50 %s, max %s; 0 pins, - of 2 carriers: "
                        + "frees it, or carriers added (not counted before JDK 24)").formatted(
                                dev.loomscope.scenario.Durations.humanMillis(3), dev.loomscope.scenario.Durations.humanMillis(9)));
    }
}
