package dev.loomscope.engine;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * How a run is observed, as opposed to what it runs ({@link Scenario}).
 *
 * @param jfr             stream JFR events (pinning, submit failures, GC, virtual-thread start/end)
 * @param jfrFile         also save the run's recording here (absolute), or null
 * @param threadDumpFile  write the JDK's JSON thread dump here (absolute) once every task is submitted, or null
 */
public record RunOptions(boolean jfr, Path jfrFile, Path threadDumpFile) {

    public static final RunOptions DEFAULT = new RunOptions(true, null, null);
    /** Virtual-thread start and end events cost two JFR events per task; above this many tasks they stay off. */
    public static final int MAX_TASKS_WITH_VTHREAD_EVENTS = 100_000;

    public RunOptions {
        jfrFile = jfrFile == null ? null : jfrFile.toAbsolutePath();
        threadDumpFile = threadDumpFile == null ? null : threadDumpFile.toAbsolutePath();
        if (jfrFile != null && !jfr) {
            throw new IllegalArgumentException("saving a .jfr file needs JFR on");
        }
    }

    public RunOptions withoutJfr() {
        return new RunOptions(false, null, threadDumpFile);
    }

    List<String> toArgs() {
        var values = new LinkedHashMap<String, String>();
        values.put("jfr", Boolean.toString(jfr));
        if (jfrFile != null) {
            values.put("jfr-file", jfrFile.toString());
        }
        if (threadDumpFile != null) {
            values.put("thread-dump", threadDumpFile.toString());
        }
        return RunnerArgs.format(values);
    }

    static RunOptions from(RunnerArgs args) {
        String jfrFile = args.optional("jfr-file");
        String dump = args.optional("thread-dump");
        return new RunOptions(Boolean.parseBoolean(args.optional("jfr")), jfrFile == null ? null : Path.of(jfrFile),
                dump == null ? null : Path.of(dump));
    }
}
