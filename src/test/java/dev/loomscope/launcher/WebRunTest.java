package dev.loomscope.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.protocol.EventType;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.Events;
import dev.loomscope.testing.RunScript;
import dev.loomscope.testing.TestJvms;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * The web experiment through the runner: a service and its load in the child JVM, tasks as
 * requests. One run on a pool of 2 and one on virtual threads, both under 8 connections, shared by
 * the tests.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WebRunTest {

    private static final int REQUESTS = 20;

    private final Runner runner = TestJvms.runner();
    private RunScript fixed;
    private RunScript virtual;

    /** {@code requests} requests of {@code sleepMs} from {@code connections} connections, served on {@code kind} (a pool of 2). */
    private static Scenario web(ExecutorKind kind, int requests, int sleepMs, int connections) {
        return Scenario.of(kind).withTasks(requests).withPool(2).withSleepMs(sleepMs).withConnections(connections).build();
    }

    @BeforeAll
    void runBoth() throws InterruptedException {
        var fixedRecorder = new RunScript.Recorder();
        var virtualRecorder = new RunScript.Recorder();
        RunHandle fixedRun = runner.start(web(ExecutorKind.FIXED, REQUESTS, 50, 8), RunOptions.DEFAULT.withoutJfr(), fixedRecorder);
        RunHandle virtualRun = runner.start(web(ExecutorKind.VIRTUAL, REQUESTS, 50, 8), RunOptions.DEFAULT.withoutJfr(), virtualRecorder);
        fixed = fixedRecorder.script(fixedRun.await());
        virtual = virtualRecorder.script(virtualRun.await());
    }

    @Test
    void everyRequestIsATaskWithEveryLifecycleEvent() {
        for (RunScript run : List.of(fixed, virtual)) {
            RunResult result = run.result();
            assertThat(result.isCompleted()).as(result.message()).isTrue();
            assertThat(result.completed()).isEqualTo(REQUESTS);
            assertThat(result.failed()).isZero();
            Map<EventType, Long> counts = run.events().stream().collect(Collectors.groupingBy(Events.Event::type, Collectors.counting()));
            assertThat(counts).containsOnly(Map.entry(EventType.SUBMITTED, (long) REQUESTS), Map.entry(EventType.STARTED, (long) REQUESTS),
                    Map.entry(EventType.BLOCKED, (long) REQUESTS), Map.entry(EventType.RESUMED, (long) REQUESTS),
                    Map.entry(EventType.FINISHED, (long) REQUESTS));
        }
    }

    @Test
    void aPoolServesEveryRequestOnItsThreadsAndVirtualThreadsOnePerRequest() {
        assertThat(servingThreads(fixed)).as("a pool of 2 serves every request").isBetween(1L, 2L);
        assertThat(servingThreads(virtual)).as("a virtual thread per request").isEqualTo(REQUESTS);
    }

    @Test
    void theClosedLoopNeverBeatsItsCeiling() {
        // 8 connections on a pool of 2: 2 requests per 50 ms, 10 waves; on virtual threads 8 at a time.
        assertThat(fixed.result().idealMs()).isEqualTo(500);
        assertThat(virtual.result().idealMs()).isEqualTo(150);
        assertThat(fixed.result().elapsedMs()).isGreaterThanOrEqualTo(500);
        assertThat(virtual.result().elapsedMs()).isGreaterThanOrEqualTo(150);
        // A closed loop has at most one request out per connection.
        assertThat(mostInFlight(virtual)).isBetween(1, 8);
    }

    private static long servingThreads(RunScript run) {
        return run.events().stream().filter(e -> e.type() == EventType.STARTED).mapToLong(Events.Event::thread).distinct().count();
    }

    /** The most requests at once between being sent and answered. */
    private static int mostInFlight(RunScript run) {
        int now = 0;
        int most = 0;
        for (Events.Event e : run.events().stream().filter(e -> e.type() == EventType.SUBMITTED || e.type() == EventType.FINISHED)
                .sorted(Comparator.comparingLong(Events.Event::timeNanos).thenComparing(e -> e.type() == EventType.SUBMITTED)).toList()) {
            now += e.type() == EventType.SUBMITTED ? 1 : -1;
            most = Math.max(most, now);
        }
        return most;
    }

    /** The ceiling at small scale: 8 connections on a pool of 2 get 2 / 50 ms; on virtual threads 8 / 50 ms. */
    @Test
    @Tag("timing")
    void aPoolCapsTheClosedLoopAndVirtualThreadsDoNot() throws InterruptedException {
        var asShipped = new Runner();
        RunResult fixed = asShipped.run(web(ExecutorKind.FIXED, 40, 50, 8), RunListener.NONE);
        RunResult virtual = asShipped.run(web(ExecutorKind.VIRTUAL, 40, 50, 8), RunListener.NONE);
        assertThat(fixed.idealMs()).isEqualTo(1_000);
        assertThat(virtual.idealMs()).isEqualTo(250);
        assertThat(fixed.elapsedMs()).isGreaterThanOrEqualTo(1_000);
        // Virtual threads: about a quarter of the pool's time (generous: a busy machine narrows the gap).
        assertThat(virtual.elapsedMs()).isGreaterThanOrEqualTo(250).isLessThan(fixed.elapsedMs() * 0.75);
    }
}
