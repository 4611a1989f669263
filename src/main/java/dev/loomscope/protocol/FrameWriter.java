package dev.loomscope.protocol;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * Writes frames: type (1 byte), payload length (int), payload. Used by a single telemetry thread
 * in the runner, so it is deliberately not thread-safe.
 */
public final class FrameWriter {

    private static final int HEADER = 1 + 4;

    private final OutputStream out;
    private final ByteBuffer buffer;
    private int eventsInFrame;
    private long eventBaseNanos;
    private int oldestOffset;
    private final int[] typeCounts = new int[EventType.values().length];
    private FrameType frameType;

    public FrameWriter(OutputStream out, int bufferBytes) {
        this.out = out;
        this.buffer = ByteBuffer.allocate(bufferBytes);
    }

    /** Starts an events frame; follow with {@link #event} calls and {@link #endFrame()}. */
    public void beginEvents() {
        begin(FrameType.EVENTS);
        eventsInFrame = 0;
        oldestOffset = Integer.MAX_VALUE;
        java.util.Arrays.fill(typeCounts, 0);
    }

    /**
     * Adds an event to the open events frame.
     *
     * @return false if the frame has no room for it (full, or its time is too far from the
     *         frame's first): end the frame and begin another
     */
    public boolean event(byte type, int task, long timeNanos, long threadId, long carrierId) {
        if (eventsInFrame == 0) {
            // The header is written at endFrame(), when the counts are known.
            buffer.position(HEADER + EventBatch.HEADER_BYTES);
            eventBaseNanos = timeNanos;
        } else if (buffer.remaining() < EventBatch.BYTES_PER_EVENT
                || Math.abs(timeNanos - eventBaseNanos) > EventBatch.MAX_TIME_OFFSET_NANOS) {
            return false;
        }
        int offset = (int) (timeNanos - eventBaseNanos);
        oldestOffset = Math.min(oldestOffset, offset);
        typeCounts[type]++;
        EventBatch.encode(buffer, type, task, offset, threadId, carrierId);
        eventsInFrame++;
        return true;
    }

    public int eventsInFrame() {
        return eventsInFrame;
    }

    public void sample(Sample sample) throws IOException {
        begin(FrameType.SAMPLE);
        sample.encode(buffer);
        endFrame();
    }

    public void started(RunStart start) throws IOException {
        begin(FrameType.STARTED);
        start.encode(buffer);
        endFrame();
    }

    public void jfrEvents(java.util.List<JfrEvent> events) throws IOException {
        json(FrameType.JFR, events);
    }

    public void hello(RunnerHello hello) throws IOException {
        json(FrameType.HELLO, hello);
    }

    public void summary(RunSummary summary) throws IOException {
        json(FrameType.SUMMARY, summary);
    }

    public void endFrame() throws IOException {
        if (frameType == FrameType.EVENTS && eventsInFrame > 0) {
            EventBatch.writeHeader(buffer, HEADER, eventBaseNanos, oldestOffset, typeCounts);
        }
        buffer.putInt(1, buffer.position() - HEADER);
        out.write(buffer.array(), 0, buffer.position());
        buffer.clear();
    }

    public void flush() throws IOException {
        out.flush();
    }

    private void begin(FrameType type) {
        frameType = type;
        buffer.clear();
        buffer.put(type.code()).putInt(0);
    }

    private void json(FrameType type, Object value) throws IOException {
        byte[] bytes = RecordJson.bytes(value);
        out.write(type.code());
        out.write(ByteBuffer.allocate(4).putInt(bytes.length).array());
        out.write(bytes);
    }
}
