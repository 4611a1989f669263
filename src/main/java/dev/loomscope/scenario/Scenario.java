package dev.loomscope.scenario;

import dev.loomscope.protocol.RunnerArgs;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run: which executor, how many tasks, and what each task does.
 *
 * <p>Each task first computes for {@code cpuMs} (calibrated prime counting), then blocks for
 * {@code sleepMs} in the given {@link BlockingMode}. {@code pool} applies to fixed and ForkJoinPool,
 * {@code permits} to virtual-limited (a semaphore around the blocking part), {@code carriers} to the
 * virtual-thread scheduler of the runner JVM. With {@code threadLocalKb} above 0, each task first
 * takes an "expensive" object of that size from a {@link ThreadLocal} cache, which creates one per
 * thread: the ThreadLocal trap (a pool reuses a few, a virtual thread per task makes one per task).
 *
 * <p>With {@code connections} above 0 the run is the web experiment: the runner starts an HTTP
 * service whose requests run on the executor, and a closed-loop load of that many connections sends
 * each task as one request ({@code dev.loomscope.web}). With 0, every task is submitted at once.
 */
public record Scenario(ExecutorKind executor, int tasks, int pool, int carriers, int sleepMs, int cpuMs,
                       BlockingMode blocking, int permits, int threadLocalKb, int connections) {

    public static final Range TASKS = new Range("tasks", 1, 10_000_000);
    public static final Range POOL = new Range("pool", 1, 100_000);
    public static final Range FORKJOIN_POOL = new Range("pool", 1, 32_767);
    public static final Range CARRIERS = new Range("carriers", 1, 256);
    public static final Range SLEEP_MS = new Range("sleep-ms", 0, 60_000);
    public static final Range CPU_MS = new Range("cpu-ms", 0, 60_000);
    public static final Range PERMITS = new Range("permits", 1, 100_000);
    public static final Range THREAD_LOCAL_KB = new Range("thread-local-kb", 0, 1_024);
    /** Clients of the web experiment; 0 for a plain run. */
    public static final Range CONNECTIONS = new Range("connections", 0, 10_000);
    /** Requests of a web run at most: each is a real HTTP exchange, and the window keeps every latency. */
    public static final int MAX_WEB_REQUESTS = 100_000;
    /** A virtual thread per task may hold every task's object at once: this much in all, at most. */
    public static final long MAX_THREAD_LOCAL_KB_IN_ALL = 2L * 1_024 * 1_024;
    /** A run whose ideal time exceeds this is refused: nobody waits that long at a slider. */
    public static final long MAX_IDEAL_MS = 60 * 60 * 1000;

    /** An inclusive range of allowed values, named as the command line names the setting. */
    public record Range(String field, int min, int max) {
        public void check(int value) {
            if (value < min || value > max) {
                throw new InvalidScenarioException(field, "%s must be between %,d and %,d (got %,d)".formatted(field, min, max, value));
            }
        }
    }

    /** Validates every field; throws {@link InvalidScenarioException} naming the first one at fault. */
    public Scenario {
        if (executor == null) {
            throw new InvalidScenarioException("executor", "executor is required; one of " + ExecutorKind.names());
        }
        if (blocking == null) {
            throw new InvalidScenarioException("blocking", "blocking is required; one of " + BlockingMode.names());
        }
        TASKS.check(tasks);
        (executor == ExecutorKind.FORKJOIN ? FORKJOIN_POOL : POOL).check(pool);
        CARRIERS.check(carriers);
        SLEEP_MS.check(sleepMs);
        CPU_MS.check(cpuMs);
        PERMITS.check(permits);
        THREAD_LOCAL_KB.check(threadLocalKb);
        CONNECTIONS.check(connections);
        if (connections > 0 && tasks > MAX_WEB_REQUESTS) {
            throw new InvalidScenarioException("tasks", "a web run sends at most %,d requests (got %,d tasks)".formatted(MAX_WEB_REQUESTS, tasks));
        }
        if ((long) threadLocalKb * tasks > MAX_THREAD_LOCAL_KB_IN_ALL) {
            throw new InvalidScenarioException("thread-local-kb", ("%,d tasks x %,d KB of ThreadLocal objects is %,d MB, more than a runner's "
                    + "heap can hold at once (limit %,d MB): use fewer tasks or a smaller object").formatted(tasks, threadLocalKb,
                    (long) threadLocalKb * tasks / 1_024, MAX_THREAD_LOCAL_KB_IN_ALL / 1_024));
        }
        if (blocking != BlockingMode.SLEEP && sleepMs == 0) {
            throw new InvalidScenarioException("sleep-ms", "blocking " + blocking.cliName() + " needs sleep-ms of at least 1 (got 0)");
        }
    }

    /** A plain run (every task submitted at once). */
    public Scenario(ExecutorKind executor, int tasks, int pool, int carriers, int sleepMs, int cpuMs, BlockingMode blocking, int permits,
                    int threadLocalKb) {
        this(executor, tasks, pool, carriers, sleepMs, cpuMs, blocking, permits, threadLocalKb, 0);
    }

    /** A plain run without a ThreadLocal cache. */
    public Scenario(ExecutorKind executor, int tasks, int pool, int carriers, int sleepMs, int cpuMs, BlockingMode blocking, int permits) {
        this(executor, tasks, pool, carriers, sleepMs, cpuMs, blocking, permits, 0);
    }

    /** This scenario with each task taking an object of {@code kb} KB from a ThreadLocal cache (0: none). */
    public Scenario withThreadLocalKb(int kb) {
        return new Scenario(executor, tasks, pool, carriers, sleepMs, cpuMs, blocking, permits, kb, connections);
    }

    /** This scenario as the web experiment with that many connections (0: a plain run). */
    public Scenario withConnections(int count) {
        return new Scenario(executor, tasks, pool, carriers, sleepMs, cpuMs, blocking, permits, threadLocalKb, count);
    }

    /** Whether tasks are HTTP requests sent by a closed-loop load (the web experiment). */
    public boolean isWeb() {
        return connections > 0;
    }

    /** The defaults of the classic experiment: 10,000 tasks sleeping 100 ms, pool 200. */
    public static Scenario defaults(ExecutorKind executor) {
        return new Scenario(executor, 10_000, 200, Runtime.getRuntime().availableProcessors(), 100, 0, BlockingMode.SLEEP, 20);
    }

    /** Checks that the run is not absurdly long for the machine it runs on. */
    public Scenario checkDuration(int cores) {
        long idealMs = (long) IdealTime.millis(this, cores);
        if (idealMs > MAX_IDEAL_MS) {
            throw new InvalidScenarioException("tasks",
                    "%s would take at least %s even in a perfect world (limit 1 h): use fewer tasks, a shorter sleep or less CPU"
                            .formatted(label(), Durations.humanMillis(idealMs)));
        }
        return this;
    }

    public Scenario withExecutor(ExecutorKind kind) {
        return new Scenario(kind, tasks, pool, carriers, sleepMs, cpuMs, blocking, permits, threadLocalKb, connections);
    }

    /**
     * This scenario with one setting changed, named as the command line names it ({@code cpu-ms});
     * the result is checked like any scenario.
     */
    public Scenario with(String setting, int value) {
        var map = asMap();
        if (!map.containsKey(setting) || setting.equals("executor") || setting.equals("blocking")) {
            throw new InvalidScenarioException(setting, "no numeric setting named " + setting);
        }
        map.put(setting, Integer.toString(value));
        return from(new RunnerArgs(map));
    }

    /** "fixed(200)", "virtual", "virtual-limited(20)": how tables and charts name the run. */
    public String label() {
        return switch (executor) {
            case FIXED, FORKJOIN -> executor.cliName() + "(" + pool + ")";
            case VIRTUAL_LIMITED -> executor.cliName() + "(" + permits + ")";
            default -> executor.cliName();
        };
    }

    /** The scenario as {@code key=value} arguments for the runner JVM. */
    public List<String> toArgs() {
        return RunnerArgs.format(asMap());
    }

    public Map<String, String> asMap() {
        var map = new LinkedHashMap<String, String>();
        map.put("executor", executor.cliName());
        map.put("tasks", Integer.toString(tasks));
        map.put("pool", Integer.toString(pool));
        map.put("carriers", Integer.toString(carriers));
        map.put("sleep-ms", Integer.toString(sleepMs));
        map.put("cpu-ms", Integer.toString(cpuMs));
        map.put("blocking", blocking.cliName());
        map.put("permits", Integer.toString(permits));
        map.put("thread-local-kb", Integer.toString(threadLocalKb));
        map.put("connections", Integer.toString(connections));
        return map;
    }

    /** Reads what {@link #toArgs()} wrote. */
    public static Scenario fromArgs(List<String> args) {
        return from(RunnerArgs.parse(args));
    }

    /** Takes the scenario's keys; other keys (the run's options, the channel's) are not its business. */
    public static Scenario from(RunnerArgs args) {
        return new Scenario(ExecutorKind.fromCliName(args.required("executor")), args.intOf("tasks"), args.intOf("pool"),
                args.intOf("carriers"), args.intOf("sleep-ms"), args.intOf("cpu-ms"),
                BlockingMode.fromCliName(args.required("blocking")), args.intOf("permits"), args.intOf("thread-local-kb", 0),
                args.intOf("connections", 0));
    }
}
