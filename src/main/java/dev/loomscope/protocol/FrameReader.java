package dev.loomscope.protocol;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * Reads the frames {@link FrameWriter} wrote; one reader thread per runner. A stream whose reads
 * time out now and then (a socket with a read timeout, as {@link RunnerChannel} gives) may be
 * silent between frames as long as it likes, but a frame once begun must go on arriving: the writer
 * sends each frame whole, so a frame that stops half-way ({@link #STALL_LIMIT}) came from a runner
 * that is stuck or broken, and waiting on would hang the run.
 */
public final class FrameReader {

    /** How long a frame, once begun, may go without a byte arriving. */
    public static final Duration STALL_LIMIT = Duration.ofSeconds(10);

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
                // Jackson's message goes on with the source and a location on lines of their own: the first says it.
                String reason = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
                throw new ProtocolException("unreadable " + type.getSimpleName() + " frame: " + reason);
            }
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_FRAME = 64 << 20;

    private final InputStream in;
    private final long stallLimitNanos;
    private final byte[] header = new byte[4];
    private byte[] scratch = new byte[1 << 16];

    public FrameReader(InputStream in) {
        this(in, STALL_LIMIT);
    }

    /** @param stallLimit how long a frame, once begun, may go without a byte arriving */
    public FrameReader(InputStream in, Duration stallLimit) {
        this.in = in;
        this.stallLimitNanos = stallLimit.toNanos();
    }

    /** The next frame, or null at a clean end of stream. The payload is valid until the next call. */
    public Frame next() throws IOException {
        int typeCode = firstByte();
        if (typeCode < 0) {
            return null;
        }
        readFully(header, 4, Text.get("protocol.frame-header"));
        int length = ByteBuffer.wrap(header).getInt();
        if (length < 0 || length > MAX_FRAME) {
            throw new ProtocolException("frame length " + length + " out of range");
        }
        FrameType type = FrameType.ofCode(typeCode);
        if (scratch.length < length) {
            scratch = new byte[Math.max(length, scratch.length * 2)];
        }
        readFully(scratch, length, Text.get("protocol.frame"));
        return new Frame(type, ByteBuffer.wrap(scratch, 0, length).slice());
    }

    /** A frame's first byte, or -1 at the end of the stream: waits as long as it takes. */
    private int firstByte() throws IOException {
        while (true) {
            try {
                return in.read();
            } catch (SocketTimeoutException e) {
                // Silence between frames: a run may have nothing to say for a while.
            }
        }
    }

    private void readFully(byte[] into, int length, String what) throws IOException {
        long lastByteAt = System.nanoTime();
        int done = 0;
        while (done < length) {
            int n;
            try {
                n = in.read(into, done, length - done);
            } catch (SocketTimeoutException e) {
                if (System.nanoTime() - lastByteAt > stallLimitNanos) {
                    long ms = stallLimitNanos / 1_000_000;
                    throw new ProtocolException(Text.get("protocol.stalled", what, done, length,
                            ms % 1_000 == 0 ? Text.get("duration.whole-s", ms / 1_000) : Text.get("duration.whole-ms", ms)));
                }
                continue;
            }
            if (n < 0) {
                throw ProtocolException.endedEarly(Text.get("protocol.ended-early", what, done, length));
            }
            done += n;
            lastByteAt = System.nanoTime();
        }
    }
}
