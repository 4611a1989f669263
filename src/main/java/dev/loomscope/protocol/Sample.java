package dev.loomscope.protocol;

import java.nio.ByteBuffer;

/**
 * One periodic reading of the runner process, taken by its telemetry thread.
 *
 * @param timeNanos        since the run began (negative for the baseline taken before it)
 * @param rssBytes         resident set size of the runner JVM
 * @param heapUsedBytes    Java heap in use
 * @param platformThreads  live platform threads (virtual threads are not counted by the JVM here)
 * @param mountedVirtual   virtual threads mounted on a carrier (-1 where the JDK cannot say)
 * @param queuedVirtual    virtual threads ready to run but waiting for a carrier (-1 where unknown)
 * @param completedTasks   tasks finished so far
 */
public record Sample(long timeNanos, long rssBytes, long heapUsedBytes, int platformThreads,
                     int mountedVirtual, int queuedVirtual, long completedTasks) {

    public static final int BYTES = 8 + 8 + 8 + 4 + 4 + 4 + 8;

    public void encode(ByteBuffer out) {
        out.putLong(timeNanos).putLong(rssBytes).putLong(heapUsedBytes)
                .putInt(platformThreads).putInt(mountedVirtual).putInt(queuedVirtual).putLong(completedTasks);
    }

    public static Sample decode(ByteBuffer in) {
        if (in.remaining() != BYTES) {
            throw new ProtocolException("sample frame has " + in.remaining() + " bytes, expected " + BYTES);
        }
        return new Sample(in.getLong(), in.getLong(), in.getLong(), in.getInt(), in.getInt(), in.getInt(), in.getLong());
    }
}
