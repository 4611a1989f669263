package dev.loomscope.runner.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.FrameWriter;
import dev.loomscope.protocol.RunStart;
import dev.loomscope.testing.Poll;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class TelemetryPumpTest {

    private static final byte FINISHED = EventType.FINISHED.code();
    private static final byte FAILED = EventType.FAILED.code();

    @Test
    void awaitingTheTasksReturnsOnlyOnceEachHasFinishedOrFailed() throws Exception {
        var log = new EventLog(2, 64);
        var pump = startedPump(log);
        try {
            var waiter = CompletableFuture.supplyAsync(() -> {
                try {
                    return pump.awaitTasksEnded(3, () -> 0);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }, waiting -> Thread.ofPlatform().daemon().name("waiter").start(waiting)); // not the common pool, which other tests may keep busy
            log.record(FINISHED, 0, 1, 1);
            log.record(FAILED, 1, 1, 1);
            Poll.until("both ends drained", Duration.ofSeconds(10), () -> pump.finishedTasks() + pump.failedTasks() == 2);
            // Two ended tasks are not three: still waiting, several drains later.
            assertThatThrownBy(() -> waiter.get(50, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);

            long beforeLastEnd = System.nanoTime() - log.originNanos();
            log.record(FINISHED, 2, 1, 1);
            long afterLastEnd = System.nanoTime() - log.originNanos();
            long lastEnd = waiter.get(5, TimeUnit.SECONDS);
            assertThat(pump.finishedTasks() + pump.failedTasks()).isEqualTo(3);
            // The time of the last end, not of the moment the waiter heard of it.
            assertThat(lastEnd).isBetween(beforeLastEnd, afterLastEnd);
        } finally {
            pump.stopAndFlush();
        }
    }

    @Test
    void aStoppedPumpDoesNotLeaveTheWaiterWaiting() throws Exception {
        var pump = startedPump(new EventLog(2, 64));
        pump.stopAndFlush();
        assertThat(pump.awaitTasksEnded(1_000, () -> 0)).isEqualTo(-1); // no task ever ended
        assertThat(pump.finishedTasks()).isZero();
    }

    @Test
    void tasksThatEndedWithoutAnEventCountToo() throws Exception {
        var log = new EventLog(2, 64);
        var pump = startedPump(log);
        try {
            log.record(FINISHED, 0, 1, 1);
            // Task 1 could not even record its failure: the caller counts it, and the wait ends.
            pump.awaitTasksEnded(2, () -> 1);
            assertThat(pump.finishedTasks()).isEqualTo(1);
        } finally {
            pump.stopAndFlush();
        }
    }

    /** A pump reading {@code log} (its clock started now) and writing nowhere, its loop running. */
    private static TelemetryPump startedPump(EventLog log) {
        var pump = new TelemetryPump(log, new FrameWriter(OutputStream.nullOutputStream(), 1 << 16), new ProcessReadings(), null);
        log.startClock();
        pump.start(new RunStart(0, 0));
        return pump;
    }
}
