package dev.loomscope.scenario;

import dev.loomscope.text.Text;

/** Human-readable durations for messages and tables. */
public final class Durations {

    private Durations() {
    }

    /** "850 ms", "5.2 s", "3 min 20 s", "2 h 5 min". */
    public static String humanMillis(double ms) {
        if (ms < 1_000) {
            return Text.get("duration.ms", ms);
        }
        if (ms < 60_000) {
            return Text.get("duration.s", ms / 1_000);
        }
        long s = Math.round(ms / 1_000);
        if (s < 3_600) {
            return Text.get("duration.min-s", s / 60, s % 60);
        }
        return Text.get("duration.h-min", s / 3_600, (s % 3_600) / 60);
    }
}
