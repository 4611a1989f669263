package dev.loomscope.scenario;

/**
 * The "perfect world" time of a scenario: no scheduling cost, no thread start-up, no contention.
 *
 * <pre>
 *   max( ceil(tasks / threads) x (sleep + cpu),   waves of the threads that can hold a task
 *        tasks x cpu / cores,                     CPU work spread over the cores that can run it
 *        sleep + cpu )                            one task on its own
 * </pre>
 * threads = the pool for fixed and ForkJoinPool, 1 for single, tasks for thread-per-task and
 * virtual; cores = the machine's cores, no more than the threads (or carriers) able to run.
 * Two executors change the waves: virtual-limited passes its sleeps through {@code permits} at a
 * time, and a virtual thread that pins (native, class-init) or reads a pipe (file) keeps its carrier while it waits, so
 * only {@code carriers} tasks wait at once. In the web experiment a closed loop of
 * {@code connections} clients has at most that many requests out, so threads is at most that.
 * A structured scope with a failing subtask ends when that subtask fails (fail-at-ms after its
 * computing): the scope cancels the rest. With jdbc blocking, no more than the pool's
 * {@code dbPool} connections wait on the database at once.
 */
public final class IdealTime {

    private IdealTime() {
    }

    public static double millis(Scenario s, int cores) {
        double work = s.sleepMs() + s.cpuMs();
        double waves = switch (s.executor()) {
            case FIXED, FORKJOIN -> waves(s.tasks(), held(s, s.pool())) * work;
            case SINGLE -> (double) s.tasks() * work;
            case PLATFORM -> waves(s.tasks(), held(s, s.tasks())) * work;
            case VIRTUAL -> waves(s.tasks(), held(s, holdsCarrier(s) ? s.carriers() : s.tasks())) * work;
            // A failing subtask cancels the scope: the others end when it fails.
            case STRUCTURED -> waves(s.tasks(), held(s, holdsCarrier(s) ? s.carriers() : s.tasks())) * (cancelsEarly(s) ? endOfFailure(s) : work);
            case VIRTUAL_LIMITED -> holdsCarrier(s)
                    ? waves(s.tasks(), held(s, Math.min(s.carriers(), s.permits()))) * work
                    : waves(s.tasks(), held(s, s.permits())) * s.sleepMs() + s.cpuMs();
        };
        return Math.max(waves, Math.max(cpuBoundMillis(s, cores), cancelsEarly(s) ? endOfFailure(s) : work));
    }

    /** The perfect world if every wait frees its carrier, whatever this scenario's kind of blocking does. */
    public static double millisIfFreed(Scenario s, int cores) {
        return millis(holdsCarrier(s) ? s.toBuilder().withBlocking(BlockingMode.SLEEP).build() : s, cores);
    }

    /** The perfect world if every wait keeps its carrier, so only the carriers' worth of tasks wait at once. */
    public static double millisIfHeld(Scenario s, int cores) {
        return Math.max(millisIfFreed(s, cores), millis(s.toBuilder().withBlocking(BlockingMode.NATIVE).build(), cores));
    }

    /**
     * Whether a failing subtask ends the run early: a structured scope cancels its other subtasks,
     * interrupting their waits (a wait pinned in a native frame or class initializer cannot be).
     */
    public static boolean cancelsEarly(Scenario s) {
        return s.executor() == ExecutorKind.STRUCTURED && s.failAtMs() > 0 && !pins(s);
    }

    /** When the failing task fails: after its computing, fail-at-ms into its wait. */
    public static double endOfFailure(Scenario s) {
        return s.cpuMs() + s.failAtMs();
    }

    /** All the tasks' computing spread over the cores that can run it (no more than the threads or carriers). */
    public static double cpuBoundMillis(Scenario s, int cores) {
        return (double) s.tasks() * s.cpuMs() / computingCores(s, cores);
    }

    /** How many cores can compute at once for this scenario. */
    public static int computingCores(Scenario s, int cores) {
        int runnable = switch (s.executor()) {
            case FIXED, FORKJOIN -> s.pool();
            case SINGLE -> 1;
            case PLATFORM -> s.tasks();
            case VIRTUAL, VIRTUAL_LIMITED, STRUCTURED -> Math.min(s.tasks(), s.carriers());
        };
        return Math.max(1, Math.min(cores, sent(s, runnable)));
    }

    /**
     * The threads of a pool that each run task after task for the whole run (fixed, forkjoin, single),
     * as many as can have a task at once; 0 for a thread or virtual thread per task, where no thread
     * carries a chain of tasks from the run's start to its end.
     */
    public static int poolWorkers(Scenario s) {
        return switch (s.executor()) {
            // As many as can be under way at once: a pool of 200 behind 10 connections carries 10 chains, not 200.
            case FIXED, FORKJOIN -> held(s, Math.min(s.pool(), s.tasks()));
            case SINGLE -> 1;
            case PLATFORM, VIRTUAL, VIRTUAL_LIMITED, STRUCTURED -> 0;
        };
    }

    /** Tasks that can be out at once: the threads, or fewer when a closed loop of connections sends them. */
    private static int sent(Scenario s, int threads) {
        return s.isWeb() ? Math.min(threads, s.connections()) : threads;
    }

    /** Tasks that can wait at once: those sent, and no more than the connection pool holds for jdbc. */
    private static int held(Scenario s, int threads) {
        int out = sent(s, threads);
        return s.blocking() == BlockingMode.JDBC ? Math.min(out, s.dbPool()) : out;
    }

    /**
     * Whether a virtual thread waiting this way keeps its carrier on JDK 25: the pinning modes, and a
     * read of a named pipe (a plain system call the scheduler does not compensate for, and no pin to JFR).
     */
    public static boolean holdsCarrier(BlockingMode mode) {
        return pins(mode) || mode == BlockingMode.FILE;
    }

    /** Whether this scenario's virtual threads keep their carriers while they wait: on its JDK, in its blocking mode. */
    public static boolean holdsCarrier(Scenario s) {
        return holdsCarrier(s.blocking()) || JdkNeeds.monitorPins(s);
    }

    /** Whether this scenario's virtual threads pin (JFR reports it): the modes that pin on JDK 24+, and synchronized before 24. */
    public static boolean pins(Scenario s) {
        return pins(s.blocking()) || JdkNeeds.monitorPins(s);
    }

    /** Whether a virtual thread blocking this way pins its carrier on JDK 24+ (JFR reports it). */
    public static boolean pins(BlockingMode mode) {
        return mode == BlockingMode.NATIVE || mode == BlockingMode.CLASS_INIT;
    }

    private static long waves(long tasks, long threads) {
        return (tasks + threads - 1) / threads;
    }
}
