package dev.loomscope.cli;

import dev.loomscope.result.RunResult;
import java.io.PrintStream;
import java.util.List;

/** Prints results as the source articles do: one row per executor, elapsed beside ideal. */
final class ResultTable {

    private static final String FORMAT = "%-22s %10s %11s %11s %9s %8s %9s %8s %8s %11s %11s %7s  %s%n";

    private ResultTable() {
    }

    static void print(PrintStream out, List<RunResult> results, int repeats) {
        out.printf(FORMAT, "executor", "tasks", "elapsed", "ideal", "overhead", "RSS +MB", "heap +MB", "threads", "carriers", "CPU time", "CPU wait", "pinned", "result");
        for (RunResult r : results) {
            out.printf(FORMAT, r.scenario().label(), "%,d".formatted(r.scenario().tasks()), ms(r.elapsedMs()), ms(r.idealMs()),
                    r.isCompleted() ? "%+.1f%%".formatted(r.overhead() * 100) : "-",
                    "%.1f".formatted(r.rssDeltaMb()), "%.1f".formatted(r.heapDeltaMb()),
                    "%,d".formatted(r.peakPlatformThreads()), r.carrierPeak() >= 0 ? "%,d".formatted(r.carrierPeak()) : "-", ms(r.cpuTimeMs()),
                    r.cpuWaitMs() >= 0 ? ms(r.cpuWaitMs()) : "-", "%,d".formatted(r.vm().pinnedEvents()), status(r));
        }
        RunResult first = results.getFirst();
        out.printf("%,d ms sleep + %,d ms CPU per task (%s), %d carriers, %s%s; threads = peak live platform threads; carriers = most carrier threads alive at once; CPU wait = time its threads waited for a core, summed%n",
                first.scenario().sleepMs(), first.scenario().cpuMs(), first.scenario().blocking().cliName(), first.carriers(),
                first.runner() != null ? "JDK " + first.runner().javaVersion() + ", " + first.runner().cores() + " cores" : "",
                repeats > 1 ? "; medians of " + repeats + " runs" : "");
        if (first.scenario().isWeb()) {
            out.printf("Web: each task is one HTTP request from a closed loop of %,d connections to a service in the runner; "
                    + "threads include the load's client threads (one per connection, plus the HTTP client's)%n", first.scenario().connections());
        }
        for (RunResult r : results) {
            if (r.scenario().threadLocalKb() > 0) {
                out.printf("%s: the ThreadLocal cache created %,d objects of %,d KB (one per thread that ran a task)%n",
                        r.scenario().label(), r.threadLocalsCreated(), r.scenario().threadLocalKb());
            }
            if (r.vm().pinnedEvents() > 0) {
                out.printf("%s: pinned %,d times for %s in all (%s)%n", r.scenario().label(), r.vm().pinnedEvents(),
                        ms(r.vm().pinnedMs()), reasons(r));
            }
            if (r.dbPool() != null) {
                out.printf("%s: db pool %,d connections (filled in %s before the clock); wait for a connection p50 %.1f ms, max %.1f ms%n",
                        r.scenario().label(), r.dbPool().size(), ms(r.dbPool().fillMs()), r.dbPool().waitP50Ms(), r.dbPool().waitMaxMs());
            }
            if (r.carrierPeak() > r.carriers()) {
                out.printf("%s: up to %,d carrier threads alive for %,d carriers: the scheduler added some while carriers were blocked%n",
                        r.scenario().label(), r.carrierPeak(), r.carriers());
            }
            if (r.vm().threadDumpVirtualThreads() >= 0) {
                out.printf("%s: the thread dump held %,d virtual threads%n", r.scenario().label(), r.vm().threadDumpVirtualThreads());
            }
            if (!r.message().isEmpty()) {
                out.println(r.scenario().label() + ": " + r.message());
            }
        }
    }

    private static String reasons(RunResult r) {
        var parts = new java.util.ArrayList<String>();
        r.vm().pinnedReasons().forEach((reason, count) -> parts.add("%s: %,d".formatted(reason, count)));
        return String.join("; ", parts);
    }

    private static String status(RunResult r) {
        return switch (r.outcome()) {
            case COMPLETED -> r.failed() == 0 && r.cancelled() == 0 ? "ok"
                    : r.cancelled() == 0 ? "%,d tasks failed".formatted(r.failed())
                    : "%,d failed, %,d cancelled".formatted(r.failed(), r.cancelled());
            case FAILED -> "FAILED";
            case CANCELLED -> "stopped";
        };
    }

    private static String ms(double ms) {
        return "%,.0f ms".formatted(ms);
    }
}
