package dev.loomscope.model;

import dev.loomscope.engine.IdealTime;
import dev.loomscope.engine.Scenario;

/**
 * The perfect-world completion curve that ends at {@link IdealTime}: tasks finish in waves of as
 * many as can wait at once (the pool, the permits, the carriers when blocking pins, every task
 * for thread-per-task and virtual), evenly spread up to the ideal time. One thread for all, or
 * hundreds of waves, make a ramp.
 */
public final class IdealCurve {

    private IdealCurve() {
    }

    /** How many tasks finish together in the perfect world. */
    public static int waveSize(Scenario s) {
        int size = switch (s.executor()) {
            case FIXED, FORKJOIN -> s.pool();
            case SINGLE -> 1;
            case PLATFORM -> s.tasks();
            case VIRTUAL -> IdealTime.pins(s.blocking()) ? s.carriers() : s.tasks();
            case VIRTUAL_LIMITED -> IdealTime.pins(s.blocking()) ? Math.min(s.carriers(), s.permits()) : s.permits();
        };
        return Math.max(1, Math.min(size, s.tasks()));
    }

    /** The curve as (time ms, completed) corner points of its steps, at most {@code maxSteps} steps. */
    public static CompletionCurve.Points points(Scenario s, double idealMs, int maxSteps) {
        int tasks = s.tasks();
        int waves = (tasks + waveSize(s) - 1) / waveSize(s);
        if (waves > maxSteps) {
            return new CompletionCurve.Points(new double[] {0, idealMs}, new double[] {0, tasks}, 2);
        }
        double waveMs = idealMs / waves;
        var times = new double[2 * waves + 1];
        var done = new double[2 * waves + 1];
        int p = 1;
        for (int w = 1; w <= waves; w++) {
            double previous = Math.min(tasks, (long) (w - 1) * waveSize(s));
            times[p] = w * waveMs;
            done[p++] = previous;
            times[p] = w * waveMs;
            done[p++] = Math.min(tasks, (long) w * waveSize(s));
        }
        return new CompletionCurve.Points(times, done, p);
    }
}
