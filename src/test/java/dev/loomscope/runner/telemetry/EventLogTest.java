package dev.loomscope.runner.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

class EventLogTest {

    @Test
    void drainsEventsInTheOrderTheyWereRecorded() {
        var log = new EventLog(1, 16);
        log.startClock();
        for (int i = 0; i < 10; i++) {
            log.record((byte) (i % 5), i, 100 + i, 200 + i);
        }
        var tasks = new ArrayList<Integer>();
        int drained = log.drain((type, task, time, thread, carrier) -> {
            assertThat(type).isEqualTo((byte) (task % 5));
            assertThat(thread).isEqualTo(100 + task);
            assertThat(carrier).isEqualTo(200 + task);
            assertThat(time).isGreaterThanOrEqualTo(0);
            tasks.add(task);
            return true;
        });
        assertThat(drained).isEqualTo(10);
        assertThat(tasks).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(log.isDrained()).isTrue();
    }

    @Test
    void sharedRingsAndOwnRingsHaveTheirOwnSizes() throws InterruptedException {
        var log = new EventLog(1, 8, 64);
        log.giveOwnRing(Thread.currentThread());
        long self = Thread.currentThread().threadId();
        for (int i = 0; i < 32; i++) {
            log.record((byte) 0, i, self, self); // its own ring: 64 slots
        }
        assertThat(log.overflowed()).isZero();
        Thread other = Thread.ofPlatform().start(() -> {
            long id = Thread.currentThread().threadId();
            for (int i = 0; i < 32; i++) {
                log.record((byte) 0, i, id, id); // a shared ring: 8 slots
            }
        });
        other.join();
        assertThat(log.overflowed()).isEqualTo(32 - 8);
        assertThat(log.drain((type, task, time, thread, carrier) -> true)).isEqualTo(64);
    }

    @Test
    void reservedOwnRingsGoToTheFirstCarriersThatWrite() throws InterruptedException {
        var log = new EventLog(1, 8, 64);
        log.reserveOwnRings(2);
        assertThat(log.spareOwnRings()).isEqualTo(2);
        Thread.ofVirtual().start(() -> {
            for (int i = 0; i < 32; i++) {
                log.record((byte) 0, i, Thread.currentThread().threadId(), CarrierLookup.currentCarrierId());
            }
        }).join();
        assertThat(log.spareOwnRings()).isEqualTo(1);
        assertThat(log.overflowed()).isZero(); // 32 events fit the carrier's 64 slots, not a shared ring's 8
        assertThat(log.drain((type, task, time, thread, carrier) -> true)).isEqualTo(32);
    }

    @Test
    void reservesNoMoreOwnRingsThanCanBeClaimed() {
        var log = new EventLog(1, 8, 64);
        log.giveOwnRing(Thread.currentThread());
        log.reserveOwnRings(256); // the most carriers a scenario allows
        assertThat(log.spareOwnRings()).isEqualTo(EventLog.MAX_OWN_RINGS - 1);
        log.reserveOwnRings(1);
        assertThat(log.spareOwnRings()).isEqualTo(EventLog.MAX_OWN_RINGS - 1);
    }

    @Test
    void anEventTheSinkRefusesStaysForTheNextDrain() {
        var log = new EventLog(1, 8);
        for (int i = 0; i < 5; i++) {
            log.record((byte) 0, i, 1, 1);
        }
        var first = new ArrayList<Integer>();
        assertThat(log.drain((type, task, time, thread, carrier) -> task < 3 && first.add(task))).isEqualTo(3);
        var rest = new ArrayList<Integer>();
        assertThat(log.drain((type, task, time, thread, carrier) -> rest.add(task))).isEqualTo(2);
        assertThat(first).containsExactly(0, 1, 2);
        assertThat(rest).containsExactly(3, 4);
    }

    @Test
    void aRefusalInALaterRingCountsTheEventsDrainedBeforeIt() {
        var log = new EventLog(2, 8);
        log.record((byte) 0, 1, 1, 0); // ring 0
        log.record((byte) 0, 2, 1, 0); // ring 0
        log.record((byte) 0, 3, 1, 1); // ring 1
        log.record((byte) 0, 4, 1, 1); // ring 1
        var taken = new ArrayList<Integer>();
        assertThat(log.drain((type, task, time, thread, carrier) -> task != 4 && taken.add(task))).isEqualTo(3);
        assertThat(taken).containsExactlyInAnyOrder(1, 2, 3);
        assertThat(log.isDrained()).isFalse();
        assertThat(log.drain((type, task, time, thread, carrier) -> taken.add(task))).isEqualTo(1);
        assertThat(log.isDrained()).isTrue();
    }

