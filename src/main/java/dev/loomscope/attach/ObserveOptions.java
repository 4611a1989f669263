package dev.loomscope.attach;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How to observe.
 *
 * @param pinThreshold     the shortest pin JFR reports (jdk.VirtualThreadPinned's threshold; the JDK's own default is 20 ms)
 * @param schedulerPeriod  how often the scheduler MXBean is read
 * @param dumpAtStart      take a thread dump when the observation begins, so "alive" starts from the threads already there
 * @param jfrFile          where to write the observation's JFR recording when it stops, or null
 */
public record ObserveOptions(Duration pinThreshold, Duration schedulerPeriod, boolean dumpAtStart, Path jfrFile) {

    public static final ObserveOptions DEFAULTS = new ObserveOptions(Duration.ZERO, Duration.ofMillis(100), true, null);

    public ObserveOptions withJfrFile(Path file) {
        return new ObserveOptions(pinThreshold, schedulerPeriod, dumpAtStart, file);
    }

    public ObserveOptions withPinThreshold(Duration threshold) {
        return new ObserveOptions(threshold, schedulerPeriod, dumpAtStart, jfrFile);
    }
}
