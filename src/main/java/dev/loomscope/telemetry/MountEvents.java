package dev.loomscope.telemetry;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * LoomScope's own JFR events, written into a run's {@code .jfr} file so JDK Mission Control and
 * {@code jfr print --events dev.loomscope.Mount} show which carrier ran which task, and when.
 * They are enabled only when a recording file is asked for; otherwise they cost nothing.
 */
public final class MountEvents {

    private MountEvents() {
    }

    /** A task on a carrier: from the probe that found it there to the probe before it let go. */
    @Name("dev.loomscope.Mount")
    @Label("Task Mounted")
    @Category("LoomScope")
    @Description("A task ran on this carrier for this long (from LoomScope's probes)")
    @StackTrace(false)
    public static final class Mount extends Event {
        @Label("Task")
        public int task;
        @Label("Virtual Thread Id")
        public long virtualThread;
        @Label("Carrier Thread Id")
        public long carrier;
    }

    /** The task is about to block or end, giving its carrier back (unless the blocking pins it). */
    @Name("dev.loomscope.Unmount")
    @Label("Task Unmounting")
    @Category("LoomScope")
    @Description("A task reached a blocking call or its end on this carrier")
    @StackTrace(false)
    public static final class Unmount extends Event {
        @Label("Task")
        public int task;
        @Label("Virtual Thread Id")
        public long virtualThread;
        @Label("Carrier Thread Id")
        public long carrier;
        @Label("Why")
        public String cause;
    }
}
