package dev.loomscope.runner.telemetry;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * A JFR event carrying the runner's {@link System#nanoTime()} at the moment it is committed. JFR
 * stamps it on its own clock; the difference lines every JFR event up with the lifecycle events.
 */
@Name("dev.loomscope.ClockMark")
@Label("LoomScope Clock Mark")
@Category("LoomScope")
@Description("Lines JFR's clock up with LoomScope's lifecycle timeline")
@StackTrace(false)
final class ClockMark extends jdk.jfr.Event {

    @Label("Monotonic Time")
    @Timespan(Timespan.NANOSECONDS)
    long monotonicNanos;
}
