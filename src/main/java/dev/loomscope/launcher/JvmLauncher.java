package dev.loomscope.launcher;

import dev.loomscope.runner.Workload;
import dev.loomscope.runner.telemetry.EventLog;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the command line of a child JVM: the same JDK and class path as this one, plus the flags a
 * run needs. The fidelity benchmark starts its plain programs through here too, so LoomScope's
 * runner and the plain program differ only in the instrumentation.
 */
public final class JvmLauncher {

    private final List<String> prefix;
    private final List<String> extraJvmArgs;
    private final Path java;

    /** @param prefix       a command put before {@code java}, e.g. {@code prlimit --as=...} (empty for none)
     *  @param extraJvmArgs more JVM options, after the standard ones */
    public JvmLauncher(List<String> prefix, List<String> extraJvmArgs) {
        this(Path.of(javaExecutable()), prefix, extraJvmArgs);
    }

    private JvmLauncher(Path java, List<String> prefix, List<String> extraJvmArgs) {
        this.java = java;
        this.prefix = List.copyOf(prefix);
        this.extraJvmArgs = List.copyOf(extraJvmArgs);
    }

    /** The same launcher, starting the JVM at {@code java} instead (one removed since, in the tests). */
    public JvmLauncher withJava(Path java) {
        return new JvmLauncher(java, prefix, extraJvmArgs);
    }

    /** The {@code java} this launcher starts: by default {@link #javaExecutable()}. */
    public Path java() {
        return java;
    }

    public static JvmLauncher standard() {
        return new JvmLauncher(List.of(), List.of());
    }

    /** SLF4J's (2.0.10 on) level of its own messages, as the jdbc mode's HikariCP pulls it in. */
    public static final String SLF4J_VERBOSITY = "slf4j.internal.verbosity";

    /**
     * Methods the JIT must not inline into the compiled task frame that sits on a parked virtual
     * thread's stack. Inlined, the event recorder made that frame larger (stack chunks of about
     * 400 bytes instead of about 310 at a million tasks; a plain program's are 264), and every young
     * GC copies those chunks and every resume copies them back. For the code after the block,
     * see {@code Workload.Task}.
     */
    static final List<String> KEPT_OUT_OF_LINE = List.of(EventLog.class.getName() + "::record", Workload.AFTER_BLOCKING);

    /**
     * The flags every run gets: carrier count, {@link JvmFlags#required()} (native pinning, carrier
     * lookup), and {@link #KEPT_OUT_OF_LINE} (which names only LoomScope's own methods, so a plain program
     * given the same flags should run as it would without them).
     */
    public static List<String> runFlags(int carriers) {
        var flags = new ArrayList<>(List.of("-Djdk.virtualThreadScheduler.parallelism=" + carriers));
        flags.addAll(JvmFlags.required());
        flags.add("-XX:CompileCommand=quiet");
        // HikariCP logs through SLF4J, and with no provider SLF4J warns on stderr that it will log nothing: that is what we want.
        flags.add("-D" + SLF4J_VERBOSITY + "=ERROR");
        KEPT_OUT_OF_LINE.forEach(method -> flags.add("-XX:CompileCommand=dontinline," + method));
        return List.copyOf(flags);
    }

    public List<String> command(Class<?> mainClass, int carriers, List<String> args) {
        return command(mainClass, carriers, List.of(), args);
    }

    /** @param runJvmArgs JVM options of this run only (after the launcher's own) */
    public List<String> command(Class<?> mainClass, int carriers, List<String> runJvmArgs, List<String> args) {
        return command(mainClass, carriers, runJvmArgs, List.of(), args);
    }

    /** @param moreClassPath folders put after this JVM's class path (a user's compiled task) */
    public List<String> command(Class<?> mainClass, int carriers, List<String> runJvmArgs, List<Path> moreClassPath, List<String> args) {
        return launch(runFlags(carriers), runJvmArgs, moreClassPath, mainClass.getName(), args);
    }

    /**
     * A JVM of this app's own that runs no workload (it reads a file for the window, say): the same {@code java} and class path,
     * {@link JvmFlags#required()}, then {@code jvmArgs}. None of a run's flags: they are for what the runner measures.
     */
    public List<String> toolCommand(String mainClass, List<String> jvmArgs, List<String> args) {
        return launch(JvmFlags.required(), jvmArgs, List.of(), mainClass, args);
    }

    /** The prefix, {@code java}, {@code flags}, the launcher's own options, {@code jvmArgs}, this JVM's class path and more, the main class and its arguments. */
    private List<String> launch(List<String> flags, List<String> jvmArgs, List<Path> moreClassPath, String mainClass, List<String> args) {
        var command = new ArrayList<>(prefix);
        command.add(java.toString());
        command.addAll(flags);
        command.addAll(extraJvmArgs);
        command.addAll(jvmArgs);
        command.add("-cp");
        var classPath = new StringBuilder(System.getProperty("java.class.path"));
        moreClassPath.forEach(folder -> classPath.append(File.pathSeparator).append(folder.toAbsolutePath()));
        command.add(classPath.toString());
        command.add(mainClass);
        command.addAll(args);
        return command;
    }

    /** The {@code java} of the JDK this JVM runs on (JDK 25 or later, which the runner needs). */
    public static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
