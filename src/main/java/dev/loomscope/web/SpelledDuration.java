package dev.loomscope.web;

import dev.loomscope.text.Text;
import java.time.Duration;
import java.util.regex.Pattern;

/** Durations as wrk writes them: {@code 10s}, {@code 500ms}, {@code 2m}, {@code 1h}. */
public final class SpelledDuration {

    private static final Pattern SPELLED = Pattern.compile("(\\d{1,9})\\s*(ms|s|m|h)");

    private SpelledDuration() {
    }

    public static Duration parse(String text) {
        var match = SPELLED.matcher(text.strip().toLowerCase(java.util.Locale.ROOT));
        if (!match.matches()) {
            throw new IllegalArgumentException(Text.get("web.duration.bad", text));
        }
        long amount = Long.parseLong(match.group(1));
        return switch (match.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofHours(amount);
        };
    }

    public static String text(Duration duration) {
        long ms = duration.toMillis();
        return ms % 1_000 != 0 || ms == 0 ? Text.get("duration.whole-ms", ms) : ms % 60_000 != 0 ? Text.get("duration.whole-s", ms / 1_000)
                : Text.get("duration.whole-min", ms / 60_000);
    }
}
