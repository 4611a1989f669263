package dev.loomscope.runner.telemetry;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The whole machine's busy CPU time, from the cpu line of Linux's {@code /proc/stat}: the one reader
 * of it, for the runner's readings around a run ({@link ProcessReadings}) and the window's view of
 * how busy the machine is.
 */
public final class MachineCpu {

    public static final Path PROC_STAT = Path.of("/proc/stat");
    /** /proc/stat counts in USER_HZ, which Linux fixes at 100 for user space. */
    private static final long NANOS_PER_TICK = 10_000_000L;

    private MachineCpu() {
    }

    /** {@link #busyNanos(Path)} of {@link #PROC_STAT}. */
    public static long busyNanos() {
        return busyNanos(PROC_STAT);
    }

    /**
     * CPU time all cores spent busy since boot: user + nice + system + irq + softirq + steal of the
     * file's first line, {@code cpu user nice system idle iowait irq softirq steal ...} in clock
     * ticks (idle and iowait are not busy; guest time is already inside user). -1 if the file
     * cannot be read or its first line is not that (not Linux).
     */
    public static long busyNanos(Path procStat) {
        try (BufferedReader in = Files.newBufferedReader(procStat)) {
            String first = in.readLine();
            String[] fields = first == null ? new String[0] : first.trim().split("\\s+");
            if (fields.length < 5 || !fields[0].equals("cpu")) {
                return -1;
            }
            long ticks = Long.parseLong(fields[1]) + Long.parseLong(fields[2]) + Long.parseLong(fields[3]);
            for (int i = 6; i < Math.min(fields.length, 9); i++) {
                ticks += Long.parseLong(fields[i]);
            }
            return ticks * NANOS_PER_TICK;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
