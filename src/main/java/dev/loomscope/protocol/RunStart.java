package dev.loomscope.protocol;

import java.nio.ByteBuffer;

/**
 * Sent when the run's clock starts: time zero of every event and sample, on two clocks.
 *
 * @param monotonicNanos  {@link System#nanoTime()} in the runner. On Linux this is CLOCK_MONOTONIC,
 *                        shared by every process on the machine, so the parent can tell how long
 *                        an event took to reach it
 * @param epochNanos      wall-clock time, nanoseconds since 1970 (to line up with JFR recordings)
 */
public record RunStart(long monotonicNanos, long epochNanos) {

    public static final int BYTES = 16;

    public void encode(ByteBuffer out) {
        out.putLong(monotonicNanos).putLong(epochNanos);
    }

    public static RunStart decode(ByteBuffer in) {
        if (in.remaining() != BYTES) {
            throw new ProtocolException("run-start frame has " + in.remaining() + " bytes, expected " + BYTES);
        }
        return new RunStart(in.getLong(), in.getLong());
    }
}
