package dev.loomscope.model;

import dev.loomscope.launcher.Jdks;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.JdkNeeds;
import dev.loomscope.scenario.Durations;
import dev.loomscope.runner.CpuWork;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.scenario.Sharing;
import dev.loomscope.text.Text;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A classic experiment in one click: the runs it compares and what to say about it on stage,
 * what to predict before pressing Run and what to notice after.
 *
 * @param name       how the command line names it ({@code --preset waiting-10k})
 * @param scenarios  the runs, in the order they run
 */
public record Preset(String name, String title, List<Scenario> scenarios, String predict, String notice) {

    public Preset {
        scenarios = List.copyOf(scenarios);
    }

    /** The presets, in the order a talk would take them, for a machine with {@code cores} cores. */
    public static List<Preset> all(int cores) {
        return all(cores, PrimesToAMillion.millis());
    }

    /** @param cpuMs how long counting the primes up to a million takes here (the cpu-48 preset's work) */
    private static List<Preset> all(int cores, int cpuMs) {
        return List.of(
                told("waiting-10k",
                        List.of(scenario(ExecutorKind.FIXED, 10_000, 200, cores, 100, 0), scenario(ExecutorKind.VIRTUAL, 10_000, 200, cores, 100, 0)),
                        with(), with()),
                told("cpu-48",
                        List.of(scenario(ExecutorKind.PLATFORM, 48, 48, cores, 0, cpuMs), scenario(ExecutorKind.VIRTUAL, 48, 48, cores, 0, cpuMs)),
                        with(cpuMs), with(cores)),
                told("schedulers",
                        Arrays.stream(new ExecutorKind[] {ExecutorKind.SINGLE, ExecutorKind.FIXED, ExecutorKind.FORKJOIN, ExecutorKind.PLATFORM,
                                ExecutorKind.VIRTUAL}).map(kind -> scenario(kind, 100, cores, cores, 100, 0)).toList(),
                        with(cores, cores),
                        with(Durations.humanMillis(Math.ceil(100.0 / cores) * 100), (100 + cores - 1) / cores)),
                told("semaphore",
                        List.of(scenario(ExecutorKind.FIXED, 1_000, 20, cores, 100, 0), Scenario.of(ExecutorKind.VIRTUAL_LIMITED)
                                .withTasks(1_000).withPool(20).withCarriers(cores).withSleepMs(100).withPermits(20).build()),
                        with(), with()),
                told("connection-pool",
                        List.of(jdbc(ExecutorKind.VIRTUAL, POOL_SMALL, cores), jdbc(ExecutorKind.VIRTUAL, POOL_LARGE, cores),
                                jdbc(ExecutorKind.FIXED, POOL_SMALL, cores)),
                        with(POOL_TASKS, POOL_QUERY_MS, POOL_SMALL, POOL_LARGE, POOL_SMALL, POOL_SMALL),
                        with(POOL_SMALL, Durations.humanMillis(poolBound(POOL_SMALL)), POOL_TASKS / POOL_SMALL, POOL_SMALL, POOL_LARGE,
                                Durations.humanMillis(poolBound(POOL_LARGE)))),
                told("threadlocal",
                        List.of(scenario(ExecutorKind.FIXED, 10_000, 200, cores, 50, 0).withThreadLocalKb(THREAD_LOCAL_KB),
                                scenario(ExecutorKind.VIRTUAL, 10_000, 200, cores, 50, 0).withThreadLocalKb(THREAD_LOCAL_KB)),
                        with(THREAD_LOCAL_KB), with()),
                told("scopedvalue",
                        List.of(scenario(ExecutorKind.VIRTUAL, 10_000, 200, cores, 50, 0).withThreadLocalKb(THREAD_LOCAL_KB),
                                scenario(ExecutorKind.VIRTUAL, 10_000, 200, cores, 50, 0).withThreadLocalKb(THREAD_LOCAL_KB)
                                        .withSharing(Sharing.SCOPED_VALUE)),
                        with(THREAD_LOCAL_KB), with()),
                told("structured",
                        List.of(structured(ExecutorKind.VIRTUAL, cores), structured(ExecutorKind.STRUCTURED, cores)),
                        with(FAN_OUT, Durations.humanMillis(FAN_OUT_WAIT_MS), FAN_OUT / 2, FAN_OUT_FAIL_AT_MS),
                        with(FAN_OUT - 1, Durations.humanMillis(FAN_OUT_WAIT_MS), FAN_OUT_FAIL_AT_MS)),
                told("pinning",
                        List.of(blocking(BlockingMode.SYNCHRONIZED, cores), blocking(BlockingMode.NATIVE, cores)),
                        with(cores), with(cores, Durations.humanMillis(50.0 * Math.ceil(40.0 / cores)))),
                jep491(OlderJdk.find()),
                told("blocking-kinds",
                        Arrays.stream(BlockingMode.values()).map(mode -> kind(mode, cores)).toList(),
                        with(KINDS_TASKS, KINDS_WAIT_MS, BlockingMode.values().length, cores),
                        with(Durations.humanMillis(KINDS_WAIT_MS), cores, Durations.humanMillis(Math.ceil((double) KINDS_TASKS / cores) * KINDS_WAIT_MS))),
                told("memory",
                        List.of(scenario(ExecutorKind.FIXED, 10_000, 200, cores, 100, 0), scenario(ExecutorKind.PLATFORM, 10_000, 200, cores, 100, 0),
                                scenario(ExecutorKind.VIRTUAL, 10_000, 200, cores, 100, 0)),
                        with(), with()),
                told("web-service",
                        List.of(web(ExecutorKind.FIXED, cores), web(ExecutorKind.VIRTUAL, cores)),
                        with(WEB_REQUESTS, WEB_WAIT_MS, WEB_CONNECTIONS, WEB_REQUESTS, WEB_CONNECTIONS, WEB_POOL),
                        with(WEB_POOL, WEB_POOL, WEB_WAIT_MS / 1_000.0, WEB_POOL * 1_000 / WEB_WAIT_MS, WEB_CONNECTIONS,
                                WEB_CONNECTIONS * 1_000 / WEB_WAIT_MS, WEB_WAIT_MS)));
    }

