package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.protocol.EventType;
import dev.loomscope.testing.Events;
import org.junit.jupiter.api.Test;

class RecordingTest {

    /** Events are kept in chunks: batches that straddle a chunk's end, and the trim at the run's end, keep every event as it came. */
    @Test
    void keepsEveryEventAcrossChunksAndTrim() {
        var recording = new Recording();
        int total = Recording.CHUNK * 2 + 12_345;
        int batch = 7_001;
        for (int from = 0; from < total; from += batch) {
            var events = new Events();
            for (int i = from; i < Math.min(total, from + batch); i++) {
                events.add(new Events.Event(i % 2 == 0 ? EventType.STARTED : EventType.FINISHED, i, 1_000L * i, i % 977, i % 5));
            }
            recording.add(events.batch());
        }
        recording.trim();

        assertThat(recording.size()).isEqualTo(total);
        assertThat(recording.truncated()).isFalse();
        for (int i = 0; i < total; i++) {
            assertThat(recording.task(i)).isEqualTo(i);
            assertThat(recording.timeNanos(i)).isEqualTo(1_000L * i);
            assertThat(recording.typeCode(i)).isEqualTo((i % 2 == 0 ? EventType.STARTED : EventType.FINISHED).code());
            assertThat(recording.threadId(i)).isEqualTo(i % 977);
            assertThat(recording.carrierId(i)).isEqualTo(i % 5);
        }
        int[] order = recording.timeOrder();
        for (int i = 0; i < total; i++) {
            assertThat(order[i]).isEqualTo(i);
        }
    }

    /** A recording written to after its trim grows again without losing what it held. */
    @Test
    void growsAgainAfterATrim() {
        var recording = new Recording();
        recording.add(new Events().add(EventType.STARTED, 0, 1.0, 7, 1).batch());
        recording.trim();
        recording.add(new Events().add(EventType.FINISHED, 0, 2.0, 7, 1).batch());

        assertThat(recording.size()).isEqualTo(2);
        assertThat(recording.typeCode(0)).isEqualTo(EventType.STARTED.code());
        assertThat(recording.timeNanos(1)).isEqualTo(2_000_000L);
    }
}
