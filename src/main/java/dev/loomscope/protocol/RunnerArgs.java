package dev.loomscope.protocol;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runner JVM's command line: {@code key=value} words, read once into a map that the channel,
 * the scenario and its run options each take their keys from.
 */
public record RunnerArgs(Map<String, String> values) {

    public static RunnerArgs parse(List<String> args) {
        var values = new LinkedHashMap<String, String>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected key=value, got '" + arg + "'");
            }
            values.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        return new RunnerArgs(values);
    }

    public static List<String> format(Map<String, String> values) {
        return values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
    }

    public String required(String key) {
        String value = values.get(key);
        if (value == null) {
            throw new IllegalArgumentException("missing " + key);
        }
        return value;
    }

    public int intOf(String key) {
        return Integer.parseInt(required(key));
    }

    public int intOf(String key, int absent) {
        String value = values.get(key);
        return value == null ? absent : Integer.parseInt(value);
    }

    /** The value, or null when the key is absent. */
    public String optional(String key) {
        return values.get(key);
    }
}