    /**
     * A preset whose words are {@code lessons.properties}' {@code preset.NAME.title}, {@code .predict}
     * and {@code .notice}, the last two filled with {@code predict} and {@code notice}.
     */
    private static Preset told(String name, List<Scenario> scenarios, Object[] predict, Object[] notice) {
        return new Preset(name, Text.get(key(name, "title")), scenarios, Text.get(key(name, "predict"), predict),
                Text.get(key(name, "notice"), notice));
    }

    /** The key of one of a preset's texts: {@code preset.waiting-10k.title}. */
    public static String key(String name, String text) {
        return "preset." + name + "." + text;
    }

    /** The texts every preset has in {@code lessons.properties}. */
    public static final List<String> TEXTS = List.of("title", "predict", "notice");

    private static Object[] with(Object... args) {
        return args;
    }

    public static Optional<Preset> named(String name, int cores) {
        // Only cpu-48 needs this machine's time for its work, which takes a second or so of CPU to measure.
        int cpuMs = name.equals("cpu-48") ? PrimesToAMillion.millis() : 1;
        return all(cores, cpuMs).stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** The names, for help texts and errors. */
    public static List<String> names() {
        return List.of("waiting-10k", "cpu-48", "schedulers", "semaphore", "connection-pool", "threadlocal", "scopedvalue", "structured", "pinning", "jep-491", "blocking-kinds", "memory", "web-service");
    }

    /** The size of the threadlocal preset's cached object: big enough to show on the heap. */
    static final int THREAD_LOCAL_KB = 16;

    private static Scenario scenario(ExecutorKind kind, int tasks, int pool, int carriers, int sleepMs, int cpuMs) {
        return Scenario.of(kind).withTasks(tasks).withPool(pool).withCarriers(carriers).withSleepMs(sleepMs).withCpuMs(cpuMs).build();
    }

    /** The structured preset: a fan-out of this many subtasks, each waiting so long, the middle one failing this far in. */
    static final int FAN_OUT = 1_000;
    static final int FAN_OUT_WAIT_MS = 1_000;
    static final int FAN_OUT_FAIL_AT_MS = 100;

    private static Scenario structured(ExecutorKind kind, int carriers) {
        return scenario(kind, FAN_OUT, 200, carriers, FAN_OUT_WAIT_MS, 0).toBuilder().withFailAtMs(FAN_OUT_FAIL_AT_MS).build();
    }

    static final int WEB_REQUESTS = 1_000;
    static final int WEB_CONNECTIONS = 100;
    static final int WEB_WAIT_MS = 100;
    static final int WEB_POOL = 10;

    /** The classic web experiment: a 100 ms endpoint under 100 connections, each task one request. */
    private static Scenario web(ExecutorKind kind, int carriers) {
        return scenario(kind, WEB_REQUESTS, WEB_POOL, carriers, WEB_WAIT_MS, 0).withConnections(WEB_CONNECTIONS);
    }

    /** The connection-pool preset: this many tasks, each one query of this long, through pools of these sizes. */
    static final int POOL_TASKS = 1_000;
    static final int POOL_QUERY_MS = 20;
    static final int POOL_SMALL = 10;
    static final int POOL_LARGE = 100;

    /** Each task one query through a pool of {@code connections}; a fixed pool has as many threads as connections. */
    private static Scenario jdbc(ExecutorKind kind, int connections, int carriers) {
        return Scenario.of(kind).withTasks(POOL_TASKS).withPool(connections).withCarriers(carriers).withSleepMs(POOL_QUERY_MS)
                .withBlocking(BlockingMode.JDBC).withDbPool(connections).build();
    }

    /** The queries in waves of the pool's connections: what no thread count can beat. */
    private static double poolBound(int connections) {
        return Math.ceil((double) POOL_TASKS / connections) * POOL_QUERY_MS;
    }

    /** The blocking-kinds preset: so many tasks each wait so long, once per kind; a held carrier makes it tasks / carriers waits. */
    static final int KINDS_TASKS = 40;
    static final int KINDS_WAIT_MS = 80;

    /** One kind's run on virtual threads; jdbc gets a connection per task, so only the carriers could limit it. */
    private static Scenario kind(BlockingMode mode, int carriers) {
        return Scenario.of(ExecutorKind.VIRTUAL).withTasks(KINDS_TASKS).withPool(4).withCarriers(carriers).withSleepMs(KINDS_WAIT_MS)
                .withBlocking(mode).withDbPool(KINDS_TASKS).build();
    }

    /** The jep-491 preset's carriers: two, so that 40 pinned sleeps of 50 ms queue for about a second. */
    static final int JEP_491_CARRIERS = 2;

    /**
     * JEP 491 before and after: synchronized on {@code before}, a JDK 21 to 23 found here (scripts/get-jdk21.sh
     * fetches one), then on LoomScope's own JDK; its own alone, saying how to get the other, when {@code before} is
     * null. Public so that a test can lay out the variant its own machine does not have.
     */
    public static Preset jep491(Jdks.Jdk before) {
        String name = "jep-491";
        Scenario after = blocking(BlockingMode.SYNCHRONIZED, JEP_491_CARRIERS);
        int now = Runtime.version().feature();
        String pinnedTime = Durations.humanMillis(50.0 * Math.ceil(40.0 / JEP_491_CARRIERS));
        if (before == null) {
            return new Preset(name, Text.get(key(name, "title")), List.of(after), Text.get("preset.jep-491.predict.no-old-jdk", JEP_491_CARRIERS, now),
                    Text.get("preset.jep-491.notice.no-old-jdk", now, JEP_491_CARRIERS, pinnedTime));
        }
        return told(name, List.of(after.withJdk(Integer.toString(before.feature())), after), with(JEP_491_CARRIERS, before.feature(), now),
                with(before.feature(), JEP_491_CARRIERS, pinnedTime, now));
    }

    /** A JDK before 24 (the oldest found), looked for until one is: fetched while the app runs, it counts at the next choice. */
    static final class OlderJdk {
        private static volatile Jdks.Jdk found;

        static Jdks.Jdk find() {
            Jdks.Jdk known = found;
            if (known == null) {
                known = Jdks.installed().runnable().stream().filter(j -> j.feature() < JdkNeeds.MONITORS_FREED).findFirst().orElse(null);
                found = known;
            }
            return known;
        }
    }

    private static Scenario blocking(BlockingMode mode, int carriers) {
        return Scenario.of(ExecutorKind.VIRTUAL).withTasks(40).withPool(4).withCarriers(carriers).withSleepMs(50).withBlocking(mode).build();
    }

    /**
     * How long counting the primes up to a million takes here, measured once per process: in the thread's
     * CPU time, which a busy machine's waits for a core do not inflate, so one count after a short warm-up
     * reads as the best of three wall-clock counts did, at a third of their cost (it runs as a window starts).
     */
    static final class PrimesToAMillion {
        private static int millis;

        static synchronized int millis() {
            if (millis == 0) {
                CpuWork.countPrimesUpTo(100_000); // so that it is compiled, as a rule, before it is timed
                var threads = java.lang.management.ManagementFactory.getThreadMXBean();
                long cpuStart = threads.getCurrentThreadCpuTime();
                long wallStart = System.nanoTime();
                CpuWork.countPrimesUpTo(1_000_000);
                long cpuEnd = threads.getCurrentThreadCpuTime();
                // -1 on a virtual thread, or where thread CPU time is off: the wall clock then, as before.
                long nanos = cpuStart >= 0 && cpuEnd >= 0 ? cpuEnd - cpuStart : System.nanoTime() - wallStart;
                millis = (int) Math.max(1, Math.round(nanos / 1e6));
            }
            return millis;
        }
    }
}
