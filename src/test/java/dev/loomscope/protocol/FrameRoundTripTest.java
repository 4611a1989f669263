package dev.loomscope.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrameRoundTripTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final FrameWriter writer = new FrameWriter(bytes, 4096);

    @Test
    void eventsSurviveEncodingAndDecoding() throws IOException {
        writer.beginEvents();
        writer.event(EventType.SUBMITTED.code(), 0, 10L, 1L, 1L);
        writer.event(EventType.STARTED.code(), 0, 2_000_000_000L, 345_678L, 21L);
        writer.event(EventType.FINISHED.code(), Integer.MAX_VALUE, 5L, 7L, -1L);
        writer.endFrame();

        var frame = reader().next();
        assertThat(frame.type()).isEqualTo(FrameType.EVENTS);
        EventBatch batch = frame.events();
        assertThat(batch.size()).isEqualTo(3);
        assertThat(batch.type(1)).isEqualTo(EventType.STARTED);
        assertThat(batch.task(0)).isZero();
        assertThat(batch.task(2)).isEqualTo(Integer.MAX_VALUE);
        assertThat(batch.timeNanos(0)).isEqualTo(10L);
        assertThat(batch.timeNanos(1)).isEqualTo(2_000_000_000L);
        assertThat(batch.timeNanos(2)).isEqualTo(5L);
        assertThat(batch.threadId(1)).isEqualTo(345_678L);
        assertThat(batch.carrierId(1)).isEqualTo(21L);
        assertThat(batch.carrierId(2)).isEqualTo(-1L);
        // The header tallies the batch without walking it.
        assertThat(batch.count(EventType.STARTED)).isEqualTo(1);
        assertThat(batch.count(EventType.FINISHED)).isEqualTo(1);
        assertThat(batch.count(EventType.BLOCKED)).isZero();
        assertThat(batch.oldestTimeNanos()).isEqualTo(5L);
        // A copy outlives the frame buffer it came from.
        EventBatch kept = batch.copy();
        assertThat(kept.size()).isEqualTo(3);
        assertThat(kept.timeNanos(1)).isEqualTo(2_000_000_000L);
    }

    @Test
    void framesOfEveryKindArriveInOrder() throws IOException {
        var hello = new RunnerHello(42, "25.0.3", 2, 3, 812.5);
        var sample = new Sample(-5, 1 << 30, 1 << 20, 17, 2, 9_000, 1234);
        var summary = new RunSummary(5_000_000_000L, 1L, 10, 9, 1, 7, 100, 200, 300, 400, 208, 450_000_000L, 50, "out of threads",
                true, 12, null, 0.004, 3, 200, 211_000_000L, 95_000_000L, 30_000_000L, "Could not write /x/run.jfr: no space left on device.",
                3, new PoolFigures(10, 12.5, 0.1, 40.0),
                new RunSummary.TaskError(3, "java.lang.IllegalStateException: no", "Mine.call(Mine.java:6)"), 189_200_000L);
        var jfr = List.of(new JfrEvent(JfrEvent.PINNED, 1_000_000L, 50_000_000L, 42, 21, "Native or VM frame on stack",
                "Thread.sleep", "a.B.c:1\nd.E.f (native)"));
        var start = new RunStart(123_456_789L, 1_763_700_000_000_000_000L);
        writer.hello(hello);
        writer.started(start);
        writer.sample(sample);
        writer.jfrEvents(jfr);
        writer.summary(summary);

        FrameReader reader = reader();
        assertThat(reader.next().json(RunnerHello.class)).isEqualTo(hello);
        assertThat(reader.next().runStart()).isEqualTo(start);
        assertThat(reader.next().sample()).isEqualTo(sample);
        assertThat(reader.next().jfrEvents()).isEqualTo(jfr);
        assertThat(reader.next().json(RunSummary.class)).isEqualTo(summary);
        assertThat(reader.next()).isNull();
    }

    /** The runner writes its JSON frames without databind (see RecordJson): what databind reads back must be what was written, odd values too. */
    @Test
    void jsonFramesKeepNaNNullsEmptyListsAndTextThatNeedsEscaping() throws IOException {
        var summary = new RunSummary(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, false, -1, "dump said \"no\"\n\tat x", Double.NaN,
                0, 0, 0, 0, 0, null, 0, null, null, -1);
        var jfr = List.of(new JfrEvent(JfrEvent.VTHREAD_START, Long.MAX_VALUE, 0, -1, -1, "", "", "", 1_000_000),
                new JfrEvent(JfrEvent.GC, -3, Long.MIN_VALUE, 0, 0, "caf\u00e9 \u2014 G1", null, "\u0000", 1));
        writer.summary(summary);
        writer.jfrEvents(List.of());
        writer.jfrEvents(jfr);
        writer.hello(new RunnerHello(1, "25", 1, 1, Double.POSITIVE_INFINITY));

        FrameReader reader = reader();
        RunSummary read = reader.next().json(RunSummary.class);
        assertThat(read).isEqualTo(summary);
        assertThat(read.clockAlignmentErrorMs()).isNaN();
        assertThat(reader.next().jfrEvents()).isEmpty();
        assertThat(reader.next().jfrEvents()).isEqualTo(jfr);
        assertThat(reader.next().json(RunnerHello.class).cpuUnitsPerMs()).isInfinite();
    }

    @Test
    void aFullFrameRefusesTheNextEvent() throws IOException {
        writer.beginEvents();
        int accepted = 0;
        while (writer.event(EventType.RESUMED.code(), accepted, accepted, accepted, accepted)) {
            accepted++;
        }
        writer.endFrame();
        assertThat(accepted).isEqualTo((4096 - 5 - EventBatch.HEADER_BYTES) / EventBatch.BYTES_PER_EVENT);
        EventBatch batch = reader().next().events();
        assertThat(batch.size()).isEqualTo(accepted);
        assertThat(batch.task(accepted - 1)).isEqualTo(accepted - 1);
    }

    @Test
    void anEventTooFarInTimeFromTheFramesFirstStartsANewFrame() {
        writer.beginEvents();
        assertThat(writer.event(EventType.STARTED.code(), 1, 0, 1, 1)).isTrue();
        assertThat(writer.event(EventType.FINISHED.code(), 1, 3_000_000_000L, 1, 1)).isFalse();
        assertThat(writer.eventsInFrame()).isEqualTo(1);
    }

    @Test
    void aTruncatedStreamIsAProtocolErrorNotAHang() throws IOException {
        writer.sample(new Sample(1, 2, 3, 4, 5, 6, 7));
        byte[] all = bytes.toByteArray();
        var reader = new FrameReader(new ByteArrayInputStream(Arrays.copyOf(all, all.length - 3)));
        assertThatThrownBy(reader::next).isInstanceOf(ProtocolException.class).hasMessageContaining("inside a frame");
    }

    @Test
    void unknownFrameTypesAndEventCodesAreRejected() {
        var reader = new FrameReader(new ByteArrayInputStream(new byte[] {99, 0, 0, 0, 0}));
        assertThatThrownBy(reader::next).isInstanceOf(ProtocolException.class).hasMessageContaining("unknown frame type 99");
        assertThatThrownBy(() -> EventType.ofCode(42)).isInstanceOf(ProtocolException.class);
    }

    @Test
    void corruptFramesAreProtocolErrorsInPlainWords() throws IOException {
        // A length no writer sends.
        assertThatThrownBy(new FrameReader(new ByteArrayInputStream(new byte[] {2, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xfb}))::next)
                .isInstanceOf(ProtocolException.class).hasMessage("frame length -5 out of range");
        // A stream that ends inside a frame's header.
        assertThatThrownBy(new FrameReader(new ByteArrayInputStream(new byte[] {3, 0, 0}))::next)
                .isInstanceOf(ProtocolException.class).hasMessage("stream ended inside a frame header (2 of 4 bytes came)")
                .matches(e -> ((ProtocolException) e).endedEarly(), "ended early");
        // A hello that is not JSON: one line, not Jackson's source dump.
        byte[] notJson = "{hello".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        var frame = ByteBuffer.allocate(5 + notJson.length).put(FrameType.HELLO.code()).putInt(notJson.length).put(notJson).array();
        var hello = new FrameReader(new ByteArrayInputStream(frame)).next();
        assertThatThrownBy(() -> hello.json(RunnerHello.class)).isInstanceOf(ProtocolException.class)
                .hasMessageStartingWith("unreadable RunnerHello frame: ").satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        // A sample of the wrong size.
        var sample = new FrameReader(new ByteArrayInputStream(new byte[] {3, 0, 0, 0, 2, 1, 2})).next();
        assertThatThrownBy(sample::sample).isInstanceOf(ProtocolException.class).hasMessageContaining("sample frame has 2 bytes");
    }

    /**
     * A socket's reads time out now and then (so that a stuck frame shows): between frames that is
     * only silence, however long; inside a frame, once no byte came for the stall limit, the frame
     * is broken: a frame is written whole, and waiting on for the rest would hang the run.
     */
    @Test
    void silenceBetweenFramesIsWaitedOutButAFrameThatStopsHalfWayIsAnError() throws IOException {
        writer.sample(new Sample(1, 2, 3, 4, 5, 6, 7));
        byte[] whole = bytes.toByteArray();
        // Five timeouts before the frame, none allowed inside one: the frame still comes.
        var quietFirst = new FrameReader(new TimingOut(whole, whole.length, 0, 5), java.time.Duration.ZERO);
        assertThat(quietFirst.next().sample()).isEqualTo(new Sample(1, 2, 3, 4, 5, 6, 7));
        assertThat(quietFirst.next()).isNull();
        // Ten bytes of the frame, then only timeouts.
        var stalled = new FrameReader(new TimingOut(whole, 10, 0, 0), java.time.Duration.ofMillis(50));
        assertThatThrownBy(stalled::next).isInstanceOf(ProtocolException.class)
                .hasMessage("the stream stopped inside a frame (5 of %d bytes came, then nothing for 50 ms)".formatted(whole.length - 5))
                .matches(e -> !((ProtocolException) e).endedEarly(), "not ended: stopped");
    }

    /** Gives {@code bytes} up to {@code until}, timing out {@code timeouts} times at {@code at}; past {@code until}, times out forever (or ends, at the last byte). */
    private static final class TimingOut extends java.io.InputStream {
        private final byte[] bytes;
        private final int until;
        private final int at;
        private int timeouts;
        private int next;

        TimingOut(byte[] bytes, int until, int at, int timeouts) {
            this.bytes = bytes;
            this.until = until;
            this.at = at;
            this.timeouts = timeouts;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] into, int off, int len) throws IOException {
            if (next == at && timeouts > 0) {
                timeouts--;
                throw new java.net.SocketTimeoutException("Read timed out");
            }
            if (next >= until) {
                if (until < bytes.length) {
                    throw new java.net.SocketTimeoutException("Read timed out");
                }
                return -1;
            }
            int n = Math.min(len, until - next);
            System.arraycopy(bytes, next, into, off, n);
            next += n;
            return n;
        }
    }

    private FrameReader reader() {
        return new FrameReader(new ByteArrayInputStream(bytes.toByteArray()));
    }
}
