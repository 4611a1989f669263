package dev.loomscope.model;

import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.Durations;
import dev.loomscope.scenario.JdkNeeds;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.text.Text;
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
        if (result.vm().pinnedEvents() > 0 && (!s.isWeb() || IdealTime.pins(s))) {
            String reason = result.vm().pinnedReasons().entrySet().stream().max(Map.Entry.comparingByValue())
                    .map(Map.Entry::getKey).orElse(Text.get("why.pinned.no-reason"));
            int runnerFeature = result.runner() == null ? 0 : JdkNeeds.featureOf(result.runner().javaVersion());
            if (s.blocking() == BlockingMode.SYNCHRONIZED && runnerFeature > 0 && runnerFeature < JdkNeeds.MONITORS_FREED) {
                // JDK 21 to 23 give no reason in the event: the measured JDK and the mode say it.
                reason = Text.get("why.pins.monitor", runnerFeature);
            }
            // Inside a sentence, its first letter small; the rest as JFR wrote it ("native or VM frame on stack").
            String inSentence = reason.isEmpty() ? reason : reason.substring(0, 1).toLowerCase(java.util.Locale.ROOT) + reason.substring(1);
            return Text.get("why.pinned", result.vm().pinnedEvents(), inSentence,
                    Durations.humanMillis(result.vm().pinnedMs() / result.vm().pinnedEvents()), IdealCurve.waveSize(s));
        }
        if (s.userTask() != null && s.sleepMs() + s.cpuMs() == 0) {
            // Nothing said of what the user's call takes: no perfect world to explain the run by.
            return Text.get("why.user-task", s.tasks(), s.userTask().simpleName(), Durations.humanMillis(result.elapsedMs()));
        }
        return bound(s, cores) + poolWaits(result) + overhead(result, cores);
    }

    /** A jdbc run's measured figures: the run, the tasks' waits for a connection, the pins and the carrier threads. */
    static String poolWaits(RunResult result) {
        var pool = result.dbPool();
        if (pool == null) {
            return "";
        }
        String waits = Text.get("why.pool-waits", Durations.humanMillis(result.elapsedMs()), Durations.humanMillis(pool.waitP50Ms()),
                Durations.humanMillis(pool.waitMaxMs()));
        return result.carrierPeak() < 0 ? waits + Text.get("why.pool-waits.pins", result.vm().pinnedEvents())
                : waits + Text.get("why.pool-waits.carriers", result.vm().pinnedEvents(), result.carrierPeak(), result.carriers());
    }

    /** What the perfect world says bounds this scenario, in words. */
    static String bound(Scenario s, int cores) {
        double work = s.sleepMs() + s.cpuMs();
        double ideal = IdealTime.millis(s, cores);
        double cpuBound = IdealTime.cpuBoundMillis(s, cores);
        int computing = IdealTime.computingCores(s, cores);
        if (s.cpuMs() > 0 && cpuBound >= ideal * 0.999 && cpuBound > work) {
            return Text.get("why.cpu-bound", s.tasks(), s.cpuMs(), computing, Text.get(computing == cores ? "why.cores" : "why.cores-worth"),
                    Durations.humanMillis(cpuBound));
        }
        if (s.executor().isVirtual() && IdealTime.pins(s)) {
            // Pinning is in the perfect world too: a pinned sleep holds its carrier.
            String where = switch (s.blocking()) {
                case NATIVE -> Text.get("why.pins.native");
                case CLASS_INIT -> Text.get("why.pins.class-init");
                default -> Text.get("why.pins.monitor", JdkNeeds.featureNamed(s.jdk()));
            };
            return waves(Text.get("why.who.pinning", where, IdealCurve.waveSize(s)), s.tasks(), IdealCurve.waveSize(s), work);
        }
        if (s.isWeb()) {
            return webBound(s, cores, ideal);
        }
        if (s.blocking() == dev.loomscope.scenario.BlockingMode.JDBC && s.dbPool() < waiting(s)) {
            // Fewer connections than threads that could wait: the pool sets the waves.
            return waves(Text.get("why.who.db-pool", s.dbPool()), s.tasks(), s.dbPool(), work);
        }
        return switch (s.executor()) {
            case FIXED, FORKJOIN -> waves(Text.get("why.who.pool", s.pool()), s.tasks(), s.pool(), work);
            case SINGLE -> Text.get("why.single", s.tasks(), Durations.humanMillis(work), Durations.humanMillis(ideal));
            case VIRTUAL_LIMITED -> {
                if (s.sleepMs() == 0) {
                    yield Text.get("why.limited.computing-only", Durations.humanMillis(ideal));
                }
                String sentence = waves(Text.get("why.who.semaphore", s.permits()), s.tasks(), s.permits(), s.sleepMs());
                // The waves' sentence, its full stop replaced by what comes before the waiting.
                yield s.cpuMs() == 0 ? sentence
                        : sentence.substring(0, sentence.length() - 1) + Text.get("why.limited.after-computing", s.cpuMs());
            }
            case PLATFORM -> Text.get("why.platform", s.tasks(), Durations.humanMillis(work), s.tasks());
            case VIRTUAL -> s.failAtMs() > 0
                    ? Text.get("why.virtual.failing", s.tasks(), Durations.humanMillis(work), s.failingTask(), s.failAtMs())
                    : Text.get("why.virtual", s.tasks(), Durations.humanMillis(work));
            case STRUCTURED -> s.failAtMs() > 0
                    ? Text.get("why.structured.failing", s.tasks(), s.failingTask(), s.failAtMs(), s.tasks() - 1, Durations.humanMillis(ideal))
                    : Text.get("why.structured", s.tasks(), Durations.humanMillis(work));
        };
    }

    /** How many tasks the executor lets wait at once, whatever they wait on. */
    private static int waiting(Scenario s) {
        return switch (s.executor()) {
            case FIXED, FORKJOIN -> Math.min(s.pool(), s.tasks());
            case SINGLE -> 1;
            case VIRTUAL_LIMITED -> Math.min(s.permits(), s.tasks());
            case PLATFORM, VIRTUAL, STRUCTURED -> s.tasks();
        };
    }

    /** The web experiment: the closed loop's ceiling, min(connections, served at once) / service time. */
    private static String webBound(Scenario s, int cores, double ideal) {
        var ceiling = WebTraffic.ceiling(s, cores);
        if (ceiling.isEmpty()) {
            return Text.get("why.web.no-work", s.connections());
        }
        String servers = Text.get(serversKey(s.executor()), switch (s.executor()) {
            case VIRTUAL_LIMITED -> s.permits();
            default -> s.pool();
        });
        if (ceiling.get().capped()) {
            return Text.get("why.web.capped", s.connections(), servers, ceiling.get().explain(), s.tasks(), Durations.humanMillis(ideal));
        }
        return Text.get("why.web", s.connections(), servers, ceiling.get().concurrency(), Durations.humanMillis(ceiling.get().serviceMs()),
                ceiling.get().requestsPerSecond(), s.tasks(), Durations.humanMillis(ideal));
    }

    private static String waves(String who, int tasks, int atOnce, double waveMs) {
        long waves = (tasks + atOnce - 1L) / atOnce;
        return waves == 1 ? Text.get("why.one-wave", capitalise(who), tasks, Durations.humanMillis(waveMs))
                : Text.get("why.waves", capitalise(who), waves, Durations.humanMillis(waveMs), Durations.humanMillis(waves * waveMs));
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
            named.add(Text.get("why.over.other-programs", Durations.humanMillis(parts.otherProgramsMs())));
        }
        if (parts.gcPauseMs() >= 1) {
            named.add(Text.get("why.over.gc", Durations.humanMillis(parts.gcPauseMs())));
        }
        if (parts.submitMs() >= 1) {
            named.add(Text.get("why.over.submitting", Durations.humanMillis(parts.submitMs()), submitting(result.scenario())));
        }
        if (parts.ownQueueMs() >= 1) {
            named.add(Text.get("why.over.own-queue", Durations.humanMillis(parts.ownQueueMs()), cores));
        }
        String over = Durations.humanMillis(excess);
        if (named.isEmpty()) {
            return Text.get("why.over.unexplained", over, Text.get(result.overheads().hasCpuWait()
                    ? "why.over.unexplained.measured" : "why.over.unexplained.unmeasured"));
        }
        double rest = excess - parts.totalMs();
        String list = String.join(Text.get("why.over.separator"), named)
                + (rest >= 1 ? Text.get("why.over.rest", Durations.humanMillis(rest)) : "");
        if (!byTheMachine) {
            return Text.get("why.over", over, list);
        }
        String othersCpu = Durations.humanMillis(result.otherCpuMs());
        // The service a task waits on (LoomScope's database, HTTP service or pipe writer, or the user's own
        // database) is another program to the runner: say so, rather than let "other programs" read as strangers.
        BlockingMode blocking = result.scenario().blocking();
        return blocking.needsService()
                ? Text.get("why.over.by-the-machine.served", over, list, othersCpu, Text.get("why.served." + blocking.cliName()))
                : Text.get("why.over.by-the-machine", over, list, othersCpu);
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
            // CPU wait is summed over threads; divided by the threads that shared it, it becomes
            // wall-clock time. That is the average number of the runner's runnable threads
            // ((CPU time + wait) / elapsed), or the pool's workers that can be under way at once if more
            // (IdealTime.poolWorkers: no more than its connections let through): each carries a chain of
            // tasks through the run and is delayed by its own waits alone, however long it blocks between
            // them (ten workers that mostly wait on a database average well under one runnable thread:
            // dividing by that would count each worker's wait many times over). Virtual threads behind a
            // limit are left to the runnable average: their carriers' waits delay every chain queued on them.
            double waitWall = 0;
            if (r.cpuWaitMs() > 0) {
                double runnable = (r.cpuTimeMs() + r.cpuWaitMs()) / Math.max(1e-9, r.elapsedMs());
                waitWall = r.cpuWaitMs() / Math.max(runnable, IdealTime.poolWorkers(r.scenario()));
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
            case PLATFORM -> Text.get("why.submitting.platform", s.tasks());
            case VIRTUAL -> Text.get("why.submitting.virtual", s.tasks());
            default -> Text.get("why.submitting.queue", s.tasks());
        };
    }

    /** The key of how a web run's requests are served by {@code kind}: {@code why.servers.fixed}. */
    public static String serversKey(ExecutorKind kind) {
        return "why.servers." + kind.cliName();
    }

    private static String capitalise(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
