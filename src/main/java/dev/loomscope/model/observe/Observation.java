package dev.loomscope.model.observe;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * What an observer has seen of a running JVM so far. The observer's threads write into it as
 * events arrive (JFR delivers in batches about once a second; the scheduler is read a few times a
 * second); the window reads a {@link #snapshot()} once per frame when {@link #version()} moved, and
 * the command line reads one at the end. It never calls back into its readers.
 *
 * <p>Thread-safe: every method may be called from any thread. Memory stays bounded however long
 * it runs: buckets widen, scheduler samples thin, and only the latest pins and submit failures are
 * kept one by one (their totals, reasons and hotspots count every one).
 */
public final class Observation {

    /** Width of a virtual-thread bucket at the start; it doubles whenever there would be more than {@link #MAX_BUCKETS}. */
    public static final long FIRST_BUCKET_MS = 100;
    public static final int MAX_BUCKETS = 3_000;
    public static final int SCHEDULER_SAMPLES_KEPT = 6_000;
    public static final int PINS_KEPT = 5_000;
    public static final int SUBMIT_FAILURES_KEPT = 1_000;
    public static final int NOTES_KEPT = 100;
    /** A hotspot groups pins by their frames down to the first frame outside the JDK and its caller, at most this many. */
    public static final int HOTSPOT_FRAMES = 12;

    private final ObservedJvm target;
    private final long startEpochMs;
    private final LongSupplier clockMillis;

    private long version;
    private ObservationEnd end;
    private String endMessage = "";
    private long endElapsedMs;
    private Coverage coverage = Coverage.NOT_CONNECTED;
    private final List<String> notes = new ArrayList<>();

    private long bucketMs = FIRST_BUCKET_MS;
    private long[] started = new long[64];
    private long[] ended = new long[64];
    private int bucketsUsed;
    private long starts;
    private long ends;
    private long aliveBaseline = -1;

    private final List<SchedulerSample> samples = new ArrayList<>();
    private int parallelism = -1;
    private int poolSizeMax = -1;
    private int mountedMax = -1;
    private long queuedMax = -1;

    private long pinnedEvents;
    private double pinnedMs;
    private final Map<String, Long> reasons = new HashMap<>();
    private final ArrayDeque<Pin> pins = new ArrayDeque<>();
    private final PinHotspots hotspots = new PinHotspots();

    private long submitFailed;
    private final ArrayDeque<SubmitFailure> submitFailures = new ArrayDeque<>();
    private ThreadDump threadDump;

    private ObservationSnapshot cached;

    /** An observation of {@code target} that begins now, on the wall clock. */
    public Observation(ObservedJvm target) {
        this(target, System.currentTimeMillis(), System::currentTimeMillis);
    }

    /** An observation that began at {@code startEpochMs} on the clock {@code clockMillis} (epoch ms). */
    public Observation(ObservedJvm target, long startEpochMs, LongSupplier clockMillis) {
        this.target = target;
        this.startEpochMs = startEpochMs;
        this.clockMillis = clockMillis;
    }

    public ObservedJvm target() {
        return target;
    }

    public long startEpochMs() {
        return startEpochMs;
    }

    /** Ms since the observation began of an instant in epoch nanoseconds (as JFR stamps its events); never below 0. */
    public long msSinceStart(long epochNanos) {
        return Math.max(0, epochNanos / 1_000_000 - startEpochMs);
    }

    /** Ms since the observation began, now. */
    public long nowMs() {
        return Math.max(0, clockMillis.getAsLong() - startEpochMs);
    }

    /** Bumped on every change; read it each frame and take a snapshot only when it moved. */
    public synchronized long version() {
        return version;
    }

    public synchronized void coverage(Coverage coverage) {
        this.coverage = coverage;
        version++;
    }

    /** A line the user should read ("the thread dump failed: ..."); the oldest go beyond {@link #NOTES_KEPT}. */
    public synchronized void note(String line) {
        if (notes.size() == NOTES_KEPT) {
            notes.removeFirst();
        }
        notes.add(line);
        version++;
    }

    /** Virtual threads alive when the observation began, from a thread dump then. */
    public synchronized void aliveBaseline(long virtualThreads) {
        aliveBaseline = virtualThreads;
        version++;
    }

    public synchronized void virtualThreadStarted(long timeMs) {
        int index = bucket(timeMs); // before indexing: bucket() may replace the arrays
        started[index]++;
        starts++;
        version++;
    }

    public synchronized void virtualThreadEnded(long timeMs) {
        int index = bucket(timeMs);
        ended[index]++;
        ends++;
        version++;
    }

    public synchronized void scheduler(SchedulerSample sample) {
        if (samples.size() == SCHEDULER_SAMPLES_KEPT) {
            thinOlderHalf();
        }
        samples.add(sample);
        parallelism = sample.parallelism();
        poolSizeMax = Math.max(poolSizeMax, sample.poolSize());
        mountedMax = Math.max(mountedMax, sample.mounted());
        queuedMax = Math.max(queuedMax, sample.queued());
        version++;
    }

    public synchronized void pinned(Pin pin) {
        pinnedEvents++;
        pinnedMs += pin.durationMs();
        reasons.merge(pin.reason(), 1L, Long::sum);
        if (pins.size() == PINS_KEPT) {
            pins.removeFirst();
        }
        pins.addLast(pin);
        hotspots.add(pin);
        version++;
    }

    public synchronized void submitFailed(SubmitFailure failure) {
        submitFailed++;
        if (submitFailures.size() == SUBMIT_FAILURES_KEPT) {
            submitFailures.removeFirst();
        }
        submitFailures.addLast(failure);
        version++;
    }

    public synchronized void threadDump(ThreadDump dump) {
        threadDump = dump;
        version++;
    }

    /** The latest thread dump taken, or null: the next is read with it. */
    public synchronized ThreadDump threadDump() {
        return threadDump;
    }

    /** Ends the observation; the first call wins, later ones are ignored. The data so far is kept. */
    public synchronized void end(ObservationEnd reason, String message) {
        if (end != null) {
            return;
        }
        end = reason;
        endMessage = message;
        endElapsedMs = nowMs();
        version++;
    }

    public synchronized boolean ended() {
        return end != null;
    }

    /** An immutable copy of everything so far. Cheap when nothing changed since the last call. */
    public synchronized ObservationSnapshot snapshot() {
        long elapsed = end != null ? endElapsedMs : nowMs();
        widenFor(elapsed);
        if (cached != null && cached.version() == version) {
            if (cached.elapsedMs() != elapsed) {
                cached = withElapsed(cached, elapsed);
            }
            return cached;
        }
        int lastBucket = Math.max(bucketsUsed, (int) Math.min(MAX_BUCKETS, elapsed / bucketMs + 1));
        // Buckets beyond the elapsed time exist only for events stamped after it (clocks a few ms apart).
        var buckets = new ArrayList<ThreadBucket>(lastBucket);
        long alive = Math.max(0, aliveBaseline);
        for (int i = 0; i < lastBucket; i++) {
            long s = i < started.length ? started[i] : 0;
            long e = i < ended.length ? ended[i] : 0;
            alive = Math.max(0, alive + s - e);
            buckets.add(new ThreadBucket(i * bucketMs, s, e, alive));
        }
        var reasonsByCount = new LinkedHashMap<String, Long>();
        reasons.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(r -> reasonsByCount.put(r.getKey(), r.getValue()));
        List<PinHotspot> byCost = hotspots.byCost();
        cached = new ObservationSnapshot(target, startEpochMs, elapsed, end, endMessage, coverage, List.copyOf(notes), bucketMs,
                List.copyOf(buckets), starts, ends, aliveBaseline, List.copyOf(samples), parallelism, poolSizeMax, mountedMax, queuedMax,
                pinnedEvents, pinnedMs, Collections.unmodifiableMap(reasonsByCount), List.copyOf(pins), byCost, submitFailed,
                List.copyOf(submitFailures), threadDump, version);
        return cached;
    }

    private static ObservationSnapshot withElapsed(ObservationSnapshot s, long elapsed) {
        return new ObservationSnapshot(s.target(), s.startEpochMs(), elapsed, s.end(), s.endMessage(), s.coverage(), s.notes(), s.bucketMs(),
                s.threadBuckets(), s.virtualThreadStarts(), s.virtualThreadEnds(), s.aliveBaseline(), s.schedulerSamples(),
                s.schedulerParallelism(), s.schedulerPoolSizeMax(), s.mountedMax(), s.queuedMax(), s.pinnedEvents(), s.pinnedMs(),
                s.pinnedReasons(), s.pins(), s.pinHotspots(), s.submitFailed(), s.submitFailures(), s.threadDump(), s.version());
    }

    /** The bucket of {@code timeMs}, widening every bucket (pairs merged) until it fits under {@link #MAX_BUCKETS}. */
    private int bucket(long timeMs) {
        long t = Math.max(0, timeMs);
        widenFor(t);
        int index = (int) (t / bucketMs);
        if (index >= started.length) {
            int size = Math.min(MAX_BUCKETS, Math.max(index + 1, started.length * 2));
            started = Arrays.copyOf(started, size);
            ended = Arrays.copyOf(ended, size);
        }
        bucketsUsed = Math.max(bucketsUsed, index + 1);
        return index;
    }

    private void widenFor(long t) {
        while (t / bucketMs >= MAX_BUCKETS) {
            int half = (bucketsUsed + 1) / 2;
            for (int i = 0; i < half; i++) {
                started[i] = started[2 * i] + (2 * i + 1 < started.length ? started[2 * i + 1] : 0);
                ended[i] = ended[2 * i] + (2 * i + 1 < ended.length ? ended[2 * i + 1] : 0);
            }
            Arrays.fill(started, half, started.length, 0);
            Arrays.fill(ended, half, ended.length, 0);
            bucketsUsed = half;
            bucketMs *= 2;
            version++;
        }
    }

    /** Drops every other sample of the older half, so the latest readings stay dense and the whole run stays drawn. */
    private void thinOlderHalf() {
        int half = samples.size() / 2;
        var kept = new ArrayList<SchedulerSample>(samples.size());
        for (int i = 0; i < half; i += 2) {
            kept.add(samples.get(i));
        }
        kept.addAll(samples.subList(half, samples.size()));
        samples.clear();
        samples.addAll(kept);
    }

    /**
     * The frames a pin is grouped by: the JDK's frames above the program's first frame, that frame,
     * and the program's next frame (the JDK's frames between the two, such as method-handle and FFM
     * plumbing whose names change from run to run, left out); at most {@link #HOTSPOT_FRAMES}.
     */
    static List<String> hotspotFrames(List<String> frames) {
        int caller = firstCallerIndex(frames);
        if (caller < 0) {
            return List.copyOf(frames.subList(0, Math.min(frames.size(), HOTSPOT_FRAMES)));
        }
        var key = new ArrayList<>(frames.subList(0, Math.min(caller + 1, HOTSPOT_FRAMES)));
        for (int i = caller + 1; i < frames.size() && key.size() < HOTSPOT_FRAMES; i++) {
            if (!isJdkFrame(frames.get(i))) {
                key.add(frames.get(i));
                break;
            }
        }
        return List.copyOf(key);
    }

    static int firstCallerIndex(List<String> frames) {
        for (int i = 0; i < frames.size(); i++) {
            if (!isJdkFrame(frames.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** A frame of the JDK itself: "java.lang.Thread.sleep:540", or with a module prefix, "java.base/java.lang.Thread.sleep(...)". */
    public static boolean isJdkFrame(String frame) {
        String f = frame.contains("/") && frame.indexOf('/') < frame.indexOf('.') ? frame.substring(frame.indexOf('/') + 1) : frame;
        return f.startsWith("java.") || f.startsWith("javax.") || f.startsWith("jdk.") || f.startsWith("sun.") || f.startsWith("com.sun.");
    }
}
