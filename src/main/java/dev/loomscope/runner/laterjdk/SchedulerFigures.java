package dev.loomscope.runner.laterjdk;

/**
 * The virtual-thread scheduler's own figures, read from {@code jdk.management.VirtualThreadSchedulerMXBean}
 * (JDK 24+) by {@code runner.jdk25.SchedulerBean}; absent on an older runner, where the samples say -1.
 */
public interface SchedulerFigures {

    int mounted();

    long queued();

    int poolSize();

    int parallelism();
}
