package dev.loomscope.protocol;

import java.nio.ByteBuffer;

/**
 * A frame's lifecycle events, read in place: the batch is a view over the frame's bytes, so the
 * parent decodes millions of events without allocating per event or per field. It is valid only
 * during the listener call that receives it; use {@link #copy()} to keep it.
 *
 * <p>Wire layout: a header of the base time (long, ns since the run began), the oldest event's
 * offset from it (int) and the count of each event type (an int per {@link EventType}), so a reader
 * that only tallies never walks the events; then per event: type (1 byte), task (int), time as a
 * signed int of ns after the base, thread id (int), carrier thread id (int; the thread itself for
 * platform threads, -1 unknown). 17 bytes an event keeps a million-task run (5 million events)
 * light on the wire. Thread ids are the JVM's, which stay far below 2^31 in any run.
 */
public final class EventBatch {

    private static final int OLDEST_AT = 8;
    private static final int COUNTS_AT = 12;
    public static final int HEADER_BYTES = COUNTS_AT + 4 * EventType.values().length;
    public static final int BYTES_PER_EVENT = 1 + 4 + 4 + 4 + 4;
    /** Events whose time is further than this from the frame's base go into a new frame. */
    public static final long MAX_TIME_OFFSET_NANOS = Integer.MAX_VALUE;

    private final ByteBuffer bytes;
    private final long baseNanos;
    private final int size;

    private EventBatch(ByteBuffer bytes) {
        this.bytes = bytes;
        this.baseNanos = bytes.getLong(0);
        this.size = (bytes.limit() - HEADER_BYTES) / BYTES_PER_EVENT;
    }

    /** Wraps an events frame's payload (positioned at its start). */
    public static EventBatch of(ByteBuffer payload) {
        ByteBuffer slice = payload.slice();
        if (slice.limit() < HEADER_BYTES || (slice.limit() - HEADER_BYTES) % BYTES_PER_EVENT != 0) {
            throw new ProtocolException("event frame of " + slice.limit() + " bytes is not a whole number of events");
        }
        return new EventBatch(slice);
    }

    public int size() {
        return size;
    }

    /** How many events of this type the batch holds, read from its header. */
    public int count(EventType type) {
        return bytes.getInt(COUNTS_AT + 4 * type.ordinal());
    }

    /** When the batch's oldest event happened, ns since the run began, read from its header. */
    public long oldestTimeNanos() {
        return baseNanos + bytes.getInt(OLDEST_AT);
    }

    public EventType type(int i) {
        return EventType.ofCode(typeCode(i));
    }

    public byte typeCode(int i) {
        return bytes.get(offset(i));
    }

    public int task(int i) {
        return bytes.getInt(offset(i) + 1);
    }

    /** Nanoseconds since the run began. */
    public long timeNanos(int i) {
        return baseNanos + bytes.getInt(offset(i) + 5);
    }

    public long threadId(int i) {
        return bytes.getInt(offset(i) + 9);
    }

    public long carrierId(int i) {
        return bytes.getInt(offset(i) + 13);
    }

    /** A batch that owns its bytes, for keeping beyond the listener call. */
    public EventBatch copy() {
        ByteBuffer own = ByteBuffer.allocate(bytes.limit());
        own.put(bytes.duplicate().clear());
        return new EventBatch(own.flip());
    }

    private static int offset(int i) {
        return HEADER_BYTES + i * BYTES_PER_EVENT;
    }

    /** Writes the header at {@code at}, once the frame's events are known. */
    static void writeHeader(ByteBuffer out, int at, long baseNanos, int oldestOffset, int[] typeCounts) {
        out.putLong(at, baseNanos).putInt(at + OLDEST_AT, oldestOffset);
        for (int t = 0; t < typeCounts.length; t++) {
            out.putInt(at + COUNTS_AT + 4 * t, typeCounts[t]);
        }
    }

    static void encode(ByteBuffer out, byte type, int task, int timeOffset, long threadId, long carrierId) {
        out.put(type).putInt(task).putInt(timeOffset).putInt((int) threadId).putInt((int) carrierId);
    }
}
