package dev.loomscope.engine;

import java.nio.file.Path;
import java.util.ArrayList;
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
        var args = new ArrayList<String>();
        args.add("jfr=" + jfr);
        if (jfrFile != null) {
            args.add("jfr-file=" + jfrFile);
        }
        if (threadDumpFile != null) {
            args.add("thread-dump=" + threadDumpFile);
        }
        return args;
    }

    static RunOptions fromArgs(List<String> args) {
        boolean jfr = false;
        Path jfrFile = null;
        Path dump = null;
        for (String arg : args) {
            if (arg.startsWith("jfr=")) {
                jfr = Boolean.parseBoolean(arg.substring(4));
            } else if (arg.startsWith("jfr-file=")) {
                jfrFile = Path.of(arg.substring(9));
            } else if (arg.startsWith("thread-dump=")) {
                dump = Path.of(arg.substring(12));
            }
        }
        return new RunOptions(jfr, jfrFile, dump);
    }

    /** Whether an argument belongs to the options rather than the scenario. */
    static boolean isOption(String arg) {
        return arg.startsWith("jfr=") || arg.startsWith("jfr-file=") || arg.startsWith("thread-dump=");
    }
}
