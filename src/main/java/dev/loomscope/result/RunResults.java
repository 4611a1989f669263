package dev.loomscope.result;

import dev.loomscope.protocol.PoolFigures;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** Combines repeated runs of one scenario. */
public final class RunResults {

    private RunResults() {
    }

    /**
     * The median of each figure across runs (each figure on its own, as benchmark tools report).
     * If any run did not complete, that run is returned instead: a failure is never averaged away.
     */
    public static RunResult median(List<RunResult> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs");
        }
        for (RunResult run : runs) {
            if (!run.isCompleted()) {
                return run;
            }
        }
        RunResult typical = runs.stream().min(Comparator.comparingDouble(r -> Math.abs(r.elapsedMs() - median(runs, RunResult::elapsedMs)))).orElseThrow();
        return new RunResult(typical.scenario(), typical.outcome(), typical.message(), typical.runner(),
                median(runs, RunResult::elapsedMs), typical.idealMs(), typical.submitted(),
                (long) median(runs, RunResult::completed), (long) median(runs, RunResult::failed),
                median(runs, RunResult::rssDeltaMb), median(runs, RunResult::heapDeltaMb),
                (int) median(runs, RunResult::peakPlatformThreads), median(runs, RunResult::cpuTimeMs),
                typical.delivery(), typical.vm(), typical.mounts(), typical.unmounts(), typical.threadLocalsCreated(),
                new RunResult.Overheads(median(runs, RunResult::cpuWaitMs), median(runs, RunResult::otherCpuMs),
                        median(runs, RunResult::submitMs)),
                (long) median(runs, RunResult::cancelled),
                (int) median(runs, RunResult::carrierPeak), medianPool(runs),
                runs.stream().anyMatch(run -> run.allocatedMb() < 0) ? -1 : median(runs, RunResult::allocatedMb));
    }

    /** The connection pool's figures, each the median across runs; null when the runs had no pool. */
    private static PoolFigures medianPool(List<RunResult> runs) {
        if (runs.stream().anyMatch(r -> r.dbPool() == null)) {
            return null;
        }
        return new PoolFigures(runs.getFirst().dbPool().size(), median(runs, r -> r.dbPool().fillMs()),
                median(runs, r -> r.dbPool().waitP50Ms()), median(runs, r -> r.dbPool().waitMaxMs()));
    }

    public static double median(List<RunResult> runs, ToDoubleFunction<RunResult> figure) {
        return median(runs.stream().mapToDouble(figure).toArray());
    }

    public static double median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
