package dev.loomscope.scenario;

import dev.loomscope.protocol.RunnerArgs;
import dev.loomscope.text.Text;
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
 * With {@code sharing} {@link Sharing#SCOPED_VALUE}, one object is made and each task runs with it
 * bound to a ScopedValue instead: what replaces the cache.
 *
 * <p>With {@code connections} above 0 the run is the web experiment: the runner starts an HTTP
 * service whose requests run on the executor, and a closed-loop load of that many connections sends
 * each task as one request ({@code dev.loomscope.web}). With 0, every task is submitted at once.
 *
 * <p>With {@code failAtMs} above 0, one task (the middle one) fails that far into its wait. On the
 * {@link ExecutorKind#STRUCTURED} executor the failure cancels the scope, so the tasks still waiting
 * are cancelled; on any other executor they wait on to their end, as unrelated tasks do.
 *
 * <p>{@code jdk} names the JDK the runner runs on ("21", "25", "21.0.8" or a JDK folder; "" for the
 * one LoomScope runs on), which the launching process resolves ({@code launcher.Jdks}); what needs a
 * later JDK is refused there ({@link JdkNeeds}).
 *
 * <p>With a {@link UserTask}, each task runs the user's own compiled code instead; {@code sleepMs}
 * and {@code cpuMs} then only say what each task is expected to take, for the perfect-world line.
 */
public record Scenario(ExecutorKind executor, int tasks, int pool, int carriers, int sleepMs, int cpuMs,
                       BlockingMode blocking, int permits, int threadLocalKb, int connections, Sharing sharing, int failAtMs, int dbPool,
                       UserTask userTask, String jdk) {

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
                throw new InvalidScenarioException(field, Text.get("scenario.range", field, min, max, value));
            }
        }
    }

    /** Validates every field; throws {@link InvalidScenarioException} naming the first one at fault. */
    public Scenario {
        if (executor == null) {
            throw new InvalidScenarioException("executor", Text.get("scenario.executor-required", ExecutorKind.names()));
        }
        if (blocking == null) {
            throw new InvalidScenarioException("blocking", Text.get("scenario.blocking-required", BlockingMode.names()));
        }
        if (sharing == null) {
            sharing = Sharing.THREAD_LOCAL;
        }
        jdk = jdk == null ? "" : jdk.strip();
        if (userTask != null) {
            UserTask.checkAlone(connections, blocking, failAtMs, threadLocalKb);
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
            throw new InvalidScenarioException("tasks", Text.get("scenario.web-requests", MAX_WEB_REQUESTS, tasks));
        }
        if ((long) threadLocalKb * tasks > MAX_THREAD_LOCAL_KB_IN_ALL) {
            throw new InvalidScenarioException("thread-local-kb", Text.get("scenario.thread-local-heap", tasks, threadLocalKb,
                    (long) threadLocalKb * tasks / 1_024, MAX_THREAD_LOCAL_KB_IN_ALL / 1_024));
        }
        if (blocking != BlockingMode.SLEEP && sleepMs == 0) {
            throw new InvalidScenarioException("sleep-ms", Text.get("scenario.sleep-needed", blocking.cliName()));
        }
        DB_POOL.check(dbPool);
        if (blocking == BlockingMode.FILE && tasks > MAX_FILE_TASKS) {
            throw new InvalidScenarioException("tasks", Text.get("scenario.file-tasks", MAX_FILE_TASKS, tasks));
        }
        FAIL_AT_MS.check(failAtMs);
        if (failAtMs > 0 && failAtMs >= sleepMs) {
            throw new InvalidScenarioException("fail-at-ms", Text.get("scenario.fail-within-wait", sleepMs, failAtMs));
        }
        if (failAtMs > 0 && connections > 0) {
            throw new InvalidScenarioException("fail-at-ms", Text.get("scenario.web-no-fail"));
        }
        if (executor == ExecutorKind.STRUCTURED && connections > 0) {
            throw new InvalidScenarioException("executor", Text.get("scenario.structured-no-web"));
        }
    }

    /** This scenario with each task running the user's own code (null: LoomScope's sleep and computing). */
    public Scenario withUserTask(UserTask task) {
        return toBuilder().withUserTask(task).build();
    }

    /** Connections of the jdbc mode's pool; a service's pool is often 10 (HikariCP's own default). */
    public static final Range DB_POOL = new Range("db-pool", 1, 10_000);
    public static final int DEFAULT_DB_POOL = 10;
    /** The file mode gives each task a named pipe of its own: this many at most in one run. */
    public static final int MAX_FILE_TASKS = 20_000;

    /** How far into its wait the failing task fails, when one does: within the wait, and not in a web run. */
    public static final Range FAIL_AT_MS = new Range("fail-at-ms", 0, 60_000);

    /** Carriers a scenario gets unless told: a 2-core machine's, fixed so that {@link #of} never depends on this machine. */
    public static final int DEFAULT_CARRIERS = 2;

    /**
     * A scenario to build from the classic experiment's settings: 10,000 tasks sleeping 100 ms,
     * pool 200, {@link #DEFAULT_CARRIERS} carriers, no CPU work, 20 permits, no ThreadLocal cache, a
     * plain run. Name only what differs: {@code Scenario.of(FIXED).withTasks(4).withPool(2).build()}.
     * Nothing is checked until {@link Builder#build()}, so the order of the steps never matters.
     */
    public static Builder of(ExecutorKind executor) {
        return new Builder(executor, 10_000, 200, DEFAULT_CARRIERS, 100, 0, BlockingMode.SLEEP, 20, 0, 0, Sharing.THREAD_LOCAL, 0, DEFAULT_DB_POOL, null, "");
    }

    /** This scenario's settings, to change several at once and check only the result. */
    public Builder toBuilder() {
        return new Builder(executor, tasks, pool, carriers, sleepMs, cpuMs, blocking, permits, threadLocalKb, connections, sharing, failAtMs, dbPool, userTask, jdk);
    }

    /**
     * A scenario's settings on the way to {@link #build()}: each step returns new settings and
     * checks nothing, so steps that pass through a combination that could not run (a big object,
     * then fewer tasks) still build. {@link #build()} checks everything, as the constructor does.
     */
    public record Builder(ExecutorKind executor, int tasks, int pool, int carriers, int sleepMs, int cpuMs,
                          BlockingMode blocking, int permits, int threadLocalKb, int connections, Sharing sharing, int failAtMs, int dbPool,
                          UserTask userTask, String jdk) {

        public Builder withExecutor(ExecutorKind kind) {
            return new Builder(kind, tasks, pool, carriers, sleepMs, cpuMs, blocking, permits, threadLocalKb, connections, sharing, failAtMs, dbPool, userTask, jdk);
        }

        public Builder withTasks(int count) {
            return new Builder(executor, count, pool, carriers, sleepMs, cpuMs, blocking, permits, threadLocalKb, connections, sharing, failAtMs, dbPool, userTask, jdk);
        }

        /** Threads of a fixed pool or a ForkJoinPool (other executors ignore it). */
        public Builder withPool(int threads) {
            return new Builder(executor, tasks, threads, carriers, sleepMs, cpuMs, blocking, permits, threadLocalKb, connections, sharing, failAtMs, dbPool, userTask, jdk);
        }

        /** Carrier threads of the runner JVM's virtual-thread scheduler. */
        public Builder withCarriers(int count) {
            return new Builder(executor, tasks, pool, count, sleepMs, cpuMs, blocking, permits, threadLocalKb, connections, sharing, failAtMs, dbPool, userTask, jdk);
        }

        public Builder withSleepMs(int ms) {
            return new Builder(executor, tasks, pool, carriers, ms, cpuMs, blocking, permits, threadLocalKb, connections, sharing, failAtMs, dbPool, userTask, jdk);
        }

        public Builder withCpuMs(int ms) {
            return new Builder(executor, tasks, pool, carriers, sleepMs, ms, blocking, permits, threadLocalKb, connections, sharing, failAtMs, dbPool, userTask, jdk);
        }

        public Builder withBlocking(BlockingMode mode) {
            return new Builder(executor, tasks, pool, carriers, sleepMs, cpuMs, mode, permits, threadLocalKb, connections, sharing, failAtMs, dbPool, userTask, jdk);
        }

        /** Semaphore permits around the blocking part, for virtual-limited (other executors ignore it). */
        public Builder withPermits(int count) {
            return new Builder(executor, tasks, pool, carriers, sleepMs, cpuMs, blocking, count, threadLocalKb, connections, sharing, failAtMs, dbPool, userTask, jdk);
        }

        /** Each task takes an object of {@code kb} KB from a ThreadLocal cache (0: none). */
        public Builder withThreadLocalKb(int kb) {
            return new Builder(executor, tasks, pool, carriers, sleepMs, cpuMs, blocking, permits, kb, connections, sharing, failAtMs, dbPool, userTask, jdk);
        }

        /** How a task gets its object of {@link #withThreadLocalKb} KB: a ThreadLocal cache, or a ScopedValue. */
        public Builder withSharing(Sharing how) {
            return new Builder(executor, tasks, pool, carriers, sleepMs, cpuMs, blocking, permits, threadLocalKb, connections, how, failAtMs, dbPool, userTask, jdk);
        }

        /** One task (the middle one) fails {@code ms} into its wait instead of finishing it (0: none fails). */
        public Builder withFailAtMs(int ms) {
            return new Builder(executor, tasks, pool, carriers, sleepMs, cpuMs, blocking, permits, threadLocalKb, connections, sharing, ms, dbPool, userTask, jdk);
        }

        /** The web experiment with that many connections (0: a plain run). */
        public Builder withConnections(int count) {
            return new Builder(executor, tasks, pool, carriers, sleepMs, cpuMs, blocking, permits, threadLocalKb, count, sharing, failAtMs, dbPool, userTask, jdk);
        }

        /** Each task runs the user's own {@link UserTask} instead of sleeping and computing (null: LoomScope's task). */
        public Builder withUserTask(UserTask task) {
            return new Builder(executor, tasks, pool, carriers, sleepMs, cpuMs, blocking, permits, threadLocalKb, connections, sharing, failAtMs, dbPool, task, jdk);
        }

        /** Connections of the jdbc blocking mode's pool (other modes ignore it). */
        public Builder withDbPool(int count) {
            return new Builder(executor, tasks, pool, carriers, sleepMs, cpuMs, blocking, permits, threadLocalKb, connections, sharing, failAtMs, count, userTask, jdk);
        }

        /** The JDK the runner runs on: a feature release ("21"), a version or a JDK folder; "" for the default (LoomScope's). */
        public Builder withJdk(String spec) {
            return new Builder(executor, tasks, pool, carriers, sleepMs, cpuMs, blocking, permits, threadLocalKb, connections, sharing, failAtMs, dbPool, userTask,
                    spec == null ? "" : spec.strip());
        }

        /** @throws InvalidScenarioException naming the first setting at fault */
        public Scenario build() {
            return new Scenario(executor, tasks, pool, carriers, sleepMs, cpuMs, blocking, permits, threadLocalKb, connections, sharing, failAtMs, dbPool, userTask, jdk);
        }
    }

    // One setting changed on a scenario that can run: the result is checked at once. To change
    // several that depend on each other (tasks and the ThreadLocal object), use toBuilder().

    public Scenario withExecutor(ExecutorKind kind) {
        return toBuilder().withExecutor(kind).build();
    }

    public Scenario withTasks(int count) {
        return toBuilder().withTasks(count).build();
    }

    public Scenario withPool(int threads) {
        return toBuilder().withPool(threads).build();
    }

    public Scenario withCarriers(int count) {
        return toBuilder().withCarriers(count).build();
    }

    public Scenario withSleepMs(int ms) {
        return toBuilder().withSleepMs(ms).build();
    }

    public Scenario withCpuMs(int ms) {
        return toBuilder().withCpuMs(ms).build();
    }

    public Scenario withBlocking(BlockingMode mode) {
        return toBuilder().withBlocking(mode).build();
    }

    public Scenario withPermits(int count) {
        return toBuilder().withPermits(count).build();
    }

    /** This scenario with each task taking an object of {@code kb} KB from a ThreadLocal cache (0: none). */
    public Scenario withThreadLocalKb(int kb) {
        return toBuilder().withThreadLocalKb(kb).build();
    }

    public Scenario withSharing(Sharing how) {
        return toBuilder().withSharing(how).build();
    }

    /** This scenario with its middle task failing {@code ms} into its wait (0: none fails). */
    public Scenario withFailAtMs(int ms) {
        return toBuilder().withFailAtMs(ms).build();
    }

    public Scenario withDbPool(int connections) {
        return toBuilder().withDbPool(connections).build();
    }

    /** This scenario on another JDK ({@link Builder#withJdk}). */
    public Scenario withJdk(String spec) {
        return toBuilder().withJdk(spec).build();
    }

    /** The task that fails at {@link #failAtMs()}, or -1 if none does. */
    public int failingTask() {
        return failAtMs > 0 ? tasks / 2 : -1;
    }

    /** This scenario as the web experiment with that many connections (0: a plain run). */
    public Scenario withConnections(int count) {
        return toBuilder().withConnections(count).build();
    }

    /** Whether tasks are HTTP requests sent by a closed-loop load (the web experiment). */
    public boolean isWeb() {
        return connections > 0;
    }

    /** Checks that the run is not absurdly long for the machine it runs on. */
    public Scenario checkDuration(int cores) {
        long idealMs = (long) IdealTime.millis(this, cores);
        if (idealMs > MAX_IDEAL_MS) {
            throw new InvalidScenarioException("tasks",
                    Text.get("scenario.too-long", label(), Durations.humanMillis(idealMs)));
        }
        return this;
    }

    /**
     * This scenario with one setting changed, named as the command line names it ({@code cpu-ms});
     * the result is checked like any scenario.
     */
    public Scenario with(String setting, int value) {
        var map = asMap();
        if (setting.equals("jdk")) {
            return withJdk(Integer.toString(value));
        }
        if (!map.containsKey(setting) || setting.equals("executor") || setting.equals("blocking") || setting.equals("sharing")
                || setting.startsWith("task-")) {
            throw new InvalidScenarioException(setting, Text.get("scenario.no-setting", setting));
        }
        map.put(setting, Integer.toString(value));
        return from(new RunnerArgs(map));
    }

    /** "fixed(200)", "virtual", "virtual-limited(20)": how tables and charts name the run. */
    public String label() {
        return switch (executor) {
            case FIXED, FORKJOIN -> executor.cliName() + "(" + pool + ")";
            case VIRTUAL_LIMITED -> executor.cliName() + "(" + permits + ")";
            case STRUCTURED -> "structured scope";
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
        map.put("sharing", sharing.cliName());
        map.put("fail-at-ms", Integer.toString(failAtMs));
        map.put("db-pool", Integer.toString(dbPool));
        if (userTask != null) {
            map.putAll(userTask.asMap());
        }
        if (!jdk.isEmpty()) {
            map.put("jdk", jdk);
        }
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
                args.intOf("connections", 0), args.optional("sharing") == null ? Sharing.THREAD_LOCAL : Sharing.fromCliName(args.optional("sharing")),
                args.intOf("fail-at-ms", 0), args.intOf("db-pool", DEFAULT_DB_POOL), UserTask.from(args),
                args.optional("jdk") == null ? "" : args.optional("jdk"));
    }
}
