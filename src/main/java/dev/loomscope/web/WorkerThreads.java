package dev.loomscope.web;

import java.util.concurrent.ExecutorService;

/**
 * The threads a service answers on: one executor for requests and one for the calls a fan-out
 * route makes (never the requests' own pool: a fixed pool that waits on tasks queued behind its own
 * requests deadlocks). {@code workers} is how many requests can be served at once, 0 when every
 * request gets its own thread (virtual or platform thread per request).
 */
public record WorkerThreads(String label, int workers, ExecutorService requests, ExecutorService fanOut) {

    public boolean unbounded() {
        return workers == 0;
    }

    void shutdownNow() {
        requests.shutdownNow();
        fanOut.shutdownNow();
    }
}
