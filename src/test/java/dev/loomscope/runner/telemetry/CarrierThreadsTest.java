package dev.loomscope.runner.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The carrier count a run's carrierPeak samples: the scheduler's live carrier threads, which rise
 * above its parallelism when it compensates for carriers held in a blocking call. Reading a child
 * process's output is one such call on JDK 25 (Process's streams wrap their reads in Blocker).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CarrierThreadsTest {

    @Test
    void carriersHeldInACompensatedCallAreCountedAboveTheParallelism() throws Exception {
        var readings = new ProcessReadings();
        int parallelism = readings.carriers();
        int blocked = parallelism + 2;
        var reading = new CountDownLatch(blocked);
        var processes = new ArrayList<Process>();
        var threads = new ArrayList<Thread>();
        for (int i = 0; i < blocked; i++) {
            // A child that says nothing until it is ended: each virtual thread blocks in its read until then.
            Process child = new ProcessBuilder("sleep", "60").start();
            processes.add(child);
            threads.add(Thread.ofVirtual().start(() -> {
                reading.countDown();
                try {
                    child.getInputStream().read();
                } catch (IOException e) {
                    // The child was ended.
                }
            }));
        }
        try {
            reading.await();
            int most = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (most <= parallelism && System.nanoTime() < deadline) {
                most = Math.max(most, readings.carrierThreads());
                Thread.sleep(5);
            }
            assertThat(most).as("carriers alive with %d of them held in reads, parallelism %d", blocked, parallelism)
                    .isGreaterThan(parallelism);
        } finally {
            processes.forEach(Process::destroyForcibly);
            for (Thread thread : threads) {
                thread.join();
            }
        }
    }
}
