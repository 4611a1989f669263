package dev.loomscope.model;

import dev.loomscope.runner.telemetry.MachineCpu;
import java.nio.file.Path;

/**
 * How much CPU the rest of the machine leaves this process: the cores minus what every other
 * process (the runner above all) used lately, from Linux's {@code /proc/stat} and this process's
 * own CPU time ({@link MachineCpu}). What this process uses itself counts as spare, since it can give it up.
 * Elsewhere, or if {@code /proc/stat} cannot be read, it knows nothing ({@link Double#NaN}).
 */
public final class MachineLoad {

    /** Readings closer together than this would be a few clock ticks (10 ms each) and mostly noise. */
    static final long PERIOD_NANOS = 150_000_000L;

    private final Path procStat;
    private final int cores;
    private final java.util.function.LongSupplier ownCpuNanos;
    private long lastAt = -1;
    private long lastBusyNanos;
    private long lastOwnNanos;
    private double spare = Double.NaN;
    private boolean unreadable;

    public MachineLoad(int cores) {
        this(MachineCpu.PROC_STAT, cores, MachineLoad::processCpuNanos);
    }

    MachineLoad(Path procStat, int cores, java.util.function.LongSupplier ownCpuNanos) {
        this.procStat = procStat;
        this.cores = cores;
        this.ownCpuNanos = ownCpuNanos;
    }

    /** Cores the rest of the machine left over since the previous reading (read at most every {@link #PERIOD_NANOS}). */
    public double spareCores(long nowNanos) {
        if (unreadable || (lastAt >= 0 && nowNanos - lastAt < PERIOD_NANOS)) {
            return spare;
        }
        long busy = MachineCpu.busyNanos(procStat);
        if (busy < 0) {
            unreadable = true;
            return spare = Double.NaN;
        }
        long own = ownCpuNanos.getAsLong();
        if (lastAt >= 0) {
            double othersCores = Math.max(0, (busy - lastBusyNanos) - (own - lastOwnNanos)) / (double) (nowNanos - lastAt);
            spare = Math.max(0, cores - othersCores);
        }
        lastAt = nowNanos;
        lastBusyNanos = busy;
        lastOwnNanos = own;
        return spare;
    }

    private static long processCpuNanos() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }
}
