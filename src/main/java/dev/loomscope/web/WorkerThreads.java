package dev.loomscope.web;

import java.util.concurrent.ExecutorService;

/**
 * The threads a service answers on: one executor for requests and one for the calls a fan-out
 * route makes (never the requests' own pool: a fixed pool that waits on tasks queued behind its own
 * requests deadlocks). {@code workers} is how many requests can be served at once, 0 when every
 * request gets its own thread (virtual or platform thread per request). {@code inline}: requests are
 * virtual threads anyway, so a handler runs on its exchange's own virtual thread, with no hand-off.
 */
public record WorkerThreads(String label, int workers, ExecutorService requests, ExecutorService fanOut, boolean inline) {

    public WorkerThreads(String label, int workers, ExecutorService requests, ExecutorService fanOut) {
        this(label, workers, requests, fanOut, false);
    }

    public boolean unbounded() {
        return workers == 0;
    }

    void shutdownNow() {
        requests.shutdownNow();
        fanOut.shutdownNow();
    }
}
