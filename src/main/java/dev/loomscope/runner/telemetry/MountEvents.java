package dev.loomscope.runner.telemetry;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * LoomScope's own JFR events, written into a run's {@code .jfr} file so JDK Mission Control and
 * {@code jfr print --events dev.loomscope.Mount} show which carrier ran which task, and when.
 * They are off unless a recording file is asked for (JFR would otherwise enable custom events in
 * every recording), and carry no strings: JFR's string pool takes a lock that can pin.
 */
public final class MountEvents {

    private MountEvents() {
    }

    /** What both events name: the task, its virtual thread and the carrier it was on. */
    public abstract static class TaskOnCarrier extends Event {
        @Label("Task")
        public int task;
        @Label("Virtual Thread Id")
        public long virtualThread;
        @Label("Carrier Thread Id")
        public long carrier;
    }

    /**
     * A task on a carrier: from the probe that found it there (start, or return from blocking) to
     * the probe before it blocks or ends. A pinned task's two slices sit on the same carrier, with
     * jdk.VirtualThreadPinned covering the gap: it never let go.
     */
    @Name("dev.loomscope.Mount")
    @Label("Task on Carrier")
    @Category("LoomScope")
    @Description("A task ran on this carrier between two LoomScope probes: start or resume, to blocking or end")
    @StackTrace(false)
    @Enabled(false)
    public static final class Mount extends TaskOnCarrier {
    }

    /** The task is about to block or end: it gives its carrier back, unless the blocking pins it. */
    @Name("dev.loomscope.Unmount")
    @Label("Task Releasing Carrier")
    @Category("LoomScope")
    @Description("A task reached a blocking call or its end; it leaves the carrier unless jdk.VirtualThreadPinned says it pinned")
    @StackTrace(false)
    @Enabled(false)
    public static final class Unmount extends TaskOnCarrier {
        @Label("Task Ended")
        @Description("True when the task finished; false when it reached a blocking call")
        public boolean ended;
    }
}
