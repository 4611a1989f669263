package dev.loomscope.testing;

import java.time.Duration;

/**
 * Waits for something another thread makes true: a run ending, a request in flight, a file gone.
 * The one way tests wait; never a fixed sleep before an assertion.
 *
 * <pre>{@code
 * Poll.until("the session idle", Duration.ofSeconds(10), () -> !session.isRunning());
 * }</pre>
 *
 * The timeout is a safety net for a broken build, not a claim about speed: make it generous.
 */
public final class Poll {

    /** How often a condition is checked unless told otherwise. */
    public static final Duration EVERY = Duration.ofMillis(10);

    /** A condition that may throw (one checked on another thread, say); what it throws fails the wait at once. */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    private Poll() {
    }

    /**
     * Returns as soon as {@code condition} holds, checking it every {@link #EVERY}.
     *
     * @throws AssertionError naming {@code what} if it still does not hold after {@code timeout}
     */
    public static void until(String what, Duration timeout, Condition condition) throws Exception {
        until(what, timeout, EVERY, condition);
    }

    /** As {@link #until(String, Duration, Condition)}, checking every {@code interval}. */
    public static void until(String what, Duration timeout, Duration interval, Condition condition) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after %s waiting for: %s".formatted(human(timeout), what));
            }
            Thread.sleep(interval);
        }
    }

    private static String human(Duration timeout) {
        return timeout.toMillis() % 1_000 == 0 ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms";
    }
}
