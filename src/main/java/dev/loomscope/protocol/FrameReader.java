package dev.loomscope.protocol;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/** Reads the frames {@link FrameWriter} wrote; one reader thread per runner. */
public final class FrameReader {

    /** A frame as read: its type and its payload, positioned at the start. */
    public record Frame(FrameType type, ByteBuffer payload) {

        public EventBatch events() {
            return EventBatch.of(payload);
        }

        public Sample sample() {
            return Sample.decode(payload);
        }

        public RunStart runStart() {
            return RunStart.decode(payload);
        }

        public java.util.List<JfrEvent> jfrEvents() {
            return java.util.List.of(json(JfrEvent[].class));
        }

        public <T> T json(Class<T> type) {
            try {
                return JSON.readValue(payload.array(), payload.arrayOffset() + payload.position(), payload.remaining(), type);
            } catch (IOException e) {
                throw new ProtocolException("unreadable " + type.getSimpleName() + " frame: " + e.getMessage());
            }
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_FRAME = 64 << 20;

    private final DataInputStream in;
    private byte[] scratch = new byte[1 << 16];

    public FrameReader(InputStream in) {
        this.in = new DataInputStream(in);
    }

    /** The next frame, or null at a clean end of stream. The payload is valid until the next call. */
    public Frame next() throws IOException {
        int typeCode = in.read();
        if (typeCode < 0) {
            return null;
        }
        int length;
        try {
            length = in.readInt();
        } catch (EOFException e) {
            throw new ProtocolException("stream ended inside a frame header");
        }
        if (length < 0 || length > MAX_FRAME) {
            throw new ProtocolException("frame length " + length + " out of range");
        }
        if (scratch.length < length) {
            scratch = new byte[Math.max(length, scratch.length * 2)];
        }
        try {
            in.readFully(scratch, 0, length);
        } catch (EOFException e) {
            throw new ProtocolException("stream ended inside a frame");
        }
        return new Frame(FrameType.ofCode(typeCode), ByteBuffer.wrap(scratch, 0, length).slice());
    }
}
