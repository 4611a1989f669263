package dev.loomscope.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
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
                true, 12, null, 0.004, 3, 200, 211_000_000L, 95_000_000L, 30_000_000L);
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

    private FrameReader reader() {
        return new FrameReader(new ByteArrayInputStream(bytes.toByteArray()));
    }
}
