package dev.loomscope.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomscope.launcher.services.WaitService;
import dev.loomscope.protocol.ServiceArgs;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.testing.TestJvms;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The blocking kinds that wait on something real, each in a runner JVM: an HTTP service and a
 * writer of named pipes started in this process, a lock's condition and a monitor's wait inside the
 * runner. Bounds from below only: each wait lasts at least its time, whatever the machine's load.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BlockingKindsTest {

    /** One run per kind, 12 waits of 40 ms on 2 carriers, shared by the tests that read it: a runner JVM costs a second of CPU. */
    private static final Map<BlockingMode, RunResult> RUNS = new ConcurrentHashMap<>();

    private static Scenario virtual(BlockingMode mode, int tasks, int sleepMs) {
        return Scenario.of(ExecutorKind.VIRTUAL).withTasks(tasks).withSleepMs(sleepMs).withCarriers(2).withBlocking(mode).build();
    }

    private static RunResult runOf(BlockingMode mode) {
        return RUNS.computeIfAbsent(mode, kind -> {
            var scenario = virtual(kind, 12, 40);
            try {
                return TestJvms.runner().run(scenario, RunOptions.DEFAULT, RunListener.NONE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
    }

    @ParameterizedTest
    @EnumSource(value = BlockingMode.class, names = {"HTTP", "FILE", "LOCK", "WAIT"})
    void everyTaskWaitsItsTimeAndCompletes(BlockingMode mode) {
        RunResult result = runOf(mode);

        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.completed()).isEqualTo(12);
        assertThat(result.failed()).isZero();
        assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(40);
        assertThat(result.dbPool()).isNull();
        assertThat(result.carrierPeak()).isBetween(1, 256);
    }

    /** A monitor's wait and a lock's condition unmount on JDK 24 and later: no pin. */
    @ParameterizedTest
    @EnumSource(value = BlockingMode.class, names = {"LOCK", "WAIT", "HTTP"})
    void theseWaitsDoNotPin(BlockingMode mode) {
        RunResult result = runOf(mode);

        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.vm().pinnedEvents()).as("pinned: %s", result.vm().pinnedReasons()).isZero();
    }

    /**
     * A read of a named pipe holds its carrier on JDK 25: FileChannelImpl asks the scheduler to
     * compensate (Blocker.begin) for direct I/O only. Twelve reads of 40 ms on two carriers go two at
     * a time, so the run takes at least six reads' time, and no carrier is added.
     */
    @Test
    void aPipeReadHoldsItsCarrier() {
        RunResult result = runOf(BlockingMode.FILE);

        assertThat(result.isCompleted()).as(result.message()).isTrue();
        assertThat(result.elapsedMs()).isGreaterThanOrEqualTo(6 * 40);
        assertThat(result.carrierPeak()).isEqualTo(2);
        assertThat(result.vm().pinnedEvents()).as("a carrier held in a system call is not a pin JFR reports").isZero();
    }

    @Test
    void theHttpServiceAnswersLateAndOnlyWhileItsRunLasts() throws Exception {
        WaitService service = WaitService.start(virtual(BlockingMode.HTTP, 1, 1), null);
        URI uri = URI.create(service.runnerArgs().get(ServiceArgs.HTTP_URL) + "?ms=60");
        assertThat(uri.getHost()).isEqualTo("127.0.0.1");
        try (var client = HttpClient.newHttpClient()) {
            long start = System.nanoTime();
            var response = client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat((System.nanoTime() - start) / 1e6).isGreaterThanOrEqualTo(60);
            var bad = client.send(HttpRequest.newBuilder(URI.create(uri.toString().replace("ms=60", "ms=soon"))).build(),
                    HttpResponse.BodyHandlers.discarding());
            assertThat(bad.statusCode()).isEqualTo(400);
            service.close();
            assertThatThrownBy(() -> client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding()))
                    .isInstanceOf(IOException.class);
        }
    }

    @Test
    void thePipesAreMadeForTheRunAndDeletedAfterIt() throws IOException {
        WaitService service = WaitService.start(virtual(BlockingMode.FILE, 3, 1), null);
        Path folder = Path.of(service.runnerArgs().get(ServiceArgs.FIFO_DIR));
        try (var names = Files.list(folder)) {
            assertThat(names.map(path -> path.getFileName().toString())).containsExactlyInAnyOrder("requests", "-1", "0", "1", "2");
        }
        assertThat(Files.isRegularFile(folder.resolve("0"))).as("a named pipe, not a file").isFalse();
        service.close();
        assertThat(folder).doesNotExist();
    }
}
