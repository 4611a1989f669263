package dev.loomscope.runner.jdk25;

import dev.loomscope.runner.laterjdk.SchedulerFigures;
import java.lang.management.ManagementFactory;
import jdk.management.VirtualThreadSchedulerMXBean;

/** The scheduler's figures from its MXBean (JDK 24+), for a runner on JDK 25. */
public final class SchedulerBean implements SchedulerFigures {

    private final VirtualThreadSchedulerMXBean bean = ManagementFactory.getPlatformMXBean(VirtualThreadSchedulerMXBean.class);

    @Override
    public int mounted() {
        return bean.getMountedVirtualThreadCount();
    }

    @Override
    public long queued() {
        return bean.getQueuedVirtualThreadCount();
    }

    @Override
    public int poolSize() {
        return bean.getPoolSize();
    }

    @Override
    public int parallelism() {
        return bean.getParallelism();
    }
}
