package dev.loomscope.launcher;

import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.protocol.EventType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The web experiment through the runner: a service and its load in the child JVM, tasks as requests. */
class WebRunTest {

    private final Runner runner = new Runner();

    private static Scenario web(ExecutorKind kind, int requests, int pool, int sleepMs, int connections) {
        return Scenario.of(kind).withTasks(requests).withPool(pool).withSleepMs(sleepMs).withPermits(2).withConnections(connections).build();
    }

    @ParameterizedTest
    @EnumSource(value = ExecutorKind.class, names = {"FIXED", "VIRTUAL"})
    void everyRequestIsATaskWithEveryLifecycleEvent(ExecutorKind kind) throws InterruptedException {
        var recorder = new RunnerTest.Recorder();
        RunResult result = runner.run(web(kind, 30, 3, 20, 6), recorder);
        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.completed()).isEqualTo(30);
        assertThat(result.failed()).isZero();
        for (EventType type : List.of(EventType.SUBMITTED, EventType.STARTED, EventType.BLOCKED, EventType.RESUMED, EventType.FINISHED)) {
            assertThat(recorder.count(type)).as(type.name()).isEqualTo(30);
        }
        long servingThreads = recorder.started.stream().mapToLong(s -> s[1]).distinct().count();
        if (kind == ExecutorKind.FIXED) {
            assertThat(servingThreads).as("a pool of 3 serves every request").isLessThanOrEqualTo(3);
        } else {
            assertThat(servingThreads).as("a virtual thread per request").isEqualTo(30);
        }
    }

    /** The ceiling at small scale: 8 connections on a pool of 2 get 2 / 50 ms; on virtual threads 8 / 50 ms. */
    @Test
    void aPoolCapsTheClosedLoopAndVirtualThreadsDoNot() throws InterruptedException {
        RunResult fixed = runner.run(web(ExecutorKind.FIXED, 40, 2, 50, 8), RunListener.NONE);
        RunResult virtual = runner.run(web(ExecutorKind.VIRTUAL, 40, 2, 50, 8), RunListener.NONE);
        assertThat(fixed.idealMs()).isEqualTo(1_000);
        assertThat(virtual.idealMs()).isEqualTo(250);
        assertThat(fixed.elapsedMs()).isGreaterThanOrEqualTo(1_000);
        // Virtual threads: about a quarter of the pool's time (generous: a busy machine narrows the gap).
        assertThat(virtual.elapsedMs()).isGreaterThanOrEqualTo(250).isLessThan(fixed.elapsedMs() * 0.75);
    }
}
