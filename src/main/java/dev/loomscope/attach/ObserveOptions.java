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
 * @param wakeStream       shorten the JFR stream's own waits on this side (see {@code StreamWaker}); off only to measure the JDK's pace
 */
public record ObserveOptions(Duration pinThreshold, Duration schedulerPeriod, boolean dumpAtStart, Path jfrFile, boolean wakeStream) {

    public static final ObserveOptions DEFAULTS = new ObserveOptions(Duration.ZERO, Duration.ofMillis(100), true, null, true);

    public ObserveOptions withJfrFile(Path file) {
        return new ObserveOptions(pinThreshold, schedulerPeriod, dumpAtStart, file, wakeStream);
    }

    public ObserveOptions withPinThreshold(Duration threshold) {
        return new ObserveOptions(threshold, schedulerPeriod, dumpAtStart, jfrFile, wakeStream);
    }

    public ObserveOptions withWakeStream(boolean wake) {
        return new ObserveOptions(pinThreshold, schedulerPeriod, dumpAtStart, jfrFile, wake);
    }
}
