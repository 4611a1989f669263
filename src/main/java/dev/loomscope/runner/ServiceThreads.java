package dev.loomscope.runner;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.web.WorkerThreads;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;

/**
 * The threads of a web service run on an executor kind: requests on the very executor a task run
 * would use ({@link ScenarioExecutors}), fan-out calls on threads of the same kind but a pool of
 * their own (twice the size: each {@code /aggregate} makes two calls).
 */
public final class ServiceThreads {

    private ServiceThreads() {
    }

    public static WorkerThreads of(ExecutorKind kind, int pool) {
        String label = kind.usesPool() ? kind.cliName() + "(" + pool + ")" : kind.cliName();
        return switch (kind) {
            case FIXED -> new WorkerThreads(label, pool, Executors.newFixedThreadPool(pool), fanOutPool(pool));
            case FORKJOIN -> new WorkerThreads(label, pool, new ForkJoinPool(pool), fanOutPool(pool));
            case SINGLE -> new WorkerThreads(label, 1, Executors.newSingleThreadExecutor(), fanOutPool(1));
            case PLATFORM -> new WorkerThreads(label, 0, Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory()),
                    Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory()));
            case VIRTUAL, VIRTUAL_LIMITED -> new WorkerThreads(label, 0, Executors.newVirtualThreadPerTaskExecutor(),
                    Executors.newVirtualThreadPerTaskExecutor(), true);
            // Refused by Scenario: a scope forks subtasks, it serves no requests.
            case STRUCTURED -> throw new IllegalArgumentException("the structured executor serves no web requests");
        };
    }

    private static java.util.concurrent.ExecutorService fanOutPool(int pool) {
        return Executors.newFixedThreadPool((int) Math.min(2L * pool, Scenario.POOL.max()));
    }
}
