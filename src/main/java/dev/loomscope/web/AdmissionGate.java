package dev.loomscope.web;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The executor the HTTP server hands each exchange to. It admits at most {@code maxInFlight}
 * requests (queued or being served); beyond that the exchange still runs, on a virtual thread of
 * its own, but told to answer 503 at once. Without it a fixed pool's queue grows without bound
 * under overload, and the JDK server answers a rejected exchange by dropping the connection.
 */
final class AdmissionGate implements java.util.concurrent.Executor {

    /** How the exchange on this thread was admitted; read by the service's handler. */
    static final ScopedValue<Admission> ADMISSION = ScopedValue.newInstance();

    /** When the server handed the exchange over, and whether it is to be refused. */
    record Admission(long dispatchedNanos, boolean refused) {
    }

    private final ExecutorService workers;
    private final int maxInFlight;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final LongAdder refused = new LongAdder();

    AdmissionGate(ExecutorService workers, int maxInFlight) {
        this.workers = workers;
        this.maxInFlight = maxInFlight;
    }

    @Override
    public void execute(Runnable exchange) {
        long now = System.nanoTime();
        if (inFlight.incrementAndGet() > maxInFlight) {
            inFlight.decrementAndGet();
            refuse(exchange, now);
            return;
        }
        try {
            workers.execute(() -> {
                try {
                    ScopedValue.where(ADMISSION, new Admission(now, false)).run(exchange);
                } finally {
                    inFlight.decrementAndGet();
                }
            });
        } catch (RejectedExecutionException | OutOfMemoryError e) {
            // Shutting down, or no native thread left for a new request: a clear 503, not a dropped connection.
            inFlight.decrementAndGet();
            refuse(exchange, now);
        }
    }

    private void refuse(Runnable exchange, long now) {
        refused.increment();
        Thread.ofVirtual().name("loomscope-refuse").start(() -> ScopedValue.where(ADMISSION, new Admission(now, true)).run(exchange));
    }

    int inFlight() {
        return inFlight.get();
    }

    int maxInFlight() {
        return maxInFlight;
    }

    long refused() {
        return refused.sum();
    }
}
