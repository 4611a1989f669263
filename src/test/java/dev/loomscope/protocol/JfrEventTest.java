package dev.loomscope.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class JfrEventTest {

    private static JfrEvent start(long time, long thread) {
        return new JfrEvent(JfrEvent.VTHREAD_START, time, 0, thread, -1, "", "", "");
    }

    private static JfrEvent end(long time, long thread) {
        return new JfrEvent(JfrEvent.VTHREAD_END, time, 0, thread, -1, "", "", "");
    }

    @Test
    void startsAndEndsTravelAsOneCountEachAtTheLastOnesTimeAndTheRestKeepTheirOrder() {
        var pin = new JfrEvent(JfrEvent.PINNED, 50, 20, 7, 3, "Native or VM frame on stack", "Thread.sleep", "a.B.c(B.java:1)");
        var gc = new JfrEvent(JfrEvent.GC, 60, 2, -1, -1, "G1New: G1 Evacuation Pause", "", "");
        var collapsed = JfrEvent.withLifecycleCounted(List.of(start(-5, 1), start(10, 2), pin, end(40, 2), start(30, 3), gc, end(70, 3), end(-1, 1)));

        assertThat(collapsed).hasSize(4);
        assertThat(collapsed.subList(0, 2)).containsExactly(pin, gc);
        // JFR's own start-up, before time zero, is counted by nothing, so it is not sent.
        assertThat(collapsed.get(2)).isEqualTo(new JfrEvent(JfrEvent.VTHREAD_START, 30, 0, -1, -1, "", "", "", 2));
        assertThat(collapsed.get(3)).isEqualTo(new JfrEvent(JfrEvent.VTHREAD_END, 70, 0, -1, -1, "", "", "", 2));
        assertThat(pin.count()).isOne();
    }

    @Test
    void aCountAlreadyCollapsedAddsUpAndNoLifecycleEventsAddNone() {
        var counted = new JfrEvent(JfrEvent.VTHREAD_START, 5, 0, -1, -1, "", "", "", 1_000);
        assertThat(JfrEvent.withLifecycleCounted(List.of(counted, start(8, 9)))).containsExactly(new JfrEvent(JfrEvent.VTHREAD_START, 8, 0, -1, -1, "", "", "", 1_001));
        assertThat(JfrEvent.withLifecycleCounted(List.of())).isEmpty();
    }

    @Test
    void theCountCrossesTheWire() throws Exception {
        var bytes = new ByteArrayOutputStream();
        var counted = new JfrEvent(JfrEvent.VTHREAD_END, 12, 0, -1, -1, "", "", "", 99_999);
        var writer = new FrameWriter(bytes, 4096);
        writer.jfrEvents(List.of(counted, end(13, 4)));
        writer.flush();
        var read = new FrameReader(new ByteArrayInputStream(bytes.toByteArray())).next().jfrEvents();
        assertThat(read).containsExactly(counted, end(13, 4));
        assertThat(read.get(1).count()).isOne();
    }
}
