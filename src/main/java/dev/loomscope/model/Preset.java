package dev.loomscope.model;

import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.runner.CpuWork;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.scenario.Sharing;
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
                new Preset("waiting-10k", "Waiting is cheap on virtual threads",
                        List.of(scenario(ExecutorKind.FIXED, 10_000, 200, cores, 100, 0), scenario(ExecutorKind.VIRTUAL, 10_000, 200, cores, 100, 0)),
                        "10,000 tasks each wait 100 ms. A pool of 200 platform threads against a virtual thread per task: how long does each take?",
                        "The pool works in 50 waves of 200, about 5 s: watch them roll down the task grid. Virtual threads wait all at once and "
                                + "finish in about 0.2 s, with two carrier threads mostly idle."),
                new Preset("cpu-48", "Virtual threads make waiting cheap, not work",
                        List.of(scenario(ExecutorKind.PLATFORM, 48, 48, cores, 0, cpuMs), scenario(ExecutorKind.VIRTUAL, 48, 48, cores, 0, cpuMs)),
                        "48 tasks each count the primes up to 1,000,000 (about %d ms of work on this machine), on a platform thread each, then on a virtual thread each. Which is faster?"
                                .formatted(cpuMs),
                        "About the same: %d cores do the same work either way. Virtual threads save the cost of waiting, not of computing."
                                .formatted(cores)),
                new Preset("schedulers", "Five schedulers and their perfect worlds",
                        Arrays.stream(new ExecutorKind[] {ExecutorKind.SINGLE, ExecutorKind.FIXED, ExecutorKind.FORKJOIN, ExecutorKind.PLATFORM,
                                ExecutorKind.VIRTUAL}).map(kind -> scenario(kind, 100, cores, cores, 100, 0)).toList(),
                        "100 tasks of 100 ms on one thread, a pool of %d (one per core), a ForkJoinPool of %d, a thread per task and a virtual thread per task. Which finishes first, and which last?"
                                .formatted(cores, cores),
                        ("Each lands just above its perfect world (the second bar): 10 s on one thread; %s for the pools (%d waves); "
                                + "about 100 ms for a thread per task and virtual threads. The gap is the scheduler's cost.")
                                .formatted(dev.loomscope.scenario.Durations.humanMillis(Math.ceil(100.0 / cores) * 100), (100 + cores - 1) / cores)),
                new Preset("semaphore", "Limit the resource, not the threads",
                        List.of(scenario(ExecutorKind.FIXED, 1_000, 20, cores, 100, 0), Scenario.of(ExecutorKind.VIRTUAL_LIMITED)
                                .withTasks(1_000).withPool(20).withCarriers(cores).withSleepMs(100).withPermits(20).build()),
                        "1,000 calls to a service that allows 20 at a time, 100 ms each: a pool of 20 threads, or a virtual thread per call behind a semaphore of 20 permits?",
                        "Both take about 5 s: the service sets the pace. But the semaphore version starts every task at once and "
                                + "keeps no pool: waiting tasks cost a few hundred bytes each, not a platform thread."),
                new Preset("threadlocal", "The ThreadLocal trap",
                        List.of(scenario(ExecutorKind.FIXED, 10_000, 200, cores, 50, 0).withThreadLocalKb(THREAD_LOCAL_KB),
                                scenario(ExecutorKind.VIRTUAL, 10_000, 200, cores, 50, 0).withThreadLocalKb(THREAD_LOCAL_KB)),
                        ("Each of 10,000 tasks takes a %d KB object from a ThreadLocal cache, as code written for pools does. "
                                + "How many objects get made on a pool of 200, and on a virtual thread per task?").formatted(THREAD_LOCAL_KB),
                        "The pool makes 200, one per thread. Virtual threads make 10,000: every task is a new thread, so the cache "
                                + "caches nothing and costs heap. Share such objects another way (a pool of them, or pass them in)."),
                new Preset("scopedvalue", "ScopedValue: what replaces the per-thread cache",
                        List.of(scenario(ExecutorKind.VIRTUAL, 10_000, 200, cores, 50, 0).withThreadLocalKb(THREAD_LOCAL_KB),
                                scenario(ExecutorKind.VIRTUAL, 10_000, 200, cores, 50, 0).withThreadLocalKb(THREAD_LOCAL_KB)
                                        .withSharing(Sharing.SCOPED_VALUE)),
                        ("10,000 virtual threads each need a %d KB object: from a ThreadLocal cache, then one object bound for each task "
                                + "by a ScopedValue (JDK 25). How many objects does each make?").formatted(THREAD_LOCAL_KB),
                        "The cache makes 10,000, one per virtual thread, and the heap grows. The ScopedValue makes one, bound for each "
                                + "task's run: share what does not change, do not cache it per thread."),
                new Preset("structured", "Structured concurrency: one failure cancels the rest (a JDK 25 preview)",
                        List.of(structured(ExecutorKind.VIRTUAL, cores), structured(ExecutorKind.STRUCTURED, cores)),
                        ("%,d tasks wait %s; task %,d fails at %d ms. On a virtual-thread executor, then in a StructuredTaskScope "
                                + "(preview): how long does each take?").formatted(FAN_OUT, dev.loomscope.scenario.Durations.humanMillis(FAN_OUT_WAIT_MS),
                                FAN_OUT / 2, FAN_OUT_FAIL_AT_MS),
                        ("The executor's other %,d wait on to %s. The scope is cancelled when the task fails: the rest are "
                                + "interrupted at about %d ms and end cancelled (grey). A JDK 25 preview, enabled in that run's JVM only.")
                                .formatted(FAN_OUT - 1, dev.loomscope.scenario.Durations.humanMillis(FAN_OUT_WAIT_MS), FAN_OUT_FAIL_AT_MS)),
                new Preset("pinning", "Pinning on JDK 25: synchronized no longer pins, native frames do",
                        List.of(blocking(BlockingMode.SYNCHRONIZED, cores), blocking(BlockingMode.NATIVE, cores)),
                        "40 virtual threads sleep 50 ms inside synchronized, then inside a native call. %d carriers. How long does each take?".formatted(cores),
                        "synchronized: about 50 ms, nothing pinned (JEP 491). Native: each sleep holds its carrier, so 40 sleeps queue "
                                + "on %d carriers, about %s; the lanes turn red and JFR lists each pin."
                                .formatted(cores, dev.loomscope.scenario.Durations.humanMillis(50.0 * Math.ceil(40.0 / cores)))),
                new Preset("memory", "What 10,000 waiting tasks cost in memory",
                        List.of(scenario(ExecutorKind.FIXED, 10_000, 200, cores, 100, 0), scenario(ExecutorKind.PLATFORM, 10_000, 200, cores, 100, 0),
                                scenario(ExecutorKind.VIRTUAL, 10_000, 200, cores, 100, 0)),
                        "10,000 waiting tasks on a pool of 200, on a platform thread each, on a virtual thread each: which uses the most memory?",
                        "10,000 platform threads each reserve a stack and commit tens of KB; 10,000 virtual threads live on the heap at "
                                + "about a KB each. Published: fixed 200 +90 MB, virtual +20 MB (the outlined bars)."),
                new Preset("web-service", "A blocking web service: a pool of 10 against virtual threads",
                        List.of(web(ExecutorKind.FIXED, cores), web(ExecutorKind.VIRTUAL, cores)),
                        ("%,d requests to an endpoint that waits %d ms, from %d connections (like ab -n %,d -c %d): a pool of %d threads, "
                                + "then a virtual thread per request. How many requests per second does each serve?")
                                .formatted(WEB_REQUESTS, WEB_WAIT_MS, WEB_CONNECTIONS, WEB_REQUESTS, WEB_CONNECTIONS, WEB_POOL),
                        ("The pool serves %d at a time: %d / %.1f s = %d requests/s, each waiting about 1 s. Virtual threads serve all "
                                + "%d connections at once: near %,d/s at about %d ms. A closed loop never beats connections / wait.")
                                .formatted(WEB_POOL, WEB_POOL, WEB_WAIT_MS / 1_000.0, WEB_POOL * 1_000 / WEB_WAIT_MS, WEB_CONNECTIONS,
                                        WEB_CONNECTIONS * 1_000 / WEB_WAIT_MS, WEB_WAIT_MS)));
    }

    public static Optional<Preset> named(String name, int cores) {
        // Only cpu-48 needs this machine's time for its work, which takes a second or so of CPU to measure.
        int cpuMs = name.equals("cpu-48") ? PrimesToAMillion.millis() : 1;
        return all(cores, cpuMs).stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** The names, for help texts and errors. */
    public static List<String> names() {
        return List.of("waiting-10k", "cpu-48", "schedulers", "semaphore", "threadlocal", "scopedvalue", "structured", "pinning", "memory", "web-service");
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

    private static Scenario blocking(BlockingMode mode, int carriers) {
        return Scenario.of(ExecutorKind.VIRTUAL).withTasks(40).withPool(4).withCarriers(carriers).withSleepMs(50).withBlocking(mode).build();
    }

    /** How long counting the primes up to a million takes here, measured once per process. */
    static final class PrimesToAMillion {
        private static volatile int millis;

        static int millis() {
            int known = millis;
            if (known == 0) {
                long best = Long.MAX_VALUE;
                for (int i = 0; i < 3; i++) {
                    long start = System.nanoTime();
                    CpuWork.countPrimesUpTo(1_000_000);
                    best = Math.min(best, System.nanoTime() - start);
                }
                known = (int) Math.max(1, Math.round(best / 1e6));
                millis = known;
            }
            return known;
        }
    }
}
