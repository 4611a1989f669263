package dev.loomscope.model;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.Scenario;

/**
 * The perfect-world completion curve that ends at {@link IdealTime}: tasks finish in waves of as
 * many as can wait at once (the pool, the permits, the carriers when blocking pins, every task
 * for thread-per-task and virtual). One thread for all, hundreds of waves, or work bound by the
 * cores make a ramp.
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
            case VIRTUAL, STRUCTURED -> IdealTime.holdsCarrier(s) ? s.carriers() : s.tasks();
            case VIRTUAL_LIMITED -> IdealTime.holdsCarrier(s) ? Math.min(s.carriers(), s.permits()) : s.permits();
        };
        return Math.max(1, Math.min(size, s.tasks()));
    }

    /**
     * The curve as (time ms, completed) corner points of its steps, at most {@code maxSteps} steps.
     * Wave k ends at {@code offset + k x waveMs}: a wave lasts sleep + CPU, except behind a
     * semaphore, where only the sleeps queue for permits (each task's CPU comes first, in parallel).
     * When the cores, not the waves, set the ideal time (CPU-heavy work), tasks finish as the
     * cores get through them: a ramp.
     */
    public static CompletionCurve.Points points(Scenario s, double idealMs, int maxSteps) {
        int tasks = s.tasks();
        int waveSize = waveSize(s);
        int waves = (tasks + waveSize - 1) / waveSize;
        boolean permitsQueueSleepsOnly = s.executor() == ExecutorKind.VIRTUAL_LIMITED && !IdealTime.holdsCarrier(s);
        double offset = permitsQueueSleepsOnly ? s.cpuMs() : 0;
        double waveMs = permitsQueueSleepsOnly ? s.sleepMs() : IdealTime.cancelsEarly(s) ? IdealTime.endOfFailure(s) : s.sleepMs() + s.cpuMs();
        boolean coreBound = offset + waves * waveMs < idealMs * 0.999;
        if (waves > maxSteps || coreBound || waveMs == 0) {
            return new CompletionCurve.Points(new double[] {0, idealMs}, new double[] {0, tasks}, 2);
        }
        var times = new double[2 * waves + 1];
        var done = new double[2 * waves + 1];
        int p = 1;
        for (int w = 1; w <= waves; w++) {
            double end = offset + w * waveMs;
            times[p] = end;
            done[p++] = Math.min(tasks, (long) (w - 1) * waveSize);
            times[p] = end;
            done[p++] = Math.min(tasks, (long) w * waveSize);
        }
        return new CompletionCurve.Points(times, done, p);
    }
}
