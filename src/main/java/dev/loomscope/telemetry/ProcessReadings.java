package dev.loomscope.telemetry;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import jdk.management.VirtualThreadSchedulerMXBean;

/** Reads the figures a {@link dev.loomscope.protocol.Sample} carries, from inside the runner JVM. */
public final class ProcessReadings {

    private static final Path STATM = Path.of("/proc/self/statm");
    private static final long PAGE_SIZE = 4096;

    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final VirtualThreadSchedulerMXBean scheduler = findScheduler();
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
     * RSS once it has stopped falling: G1 gives memory back to the OS concurrently after a GC, so a
     * reading taken straight after {@code System.gc()} is too high and would make increases negative.
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
        return scheduler == null ? -1 : scheduler.getMountedVirtualThreadCount();
    }

    public int queuedVirtualThreads() {
        return scheduler == null ? -1 : (int) Math.min(Integer.MAX_VALUE, scheduler.getQueuedVirtualThreadCount());
    }

    /** The virtual-thread scheduler's parallelism (carriers), or the processor count if unknown. */
    public int carriers() {
        return scheduler == null ? Runtime.getRuntime().availableProcessors() : scheduler.getParallelism();
    }

    public long processCpuNanos() {
        return os == null ? 0 : os.getProcessCpuTime();
    }

    private static VirtualThreadSchedulerMXBean findScheduler() {
        try {
            return ManagementFactory.getPlatformMXBean(VirtualThreadSchedulerMXBean.class);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static com.sun.management.OperatingSystemMXBean findOs() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean bean ? bean : null;
    }
}
