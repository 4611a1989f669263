package dev.loomscope.runner.telemetry;

import dev.loomscope.protocol.JfrEvent;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingStream;

/**
 * Streams what only the VM knows, from JDK Flight Recorder inside the runner: pinning (with its
 * reason, blocking operation, carrier and stack), virtual-thread submit failures, virtual-thread
 * starts and ends, and GC pauses. JFR delivers in batches once a second (a fixed flush interval),
 * so these arrive up to about a second late; each is placed on the lifecycle timeline by its own
 * timestamp, not by when it arrived.
 *
 * <p>Clock alignment: a {@link ClockMark} event carries {@code System.nanoTime()} when committed;
 * JFR's timestamp of that same event gives the offset between the two clocks. Several marks are
 * committed back to back and the one whose begin and commit bracket its nanoTime read most tightly
 * sets the offset: the thread's first event, or a thread the machine preempted between the two,
 * widens one bracket to milliseconds. The marks precede the run, so the stream (ordered by time)
 * delivers them all before any event of the run. Events that arrive before a mark wait for it.
 */
public final class JfrBridge implements AutoCloseable {

    private static final int STACK_FRAMES_KEPT = 12;

    private final RecordingStream stream = new RecordingStream();
    private final ConcurrentLinkedQueue<JfrEvent> ready = new ConcurrentLinkedQueue<>();
    private final List<RecordedEvent> waitingForClock = new ArrayList<>();
    /** Time zero of the run on the {@link System#nanoTime()} clock; 0 until {@link #runStartsAt}. */
    private long originMonotonicNanos;
    /** JFR epoch nanos minus monotonic nanos; valid once {@link #aligned} is true. */
    private long epochMinusMonotonic;
    private boolean aligned;
    private volatile double alignmentErrorMs = Double.NaN;

    /**
     * @param virtualThreadLifecycle also stream jdk.VirtualThreadStart and End (one event per thread)
     * @param mountEvents            record LoomScope's own mount and unmount events (for a .jfr file)
     */
    public JfrBridge(boolean virtualThreadLifecycle, boolean mountEvents) {
        var forwarded = new ArrayList<>(List.of("jdk.VirtualThreadPinned", "jdk.VirtualThreadSubmitFailed", "jdk.GarbageCollection"));
        stream.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
        stream.enable("jdk.VirtualThreadSubmitFailed").withStackTrace();
        stream.enable("jdk.GarbageCollection");
        stream.enable(ClockMark.class);
        if (mountEvents) {
            // Written to the .jfr file; not forwarded, the lifecycle events already carry them.
            stream.enable(MountEvents.Mount.class);
            stream.enable(MountEvents.Unmount.class);
        } else {
            stream.disable(MountEvents.Mount.class);
            stream.disable(MountEvents.Unmount.class);
        }
        if (virtualThreadLifecycle) {
            stream.enable("jdk.VirtualThreadStart");
            stream.enable("jdk.VirtualThreadEnd");
            forwarded.addAll(List.of("jdk.VirtualThreadStart", "jdk.VirtualThreadEnd"));
        }
        // By name: the stream reads the JVM's whole repository, so another recording in the runner (one a user
        // starts with -XX:StartFlightRecording, say) would otherwise send the window every event it records.
        stream.onEvent(CLOCK_MARK, this::accept);
        forwarded.forEach(name -> stream.onEvent(name, this::accept));
    }

    private static final String CLOCK_MARK = "dev.loomscope.ClockMark";

    /** Clock marks committed at the start, the tightest of which sets the alignment. */
    private static final int CLOCK_MARKS = 5;

    /** Starts streaming and commits the clock marks. Call before the run, as JFR takes a while to start. */
    public void start() {
        stream.startAsync();
        for (int i = 0; i < CLOCK_MARKS; i++) {
            var mark = new ClockMark();
            mark.begin();
            mark.monotonicNanos = System.nanoTime();
            mark.commit();
        }
    }

    /** Sets time zero of the run; events wait for it (and for the clock mark) before being placed. */
    public synchronized void runStartsAt(long originMonotonicNanos) {
        this.originMonotonicNanos = originMonotonicNanos;
        releaseWaiting();
    }

    /**
     * JFR events placed on the timeline since the last call, for the telemetry thread to send; virtual-thread starts and
     * ends as one count of each (two events per task, which the launcher only counts: a 100,000-task run sent 200,000).
     */
    public List<JfrEvent> drain() {
        var events = new ArrayList<JfrEvent>();
        for (JfrEvent e = ready.poll(); e != null; e = ready.poll()) {
            events.add(e);
        }
        return JfrEvent.withLifecycleCounted(events);
    }

