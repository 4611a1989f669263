package dev.loomscope.result;

/**
 * How the run's lifecycle events reached this process: all of them, and how late. Latency is taken
 * per frame, from its oldest event being recorded in the runner to the frame being read here (both
 * on the machine's monotonic clock), so it is the worst case of each frame.
 */
public record Delivery(long eventsEmitted, long eventsReceived, double latencyP50Ms, double latencyP99Ms,
                       double latencyMaxMs, long eventsOverflowed) {

    public static final Delivery NONE = new Delivery(0, 0, 0, 0, 0, 0);

    public boolean complete() {
        return eventsEmitted == eventsReceived;
    }

}
