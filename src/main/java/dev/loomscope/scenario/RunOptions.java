package dev.loomscope.scenario;

import dev.loomscope.protocol.RunnerArgs;
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
 */
public record RunOptions(boolean jfr, Path jfrFile, Path threadDumpFile, boolean mountEvents) {

    public static final RunOptions DEFAULT = new RunOptions(true, null, null);

    /** Mount events go into the file whenever there is one. */
    public RunOptions(boolean jfr, Path jfrFile, Path threadDumpFile) {
        this(jfr, jfrFile, threadDumpFile, jfrFile != null);
    }
    /** Virtual-thread start and end events cost two JFR events per task; above this many tasks they stay off. */
    public static final int MAX_TASKS_WITH_VTHREAD_EVENTS = 100_000;

    public RunOptions {
        jfrFile = jfrFile == null ? null : jfrFile.toAbsolutePath();
        threadDumpFile = threadDumpFile == null ? null : threadDumpFile.toAbsolutePath();
        if (jfrFile != null && !jfr) {
            throw new IllegalArgumentException("saving a .jfr file needs JFR on");
        }
        mountEvents = mountEvents && jfrFile != null;
    }

    public RunOptions withoutJfr() {
        return new RunOptions(false, null, threadDumpFile);
    }

    /** These options, saving the recording to {@code file}, with mount events or not. */
    public RunOptions withJfrFile(Path file, boolean withMountEvents) {
        return new RunOptions(true, file, threadDumpFile, withMountEvents);
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
        return RunnerArgs.format(values);
    }

    public static RunOptions from(RunnerArgs args) {
        String jfrFile = args.optional("jfr-file");
        String dump = args.optional("thread-dump");
        return new RunOptions(Boolean.parseBoolean(args.optional("jfr")), jfrFile == null ? null : Path.of(jfrFile),
                dump == null ? null : Path.of(dump), Boolean.parseBoolean(args.optional("mount-events")));
    }
}