    /**
     * Stops recording and waits until every event recorded so far has been delivered (up to the
     * next one-second flush). Optionally writes the recording to {@code jfrFile}.
     */
    public void stop(Path jfrFile) throws IOException {
        stream.stop();
        if (jfrFile != null) {
            dev.loomscope.io.AtomicFiles.writeAt(jfrFile, stream::dump);
        }
    }

    /** How far apart JFR's and the run's clocks read at the mark (the alignment's uncertainty). */
    public double alignmentErrorMs() {
        return alignmentErrorMs;
    }

    @Override
    public void close() {
        stream.close();
    }

    private synchronized void accept(RecordedEvent event) {
        String name = event.getEventType().getName();
        if (name.equals(CLOCK_MARK)) {
            align(event);
            return;
        }
        if (!aligned || originMonotonicNanos == 0) {
            waitingForClock.add(event);
            return;
        }
        ready.add(convert(event));
    }

    private void releaseWaiting() {
        if (aligned && originMonotonicNanos != 0) {
            for (RecordedEvent waiting : waitingForClock) {
                ready.add(convert(waiting));
            }
            waitingForClock.clear();
        }
    }

    private void align(RecordedEvent mark) {
        long monotonic = mark.getLong("monotonicNanos");
        // begin() and commit() bracket the nanoTime read; their midpoint is its best JFR reading.
        long startEpoch = epochNanos(mark.getStartTime());
        long endEpoch = epochNanos(mark.getEndTime());
        double errorMs = (endEpoch - startEpoch) / 2e6;
        if (aligned && errorMs >= alignmentErrorMs) {
            return;
        }
        epochMinusMonotonic = startEpoch + (endEpoch - startEpoch) / 2 - monotonic;
        alignmentErrorMs = errorMs;
        aligned = true;
        releaseWaiting();
    }

    private JfrEvent convert(RecordedEvent e) {
        long time = epochNanos(e.getStartTime()) - epochMinusMonotonic - originMonotonicNanos;
        long duration = e.getDuration().toNanos();
        return switch (e.getEventType().getName()) {
            case "jdk.VirtualThreadPinned" -> new JfrEvent(JfrEvent.PINNED, time, duration, threadId(e.getThread()),
                    threadId(field(e, "carrierThread")), string(e, "pinnedReason"), string(e, "blockingOperation"), stack(e));
            case "jdk.VirtualThreadSubmitFailed" -> new JfrEvent(JfrEvent.SUBMIT_FAILED, time, 0, e.getLong("javaThreadId"),
                    -1, string(e, "exceptionMessage"), "", stack(e));
            case "jdk.GarbageCollection" -> new JfrEvent(JfrEvent.GC, time, e.getDuration("sumOfPauses").toNanos(), -1, -1,
                    e.getString("name") + ": " + e.getString("cause"), "", "");
            case "jdk.VirtualThreadStart" -> new JfrEvent(JfrEvent.VTHREAD_START, time, 0, e.getLong("javaThreadId"), -1, "", "", "");
            case "jdk.VirtualThreadEnd" -> new JfrEvent(JfrEvent.VTHREAD_END, time, 0, e.getLong("javaThreadId"), -1, "", "", "");
            default -> new JfrEvent(e.getEventType().getName(), time, duration, -1, -1, "", "", "");
        };
    }

    private static RecordedThread field(RecordedEvent e, String name) {
        return e.hasField(name) ? e.getThread(name) : null;
    }

    private static String string(RecordedEvent e, String name) {
        return e.hasField(name) && e.getString(name) != null ? e.getString(name) : "";
    }

    private static long threadId(RecordedThread thread) {
        return thread == null ? -1 : thread.getJavaThreadId();
    }

    private static String stack(RecordedEvent e) {
        RecordedStackTrace trace = e.getStackTrace();
        if (trace == null) {
            return "";
        }
        return trace.getFrames().stream().limit(STACK_FRAMES_KEPT).map(JfrBridge::frame).collect(Collectors.joining("\n"));
    }

    private static String frame(RecordedFrame f) {
        return f.getMethod().getType().getName() + "." + f.getMethod().getName() + (f.isJavaFrame() ? ":" + f.getLineNumber() : Text.get("frame.native"));
    }

    private static long epochNanos(Instant instant) {
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }
}
