package dev.loomscope.model;

import dev.loomscope.scenario.Durations;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Scenario;
import java.util.Map;

/**
 * One plain sentence saying why a run took as long as it did, for learners: "200 threads -> 50
 * waves x 100 ms = about 5 s". The rules follow the perfect-world model ({@link IdealTime}): what
 * bounds the run (waves of threads, the cores, one thread, a semaphore), then what the JDK added
 * (pinning), then what the measured overheads took: waiting for a CPU, GC pauses, submitting.
 */
public final class Explanation {

    private Explanation() {
    }

    public static String of(RunResult result, int cores) {
        Scenario s = result.scenario();
        if (result.outcome() != RunResult.Outcome.COMPLETED) {
            return result.message();
        }
        // A web run's few short pins (if any) come from serving HTTP, not from the tasks' blocking: the closed loop explains it.
        if (result.vm().pinnedEvents() > 0 && (!s.isWeb() || IdealTime.pins(s.blocking()))) {
            String reason = result.vm().pinnedReasons().entrySet().stream().max(Map.Entry.comparingByValue())
                    .map(Map.Entry::getKey).orElse("blocking");
            return "Pinned: %,d times a virtual thread kept its carrier while it blocked (%s), %s each on average, so only %d tasks could wait at once."
                    .formatted(result.vm().pinnedEvents(), reason.toLowerCase(java.util.Locale.ROOT),
                            Durations.humanMillis(result.vm().pinnedMs() / result.vm().pinnedEvents()), IdealCurve.waveSize(s));
        }
        if (s.userTask() != null && s.sleepMs() + s.cpuMs() == 0) {
            // Nothing said of what the user's call takes: no perfect world to explain the run by.
            return "Your task: %,d calls of %s.call() took %s; set Sleep and CPU per task to what one call takes for a perfect world to compare with."
                    .formatted(s.tasks(), s.userTask().simpleName(), Durations.humanMillis(result.elapsedMs()));
        }
        return bound(s, cores) + overhead(result, cores);
    }

    /** What the perfect world says bounds this scenario, in words. */
    static String bound(Scenario s, int cores) {
        double work = s.sleepMs() + s.cpuMs();
        double ideal = IdealTime.millis(s, cores);
        double cpuBound = IdealTime.cpuBoundMillis(s, cores);
        int computing = IdealTime.computingCores(s, cores);
        if (s.cpuMs() > 0 && cpuBound >= ideal * 0.999 && cpuBound > work) {
            return "CPU-bound: %,d tasks x %d ms of computing on %d %s = about %s, whatever the threads."
                    .formatted(s.tasks(), s.cpuMs(), computing, computing == cores ? "cores" : "cores' worth of threads",
                            Durations.humanMillis(cpuBound));
        }
        if (s.executor().isVirtual() && IdealTime.pins(s.blocking())) {
            // Pinning is in the perfect world too: a pinned sleep holds its carrier.
            return waves("blocking in %s pins: %d carriers".formatted(s.blocking() == dev.loomscope.scenario.BlockingMode.NATIVE
                    ? "a native frame" : "a class initializer", IdealCurve.waveSize(s)), s.tasks(), IdealCurve.waveSize(s), work);
        }
        if (s.isWeb()) {
            return webBound(s, cores, ideal);
        }
        return switch (s.executor()) {
            case FIXED, FORKJOIN -> waves(s.pool() + " threads", s.tasks(), s.pool(), work);
            case SINGLE -> "One thread: %,d tasks one after another x %s = about %s.".formatted(s.tasks(), Durations.humanMillis(work),
                    Durations.humanMillis(ideal));
            case VIRTUAL_LIMITED -> {
                if (s.sleepMs() == 0) {
                    yield "A virtual thread per task, computing only: the semaphore has no wait to limit, about %s."
                            .formatted(Durations.humanMillis(ideal));
                }
                String sentence = waves("the semaphore's " + s.permits() + " permits", s.tasks(), s.permits(), s.sleepMs());
                yield s.cpuMs() == 0 ? sentence
                        : sentence.substring(0, sentence.length() - 1) + ", after %d ms of computing each.".formatted(s.cpuMs());
            }
            case PLATFORM -> "A platform thread per task: all %,d wait at once, about %s, plus the cost of starting %,d OS threads."
                    .formatted(s.tasks(), Durations.humanMillis(work), s.tasks());
            case VIRTUAL -> s.failAtMs() > 0
                    ? ("A virtual thread per task: all %,d wait at once, about %s. Task %,d fails at %d ms, and the others, nothing to it, "
                    + "wait on to their end.").formatted(s.tasks(), Durations.humanMillis(work), s.failingTask(), s.failAtMs())
                    : "A virtual thread per task: all %,d wait at once, about %s; waiting virtual threads hold no carrier."
                    .formatted(s.tasks(), Durations.humanMillis(work));
            case STRUCTURED -> s.failAtMs() > 0
                    ? ("A scope forks %,d subtasks, a virtual thread each. Subtask %,d fails at %d ms, so the scope is cancelled and "
                    + "the %,d others are interrupted then: about %s.").formatted(s.tasks(), s.failingTask(), s.failAtMs(), s.tasks() - 1,
                            Durations.humanMillis(ideal))
                    : "A scope forks %,d subtasks, a virtual thread each: all wait at once, about %s, and the scope joins them."
                    .formatted(s.tasks(), Durations.humanMillis(work));
        };
    }

