package dev.loomscope.runner.telemetry;

import java.io.IOException;
import dev.loomscope.runner.laterjdk.LaterJdk;
import dev.loomscope.runner.laterjdk.SchedulerFigures;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/** Reads the figures a {@link dev.loomscope.protocol.Sample} carries, from inside the runner JVM. */
public final class ProcessReadings {

    private static final Path STATM = Path.of("/proc/self/statm");
    private static final Path TASKS = Path.of("/proc/self/task");
    private static final long PAGE_SIZE = 4096;

    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final SchedulerFigures scheduler = findScheduler();
    private final com.sun.management.OperatingSystemMXBean os = findOs();

    /** Resident set size in bytes, or 0 where the OS does not say (non-Linux). */
    public long rssBytes() {
        try {
            String statm = Files.readString(STATM);
            int first = statm.indexOf(' ');
            int second = statm.indexOf(' ', first + 1);
            return Long.parseLong(statm.substring(first + 1, second)) * PAGE_SIZE;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * RSS once it has stopped moving (JFR's start-up and the JIT compilers still touch memory just
     * before a run), so that what the run adds is not mixed with what start-up was still adding.
     */
    public long settledRssBytes() throws InterruptedException {
        long previous = rssBytes();
        for (int i = 0; i < 50; i++) {
            Thread.sleep(10);
            long now = rssBytes();
            if (Math.abs(now - previous) < 256 * 1024) {
                return now;
            }
            previous = now;
        }
        return previous;
    }

    public long heapUsedBytes() {
        return memory.getHeapMemoryUsage().getUsed();
    }

    /**
     * The threads that are not the run's: every platform thread alive now but {@code submitter} and the virtual threads'
     * carriers (whose allocations are the tasks'), that is the JVM's and LoomScope's own (JFR's stream, the readers), and
     * {@code alsoNotTheRuns} (LoomScope's threads not started yet). Listed before the clock starts: it takes each thread's stack.
     */
    public static long[] notTheRunsThreads(Thread submitter, long... alsoNotTheRuns) {
        var alive = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t != submitter && !(t instanceof java.util.concurrent.ForkJoinWorkerThread)).mapToLong(Thread::threadId);
        return java.util.stream.LongStream.concat(alive, java.util.Arrays.stream(alsoNotTheRuns)).toArray();
    }

    /**
     * What every thread had allocated on the heap at the run's start, the JVM's count, and each of {@code notTheRuns}.
     * Null where the JVM does not count allocations.
     */
    public AllocationStart allocationStart(long[] notTheRuns) {
        if (!(threads instanceof com.sun.management.ThreadMXBean counted) || !counted.isThreadAllocatedMemorySupported()
                || !counted.isThreadAllocatedMemoryEnabled()) {
            return null;
        }
        try {
            long total = counted.getTotalThreadAllocatedBytes();
            return total < 0 ? null : new AllocationStart(total, notTheRuns.clone(), counted.getThreadAllocatedBytes(notTheRuns));
        } catch (UnsupportedOperationException e) {
            return null; // a JVM that says it counts, and does not count every thread's (some OpenJ9 releases)
        }
    }

    /** What the calling thread has allocated on the heap so far; 0 where the JVM does not count. */
    public long ownAllocatedBytes() {
        return threads instanceof com.sun.management.ThreadMXBean counted && counted.isThreadAllocatedMemorySupported()
                ? Math.max(0, counted.getCurrentThreadAllocatedBytes()) : 0;
    }

    /**
     * Bytes the run allocated on the heap since {@code start}: all threads', those that ended included, less what the
     * threads not the run's allocated meanwhile and {@code notTheRunsToo} (LoomScope's work on the run's threads).
     * Garbage counts, and nothing else does: unlike the heap's growth, it does not move with when the collector ran or
     * how much each thread's allocation buffer held. -1 where unmeasured.
     */
    public long runAllocatedBytesSince(AllocationStart start, long notTheRunsToo) {
        if (start == null || !(threads instanceof com.sun.management.ThreadMXBean counted)) {
            return -1;
        }
        long total = counted.getTotalThreadAllocatedBytes() - notTheRunsToo;
        long[] now = counted.getThreadAllocatedBytes(start.others());
        long others = 0;
        for (int i = 0; i < now.length; i++) {
            if (now[i] >= 0 && start.othersBytes()[i] >= 0) {
                others += now[i] - start.othersBytes()[i];
            }
        }
        return total < 0 ? -1 : Math.max(0, total - start.total() - others);
    }

    /** The allocation counts at a run's start: all threads', and each of the threads not the run's. */
    public record AllocationStart(long total, long[] others, long[] othersBytes) {
    }

    /** Live platform threads; the JVM leaves virtual threads out of this count. */
    public int platformThreads() {
        return threads.getThreadCount();
    }

    public int peakPlatformThreads() {
        return threads.getPeakThreadCount();
    }

    public void resetPeakPlatformThreads() {
        threads.resetPeakThreadCount();
    }

    public int mountedVirtualThreads() {
        return scheduler == null ? -1 : scheduler.mounted();
    }

    public int queuedVirtualThreads() {
        return scheduler == null ? -1 : (int) Math.min(Integer.MAX_VALUE, scheduler.queued());
    }

    /** Carrier threads alive now (the scheduler's pool size: above its parallelism while it compensates), -1 if unknown. */
    public int carrierThreads() {
        return scheduler == null ? -1 : scheduler.poolSize();
    }

    /** The virtual-thread scheduler's parallelism (carriers): as its MXBean says, else as the runner was told, else the processor count. */
    public int carriers() {
        return scheduler != null ? scheduler.parallelism() : Integer.getInteger(PARALLELISM, Runtime.getRuntime().availableProcessors());
    }

    public long processCpuNanos() {
        return os == null ? 0 : os.getProcessCpuTime();
    }

    /**
     * What the machine did around the runner at one moment: how long each of the runner's threads
     * has waited on a run queue, the machine's busy CPU time and the runner's own CPU time. Two of
     * these, at a run's start and end, give the CPU wait and the CPU other programs used. Reading
     * one costs a file per thread, so it is taken outside the timed run, never inside it.
     *
     * @param runQueueNanos  per thread id: nanoseconds waiting for a CPU so far (the 2nd field of
     *                       /proc/self/task/TID/schedstat); null where /proc does not say
     * @param machineBusyNanos  busy CPU time of the whole machine so far ({@link MachineCpu}), -1 if unknown
     * @param processCpuNanos   the runner's own CPU time so far
     */
    public record CpuReading(Map<Long, Long> runQueueNanos, long machineBusyNanos, long processCpuNanos) {

        /**
         * Run-queue time of the runner's threads between {@code start} and this reading, -1 if
         * unknown. Threads started since count from zero; threads that ended since are not seen,
         * so this is a lower bound.
         */
        public long cpuWaitNanosSince(CpuReading start) {
            if (runQueueNanos == null || start.runQueueNanos == null) {
                return -1;
            }
            long sum = 0;
            for (var thread : runQueueNanos.entrySet()) {
                // A reused thread id starts again from zero: count nothing rather than a negative.
                sum += Math.max(0, thread.getValue() - start.runQueueNanos.getOrDefault(thread.getKey(), 0L));
            }
            return sum;
        }

        /** CPU time the rest of the machine used between {@code start} and this reading, -1 if unknown. */
        public long otherCpuNanosSince(CpuReading start) {
            if (machineBusyNanos < 0 || start.machineBusyNanos < 0) {
                return -1;
            }
            // Ticks are 10 ms: over a short run the subtraction can dip below zero.
            return Math.max(0, (machineBusyNanos - start.machineBusyNanos) - (processCpuNanos - start.processCpuNanos));
        }
    }

    /** Reads the runner's threads' CPU wait and the machine's busy time; cheap enough only outside the timed run. */
    public CpuReading cpuReading() {
        return new CpuReading(runQueueNanosPerThread(), MachineCpu.busyNanos(), processCpuNanos());
    }

    private static Map<Long, Long> runQueueNanosPerThread() {
        if (!Files.isDirectory(TASKS)) {
            return null;
        }
        var waits = new HashMap<Long, Long>();
        try (Stream<Path> tasks = Files.list(TASKS)) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                try {
                    String[] fields = Files.readString(task.resolve("schedstat")).trim().split(" ");
                    waits.put(Long.parseLong(task.getFileName().toString()), Long.parseLong(fields[1]));
                } catch (IOException | RuntimeException e) {
                    // The thread ended between the listing and the read: it has nothing more to add.
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return waits;
    }

    private static final String PARALLELISM = "jdk.virtualThreadScheduler.parallelism";

    /** The scheduler's MXBean is JDK 24+: read through a class compiled for 25, none on an older runner. */
    private static SchedulerFigures findScheduler() {
        try {
            return LaterJdk.createOrNull("SchedulerBean", SchedulerFigures.class, new Class<?>[0]);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static com.sun.management.OperatingSystemMXBean findOs() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean bean ? bean : null;
    }
}
