package dev.loomscope.web;

import dev.loomscope.text.Text;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A request's query parameters, checked against what its route takes. Unknown names, repeated
 * names, values that are not whole numbers and values out of range are refused with a message,
 * never ignored or clamped: a typo like {@code /block?mss=300} must not silently wait 300 ms.
 */
public final class QueryParams {

    private final String route;
    private final Map<String, String> values;

    private QueryParams(String route, Map<String, String> values) {
        this.route = route;
        this.values = values;
    }

    /** Parses a raw (still encoded) query string; {@code null} or empty means no parameters. */
    public static QueryParams parse(String route, String rawQuery, Set<String> allowed) throws BadRequestException {
        var values = new LinkedHashMap<String, String>();
        if (rawQuery != null && !rawQuery.isEmpty()) {
            for (String pair : rawQuery.split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int equals = pair.indexOf('=');
                String name = decode(equals < 0 ? pair : pair.substring(0, equals));
                String value = equals < 0 ? "" : decode(pair.substring(equals + 1));
                if (!allowed.contains(name)) {
                    throw new BadRequestException(allowed.isEmpty()
                            ? Text.get("web.query.none", route, name)
                            : Text.get("web.query.unknown", name, route, String.join(", ", allowed)));
                }
                if (values.putIfAbsent(name, value) != null) {
                    throw new BadRequestException(Text.get("web.query.twice", name));
                }
            }
        }
        return new QueryParams(route, values);
    }

    /** The parameter as a whole number in {@code [min, max]}, or {@code absent} when it is not given. */
    public int intIn(String name, int absent, int min, int max) throws BadRequestException {
        String text = values.get(name);
        if (text == null) {
            return absent;
        }
        long value;
        try {
            value = Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new BadRequestException(Text.get("web.query.not-a-number", name, route, text));
        }
        if (value < min || value > max) {
            throw new BadRequestException(Text.get("web.query.range", name, route, min, max, value));
        }
        return (int) value;
    }

    private static String decode(String text) throws BadRequestException {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(Text.get("web.query.encoding", e.getMessage()));
        }
    }
}
