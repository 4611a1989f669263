package dev.loomscope.model;

import dev.loomscope.scenario.IdealTime;
import dev.loomscope.launcher.RunListener;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.protocol.EventBatch;
import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.JfrEvent;
import dev.loomscope.protocol.RunStart;
import dev.loomscope.protocol.RunnerHello;
import dev.loomscope.protocol.Sample;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything one run showed, as it happens: each task's state, the carrier lanes, the completion
 * curve, samples and JFR events. The runner's reader thread writes (it is this run's
 * {@link RunListener}); the window reads once per frame, comparing {@link #version()} to skip
 * frames where nothing changed. Writes to plain fields are published by the volatile version
 * written after each batch; a reader may see a batch half-applied, which one frame later it won't.
 */
public final class RunModel implements RunListener {

    public enum Phase { QUEUED, RUNNING, FINISHED }

    private final int number;
    private final Scenario scenario;
    private final double idealMs;
    private final int cores;
    private final TaskStates tasks;
    private final CarrierLanes lanes;
    private final CompletionCurve curve = new CompletionCurve();
    private final ThreadTaskIndex threads;
    private final boolean virtual;
    /** The web experiment's requests over time; null for a plain run. */
    private final WebTraffic traffic;

    /** Each task's segment open on a lane, while events arrive; null once the run has ended. */
    private OpenSegments open;

    private long latestEventNanos;
    private static final long[] NO_TIMES = new long[0];
    /** Finish times of the batch being applied (grown to the largest batch). */
    private long[] finishTimes = new long[4_096];
    private final JfrEventList jfrEvents = new JfrEventList();

    private final RunArchive archive;
    /** For a replica being replayed: the replay's clock, in ms of the run (else negative). */
    private volatile double replayClockMs = -1;
    /** The run a replay's replica replays; null for a run of its own. */
    private RunModel replays;
    private volatile RunnerHello hello;
    private volatile long clockStartMonotonic = -1;
    private volatile Sample lastSample;
    private volatile Sample peakSample;
    private volatile Phase phase = Phase.QUEUED;
    /** Told once, when the run leaves {@link Phase#QUEUED} (it started, or ended before its start). */
    private final java.util.concurrent.atomic.AtomicReference<Runnable> onceUnderWay = new java.util.concurrent.atomic.AtomicReference<>();
    private volatile RunResult result;
    private volatile int version;

    public RunModel(int number, Scenario scenario, int cores) {
        this.number = number;
        this.scenario = scenario;
        this.cores = cores;
        this.idealMs = IdealTime.millis(scenario, cores);
        this.tasks = new TaskStates(scenario.tasks());
        this.lanes = new CarrierLanes(scenario);
        this.threads = new ThreadTaskIndex(scenario.tasks());
        this.virtual = scenario.executor().isVirtual();
        this.traffic = scenario.isWeb() ? new WebTraffic(scenario) : null;
        this.open = new OpenSegments(scenario.tasks(), lanes);
        this.archive = new RunArchive(true);
    }

    // ---- listener side: the runner's reader thread ----

    @Override
    public void onHello(RunnerHello hello) {
        this.hello = hello;
        publish();
    }

    @Override
    public void onStarted(RunStart start) {
        // The runner's nanoTime is CLOCK_MONOTONIC, shared with this process: the live clock can tick from it.
        clockStartMonotonic = start.monotonicNanos();
        phase = Phase.RUNNING;
        publish();
        leftTheQueue();
    }

    /**
     * A run the window keeps still through (too short to watch, CPU-bound, or the animation off):
     * its events are only recorded as they come, and applied when it ends. Applying tens of
     * thousands of events while the runner wants every core would take CPU from the run itself.
     */
    public void deferEventsUntilTheEnd() {
        deferring = true;
        eventsIn = false;
    }

    /** Whether this run's events wait for its end (until then only its clock and samples move). */
    public boolean defersEvents() {
        return deferring;
    }

    private volatile boolean deferring;
    /**
     * Whether the events that came so far are applied: false from {@link #deferEventsUntilTheEnd} until all it held back
     * is in, pins included (the figures would otherwise show a part of them while they are applied in chunks).
     */
    private volatile boolean eventsIn = true;
    private final List<List<JfrEvent>> deferredJfr = new ArrayList<>();
    /** What names a pin JFR sends without its thread, as it comes (virtual runs). */
    private RecentCarrierEvents recentCarrierEvents = new RecentCarrierEvents();

    @Override
    public void onEvents(EventBatch batch) {
        Recording kept = archive.events();
        if (deferring && (kept == null || kept.size() + batch.size() > Recording.MAX_EVENTS)) {
            // The recording cannot hold them all: apply what it holds now, and the rest as it comes.
            applyDeferred();
        }
        if (kept != null) {
            kept.add(batch);
        }
        if (deferring && kept != null && kept.truncated()) {
            // The recording stopped keeping events (its heap would not grow): those it kept go in now, this batch and
            // the rest as they come. Held back, they would have been lost to the figures as well as to the replay.
            applyDeferred();
        }
        if (deferring) {
            publish();
            return;
        }
        beginEvents(batch.size());
        for (int i = 0, n = batch.size(); i < n; i++) {
            applyEvent(batch.typeCode(i), batch.task(i), batch.timeNanos(i), batch.threadId(i), batch.carrierId(i));
        }
        endEvents();
    }

    private int finishedInBatch;

    private void beginEvents(int count) {
        finishedInBatch = 0;
        if (finishTimes.length < count) {
            finishTimes = new long[count];
        }
    }

    private void applyEvent(byte code, int task, long t, long thread, long carrier) {
        if (!tasks.isTask(task)) {
            return;
        }
        latestEventNanos = Math.max(latestEventNanos, t);
        if (virtual && recentCarrierEvents != null) {
            recentCarrierEvents.add(carrier, code, t, task, thread);
        }
        switch (EventType.ofCode(code)) {
            case SUBMITTED -> {
                tasks.submitted(task);
                if (traffic != null) {
                    traffic.sent(task, t);
                }
            }
            case STARTED -> {
                tasks.started(task);
                if (virtual) {
                    threads.put(thread, task);
                }
                open(task, carrier, CarrierLanes.RUNNING, t);
            }
            case BLOCKED -> {
                tasks.blocked(task);
                close(task, t);
                if (!virtual) {
                    // A platform thread keeps its thread while it blocks; a virtual one lets go (or pins, which JFR says).
                    open(task, carrier, CarrierLanes.HELD, t);
                }
            }
            case RESUMED -> {
                tasks.resumed(task);
                close(task, t);
                open(task, carrier, CarrierLanes.RUNNING, t);
            }
            case FINISHED -> {
                tasks.finished(task);
                if (traffic != null) {
                    traffic.answered(task, t, true);
                }
                close(task, t);
                finishTimes[finishedInBatch++] = t;
            }
            case FAILED -> {
                // Not on the completion curve, as not in the Completed tile: a task whose every call throws drew a
                // curve up to all its tasks beside "Completed 0".
                tasks.failed(task);
                if (traffic != null) {
                    traffic.answered(task, t, false);
                }
                close(task, t);
            }
            case CANCELLED -> {
                // Not on the completion curve either: a cancelled task never ran its course.
                tasks.cancelled(task);
                close(task, t);
            }
        }
    }

    private void endEvents() {
        curve.addAll(finishTimes, finishedInBatch);
        cutOpenSegmentsEvery(latestEventNanos);
        publish();
    }

    /** Applies the events kept back until the end, in the order they arrived, as they would have been applied live. */
    private void applyDeferred() {
        deferring = false;
        Recording kept = archive.events();
        if (kept != null) {
            // Arrival order, as they would have been applied live.
            for (int from = 0; from < kept.size(); from += 1 << 16) {
                int to = Math.min(kept.size(), from + (1 << 16));
                beginEvents(to - from);
                for (int i = from; i < to; i++) {
                    applyEvent(kept.typeCode(i), kept.task(i), kept.timeNanos(i), kept.threadId(i), kept.carrierId(i));
                }
                endEvents();
            }
        }
        deferredJfr.forEach(this::onJfrEvents);
        deferredJfr.clear();
        // Both callers publish once they have applied what comes with this.
        eventsIn = true;
    }

    /**
     * Replays recorded events {@code order[from..to)} into this (replica) model, as if they had
     * just arrived. Replay's thread only, on a model that no runner writes.
     */
    void replayEvents(Recording source, int[] order, int from, int to) {
        beginEvents(to - from);
        for (int k = from; k < to; k++) {
            int i = order[k];
            applyEvent(source.typeCode(i), source.task(i), source.timeNanos(i), source.threadId(i), source.carrierId(i));
        }
        endEvents();
    }

    @Override
    public void onSample(Sample sample) {
        Recording kept = archive.events();
        if (kept != null) {
            kept.add(sample);
        }
        // Samples keep coming while every task sleeps and no event arrives.
        cutOpenSegmentsEvery(sample.timeNanos());
        lastSample = sample;
        Sample peak = peakSample;
        if (sample.timeNanos() >= 0 && (peak == null || sample.rssBytes() > peak.rssBytes())) {
            peakSample = sample;
        }
        publish();
    }

    @Override
    public void onJfrEvents(List<JfrEvent> events) {
        if (deferring) {
            // A pin finds its task through the task's events: it waits for them.
            deferredJfr.add(events);
            return;
        }
        jfrEvents.addAll(events, lanes, threads, tasks, virtual ? recentCarrierEvents : null);
        publish();
    }

    /** The run ended, however it ended. Called once, from the thread that completes the run. */
    public void finish(RunResult result) {
        if (deferring) {
            applyDeferred();
        }
        if (result != null && !result.isCompleted()) {
            // Stopped, or its runner died: what was under way ended with it.
            tasks.endUnfinished();
        }
        // A stopped run leaves segments open: they end where its events ended.
        if (open != null) {
            open.cut(latestEventNanos);
        }
        Recording kept = archive.events();
        if (kept != null) {
            kept.trim();
        }
        jfrEvents.namePinnedTasks(kept, threads, tasks);
        // Pins come no more: a session keeps a dozen finished runs, not their carriers' rings.
        recentCarrierEvents = null;
        // A session keeps a dozen finished runs: each keeps its figures, not its growable buffers.
        lanes.trim();
        finishTimes = NO_TIMES;
        this.result = result;
        this.phase = Phase.FINISHED;
        // The per-task open segments are only needed while events arrive.
        open = null;
        publish();
        leftTheQueue();
    }

    /** Ends the run with this result and nothing else done: when {@link #finish} itself failed, the run must still end. */
    public void endAs(RunResult result) {
        this.result = result;
        this.phase = Phase.FINISHED;
        publish();
        leftTheQueue();
    }

    /**
     * Runs {@code then} once, on the thread that sees it first, when this run leaves {@link Phase#QUEUED}: at once if it
     * already has. One at a time: a second one given before the run leaves the queue replaces the first. Lets the
     * window wait for a runner JVM's start without asking the run again and again.
     */
    public void onceUnderWay(Runnable then) {
        onceUnderWay.set(then);
        if (phase != Phase.QUEUED) {
            leftTheQueue();
        }
    }

    private void leftTheQueue() {
        Runnable then = onceUnderWay.getAndSet(null);
        if (then != null) {
            then.run();
        }
    }

    private void open(int task, long thread, int kind, long t) {
        if (open != null) {
            open.open(task, thread, kind, t);
        }
    }

    private void close(int task, long t) {
        if (open != null) {
            open.close(task, t);
        }
    }

    private void cutOpenSegmentsEvery(long t) {
        if (open != null) {
            open.cutEvery(t);
        }
    }

    private void publish() {
        version++;
    }

    // ---- reader side: any thread ----

    public int version() {
        return version;
    }

    public int number() {
        return number;
    }

    public Scenario scenario() {
        return scenario;
    }

    public double idealMs() {
        return idealMs;
    }

    public int cores() {
        return cores;
    }

    public Phase phase() {
        return phase;
    }

    /** The result once the run ended, else null. */
    public RunResult result() {
        return result;
    }

    public RunnerHello hello() {
        return hello;
    }

    /** Task states, one byte each ({@link TaskState}); read-only for callers. */
    public byte[] states() {
        return tasks.bytes();
    }

    public CarrierLanes lanes() {
        return lanes;
    }

    /** A web run's throughput and latency over time; null for a plain run. */
    public WebTraffic traffic() {
        return traffic;
    }

    public CompletionCurve curve() {
        return curve;
    }

    /** Elapsed ms: ticking from the runner's clock start while it runs, the measured figure once done. */
    public double elapsedMs(long nowMonotonicNanos) {
        double replayed = replayClockMs;
        if (replayed >= 0) {
            return replayed;
        }
        RunResult done = result;
        if (done != null) {
            return done.elapsedMs();
        }
        long start = clockStartMonotonic;
        return start < 0 ? 0 : Math.max(0, (nowMonotonicNanos - start) / 1e6);
    }

    /** Latest event time on the run's clock, ns. */
    public long latestEventNanos() {
        return latestEventNanos;
    }

    public LiveFigures figures(long nowMonotonicNanos) {
        Sample sample = lastSample;
        Sample peak = peakSample;
        // While events wait for the end, the runner's own count (in its samples) says how many are done.
        long finished = tasks.finished();
        boolean kept = !eventsIn;
        long completed = kept && sample != null ? Math.max(finished, sample.completedTasks()) : finished;
        // Which tasks run, wait, failed or were cancelled is known only from their events, and the pins from JFR's: unknown
        // (-1) while they wait for the end, not 0. A pinning run kept still read "0 pinned" until its end.
        return new LiveFigures(elapsedMs(nowMonotonicNanos), idealMs, scenario.tasks(), tasks.submitted(), completed, kept ? -1 : tasks.failed(),
                kept ? -1 : tasks.running(), kept ? -1 : tasks.waiting(),
                sample == null ? -1 : sample.mountedVirtual(), sample == null ? -1 : sample.queuedVirtual(),
                sample == null ? 0 : sample.platformThreads(), sample == null ? 0 : sample.rssBytes(),
                sample == null ? 0 : sample.heapUsedBytes(), peak == null ? 0 : peak.rssBytes(), kept ? -1 : jfrEvents.pinnedEvents(),
                jfrEvents.pinnedMs(), kept ? -1 : tasks.cancelled());
    }

    /** JFR events kept so far for the event list (pins, submit failures, GC; the first {@value JfrEventList#MAX_KEPT}), oldest first, with their carrier's lane; a copy. */
    public List<LaneEvent> jfrEvents() {
        return jfrEvents.copy();
    }

    /** Every pin JFR reported, however many: what replays, stories, exports and hotspots read. */
    public PinLog pins() {
        return jfrEvents.pins();
    }

    /** The run's events and samples, for replay and timeline export; null until it has ended, and once dropped (or never kept). */
    public Recording recording() {
        return phase == Phase.FINISHED ? archive.events() : null;
    }

    /** The recording as it is being kept, before the run ends (where {@link #recording()} gives it); null once dropped. */
    Recording recordingWhileRunning() {
        return archive.events();
    }

    /** Frees the recording and deletes the saved JFR file (old runs of a long session). */
    public void dropRecording() {
        archive.drop();
        // A run that pinned a million times holds 40 MB of pins: as old, it keeps as many as its event list.
        jfrEvents.keepFirstPins(JfrEventList.MAX_KEPT);
    }

    /** Where the runner saved this run's JFR recording, once it has ended; else null. */
    public Path jfrFile() {
        return phase == Phase.FINISHED ? archive.jfrFile() : null;
    }

    void setJfrFile(Path file) {
        archive.jfrFileIs(file);
    }

    /** A model to replay {@code source} into: same run, nothing seen yet, its clock set by the replay. */
    static RunModel replicaOf(RunModel source) {
        var replica = new RunModel(source.number, source.scenario, source.cores);
        replica.archive.drop();
        // Its pins come with the names the source's run gave them (or none): naming them again could only disagree.
        replica.recentCarrierEvents = null;
        replica.hello = source.hello;
        // Before the phase: its volatile write publishes the replica's fields to the threads that read it.
        replica.replays = source;
        replica.replayClockMs = 0;
        replica.phase = Phase.RUNNING;
        return replica;
    }

    /** The run whose result this model stands for: the run it replays, for a replay's replica (its result known all along); else itself. */
    public RunModel original() {
        return replays == null ? this : replays;
    }

    void setReplayClockMs(double ms) {
        replayClockMs = ms;
        publish();
    }

    /** Whether JFR saw a task of this run pinned (its done tasks then show "done, was pinned"). */
    public boolean sawPins() { return jfrEvents.pinnedEvents() > 0; }

    /** How many tasks were still under way when the run ended unfinished, and so ended cancelled with it; 0 for a run that completed. */
    public long cutShort() { return tasks.cutShort(); }

    /** Whether {@code task} was cancelled by the run's end (a stop, its runner's death), not by its scope. */
    public boolean wasCutShort(int task) { return tasks.wasCutShort(task); }

    public int jfrEventCount() {
        return jfrEvents.count();
    }

    /** "#3 virtual", "#4 virtual, native": how lists and charts name this run. */
    public String title() {
        boolean replay = replayClockMs >= 0;
        RunnerHello said = hello;
        Titled made = titled;
        // Asked by several views every frame: made again only when a replay starts or the runner says its version.
        if (made == null || made.replay() != replay || made.hello() != said) {
            made = new Titled(replay, said, RunTitle.of(number, scenario, replay, said != null ? said.javaVersion() : null));
            titled = made;
        }
        return made.title();
    }

    /** The title and the two things it was made from that can change. */
    private record Titled(boolean replay, RunnerHello hello, String title) {
    }

    private volatile Titled titled;
}
