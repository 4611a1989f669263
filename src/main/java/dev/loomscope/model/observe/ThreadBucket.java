package dev.loomscope.model.observe;

/**
 * Virtual threads in one time bucket of an observation.
 *
 * @param startMs  the bucket's start, in ms since the observation began
 * @param started  jdk.VirtualThreadStart events in the bucket
 * @param ended    jdk.VirtualThreadEnd events in the bucket
 * @param alive    virtual threads alive at the bucket's end: the baseline (virtual threads in the
 *                 thread dump taken when the observation began, or 0 without one) plus every start
 *                 minus every end so far, never below 0
 */
public record ThreadBucket(long startMs, long started, long ended, long alive) {
}
