package dev.loomscope.cli;

import dev.loomscope.scenario.BlockingMode;
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
            description = "How a task blocks: sleep, synchronized (sleep holding a monitor), native (sleep inside a native frame), class-init (sleep in a static initializer). Default: ${DEFAULT-VALUE}.")
    BlockingMode blocking;

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
                        .withSharing(sharing).withConnections(connections).withFailAtMs(failAtMs).withUserTask(userTask).build();
                result.add(checkDuration ? scenario.checkDuration(Runtime.getRuntime().availableProcessors()) : scenario);
            } catch (InvalidScenarioException e) {
                throw new ParameterException(spec.commandLine(), LoomScopeCommand.asOption(e.getMessage(), e.field()));
            }
        }
        return result;
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
