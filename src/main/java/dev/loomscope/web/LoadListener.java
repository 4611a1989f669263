package dev.loomscope.web;

/**
 * Hears each request of a load run as it goes, on the connection's own thread: the runner turns
 * these into lifecycle events. Must be quick; it runs inside the measured loop.
 */
public interface LoadListener {

    LoadListener NONE = new LoadListener() {};

    /** Request {@code index} is about to be sent. */
    default void sending(long index) {
    }

    /** Request {@code index} was answered with {@code status}. */
    default void answered(long index, int status, long latencyNanos) {
    }

    /** Request {@code index} got no answer: refused connection, reset, timeout. */
    default void failed(long index, Exception cause) {
    }
}
