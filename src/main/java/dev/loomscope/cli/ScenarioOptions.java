package dev.loomscope.cli;

import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.DatabaseTarget;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.scenario.Sharing;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The scenario settings shared by every command that runs tasks (a picocli mixin). */
public final class ScenarioOptions {

    @Option(names = "--executor", split = ",", paramLabel = "NAME,...", hideParamSyntax = true, defaultValue = "fixed,virtual",
            description = "Executors to compare, comma-separated: ${COMPLETION-CANDIDATES}. Default: ${DEFAULT-VALUE}.",
            converter = ExecutorConverter.class, completionCandidates = ExecutorNames.class)
    List<ExecutorKind> executors;

    @Option(names = "--tasks", paramLabel = "N", defaultValue = "10000", description = "Number of tasks, 1 to 10,000,000. Default: ${DEFAULT-VALUE}.")
    int tasks;

    @Option(names = "--pool", paramLabel = "N", defaultValue = "200", description = "Threads of the fixed pool and the ForkJoinPool. Default: ${DEFAULT-VALUE}.")
    int pool;

    @Option(names = "--carriers", paramLabel = "N", description = "Carrier threads of the virtual-thread scheduler (its parallelism). Default: the cores of this machine.")
    Integer carriers;

    @Option(names = "--sleep-ms", paramLabel = "MS", defaultValue = "100", description = "Milliseconds each task blocks. Default: ${DEFAULT-VALUE}.")
    int sleepMs;

    @Option(names = "--cpu-ms", paramLabel = "MS", defaultValue = "0", description = "Milliseconds of real computation (counting primes) each task does before blocking. Default: ${DEFAULT-VALUE}.")
    int cpuMs;

    @Option(names = "--blocking", paramLabel = "MODE", defaultValue = "sleep", converter = BlockingConverter.class,
            completionCandidates = BlockingNames.class,
            description = "How a task blocks: sleep, synchronized (sleep holding a monitor), native (sleep inside a native frame), "
                    + "class-init (sleep in a static initializer), jdbc (a query that waits on a database server, through a "
                    + "connection pool), http (a GET to a service that answers late), file (a read of a named pipe written late), "
                    + "lock (a timed wait on a ReentrantLock's condition), wait (Object.wait inside synchronized). Each waits "
                    + "--sleep-ms. Default: ${DEFAULT-VALUE}.")
    BlockingMode blocking;

    @Option(names = "--db-pool", paramLabel = "N", defaultValue = "10",
            description = "Connections of the jdbc mode's pool (HikariCP), all open before the run's clock starts. 1 to 10,000; "
                    + "default: ${DEFAULT-VALUE}.")
    int dbPool;

    @Option(names = "--jdbc-url", paramLabel = "URL",
            description = "With --blocking jdbc: wait on this database instead of the H2 server LoomScope starts; a "
                    + "jdbc:postgresql: URL waits with pg_sleep, any other with a SLEEP(ms) function the database must have.")
    String jdbcUrl;

    @Option(names = "--jdbc-user", paramLabel = "USER", description = "The user --jdbc-url connects as.")
    String jdbcUser;

    @Option(names = "--jdbc-password-file", paramLabel = "FILE",
            description = "A file whose first line is --jdbc-url's password (kept off the command line; the runner gets it in its environment).")
    java.nio.file.Path jdbcPasswordFile;

    @Option(names = "--permits", paramLabel = "N", defaultValue = "20", description = "Semaphore permits around the blocking part, for virtual-limited. Default: ${DEFAULT-VALUE}.")
    int permits;

    @Option(names = "--thread-local-kb", paramLabel = "KB", defaultValue = "0",
            description = "Each task first takes an object of this size from a ThreadLocal cache (the ThreadLocal trap); the result says how many were created. 0 to 1,024; default: ${DEFAULT-VALUE} (none).")
    int threadLocalKb;

    @Option(names = "--sharing", paramLabel = "threadlocal|scopedvalue", defaultValue = "threadlocal", converter = SharingConverter.class,
            description = "How a task gets its --thread-local-kb object: from a ThreadLocal cache (one per thread) or bound by a ScopedValue "
                    + "(one object made once, JDK 25's JEP 506). Default: ${DEFAULT-VALUE}.")
    Sharing sharing;

    static final class SharingConverter extends Choice<Sharing> {
        SharingConverter() {
            super("sharing", Sharing.values(), Sharing::cliName);
        }
    }

