package dev.loomscope.runner;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.protocol.EventType;
import dev.loomscope.runner.telemetry.EventLog;
import dev.loomscope.testing.Poll;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A task's body, run directly on virtual threads: its events and its permits. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class WorkloadTest {

    @Test
    void aTaskInterruptedWhileHoldingOrAwaitingAPermitEndsCancelledAndLeavesEveryPermitFree() throws Exception {
        var scenario = Scenario.of(ExecutorKind.VIRTUAL_LIMITED).withTasks(3).withSleepMs(10_000).withPermits(2).build();
        var log = new EventLog(2, 256);
        var workload = new Workload(scenario, log, CpuWork.withRate(0), false);
        var permits = workload.permits();

        Thread holder = Thread.ofVirtual().start(workload.task(0));
        Thread other = Thread.ofVirtual().start(workload.task(1));
        Poll.until("both permits taken", Duration.ofSeconds(10), () -> permits.availablePermits() == 0);
        Thread waiting = Thread.ofVirtual().start(workload.task(2));
        Poll.until("the third task waiting for a permit", Duration.ofSeconds(10), permits::hasQueuedThreads);

        holder.interrupt(); // asleep, holding a permit
        waiting.interrupt(); // still in acquire: no permit to give back
        other.interrupt();
        for (Thread t : new Thread[] {holder, other, waiting}) {
            t.join();
        }

        assertThat(permits.availablePermits()).isEqualTo(2);
        // Rings are drained one after another: the last event of a task is the latest in time.
        Map<Integer, long[]> lastEvent = new HashMap<>();
        log.drain((type, task, time, thread, carrier) -> {
            lastEvent.merge(task, new long[] {time, type}, (a, b) -> a[0] >= b[0] ? a : b);
            return true;
        });
        Map<Integer, EventType> lastType = new HashMap<>();
        lastEvent.forEach((task, event) -> lastType.put(task, EventType.ofCode((int) event[1])));
        // An interrupt is a cancellation, not a failure of the task.
        assertThat(lastType).containsEntry(0, EventType.CANCELLED).containsEntry(1, EventType.CANCELLED).containsEntry(2, EventType.CANCELLED);
        assertThat(workload.endsUnrecorded()).isZero();
    }

    @Test
    void aTaskThatSleepsRecordsItsFourStepsInOrder() throws InterruptedException {
        var scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(1).withSleepMs(5).build();
        assertThat(stepsOfOneTask(scenario)).containsExactly(EventType.STARTED, EventType.BLOCKED, EventType.RESUMED, EventType.FINISHED);
    }

    @Test
    void aTaskThatOnlyComputesNeverBlocks() throws InterruptedException {
        var scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(1).withSleepMs(0).withCpuMs(1).build();
        assertThat(stepsOfOneTask(scenario)).containsExactly(EventType.STARTED, EventType.FINISHED);
    }

    /** Runs task 7 of {@code scenario} on a virtual thread and returns what it recorded, in time order. */
    private static java.util.List<EventType> stepsOfOneTask(Scenario scenario) throws InterruptedException {
        var log = new EventLog(2, 256);
        Thread.ofVirtual().start(new Workload(scenario, log, CpuWork.withRate(1_000), false).task(7)).join();
        var events = new java.util.ArrayList<long[]>();
        log.drain((type, task, time, thread, carrier) -> {
            assertThat(task).isEqualTo(7);
            events.add(new long[] {time, type});
            return true;
        });
        events.sort(java.util.Comparator.comparingLong(e -> e[0]));
        return events.stream().map(e -> EventType.ofCode((int) e[1])).toList();
    }
}
