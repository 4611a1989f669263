package dev.loomscope.cli;

import dev.loomscope.text.Text;

import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.DatabaseTarget;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.scenario.Sharing;
import dev.loomscope.scenario.UserTask;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The scenario settings shared by every command that runs tasks (a picocli mixin). */
public final class ScenarioOptions {

    @Option(names = "--executor", split = ",", paramLabel = "NAME,...", hideParamSyntax = true, defaultValue = "fixed,virtual",
            descriptionKey = "cli.scenario.executor",
            converter = ExecutorConverter.class, completionCandidates = ExecutorNames.class)
    List<ExecutorKind> executors;

    @Option(names = "--tasks", paramLabel = "N", defaultValue = "10000", descriptionKey = "cli.scenario.tasks")
    int tasks;

    @Option(names = "--pool", paramLabel = "N", defaultValue = "200", descriptionKey = "cli.scenario.pool")
    int pool;

    @Option(names = "--carriers", paramLabel = "N", descriptionKey = "cli.scenario.carriers")
    Integer carriers;

    @Option(names = "--sleep-ms", paramLabel = "MS", defaultValue = "100", descriptionKey = "cli.scenario.sleep-ms")
    int sleepMs;

    @Option(names = "--cpu-ms", paramLabel = "MS", defaultValue = "0", descriptionKey = "cli.scenario.cpu-ms")
    int cpuMs;

    @Option(names = "--blocking", paramLabel = "MODE", defaultValue = "sleep", converter = BlockingConverter.class,
            completionCandidates = BlockingNames.class,
            descriptionKey = "cli.scenario.blocking")
    BlockingMode blocking;

    @Option(names = "--db-pool", paramLabel = "N", defaultValue = "10", descriptionKey = "cli.scenario.db-pool")
    int dbPool;

    @Option(names = "--jdbc-url", paramLabel = "URL", descriptionKey = "cli.scenario.jdbc-url")
    String jdbcUrl;

    @Option(names = "--jdbc-user", paramLabel = "USER", descriptionKey = "cli.scenario.jdbc-user")
    String jdbcUser;

    @Option(names = "--jdbc-password-file", paramLabel = "FILE", descriptionKey = "cli.scenario.jdbc-password-file")
    java.nio.file.Path jdbcPasswordFile;

    @Option(names = "--permits", paramLabel = "N", defaultValue = "20", descriptionKey = "cli.scenario.permits")
    int permits;

    @Option(names = "--thread-local-kb", paramLabel = "KB", defaultValue = "0",
            descriptionKey = "cli.scenario.thread-local-kb")
    int threadLocalKb;

    @Option(names = "--sharing", paramLabel = "threadlocal|scopedvalue", defaultValue = "threadlocal", converter = SharingConverter.class,
            descriptionKey = "cli.scenario.sharing")
    Sharing sharing;

    static final class SharingConverter extends Choice<Sharing> {
        SharingConverter() {
            super("sharing", Sharing.values(), Sharing::cliName);
        }
    }

    @Option(names = "--fail-at-ms", paramLabel = "MS", defaultValue = "0",
            descriptionKey = "cli.scenario.fail-at-ms")
    int failAtMs;

    @Option(names = "--connections", paramLabel = "N", defaultValue = "0",
            descriptionKey = "cli.scenario.connections")
    int connections;

    @Mixin
    TaskFileOption taskFile;

    /** One scenario per chosen executor; bad values become a picocli usage error naming the option. */
    public List<Scenario> scenarios(CommandSpec spec) {
        return scenarios(spec, true);
    }

    /** @param checkDuration refuse scenarios over an hour (a sweep checks its points instead of its base) */
    public List<Scenario> scenarios(CommandSpec spec, boolean checkDuration) {
        var result = new ArrayList<Scenario>();
        int carrierCount = carriers != null ? carriers : Runtime.getRuntime().availableProcessors();
        UserTask userTask = taskFile.task(spec);
        int sleepMs = taskFile.sleepMs(spec, this.sleepMs);
        for (ExecutorKind kind : new LinkedHashSet<>(executors)) {
            try {
                var scenario = Scenario.of(kind).withTasks(tasks).withPool(pool).withCarriers(carrierCount).withSleepMs(sleepMs)
                        .withCpuMs(cpuMs).withBlocking(blocking).withPermits(permits).withThreadLocalKb(threadLocalKb)
                        .withSharing(sharing).withConnections(connections).withFailAtMs(failAtMs).withUserTask(userTask).withDbPool(dbPool).build();
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
        if (jdbcUrl != null && blocking != BlockingMode.JDBC) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.scenario.bad.jdbc-blocking", blocking.cliName()));
        }
        return JdbcOptions.target(spec, jdbcUrl, jdbcUser, jdbcPasswordFile);
    }

    /** As {@link #database(CommandSpec)}, for a preset's runs: --jdbc-url needs one of them to block on jdbc. */
    public DatabaseTarget database(CommandSpec spec, String preset, List<Scenario> runs) {
        if (jdbcUrl != null && runs.stream().noneMatch(s -> s.blocking() == BlockingMode.JDBC)) {
            var querying = dev.loomscope.model.Preset.all(Runtime.getRuntime().availableProcessors()).stream()
                    .filter(each -> each.scenarios().stream().anyMatch(s -> s.blocking() == BlockingMode.JDBC)).map(dev.loomscope.model.Preset::name).toList();
            throw new ParameterException(spec.commandLine(), Text.get("cli.preset.bad.jdbc", preset, String.join(", ", querying)));
        }
        return JdbcOptions.target(spec, jdbcUrl, jdbcUser, jdbcPasswordFile);
    }

    static final class ExecutorConverter extends Choice<ExecutorKind> {
        ExecutorConverter() {
            super("executor", ExecutorKind.values(), ExecutorKind::cliName);
        }
    }

    static final class BlockingConverter extends Choice<BlockingMode> {
        BlockingConverter() {
            super("blocking-mode", BlockingMode.values(), BlockingMode::cliName);
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