    @Option(names = "--fail-at-ms", paramLabel = "MS", defaultValue = "0",
            description = "One task (the middle one) fails this far into its wait; with --executor structured its scope then cancels the "
                    + "others. 0: none fails. Default: ${DEFAULT-VALUE}.")
    int failAtMs;

    @Option(names = "--connections", paramLabel = "N", defaultValue = "0",
            description = "The web experiment: the runner serves HTTP with the executor and a closed loop of N connections sends each "
                    + "task as one request (at most 100,000). 0 to 10,000; default: ${DEFAULT-VALUE} (every task submitted at once).")
    int connections;

    /** One scenario per chosen executor; bad values become a picocli usage error naming the option. */
    public List<Scenario> scenarios(CommandSpec spec) {
        return scenarios(spec, true);
    }

    /** @param checkDuration refuse scenarios over an hour (a sweep checks its points instead of its base) */
    public List<Scenario> scenarios(CommandSpec spec, boolean checkDuration) {
        var result = new ArrayList<Scenario>();
        int carrierCount = carriers != null ? carriers : Runtime.getRuntime().availableProcessors();
        for (ExecutorKind kind : new LinkedHashSet<>(executors)) {
            try {
                var scenario = Scenario.of(kind).withTasks(tasks).withPool(pool).withCarriers(carrierCount).withSleepMs(sleepMs)
                        .withCpuMs(cpuMs).withBlocking(blocking).withPermits(permits).withThreadLocalKb(threadLocalKb)
                        .withSharing(sharing).withConnections(connections).withFailAtMs(failAtMs).withDbPool(dbPool).build();
                result.add(checkDuration ? scenario.checkDuration(Runtime.getRuntime().availableProcessors()) : scenario);
            } catch (InvalidScenarioException e) {
                throw new ParameterException(spec.commandLine(), LoomScopeCommand.asOption(e.getMessage(), e.field()));
            }
        }
        return result;
    }

    /**
     * The user's own database (--jdbc-url), or null for LoomScope's H2; refuses database options
     * without --blocking jdbc or without --jdbc-url, and a password file that cannot be read.
     */
    public DatabaseTarget database(CommandSpec spec) {
        if (jdbcUrl == null) {
            if (jdbcUser != null || jdbcPasswordFile != null) {
                throw new ParameterException(spec.commandLine(), (jdbcUser != null ? "--jdbc-user" : "--jdbc-password-file")
                        + " needs --jdbc-url: LoomScope's own H2 database has its own user and password");
            }
            return null;
        }
        if (blocking != BlockingMode.JDBC) {
            throw new ParameterException(spec.commandLine(), "--jdbc-url needs --blocking jdbc (got --blocking " + blocking.cliName() + ")");
        }
        if (!jdbcUrl.startsWith("jdbc:")) {
            throw new ParameterException(spec.commandLine(), "--jdbc-url must be a JDBC URL starting with jdbc: (got " + jdbcUrl + ")");
        }
        if (jdbcPasswordFile != null && !java.nio.file.Files.isRegularFile(jdbcPasswordFile)) {
            throw new ParameterException(spec.commandLine(), "--jdbc-password-file: no such file: " + jdbcPasswordFile.toAbsolutePath());
        }
        if (jdbcPasswordFile != null && !java.nio.file.Files.isReadable(jdbcPasswordFile)) {
            throw new ParameterException(spec.commandLine(), "--jdbc-password-file: cannot read " + jdbcPasswordFile.toAbsolutePath());
        }
        return new DatabaseTarget(jdbcUrl, jdbcUser, jdbcPasswordFile);
    }

    static final class ExecutorConverter extends Choice<ExecutorKind> {
        ExecutorConverter() {
            super("executor", ExecutorKind.values(), ExecutorKind::cliName);
        }
    }

    static final class BlockingConverter extends Choice<BlockingMode> {
        BlockingConverter() {
            super("blocking mode", BlockingMode.values(), BlockingMode::cliName);
        }
    }

    static final class ExecutorNames extends ArrayList<String> {
        ExecutorNames() {
            super(java.util.Arrays.stream(ExecutorKind.values()).map(ExecutorKind::cliName).toList());
        }
    }

    static final class BlockingNames extends ArrayList<String> {
        BlockingNames() {
            super(java.util.Arrays.stream(BlockingMode.values()).map(BlockingMode::cliName).toList());
        }
    }
}