    /** The web experiment: the closed loop's ceiling, min(connections, served at once) / service time. */
    private static String webBound(Scenario s, int cores, double ideal) {
        var ceiling = WebTraffic.ceiling(s, cores);
        if (ceiling.isEmpty()) {
            return "%,d connections in a closed loop, requests with no work to time: as fast as HTTP goes.".formatted(s.connections());
        }
        String servers = switch (s.executor()) {
            case FIXED, FORKJOIN -> s.pool() + " pool threads";
            case SINGLE -> "one thread";
            case PLATFORM -> "a platform thread per request";
            case VIRTUAL -> "a virtual thread per request";
            case VIRTUAL_LIMITED -> "virtual threads behind " + s.permits() + " permits";
            case STRUCTURED -> "a structured scope";
        };
        if (ceiling.get().capped()) {
            return "%,d connections in a closed loop, served by %s: at most %s, so %,d requests take about %s."
                    .formatted(s.connections(), servers, ceiling.get().explain(), s.tasks(), Durations.humanMillis(ideal));
        }
        return "%,d connections in a closed loop, served by %s: %,d requests at a time x %s = at most %,.0f requests/s, so %,d requests take about %s."
                .formatted(s.connections(), servers, ceiling.get().concurrency(), Durations.humanMillis(ceiling.get().serviceMs()),
                        ceiling.get().requestsPerSecond(), s.tasks(), Durations.humanMillis(ideal));
    }

    private static String waves(String who, int tasks, int atOnce, double waveMs) {
        long waves = (tasks + atOnce - 1L) / atOnce;
        return waves == 1 ? "%s take all %,d tasks at once: one wave of %s.".formatted(capitalise(who), tasks, Durations.humanMillis(waveMs))
                : "%s -> %,d waves x %s = about %s.".formatted(capitalise(who), waves, Durations.humanMillis(waveMs),
                Durations.humanMillis(waves * waveMs));
    }

