package dev.loomscope.bench;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;

/**
 * The yardstick: the classic experiment as a plain JDK program with no LoomScope code, no events,
 * no sampling, written as the articles write theirs: the tasks submitted, the executor closed by
 * try-with-resources, and no {@code System.gc()} before the clock. Arguments: executor tasks pool
 * sleepMs [threadLocalKb]: with the last, each task first takes an object of that size from a
 * {@code ThreadLocal} cache, as the ThreadLocal trap's code does. Prints, on its last line, the elapsed
 * nanoseconds and the bytes allocated meanwhile (the JVM's count of every thread's, as anyone would read it).
 *
 * <p>It deliberately repeats the executor choice rather than sharing LoomScope's: whatever
 * LoomScope does, this stays a program anyone could have written from the articles.
 */
public final class PlainProgram {

    private PlainProgram() {
    }

    public static void main(String[] args) {
        String executor = args[0];
        int tasks = Integer.parseInt(args[1]);
        int pool = Integer.parseInt(args[2]);
        long sleepMs = Long.parseLong(args[3]);
        int threadLocalKb = args.length > 4 ? Integer.parseInt(args[4]) : 0;
        ThreadLocal<byte[]> cache = ThreadLocal.withInitial(() -> new byte[threadLocalKb * 1024]);
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long allocatedBefore = threads.getTotalThreadAllocatedBytes();
        long start = System.nanoTime();
        try (ExecutorService service = switch (executor) {
            case "fixed" -> Executors.newFixedThreadPool(pool);
            case "virtual" -> Executors.newVirtualThreadPerTaskExecutor();
            case "platform" -> Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory());
            case "forkjoin" -> new ForkJoinPool(pool);
            case "single" -> Executors.newSingleThreadExecutor();
            default -> throw new IllegalArgumentException("plain program has no executor " + executor);
        }) {
            for (int i = 0; i < tasks; i++) {
                service.execute(() -> {
                    if (threadLocalKb > 0) {
                        cache.get()[0]++;
                    }
                    try {
                        Thread.sleep(sleepMs);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
        }
        long elapsed = System.nanoTime() - start;
        System.out.println(elapsed + " " + (threads.getTotalThreadAllocatedBytes() - allocatedBefore));
    }
}
