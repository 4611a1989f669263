package dev.loomscope.runner;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;

/** The JDK executor behind each {@link ExecutorKind}, created exactly as a plain program would. */
final class ScenarioExecutors {

    private ScenarioExecutors() {
    }

    static ExecutorService create(Scenario scenario) {
        return switch (scenario.executor()) {
            case FIXED -> Executors.newFixedThreadPool(scenario.pool());
            case VIRTUAL, VIRTUAL_LIMITED -> Executors.newVirtualThreadPerTaskExecutor();
            case PLATFORM -> Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory());
            case FORKJOIN -> new ForkJoinPool(scenario.pool());
            case SINGLE -> Executors.newSingleThreadExecutor();
            case STRUCTURED -> throw new IllegalArgumentException("a structured scope forks its subtasks itself: see StructuredFanOut");
        };
    }
}
