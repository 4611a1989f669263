import java.lang.management.ManagementFactory;
import java.util.Arrays;
import jdk.jfr.Recording;

/**
 * What JFR's virtual-thread lifecycle events cost the program that writes them: CPU per virtual
 * thread started and joined, with jdk.VirtualThreadStart and jdk.VirtualThreadEnd enabled (as
 * `loomscope attach` enables them, without stack traces, to disk) and without, in interleaved
 * rounds; medians printed. A manual benchmark, not a test.
 * Usage: java scripts/VirtualThreadEventCost.java [ROUNDS] [THREADS_PER_ROUND]   (defaults 11, 1000000)
 */
public class VirtualThreadEventCost {

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 11;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        for (int i = 0; i < 3; i++) {
            startAndJoin(threads); // JIT and carrier pool warm
        }
        double[] off = new double[rounds];
        double[] on = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            // Interleaved, the order alternating, so a busier moment of the machine falls on both.
            if (r % 2 == 0) {
                off[r] = startAndJoin(threads);
                on[r] = withEvents(threads);
            } else {
                on[r] = withEvents(threads);
                off[r] = startAndJoin(threads);
            }
            System.err.printf("round %d: %.0f ns CPU per virtual thread without the events, %.0f ns with them%n", r + 1, off[r], on[r]);
        }
        System.out.printf("%,d virtual threads started and joined per round (each does nothing), %d interleaved rounds, %d cores, JDK %s%n",
                threads, rounds, Runtime.getRuntime().availableProcessors(), Runtime.version());
        System.out.printf("  CPU per virtual thread, no events:                 median %.0f ns%n", median(off));
        System.out.printf("  CPU per virtual thread, VirtualThreadStart + End:  median %.0f ns (+%.0f ns per thread for its two events)%n",
                median(on), median(on) - median(off));
    }

    private static double withEvents(int threads) throws Exception {
        try (var recording = new Recording()) {
            recording.enable("jdk.VirtualThreadStart").withoutStackTrace();
            recording.enable("jdk.VirtualThreadEnd").withoutStackTrace();
            recording.setToDisk(true);
            recording.start();
            return startAndJoin(threads);
        }
    }

    /** Process CPU time per virtual thread, in ns: all threads of the JVM, JFR's own included. */
    private static double startAndJoin(int threads) throws InterruptedException {
        Thread[] batch = new Thread[1_000];
        long cpu = OS.getProcessCpuTime();
        for (int started = 0; started < threads; started += batch.length) {
            for (int i = 0; i < batch.length; i++) {
                batch[i] = Thread.ofVirtual().start(() -> { });
            }
            for (Thread t : batch) {
                t.join();
            }
        }
        return (OS.getProcessCpuTime() - cpu) / (double) threads;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }
}
