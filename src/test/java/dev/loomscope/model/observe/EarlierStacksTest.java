package dev.loomscope.model.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** An earlier dump's stacks by thread id: found again however many threads, told apart by stack and age. */
class EarlierStacksTest {

    private static final List<String> PARKED = List.of("java.base/jdk.internal.misc.Unsafe.park(Native Method)", "app.Pool.take(Pool.java:9)");
    private static final List<String> READING = List.of("java.base/sun.nio.ch.Net.poll(Native Method)", "app.Client.read(Client.java:40)");

    @Test
    void aHundredThousandThreadsAreEachFoundWithTheirStack() {
        var earlier = new EarlierStacks();
        for (long id = 1; id <= 100_000; id++) {
            // Ids as a JVM gives them, with gaps, on either of two stacks.
            earlier.put(id * 3, new java.util.ArrayList<>(id % 2 == 0 ? PARKED : READING), -1);
        }
        assertThat(earlier.threads()).isEqualTo(100_000);
        for (long id = 1; id <= 100_000; id++) {
            assertThat(earlier.unchanged(id * 3, id % 2 == 0 ? PARKED : READING, -1)).isTrue();
            assertThat(earlier.unchanged(id * 3, id % 2 == 0 ? READING : PARKED, -1)).isFalse();
        }
        assertThat(earlier.unchanged(1, PARKED, -1)).as("an id it never held").isFalse();
        assertThat(earlier.unchanged(-1, PARKED, -1)).as("a thread without an id").isFalse();
    }

    @Test
    void aThreadYoungerThanItWasIsAnother() {
        var earlier = new EarlierStacks();
        earlier.put(21, PARKED, 100.5);
        earlier.put(22, PARKED, -1);
        assertThat(earlier.unchanged(21, PARKED, 160.0)).isTrue();
        assertThat(earlier.unchanged(21, PARKED, 100.5)).as("the same dump again").isTrue();
        assertThat(earlier.unchanged(21, PARKED, 3.0)).as("restarted: a new thread with the old id").isFalse();
        assertThat(earlier.unchanged(21, PARKED, -1)).as("no age now: the stack alone").isTrue();
        assertThat(earlier.unchanged(22, PARKED, 3.0)).as("no age then").isTrue();
    }
}
