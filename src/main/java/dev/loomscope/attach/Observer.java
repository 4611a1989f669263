package dev.loomscope.attach;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.loomscope.model.observe.Coverage;
import dev.loomscope.model.observe.Observation;
import dev.loomscope.model.observe.ObservationEnd;
import dev.loomscope.model.observe.ObservedJvm;
import dev.loomscope.model.observe.Pin;
import dev.loomscope.model.observe.SchedulerSample;
import dev.loomscope.model.observe.SubmitFailure;
import dev.loomscope.model.observe.ThreadDump;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.JMException;
import javax.management.ObjectName;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.management.jfr.RemoteRecordingStream;

/**
 * Observes a running JVM with the JDK's own means and writes what it sees into an {@link Observation}:
 * JFR's virtual-thread events streamed over JMX ({@link RemoteRecordingStream}), the scheduler MXBean
 * read every {@link ObserveOptions#schedulerPeriod()}, and JSON thread dumps on demand.
 *
 * <p>It changes no setting of the target: it enables only the events in {@link Coverage#enabledEvents()},
 * in a recording of its own that {@link #stop} closes. Starting and stopping block (attaching takes
 * about a second, stopping waits for JFR's last flush): call them off the window's FX thread. The
 * observation ends by itself when the target exits; its data is kept.
 */
public final class Observer implements AutoCloseable {

