package dev.loomscope.scenario;

/** Human-readable durations for messages and tables. */
public final class Durations {

    private Durations() {
    }

    /** "850 ms", "5.2 s", "3 min 20 s", "2 h 5 min". */
    public static String humanMillis(double ms) {
        if (ms < 1_000) {
            return "%,.0f ms".formatted(ms);
        }
        if (ms < 60_000) {
            return "%.1f s".formatted(ms / 1_000);
        }
        long s = Math.round(ms / 1_000);
        if (s < 3_600) {
            return "%d min %d s".formatted(s / 60, s % 60);
        }
        return "%d h %d min".formatted(s / 3_600, (s % 3_600) / 60);
    }
}
