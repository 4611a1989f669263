package dev.loomscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomscope.protocol.EventType;
import org.junit.jupiter.api.Test;

/**
 * A pin JFR sent without its thread is named, as it comes, after the task that held its carrier through it: each
 * carrier's own events, however the carriers' events interleave and however many carriers there are.
 */
class RecentCarrierEventsTest {

    private static final long MS = 1_000_000;
    private static final byte STARTED = EventType.STARTED.code();
    private static final byte BLOCKED = EventType.BLOCKED.code();
    private static final byte RESUMED = EventType.RESUMED.code();
    private static final byte FINISHED = EventType.FINISHED.code();

    @Test
    void aPinIsNamedAfterTheTaskThatHeldItsOwnCarrierAmongManyInterleaved() {
        var events = new RecentCarrierEvents();
        int carriers = 37; // more than the first arrays hold
        // Round r: every carrier's task blocks at 10r ms, pinned, and resumes at 10r + 6; carrier c's task is
        // c * 1000 + r, its thread 10_000 + that.
        for (int r = 0; r < 5; r++) {
            for (int c = 0; c < carriers; c++) {
                int task = c * 1000 + r;
                held(events, 9_000 + c, task, r * 10 * MS, r * 10 * MS + 6 * MS);
            }
        }
        for (int c = 0; c < carriers; c++) {
            // A pin from 20.5 to 25.5 ms belongs to round 2's task on that carrier.
            assertThat(events.ownerOf(9_000 + c, 20 * MS + MS / 2, 5 * MS)).as("carrier %d", c)
                    .isEqualTo(new RecentCarrierEvents.Owner(c * 1000 + 2, 10_000L + c * 1000 + 2));
        }
        assertThat(events.ownerOf(8_999, 22 * MS, MS)).as("a carrier with no events").isNull();
        // Events on no known carrier name no pin on no known carrier, however well they would fit its time.
        events.add(-1, BLOCKED, 21 * MS, 77, 177);
        events.add(-1, RESUMED, 40 * MS, 77, 177);
        assertThat(events.ownerOf(-1, 22 * MS, MS)).isNull();
    }

    @Test
    void aShortPinThatBeganLateIsItsOwnTasksNotTheNextTasksOnItsCarrier() {
        // As measured on a busy 2-core machine (a native pinning run, task 1195 and the next on carrier 34): the task
        // blocked at 3,247.960 ms, JFR's pin began 4.3 ms later and lasted 0.751 ms, the task resumed at 3,253.090 ms, and
        // the next task blocked at 3,253.131, within a millisecond of the pin's start. Named from its start, with a
        // millisecond's grace for the clocks, the pin went to the next task, and task 1195 was never shown pinned.
        var events = new RecentCarrierEvents();
        held(events, 34, 1195, 3_247_960_000L, 3_253_090_000L);
        events.add(34, FINISHED, 3_253_092_000L, 1195, 1228);
        held(events, 34, 1197, 3_253_131_000L, 3_258_300_000L);

        assertThat(events.ownerOf(34, 3_252_296_000L, 751_000L)).isEqualTo(new RecentCarrierEvents.Owner(1195, 11_195));
    }

    @Test
    void aPinIsNotNamedUntilItsTaskHasResumed() {
        var events = new RecentCarrierEvents();
        events.add(1, STARTED, 10 * MS, 7, 107);
        events.add(1, BLOCKED, 10 * MS, 7, 107);
        held(events, 2, 8, 30 * MS, 31 * MS);
        // Carrier 1 has no event after the pin's middle yet: its task's resume may still be on its way.
        assertThat(events.ownerOf(1, 10 * MS + MS / 5, 5 * MS)).isNull();
        events.add(1, RESUMED, 15 * MS + MS / 2, 7, 107);
        assertThat(events.ownerOf(1, 10 * MS + MS / 5, 5 * MS)).isEqualTo(new RecentCarrierEvents.Owner(7, 107));
    }

    @Test
    void aPinIsNotPutOnATaskThatLetItsCarrierGo() {
        var events = new RecentCarrierEvents();
        // Task 7 blocks and lets carrier 1 go; task 8 takes it and pins in code that records no block; task 7 resumes
        // there after. The pin is task 8's, whose thread no event of the carrier names: it is left unnamed, not put on 7.
        events.add(1, STARTED, 0, 7, 107);
        events.add(1, BLOCKED, 10 * MS, 7, 107);
        events.add(1, STARTED, 11 * MS, 8, 108);
        events.add(1, FINISHED, 17 * MS, 8, 108);
        events.add(1, RESUMED, 20 * MS, 7, 107);

        assertThat(events.ownerOf(1, 12 * MS, 4 * MS)).isNull();
    }

    @Test
    void aRingThatWrappedForgetsTheEventsBeforeIt() {
        var events = new RecentCarrierEvents();
        for (int k = 0; k <= RecentCarrierEvents.KEPT / 2; k++) {
            held(events, 3, k, k * 10 * MS, k * 10 * MS + 5 * MS);
        }
        // Task 0's block and resume, which held a pin from 0.5 to 4.5 ms, are gone: that pin is left to the run's end.
        assertThat(events.ownerOf(3, MS / 2, 4 * MS)).isNull();
        assertThat(events.ownerOf(3, 1_000 * MS + MS / 2, 4 * MS)).isEqualTo(new RecentCarrierEvents.Owner(100, 10_100));
    }

    /** Task {@code task} (thread 10,000 + task) blocks on {@code carrier} at {@code blocked} and resumes there at {@code resumed}. */
    private static void held(RecentCarrierEvents events, long carrier, int task, long blocked, long resumed) {
        events.add(carrier, BLOCKED, blocked, task, 10_000L + task);
        events.add(carrier, RESUMED, resumed, task, 10_000L + task);
    }
}
