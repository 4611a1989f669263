package dev.loomscope.ui.open;

/** Figures as the opened file's views write them. */
final class Numbers {

    private Numbers() {
    }

    /** 1200 as "1,200", 2.5 as "2.5", 1500000 as "1.5M": short enough for an axis. */
    static String compact(double value) {
        if (value >= 1_000_000) {
            return trimmed(value / 1_000_000) + "M";
        }
        if (value >= 10_000) {
            return trimmed(value / 1_000) + "k";
        }
        return value == Math.rint(value) ? "%,d".formatted((long) value) : trimmed(value);
    }

    private static String trimmed(double value) {
        String text = "%.1f".formatted(value);
        return text.endsWith(".0") ? text.substring(0, text.length() - 2) : text;
    }

    static String count(long value) {
        return "%,d".formatted(value);
    }
}
