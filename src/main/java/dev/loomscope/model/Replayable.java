package dev.loomscope.model;

/** Something played back on a clock: one run's replay, or a race of two on the same clock. */
public interface Replayable {

    double durationMs();

    double positionMs();

    /** Moves to {@code ms} (clamped to the duration). */
    void seek(double ms);

    default boolean atEnd() {
        return positionMs() >= durationMs();
    }
}
