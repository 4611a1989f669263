package dev.loomscope.scenario;

import dev.loomscope.protocol.RunnerArgs;
import dev.loomscope.text.Text;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * How a run is observed, as opposed to what it runs ({@link Scenario}).
 *
 * @param jfr             stream JFR events (pinning, submit failures, GC, virtual-thread start/end)
 * @param jfrFile         also save the run's recording here (absolute), or null
 * @param threadDumpFile  write the JDK's JSON thread dump here (absolute) once every task is submitted, or null
 * @param mountEvents     record LoomScope's Mount and Unmount events into the .jfr file (one per mount:
 *                        cheap at ten thousand tasks, not at a million)
 * @param cpuUnitsPerMs   the rate at which a task's "ms of CPU" become units of prime counting; 0: the
 *                        runner times it itself at its start. Given, it repeats another run's exact
 *                        work: two JVMs time the same work a few per cent apart.
 * @param database        the user's own database for the jdbc blocking mode, or null for the H2 server
 *                        LoomScope starts; never on the runner's command line (the launcher's service names it)
 */
public record RunOptions(boolean jfr, Path jfrFile, Path threadDumpFile, boolean mountEvents, double cpuUnitsPerMs,
                         DatabaseTarget database) {

    public static final RunOptions DEFAULT = new RunOptions(true, null, null);

    /** Mount events go into the file whenever there is one. */
    public RunOptions(boolean jfr, Path jfrFile, Path threadDumpFile) {
        this(jfr, jfrFile, threadDumpFile, jfrFile != null);
    }

    public RunOptions(boolean jfr, Path jfrFile, Path threadDumpFile, boolean mountEvents) {
        this(jfr, jfrFile, threadDumpFile, mountEvents, 0);
    }

    public RunOptions(boolean jfr, Path jfrFile, Path threadDumpFile, boolean mountEvents, double cpuUnitsPerMs) {
        this(jfr, jfrFile, threadDumpFile, mountEvents, cpuUnitsPerMs, null);
    }
    /** Virtual-thread start and end events cost two JFR events per task; above this many tasks they stay off. */
    public static final int MAX_TASKS_WITH_VTHREAD_EVENTS = 100_000;

    public RunOptions {
        jfrFile = jfrFile == null ? null : jfrFile.toAbsolutePath();
        threadDumpFile = threadDumpFile == null ? null : threadDumpFile.toAbsolutePath();
        if (jfrFile != null && !jfr) {
            throw new IllegalArgumentException(Text.get("scenario.jfr-file-needs-jfr"));
        }
        mountEvents = mountEvents && jfrFile != null;
        if (!(cpuUnitsPerMs >= 0) || Double.isInfinite(cpuUnitsPerMs)) {
            throw new IllegalArgumentException(Text.get("scenario.cpu-units", cpuUnitsPerMs));
        }
    }

    /** These options, doing a task's CPU part at this rate instead of timing it at the runner's start. */
    public RunOptions withCpuUnitsPerMs(double rate) {
        return new RunOptions(jfr, jfrFile, threadDumpFile, mountEvents, rate, database);
    }

    /** These options, waiting on the user's own database in the jdbc mode (null: LoomScope's H2). */
    public RunOptions withDatabase(DatabaseTarget target) {
        return new RunOptions(jfr, jfrFile, threadDumpFile, mountEvents, cpuUnitsPerMs, target);
    }

    public RunOptions withoutJfr() {
        return new RunOptions(false, null, threadDumpFile, false, cpuUnitsPerMs, database);
    }

    /** These options, saving the recording to {@code file}, with mount events or not. */
    public RunOptions withJfrFile(Path file, boolean withMountEvents) {
        return new RunOptions(true, file, threadDumpFile, withMountEvents, cpuUnitsPerMs, database);
    }

    public List<String> toArgs() {
        var values = new LinkedHashMap<String, String>();
        values.put("jfr", Boolean.toString(jfr));
        if (jfrFile != null) {
            values.put("jfr-file", jfrFile.toString());
        }
        if (threadDumpFile != null) {
            values.put("thread-dump", threadDumpFile.toString());
        }
        values.put("mount-events", Boolean.toString(mountEvents));
        if (cpuUnitsPerMs > 0) {
            values.put("cpu-units-per-ms", Double.toString(cpuUnitsPerMs));
        }
        return RunnerArgs.format(values);
    }

    public static RunOptions from(RunnerArgs args) {
        String jfrFile = args.optional("jfr-file");
        String dump = args.optional("thread-dump");
        return new RunOptions(Boolean.parseBoolean(args.optional("jfr")), jfrFile == null ? null : Path.of(jfrFile),
                dump == null ? null : Path.of(dump), Boolean.parseBoolean(args.optional("mount-events")),
                args.optional("cpu-units-per-ms") == null ? 0 : Double.parseDouble(args.optional("cpu-units-per-ms")));
    }
}