    @Test
    void manyWritersThroughTinyRingsOverflowButLoseAndDuplicateNothing() throws Throwable {
        var log = new EventLog(4, 64); // far smaller than the traffic: most events overflow
        boolean[] seen = runWriters(log, 8, 50_000, (writer, task) -> {});
        for (int i = 0; i < seen.length; i++) {
            assertThat(seen[i]).as("task %d delivered", i).isTrue();
        }
        assertThat(log.overflowed()).isPositive();
        assertThat(log.isDrained()).isTrue();
    }

    @Test
    void eachWritersEventsKeepTheirOrderWhileTheRingsHaveRoom() throws Throwable {
        var log = new EventLog(8, 1 << 16);
        int[] last = new int[4];
        java.util.Arrays.fill(last, -1);
        runWriters(log, 4, 10_000, (writer, task) -> {
            assertThat(task).as("writer %d's events in order", writer).isGreaterThan(last[writer]);
            last[writer] = task;
        });
        assertThat(log.overflowed()).isZero();
    }

    @Test
    void virtualThreadsWriteTheirCarriersOwnRingsAndLoseNothing() throws Throwable {
        var log = new EventLog(4, 1 << 16);
        log.startClock();
        int threads = 20_000;
        int perThread = 4;
        var seen = new int[threads * perThread];
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int t = 0; t < threads; t++) {
                int task = t;
                pool.execute(() -> {
                    long self = Thread.currentThread().threadId();
                    for (int i = 0; i < perThread; i++) {
                        log.record((byte) i, task * perThread + i, self, CarrierLookup.currentCarrierId());
                        Thread.yield(); // may move to another carrier between events
                    }
                });
                if (t % 1_000 == 0) {
                    log.drain((type, id, time, thread, carrier) -> ++seen[id] > 0);
                }
            }
        }
        while (!log.isDrained()) {
            log.drain((type, id, time, thread, carrier) -> ++seen[id] > 0);
        }
        for (int i = 0; i < seen.length; i++) {
            assertThat(seen[i]).as("event %d delivered once", i).isEqualTo(1);
        }
        assertThat(log.recorded()).isEqualTo((long) threads * perThread);
    }

    @Test
    void aPlatformThreadWithARingOfItsOwnKeepsItsOrder() {
        var log = new EventLog(1, 8);
        log.giveOwnRing(Thread.currentThread());
        long self = Thread.currentThread().threadId();
        for (int i = 0; i < 6; i++) {
            log.record((byte) 1, i, self, self);
        }
        var tasks = new ArrayList<Integer>();
        assertThat(log.drain((type, task, time, thread, carrier) -> {
            assertThat(carrier).isEqualTo(self);
            return tasks.add(task);
        })).isEqualTo(6);
        assertThat(tasks).containsExactly(0, 1, 2, 3, 4, 5);
        assertThat(log.recorded()).isEqualTo(6);
        assertThat(log.isDrained()).isTrue();
    }

    interface EventCheck {
        void check(int writer, int task);
    }

    /** Writers on virtual threads, one reader; returns which tasks were delivered, failing on duplicates. */
    private static boolean[] runWriters(EventLog log, int writers, int perWriter, EventCheck check) throws Throwable {
        log.startClock();
        var start = new CountDownLatch(1);
        var seen = new boolean[writers * perWriter];
        var failure = new java.util.concurrent.atomic.AtomicReference<Throwable>();
        var reader = Thread.ofPlatform().start(() -> {
            try {
                int total = 0;
                while (total < writers * perWriter) {
                    total += log.drain((type, task, time, thread, carrier) -> {
                        assertThat(seen[task]).as("task %d delivered twice", task).isFalse();
                        seen[task] = true;
                        check.check((int) thread, task);
                        return true;
                    });
                }
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        log.readBy(reader);
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int w = 0; w < writers; w++) {
                int writer = w;
                pool.execute(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                    for (int i = 0; i < perWriter; i++) {
                        // Each writer poses as its own OS thread, as carriers and the submitter do.
                        log.record((byte) 1, writer * perWriter + i, writer, writer);
                    }
                });
            }
            start.countDown();
        }
        reader.join(30_000);
        if (failure.get() != null) {
            throw failure.get();
        }
        assertThat(reader.isAlive()).isFalse();
        assertThat(log.recorded()).isEqualTo((long) writers * perWriter);
        return seen;
    }
}
