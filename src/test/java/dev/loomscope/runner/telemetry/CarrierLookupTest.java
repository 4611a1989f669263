package dev.loomscope.runner.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CarrierLookupTest {

    @Test
    void aPlatformThreadCarriesItself() {
        assertThat(CarrierLookup.currentCarrierId()).isEqualTo(Thread.currentThread().threadId());
    }

    @Test
    void aVirtualThreadReportsItsCarrierNotItself() throws InterruptedException {
        // The test JVM opens java.lang like a runner JVM, so the exact lookup must be in use.
        assertThat(CarrierLookup.isExact()).isTrue();
        var carrier = new AtomicLong();
        var self = new AtomicLong();
        Thread.ofVirtual().start(() -> {
            carrier.set(CarrierLookup.currentCarrierId());
            self.set(Thread.currentThread().threadId());
        }).join();
        assertThat(carrier.get()).isPositive().isNotEqualTo(self.get());
        Thread carrierThread = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.threadId() == carrier.get()).findFirst().orElseThrow();
        assertThat(carrierThread.getName()).startsWith("ForkJoinPool-").contains("-worker-");
    }

    @Test
    void fallsBackToTheWorkerNumberInTheThreadName() {
        assertThat(CarrierLookup.workerNumberFromName("VirtualThread[#22]/runnable@ForkJoinPool-1-worker-3")).isEqualTo(-3);
        assertThat(CarrierLookup.workerNumberFromName("VirtualThread[#22]/waiting")).isEqualTo(-1);
    }
}
