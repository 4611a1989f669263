package dev.loomscope.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.FrameWriter;
import dev.loomscope.protocol.RunStart;
import java.io.OutputStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class TelemetryPumpTest {

    private static final byte FINISHED = EventType.FINISHED.code();
    private static final byte FAILED = EventType.FAILED.code();

    @Test
    void awaitingTheTasksReturnsOnlyOnceEachHasFinishedOrFailed() throws Exception {
        var log = new EventLog(2, 64);
        var pump = new TelemetryPump(log, new FrameWriter(OutputStream.nullOutputStream(), 1 << 16), new ProcessReadings(), null);
        log.startClock();
        pump.start(new RunStart(0, 0));
        try {
            var waiter = CompletableFuture.runAsync(() -> {
                try {
                    pump.awaitTasksEnded(3);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            log.record(FINISHED, 0, 1, 1);
            log.record(FAILED, 1, 1, 1);
            Thread.sleep(50); // several drains: two ended tasks are not three
            assertThat(waiter).isNotDone();

            log.record(FINISHED, 2, 1, 1);
            waiter.get(5, TimeUnit.SECONDS);
            assertThat(pump.finishedTasks() + pump.failedTasks()).isEqualTo(3);
        } finally {
            pump.stopAndFlush();
        }
    }

    @Test
    void aStoppedPumpDoesNotLeaveTheWaiterWaiting() throws Exception {
        var log = new EventLog(2, 64);
        var pump = new TelemetryPump(log, new FrameWriter(OutputStream.nullOutputStream(), 1 << 16), new ProcessReadings(), null);
        pump.start(new RunStart(0, 0));
        pump.stopAndFlush();
        pump.awaitTasksEnded(1_000); // returns, though no task ever ended
        assertThat(pump.finishedTasks()).isZero();
    }
}
