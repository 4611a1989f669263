package dev.loomscope.web;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The executor the HTTP server hands each exchange to: a virtual thread per exchange, which reads
 * the request, waits for its handler (run on the executor under test) and writes the reply. So a
 * client that stalls mid-request or stops reading holds a cheap virtual thread, never one of a
 * fixed pool's ten. It admits at most {@code maxInFlight} exchanges; beyond that the exchange
 * still runs, but told to answer 503 at once. Without it a fixed pool's queue grows without bound
 * under overload, and the JDK server answers a rejected exchange by dropping the connection.
 */
final class AdmissionGate implements java.util.concurrent.Executor {

    /**
     * How the exchange on this thread was admitted; read by the service's handler. A ThreadLocal set
     * and removed around the exchange, not a ScopedValue (final only in JDK 25): the web service runs
     * in JDK 21 runners too, and each exchange has a virtual thread of its own, so nothing outlives it.
     */
    static final ThreadLocal<Admission> ADMISSION = new ThreadLocal<>();

    /** Runs {@code exchange} on this thread with {@code admission} set for its handler. */
    private static void runAdmitted(Admission admission, Runnable exchange) {
        ADMISSION.set(admission);
        try {
            exchange.run();
        } finally {
            ADMISSION.remove();
        }
    }

    /** When the server handed the exchange over, and whether it is to be refused. */
    record Admission(long dispatchedNanos, boolean refused) {
    }

    private final ExecutorService exchanges = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("loomscope-exchange-", 0).factory());
    private final int maxInFlight;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final LongAdder refused = new LongAdder();

    AdmissionGate(int maxInFlight) {
        this.maxInFlight = maxInFlight;
    }

    @Override
    public void execute(Runnable exchange) {
        long now = System.nanoTime();
        boolean admitted = inFlight.incrementAndGet() <= maxInFlight;
        if (!admitted) {
            inFlight.decrementAndGet();
            refused.increment();
        }
        Runnable run = () -> {
            try {
                runAdmitted(new Admission(now, !admitted), exchange);
            } finally {
                if (admitted) {
                    inFlight.decrementAndGet();
                }
            }
        };
        try {
            exchanges.execute(run);
        } catch (RejectedExecutionException | OutOfMemoryError e) {
            // Stopping (or no memory for a thread): no thread took the exchange, so answer it 503 on another, not drop it.
            if (admitted) {
                inFlight.decrementAndGet();
                refused.increment();
            }
            Thread.ofVirtual().start(() -> runAdmitted(new Admission(now, true), exchange));
        }
    }

    /** Interrupts every exchange still waiting for its handler: the service is stopping. */
    void shutdownNow() {
        exchanges.shutdownNow();
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
