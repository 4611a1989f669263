package dev.loomscope.model;

import dev.loomscope.result.RunLabel;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.scenario.JdkNeeds;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.text.Text;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One setting varied over a range, every other setting fixed: {@code cpu-ms=0..40:3} is CPU per
 * task at 0, 20 and 40 ms. Each point runs every chosen executor, so a plot of elapsed against the
 * setting shows, say, the virtual-thread advantage vanishing as CPU work grows.
 *
 * @param setting  the command line's name of the varied setting
 * @param values   the points, in order, each a whole number within the setting's range
 */
public record Sweep(String setting, List<Integer> values) {

    public static final List<String> SETTINGS = List.of("tasks", "pool", "carriers", "sleep-ms", "cpu-ms", "permits", "db-pool", "jdk");

    /** What a sweep's line leaves out of its run's name: the swept setting, where the name says it ("fixed(4)"). */
    public static RunLabel.Part swept(String setting) {
        return switch (setting) {
            case "pool", "permits" -> RunLabel.Part.POOL;
            case "db-pool" -> RunLabel.Part.DB_POOL;
            case "jdk" -> RunLabel.Part.JDK;
            default -> RunLabel.Part.NONE;
        };
    }
    /** The JDK's feature release, varied as {@code jdk=21..25:2} (21 and 25): each point a JDK found here, a runner's oldest on. */
    static final Scenario.Range JDK = new Scenario.Range("jdk", JdkNeeds.OLDEST_RUNNER, 99);
    public static final int MAX_POINTS = 50;
    private static final Pattern SPEC = Pattern.compile("([a-z-]+)=(\\d{1,9})\\.\\.(\\d{1,9}):(\\d{1,9})");

    public Sweep {
        values = List.copyOf(values);
    }

    /**
     * Reads {@code setting=from..to:points}: {@code points} values evenly spread from {@code from}
     * to {@code to} (both included), rounded to whole numbers, duplicates dropped.
     *
     * @throws InvalidScenarioException naming what is wrong and what is allowed
     */
    public static Sweep parse(String spec) {
        var match = SPEC.matcher(spec.trim().toLowerCase(Locale.ROOT));
        if (!match.matches()) {
            throw new InvalidScenarioException("vary", Text.get("sweep.vary.form", spec));
        }
        String setting = match.group(1);
        if (!SETTINGS.contains(setting)) {
            throw new InvalidScenarioException("vary", Text.get("sweep.vary.settings", String.join(", ", SETTINGS), setting));
        }
        long from = Long.parseLong(match.group(2));
        long to = Long.parseLong(match.group(3));
        long points = Long.parseLong(match.group(4));
        if (points < 2 || points > MAX_POINTS) {
            throw new InvalidScenarioException("vary", Text.get("sweep.vary.points", MAX_POINTS, points));
        }
        if (to <= from) {
            throw new InvalidScenarioException("vary", Text.get("sweep.vary.range", from, to));
        }
        Scenario.Range range = rangeOf(setting);
        range.check((int) Math.min(Integer.MAX_VALUE, from));
        range.check((int) Math.min(Integer.MAX_VALUE, to));
        var values = new LinkedHashSet<Integer>();
        for (long i = 0; i < points; i++) {
            values.add((int) Math.round(from + (double) (to - from) * i / (points - 1)));
        }
        return new Sweep(setting, new ArrayList<>(values));
    }

    /** The base scenario with the varied setting at {@code value}. */
    public Scenario at(Scenario base, int value) {
        return base.with(setting, value);
    }

    /** One run of the sweep: a point, an executor. */
    public record Point(int value, Scenario scenario) {
    }

    /**
     * Every run of the sweep, point by point, the executors of each point together (so a plot
     * fills in from left to right). Every scenario is built, and so checked, before any runs.
     *
     * @throws InvalidScenarioException if a point cannot run, naming it
     */
    public List<Point> points(List<Scenario> bases, int cores) {
        return points(bases, cores, setting, value -> setting + "=" + value);
    }

    /**
     * The same, its refusals naming the setting as {@code named} and a point as {@code pointNamed} does: the window
     * says "CPU per task" and "CPU per task 40" where the command line says "cpu-ms" and "cpu-ms=40".
     */
    public List<Point> points(List<Scenario> bases, int cores, String named, java.util.function.IntFunction<String> pointNamed) {
        for (Scenario base : bases) {
            if (!applies(base)) {
                throw new InvalidScenarioException("vary", Text.get("sweep.vary.not-applied", named, base.label(),
                        setting.equals("pool") ? Text.get("sweep.vary.pool-executors") : setting.equals("permits") ? "virtual-limited" : Text.get("sweep.vary.virtual-executors")));
            }
        }
        var points = new ArrayList<Point>();
        for (int value : values) {
            for (Scenario base : bases) {
                Scenario scenario;
                try {
                    scenario = at(base, value).checkDuration(cores);
                } catch (InvalidScenarioException e) {
                    throw new InvalidScenarioException("vary", Text.get("sweep.vary.at", pointNamed.apply(value), e.getMessage()));
                }
                points.add(new Point(value, scenario));
            }
        }
        return points;
    }

    /** Whether the setting changes what this executor does (a pool size means nothing to virtual threads). */
    boolean applies(Scenario base) {
        return switch (setting) {
            case "pool" -> base.executor().usesPool();
            case "permits" -> base.executor() == dev.loomscope.scenario.ExecutorKind.VIRTUAL_LIMITED;
            case "carriers" -> base.executor().isVirtual();
            default -> true;
        };
    }

    /** The allowed values of a setting that can be swept. */
    public static Scenario.Range rangeOf(String setting) {
        return switch (setting) {
            case "tasks" -> Scenario.TASKS;
            case "pool" -> Scenario.POOL;
            case "carriers" -> Scenario.CARRIERS;
            case "sleep-ms" -> Scenario.SLEEP_MS;
            case "cpu-ms" -> Scenario.CPU_MS;
            case "jdk" -> JDK;
            default -> Scenario.PERMITS;
        };
    }
}