    static final String PINNED = "jdk.VirtualThreadPinned";
    static final String SUBMIT_FAILED = "jdk.VirtualThreadSubmitFailed";
    static final String START = "jdk.VirtualThreadStart";
    static final String END = "jdk.VirtualThreadEnd";
    private static final String FLIGHT_RECORDER_MXBEAN = "jdk.management.jfr:type=FlightRecorder";
    private static final String SCHEDULER_MXBEAN = "jdk.management:type=VirtualThreadScheduler";
    private static final String[] SCHEDULER_ATTRIBUTES = {"MountedVirtualThreadCount", "Parallelism", "PoolSize", "QueuedVirtualThreadCount"};
    /** Frames kept per pin: enough to pass the JDK's own frames (FFM upcalls are deep) and reach the program's. */
    private static final int FRAMES_KEPT = 32;
    /** The longest stopping waits for the target (JFR's last flush, closing its recording) before giving up on it. */
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);

    private final JvmConnection connection;
    private final ObserveOptions options;
    private final Observation observation;
    private final RemoteRecordingStream stream;
    private final ScheduledExecutorService sampler;
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final ObjectName schedulerName;
    private final JfrLag lag = new JfrLag();
    private final StreamWaker waker;

    private Observer(JvmConnection connection, ObserveOptions options) throws AttachException {
        this.connection = connection;
        this.options = options;
        ObservedJvm jvm = connection.jvm();
        Coverage coverage;
        ThreadDump baseline = null;
        String baselineFailed = null;
        try {
            schedulerName = new ObjectName(SCHEDULER_MXBEAN);
            if (!connection.server().isRegistered(new ObjectName(FLIGHT_RECORDER_MXBEAN))) {
                connection.close();
                throw new AttachException(Text.get("attach.jmx.no-jfr", describe(jvm)));
            }
            boolean scheduler = connection.server().isRegistered(schedulerName);
            boolean dumps = jvm.jdkFeature() >= ObservedJvm.FIRST_VIRTUAL_THREADS_JDK;
            coverage = new Coverage(enabledEvents(options), scheduler, dumps, missing(jvm, scheduler));
            if (dumps && options.dumpAtStart()) {
                try {
                    baseline = dumpThreads(0, null);
                } catch (AttachException e) {
                    baselineFailed = e.getMessage();
                }
            }
        } catch (IOException | JMException | RuntimeException e) {
            connection.close();
            throw new AttachException(Text.get("attach.cannot-start", describe(jvm), JvmConnection.oneLine(e)), e);
        }
        // Time zero is when the recording starts: the observation covers exactly what the events cover.
        this.observation = new Observation(jvm);
        observation.coverage(coverage);
        if (baseline != null) {
            observation.threadDump(baseline);
            observation.aliveBaseline(baseline.virtualThreads());
        } else if (baselineFailed != null) {
            observation.note(Text.get("attach.note.no-first-dump", baselineFailed));
        }
        RemoteRecordingStream opened = null;
        try {
            opened = new RemoteRecordingStream(connection.server());
            stream = opened;
            stream.enable(START).withoutStackTrace();
            stream.enable(END).withoutStackTrace();
            stream.enable(PINNED).withThreshold(options.pinThreshold()).withStackTrace();
            stream.enable(SUBMIT_FAILED).withStackTrace();
            if (options.jfrFile() != null) {
                // The recording keeps its data until the end only when told to; otherwise a dump may hold nothing.
                stream.setMaxAge(Duration.ofDays(1));
                stream.setMaxSize(1L << 30);
            }
            // The last flush, which stopping forces, says nothing of the pace while observing.
            stream.onEvent(e -> {
                if (!stopping.get()) {
                    lag.arrived(e.getEndTime());
                }
            });
            stream.onEvent(PINNED, this::pinned);
            stream.onEvent(SUBMIT_FAILED, this::submitFailed);
            stream.onEvent(START, e -> observation.virtualThreadStarted(timeMs(e)));
            stream.onEvent(END, e -> observation.virtualThreadEnded(timeMs(e)));
            stream.onError(e -> targetLost(Text.get("attach.lost.stream", JvmConnection.oneLine(e))));
            stream.startAsync();
            waker = options.wakeStream() ? StreamWaker.start(stream).orElse(null) : null;
        } catch (IOException | RuntimeException e) {
            if (opened != null) {
                opened.close(); // its recording in the target goes with it
            }
            connection.close();
            throw new AttachException(Text.get("attach.cannot-start", describe(jvm), JvmConnection.oneLine(e)), e);
        }
        sampler = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("loomscope-scheduler-sampler").daemon().factory());
        if (observation.snapshot().coverage().schedulerMXBean()) {
            long period = Math.max(10, options.schedulerPeriod().toMillis());
            sampler.scheduleAtFixedRate(this::sampleScheduler, 0, period, TimeUnit.MILLISECONDS);
        }
        if (connection.localProcess()) {
            ProcessHandle.of(jvm.pid()).ifPresentOrElse(p -> p.onExit().thenRun(() -> targetLost(Text.get("attach.lost.exited"))),
                    () -> targetLost(Text.get("attach.lost.exited")));
        }
    }

    /** Connects to a JVM's own JMX agent, with the user, password and TLS trust {@code target} gives, and starts observing it. */
    public static Observer connect(JmxTarget target, ObserveOptions options) throws AttachException {
        return new Observer(JvmConnection.connect(target), options);
    }

    /** How late JFR's events arrive here. */
    public JfrLag lag() {
        return lag;
    }

    /** Whether the stream's own waits on this side are shortened (see {@link StreamWaker}). */
    public boolean streamWoken() {
        return waker != null;
    }

    /** Attaches to a local JVM of this user and starts observing it. Blocks about a second. */
    public static Observer attach(long pid, ObserveOptions options) throws AttachException {
        return new Observer(JvmConnection.attach(pid), options);
    }

    /** Connects to a JVM that exposes JMX at {@code jmxUrl} and starts observing it. */
    public static Observer connect(String jmxUrl, ObserveOptions options) throws AttachException {
        return new Observer(JvmConnection.connect(jmxUrl), options);
    }

    /** What has been seen so far: read snapshots of it, from any thread. */
    public Observation observation() {
        return observation;
    }

    public ObservedJvm target() {
        return connection.jvm();
    }

    /** Whether this observer started the target's local JMX agent (it stays: the JDK has no way to stop it). */
    public boolean startedManagementAgent() {
        return connection.startedAgent();
    }

    /** The events this observer enables, with their settings, for printing. */
    static List<String> enabledEvents(ObserveOptions options) {
        return List.of(Text.get("attach.event.no-stack", START), Text.get("attach.event.no-stack", END),
                Text.get("attach.event.threshold", PINNED, options.pinThreshold().toMillis()), Text.get("attach.event.stack", SUBMIT_FAILED));
    }

    private static List<String> missing(ObservedJvm jvm, boolean scheduler) {
        var missing = new ArrayList<String>();
        missing.add(Text.get("attach.missing.mounts"));
        if (!scheduler) {
            missing.add(jvm.jdkFeature() > 0 && jvm.jdkFeature() < ObservedJvm.FIRST_SCHEDULER_MXBEAN_JDK
                    ? Text.get("attach.missing.scheduler-jdk", Text.get("coverage.carriers"), jvm.jdkFeature())
                    : Text.get("attach.missing.scheduler", Text.get("coverage.carriers")));
        }
        if (jvm.jdkFeature() > 0 && jvm.jdkFeature() < ObservedJvm.FIRST_SCHEDULER_MXBEAN_JDK) {
            missing.add(Text.get("attach.missing.pin-reasons", jvm.jdkFeature()));
        }
        return List.copyOf(missing);
    }

    /**
     * Takes a JSON thread dump of the target now and puts it in the observation. Blocks (a dump of a
     * million virtual threads takes seconds). The target writes it to a file of this user's temporary
     * folder, which is read and deleted.
     */
    public ThreadDump takeThreadDump() throws AttachException {
        // Read with the dump before it, if any: which virtual threads kept their stack between the two.
        ThreadDump dump = dumpThreads(observation.nowMs(), observation.threadDump());
        observation.threadDump(dump);
        return dump;
    }

    private ThreadDump dumpThreads(long atMs, ThreadDump before) throws AttachException {
        Path dir = null;
        Path file = null;
        try {
            dir = Files.createTempDirectory("loomscope-dump");
            file = dir.resolve("threads-" + Math.max(0, target().pid()) + ".json");
            HotSpotDiagnosticMXBean diagnostics = ManagementFactory.newPlatformMXBeanProxy(connection.server(),
                    "com.sun.management:type=HotSpotDiagnostic", HotSpotDiagnosticMXBean.class);
            diagnostics.dumpThreads(file.toAbsolutePath().toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
            return ThreadDump.parse(Files.readString(file), atMs, before);
        } catch (IOException | RuntimeException e) {
            throw new AttachException(Text.get("attach.dump.failed", JvmConnection.oneLine(e)), e);
        } finally {
            deleteQuietly(file);
            deleteQuietly(dir);
        }
    }

    /** Writes what the recording holds so far to a .jfr file (only with {@link ObserveOptions#jfrFile()} set is that all of it). */
    public void dumpJfr(Path file) throws IOException {
        dev.loomscope.io.AtomicFiles.writeAt(file, stream::dump);
    }

    /** Stops observing because the user asked. */
    public void stop() {
        stop(ObservationEnd.STOPPED, "stopped");
    }

    /**
     * Ends the observation and leaves nothing in the target: waits for JFR's last events (at most a
     * few seconds), writes the .jfr file if asked, closes the recording in the target and the JMX
     * connection. Only the first call does anything; the others wait for it.
     */
    public void stop(ObservationEnd reason, String message) {
        if (!stopping.compareAndSet(false, true)) {
            awaitStopped();
            return;
        }
        observation.end(reason, message);
        sampler.shutdownNow();
        if (waker != null) {
            waker.close();
        }
        boolean alive = reason != ObservationEnd.TARGET_EXITED;
        if (!alive && options.jfrFile() != null) {
            // Its recording ends with it: say so, rather than leave the file asked for silently missing.
            observation.note(Text.get("attach.note.jfr-lost", options.jfrFile()));
        }
        if (alive) {
            boundedly(Text.get("attach.stop.flushing"), stream::stop);
            if (options.jfrFile() != null) {
                boundedly(Text.get("attach.stop.writing", options.jfrFile()), () -> {
                    try {
                        dumpJfr(options.jfrFile());
                    } catch (IOException e) {
                        observation.note(e.getMessage());
                    }
                });
            }
        }
        boundedly(Text.get("attach.stop.closing"), stream::close);
        connection.close();
        stopped.countDown();
    }

    /** Waits until the observation has ended and been cleaned up (by {@link #stop} or the target's exit). */
    public boolean awaitEnd(Duration timeout) throws InterruptedException {
        return stopped.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        stop();
    }

    private void awaitStopped() {
        try {
            stopped.await(STOP_WAIT.toMillis() * 3, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The target went away: end with its message (once), keep the data, clean up without waiting on it. */
    private void targetLost(String why) {
        if (stopping.get()) {
            return;
        }
        long lostAtMs = observation.nowMs();
        Thread.ofPlatform().daemon().name("loomscope-observer-stop").start(() -> {
            // A broken connection usually means the process is exiting: give it a moment to be gone before saying which.
            boolean exited = connection.localProcess() && exitsWithin(target(), Duration.ofSeconds(2));
            String message = Text.get("attach.lost", describe(target()),
                    exited ? Text.get("attach.lost.how.exited") : Text.get("attach.lost.how.silent", why), lostAtMs / 1000.0);
            stop(exited ? ObservationEnd.TARGET_EXITED : ObservationEnd.FAILED, message);
        });
    }

    private static boolean exitsWithin(ObservedJvm jvm, Duration wait) {
        if (jvm.pid() <= 0) {
            return false;
        }
        var process = ProcessHandle.of(jvm.pid());
        if (process.isEmpty()) {
            return true;
        }
        try {
            process.get().onExit().get(wait.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void boundedly(String what, Runnable action) {
        Thread worker = Thread.ofPlatform().daemon().name("loomscope-observer-" + what.replace(' ', '-')).start(() -> {
            try {
                action.run();
            } catch (RuntimeException e) {
                // A target that exits meanwhile makes these fail; the observation's end already says so.
            }
        });
        try {
            if (!worker.join(STOP_WAIT)) {
                observation.note(Text.get("attach.stop.gave-up", what, STOP_WAIT.toSeconds()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void sampleScheduler() {
        try {
            AttributeList values = connection.server().getAttributes(schedulerName, SCHEDULER_ATTRIBUTES);
            long[] read = new long[SCHEDULER_ATTRIBUTES.length];
            for (Attribute a : values.asList()) {
                for (int i = 0; i < SCHEDULER_ATTRIBUTES.length; i++) {
                    if (SCHEDULER_ATTRIBUTES[i].equals(a.getName()) && a.getValue() instanceof Number n) {
                        read[i] = n.longValue();
                    }
                }
            }
            observation.scheduler(new SchedulerSample(observation.nowMs(), (int) read[0], (int) read[1], (int) read[2], read[3]));
        } catch (IOException | JMException | RuntimeException e) {
            // The target is going away; its exit ends the observation. Stop asking.
            if (!stopping.get()) {
                sampler.shutdown();
                targetLost(Text.get("attach.lost.scheduler", JvmConnection.oneLine(e)));
            }
        }
    }

    private void pinned(RecordedEvent e) {
        RecordedThread carrier = e.hasField("carrierThread") ? e.getThread("carrierThread") : null;
        observation.pinned(new Pin(timeMs(e), e.getDuration().toNanos() / 1e6, threadId(e.getThread()),
                carrier == null || carrier.getJavaName() == null ? "" : carrier.getJavaName(), threadId(carrier),
                string(e, "pinnedReason"), string(e, "blockingOperation"), frames(e)));
    }

    private void submitFailed(RecordedEvent e) {
        observation.submitFailed(new SubmitFailure(timeMs(e), e.hasField("javaThreadId") ? e.getLong("javaThreadId") : -1,
                string(e, "exceptionMessage"), frames(e)));
    }

    private long timeMs(RecordedEvent e) {
        Instant t = e.getStartTime();
        return observation.msSinceStart(t.getEpochSecond() * 1_000_000_000L + t.getNano());
    }

    private static long threadId(RecordedThread thread) {
        return thread == null ? -1 : thread.getJavaThreadId();
    }

    private static String string(RecordedEvent e, String field) {
        return e.hasField(field) && e.getString(field) != null ? e.getString(field) : "";
    }

    private static List<String> frames(RecordedEvent e) {
        RecordedStackTrace trace = e.getStackTrace();
        if (trace == null) {
            return List.of();
        }
        return trace.getFrames().stream().limit(FRAMES_KEPT).map(Observer::frame).toList();
    }

    private static String frame(RecordedFrame f) {
        return f.getMethod().getType().getName() + "." + f.getMethod().getName() + (!f.isJavaFrame() ? Text.get("frame.native") : f.getLineNumber() >= 0 ? ":" + f.getLineNumber() : "");
    }

    static String describe(ObservedJvm jvm) {
        return jvm.pid() > 0 ? Text.get("attach.jvm.pid", jvm.pid()) : Text.get("attach.jvm.remote", jvm.name());
    }

    private static void deleteQuietly(Path path) {
        if (path != null) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException ignored) {
                // A temporary file of ours; the OS cleans its temp folder.
            }
        }
    }
}