    /**
     * How far over the perfect world the run came, when it is worth a word, and what of it was
     * measured: waiting for a CPU (held by other programs, or by the run's own threads), GC
     * pauses, submitting. The rest is left unexplained rather than guessed.
     */
    static String overhead(RunResult result, int cores) {
        double excess = result.elapsedMs() - result.idealMs();
        if (excess <= 0) {
            return "";
        }
        var parts = OverheadParts.of(result, cores);
        boolean byTheMachine = parts.otherProgramsMs() >= excess / 2;
        if (result.overhead() <= 0.5 && !(byTheMachine && result.overhead() > 0.05)) {
            return "";
        }
        var named = new java.util.ArrayList<String>();
        if (parts.otherProgramsMs() >= 1) {
            named.add("%s waiting for a CPU that other programs held".formatted(Durations.humanMillis(parts.otherProgramsMs())));
        }
        if (parts.gcPauseMs() >= 1) {
            named.add("%s in GC pauses".formatted(Durations.humanMillis(parts.gcPauseMs())));
        }
        if (parts.submitMs() >= 1) {
            named.add("%s submitting (%s)".formatted(Durations.humanMillis(parts.submitMs()), submitting(result.scenario())));
        }
        if (parts.ownQueueMs() >= 1) {
            named.add("%s with its own threads waiting for the %d cores behind each other"
                    .formatted(Durations.humanMillis(parts.ownQueueMs()), cores));
        }
        String over = Durations.humanMillis(excess);
        if (named.isEmpty()) {
            return " It took %s more than that, not broken down: %s.".formatted(over, result.overheads().hasCpuWait()
                    ? "no measured wait for a CPU, GC pause or submitting accounts for it" : "this system does not report waits for a CPU");
        }
        double rest = excess - parts.totalMs();
        String list = String.join(", ", named) + (rest >= 1 ? "; the remaining %s is not broken down".formatted(Durations.humanMillis(rest)) : "");
        return byTheMachine
                ? " This run was slowed by the machine, not the executor: of the %s over the perfect world, %s (other programs used %s of CPU meanwhile)."
                        .formatted(over, list, Durations.humanMillis(result.otherCpuMs()))
                : " Of the %s over the perfect world: %s.".formatted(over, list);
    }

    /**
     * The measured parts of a run's excess over the perfect world, in wall-clock milliseconds, in the
     * order they are told; each is capped at what the earlier ones left, so together they never
     * exceed the excess (they can overlap: a GC pause during submitting lengthens both).
     */
    record OverheadParts(double otherProgramsMs, double gcPauseMs, double submitMs, double ownQueueMs) {

        double totalMs() {
            return otherProgramsMs + gcPauseMs + submitMs + ownQueueMs;
        }

        static OverheadParts of(RunResult r, int cores) {
            double left = Math.max(0, r.elapsedMs() - r.idealMs());
            // CPU wait is summed over threads; divided by the average number of the runner's
            // runnable threads ((CPU time + wait) / elapsed), it becomes wall-clock time.
            double waitWall = 0;
            if (r.cpuWaitMs() > 0) {
                waitWall = r.cpuWaitMs() * r.elapsedMs() / (r.cpuTimeMs() + r.cpuWaitMs());
            }
            // Other programs can have taken at most their CPU time spread over the cores.
            double byOthers = r.otherCpuMs() >= 0 ? Math.min(waitWall, r.otherCpuMs() / Math.max(1, cores)) : 0;
            double others = Math.min(left, byOthers);
            left -= others;
            double gc = Math.min(left, Math.max(0, r.vm().gcPauseMs()));
            left -= gc;
            // The last task cannot end before it was submitted and did its work.
            Scenario s = r.scenario();
            double submitDelay = r.submitMs() >= 0 && !s.isWeb() ? Math.max(0, r.submitMs() + s.sleepMs() + s.cpuMs() - r.idealMs()) : 0;
            double submit = Math.min(left, submitDelay);
            left -= submit;
            double own = Math.min(left, waitWall - byOthers);
            return new OverheadParts(others, gc, submit, own);
        }
    }

    private static String submitting(Scenario s) {
        return switch (s.executor()) {
            case PLATFORM -> "starting %,d platform threads".formatted(s.tasks());
            case VIRTUAL -> "starting %,d virtual threads".formatted(s.tasks());
            default -> "queueing %,d tasks".formatted(s.tasks());
        };
    }

    private static String capitalise(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
