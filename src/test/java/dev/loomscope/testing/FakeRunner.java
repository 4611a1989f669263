package dev.loomscope.testing;

import dev.loomscope.launcher.RunHandle;
import dev.loomscope.launcher.RunListener;
import dev.loomscope.launcher.RunStarter;
import dev.loomscope.protocol.EventBatch;
import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.RunStart;
import dev.loomscope.result.Delivery;
import dev.loomscope.result.RunResult;
import dev.loomscope.result.VmEvents;
import dev.loomscope.scenario.Durations;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A {@link RunStarter} that starts no JVM: each run plays a {@link RunScript} to its listener on a
 * thread of its own, as a runner JVM's reader thread would (hello, clock start, event frames in
 * waves, samples, JFR pins), then completes the handle's result. By default the script is
 * {@linkplain RunScript#synthesise synthesised} from the scenario, deterministically, and played as
 * fast as the listener takes it: a session, a model or a window under test sees a whole run in
 * milliseconds. Everything above {@link RunStarter} works on it unchanged:
 *
 * <pre>{@code
 * var runner = new FakeRunner();                                   // 2 cores, runs played at once
 * var session = new RunSession(runner, RunOptions.DEFAULT);         // or (runner, options, jfrFolder)
 * session.start(List.of(Scenario.of(ExecutorKind.FIXED).withTasks(40).withPool(4).withSleepMs(20).build()));
 * Poll.until("the run done", Duration.ofSeconds(10), () -> !session.isRunning());
 * }</pre>
 *
 * Asked for a {@code .jfr} file ({@link RunOptions#jfrFile()}), a completed run writes one at its
 * end, as the runner does: a real recording made in this JVM, holding a
 * {@code dev.loomscope.ClockMark}, a virtual run's {@code jdk.VirtualThreadStart} and {@code End}
 * events (one per task, up to {@link RunOptions#MAX_TASKS_WITH_VTHREAD_EVENTS}) and, with mount
 * events asked for, a {@code dev.loomscope.Mount} and {@code Unmount} per task: enough to export
 * and read back, not a measurement. No thread dump is written.
 *
 * <p>To see a run part-way (to stop it, or to look at it running), {@link #holdingAt} makes each run
 * wait there until it is cancelled or {@link #release() released}; {@link #paced} plays the run's
 * clock in real time (or faster, or slower); {@link #failingWith} makes every run fail as a runner
 * that could not start does; {@link #playing} plays given scripts instead (a recorded run).
 * {@link #started()} and {@link #mostAtOnce()} tell what was started and whether runs overlapped.
 * Configure it before the first run.
 */
public final class FakeRunner implements RunStarter {

    /** What {@link #start} was asked to run, in order. */
    public record Started(Scenario scenario, RunOptions options) {
    }

    private final int cores;
    private Function<Scenario, RunScript> scripts;
    private double speed;
    private double holdAt = Double.NaN;
    private boolean holdBeforeStart;
    private String failure;
    private final List<Started> started = new CopyOnWriteArrayList<>();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();
    private final AtomicInteger held = new AtomicInteger();
    private final AtomicInteger runs = new AtomicInteger();
    private final Object gate = new Object();
    private long releases;

    /** Two cores (the machine the presets are tuned for), synthesised runs, played at once. */
    public FakeRunner() {
        this(2);
    }

    /** As {@link #FakeRunner()}, on a machine of {@code cores} cores (ideal times and the hello say so). */
    public FakeRunner(int cores) {
        this.cores = cores;
    }

    /** Plays the script {@code scripts} gives for each scenario (a {@link RunScript.Recorder}'s, say) instead of a synthesised one. */
    public FakeRunner playing(Function<Scenario, RunScript> scripts) {
        this.scripts = scripts;
        return this;
    }

    /**
     * Plays each run's clock at {@code speed} times real time: 1 takes as long as the run would,
     * 10 a tenth of that. 0 (the default) plays it as fast as the listener takes it.
     */
    public FakeRunner paced(double speed) {
        if (speed < 0) {
            throw new IllegalArgumentException("speed must be 0 (at once) or more (got " + speed + ")");
        }
        this.speed = speed;
        return this;
    }

    /**
     * Each run stops streaming once its clock reaches {@code fraction} of its script (0: right after
     * its clock starts, before any event) and waits there until cancelled or {@link #release()}d.
     */
    public FakeRunner holdingAt(double fraction) {
        if (fraction < 0 || fraction > 1) {
            throw new IllegalArgumentException("fraction must be between 0 and 1 (got " + fraction + ")");
        }
        this.holdAt = fraction;
        return this;
    }

    /** Each run waits before its runner says hello, as while its JVM starts, until cancelled or {@link #release()}d. */
    public FakeRunner holdingBeforeItsStart() {
        this.holdBeforeStart = true;
        return this;
    }

    /** Every run fails with {@code message} before its runner says hello, as a runner JVM that cannot start (a bad flag). */
    public FakeRunner failingWith(String message) {
        this.failure = message;
        return this;
    }

    /** Lets the runs waiting at their hold go on to their end (later runs hold again). */
    public void release() {
        synchronized (gate) {
            releases++;
            gate.notifyAll();
        }
    }

    /** Runs waiting at their hold now. */
    public int heldNow() {
        return held.get();
    }

    /** Everything started so far, oldest first. */
    public List<Started> started() {
        return List.copyOf(started);
    }

    /** The most runs that were ever going at once (a run goes from its start until its result completes). */
    public int mostAtOnce() {
        return mostAtOnce.get();
    }

    @Override
    public int cores() {
        return cores;
    }

    /** Starts playing at once; refuses, as the real runner does, a run whose ideal time is absurd. */
    @Override
    public RunHandle start(Scenario scenario, RunOptions options, RunListener listener) {
        scenario.checkDuration(cores);
        started.add(new Started(scenario, options));
        var run = new FakeRun(scenario, options, listener);
        mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
        Thread.ofPlatform().daemon().name("fake-runner-" + runs.incrementAndGet()).start(run::play);
        return run;
    }

    /** The runner's clock mark, by name: the runner's own class is not for other packages. */
    @jdk.jfr.Name("dev.loomscope.ClockMark")
    @jdk.jfr.StackTrace(false)
    static final class ClockMark extends jdk.jfr.Event {
        @jdk.jfr.Timespan(jdk.jfr.Timespan.NANOSECONDS)
        long monotonicNanos;
    }

    /** Names the threads of each recording apart: JFR is one per JVM, so another test's events can land in this recording too. */
    private static final java.util.concurrent.atomic.AtomicInteger RECORDINGS = new java.util.concurrent.atomic.AtomicInteger();

    /** The prefix of the names of the threads that committed the events of the recording written to {@code file}. */
    static String threadsOf(Path file) {
        return "recording " + file.getFileName() + " ";
    }

    /** Whether this event of a recording read back was committed by the fake itself for {@code file}, not by another test in this JVM. */
    public static boolean committedFor(jdk.jfr.consumer.RecordedEvent event, Path file) {
        var thread = event.getThread();
        return thread != null && thread.getJavaName() != null && thread.getJavaName().startsWith(threadsOf(file));
    }

    /** A small real recording standing for the run's (see the class comment), its events committed on threads named for its file. */
    private static void writeRecording(Scenario scenario, RunOptions options) throws InterruptedException {
        String threads = threadsOf(options.jfrFile()) + RECORDINGS.incrementAndGet();
        var failure = new java.util.concurrent.atomic.AtomicReference<RuntimeException>();
        Thread writer = Thread.ofPlatform().name(threads + " writer").start(() -> {
            try {
                writeRecording(scenario, options, threads);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                failure.set(e);
            }
        });
        writer.join();
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    private static void writeRecording(Scenario scenario, RunOptions options, String threadNames) throws InterruptedException {
        try (var recording = new jdk.jfr.Recording()) {
            recording.enable(ClockMark.class);
            boolean virtualThreads = scenario.executor().isVirtual() && scenario.tasks() <= RunOptions.MAX_TASKS_WITH_VTHREAD_EVENTS;
            if (virtualThreads) {
                recording.enable("jdk.VirtualThreadStart");
                recording.enable("jdk.VirtualThreadEnd");
            }
            if (options.mountEvents()) {
                recording.enable(dev.loomscope.runner.telemetry.MountEvents.Mount.class);
                recording.enable(dev.loomscope.runner.telemetry.MountEvents.Unmount.class);
            }
            recording.start();
            var mark = new ClockMark();
            mark.monotonicNanos = System.nanoTime();
            mark.commit();
            var threads = new java.util.ArrayList<Thread>();
            for (int task = 0; task < scenario.tasks() && (virtualThreads || options.mountEvents()); task++) {
                int id = task;
                Runnable slice = () -> {
                    if (options.mountEvents()) {
                        var mount = new dev.loomscope.runner.telemetry.MountEvents.Mount();
                        mount.task = id;
                        mount.commit();
                        var unmount = new dev.loomscope.runner.telemetry.MountEvents.Unmount();
                        unmount.task = id;
                        unmount.ended = true;
                        unmount.commit();
                    }
                };
                if (virtualThreads) {
                    threads.add(Thread.ofVirtual().name(threadNames + " task " + id).start(slice));
                } else {
                    slice.run();
                }
            }
            for (Thread thread : threads) {
                thread.join();
            }
            recording.stop();
            recording.dump(options.jfrFile());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** One run being played. */
    private final class FakeRun implements RunHandle {
        private final Scenario scenario;
        private final RunOptions options;
        private final RunListener listener;
        private final CompletableFuture<RunResult> result = new CompletableFuture<>();
        private final long[] eventsByType = new long[EventType.values().length];
        private final long startNanos = System.nanoTime();
        private volatile boolean cancelled;
        private volatile dev.loomscope.protocol.RunnerHello hello;

        FakeRun(Scenario scenario, RunOptions options, RunListener listener) {
            this.scenario = scenario;
            this.options = options;
            this.listener = listener;
        }

        @Override
        public Scenario scenario() {
            return scenario;
        }

        /** No process: the run is played in this JVM. */
        @Override
        public long pid() {
            return -1;
        }

        @Override
        public CompletableFuture<RunResult> result() {
            return result;
        }

        @Override
        public void cancel() {
            cancelled = true;
            synchronized (gate) {
                gate.notifyAll();
            }
        }

        void play() {
            RunResult outcome;
            try {
                outcome = playScript();
            } catch (InterruptedException e) {
                outcome = stopped();
            } catch (RuntimeException e) {
                // As the launcher reports a listener that threw: the run stops, and says why.
                outcome = partial(RunResult.Outcome.FAILED, "Stopped after %,d of %,d tasks had finished, because showing the run failed: %s"
                        .formatted(finished(), scenario.tasks(), e));
            }
            running.decrementAndGet();
            result.complete(outcome);
        }

        private RunResult playScript() throws InterruptedException {
            double idealMs = IdealTime.millis(scenario, cores);
            if (failure != null) {
                return RunResult.failed(scenario, idealMs, failure);
            }
            if (holdBeforeStart) {
                awaitRelease();
                if (cancelled) {
                    return stopped();
                }
            }
            RunScript script = scripts != null ? scripts.apply(scenario) : RunScript.synthesise(scenario, options, cores);
            hello = script.hello();
            listener.onHello(hello);
            long clockStart = System.nanoTime();
            Instant now = Instant.now();
            listener.onStarted(new RunStart(clockStart, now.getEpochSecond() * 1_000_000_000L + now.getNano()));
            long duration = (long) (script.result().elapsedMs() * 1e6);
            long holdNanos = Double.isNaN(holdAt) ? Long.MAX_VALUE : (long) (holdAt * duration);
            boolean holding = !Double.isNaN(holdAt);
            for (RunScript.Frame frame : script.frames()) {
                if (holding && frame.timeNanos() >= holdNanos && frame.timeNanos() >= 0) {
                    holding = false;
                    awaitRelease();
                }
                if (speed > 0) {
                    long due = clockStart + (long) (frame.timeNanos() / speed);
                    while (!cancelled && System.nanoTime() < due) {
                        Thread.sleep(Math.max(1, Math.min(10, (due - System.nanoTime()) / 1_000_000)));
                    }
                }
                if (cancelled) {
                    return stopped();
                }
                deliver(frame);
            }
            if (holding) {
                awaitRelease();
                if (cancelled) {
                    return stopped();
                }
            }
            if (options.jfrFile() != null) {
                writeRecording(scenario, options);
            }
            return script.result();
        }

        private void awaitRelease() throws InterruptedException {
            held.incrementAndGet();
            try {
                synchronized (gate) {
                    long releasesBefore = releases;
                    while (!cancelled && releases == releasesBefore) {
                        gate.wait();
                    }
                }
            } finally {
                held.decrementAndGet();
            }
        }

        private void deliver(RunScript.Frame frame) {
            switch (frame) {
                case RunScript.EventFrame(long ignored, EventBatch batch) -> {
                    for (EventType type : EventType.values()) {
                        eventsByType[type.ordinal()] += batch.count(type);
                    }
                    listener.onEvents(batch);
                }
                case RunScript.SampleFrame(var sample) -> listener.onSample(sample);
                case RunScript.JfrFrame(long ignored, var events) -> {
                    if (options.jfr()) {
                        listener.onJfrEvents(events);
                    }
                }
            }
        }

        private long finished() {
            return eventsByType[EventType.FINISHED.ordinal()];
        }

        /** Cancelled: the launcher's words for a stopped run. */
        private RunResult stopped() {
            return partial(RunResult.Outcome.CANCELLED, "Stopped after %,d of %,d tasks had finished (%s)."
                    .formatted(finished(), scenario.tasks(), Durations.humanMillis((System.nanoTime() - startNanos) / 1e6)));
        }

        private RunResult partial(RunResult.Outcome outcome, String message) {
            long received = java.util.Arrays.stream(eventsByType).sum();
            return new RunResult(scenario, outcome, message, hello, (System.nanoTime() - startNanos) / 1e6, IdealTime.millis(scenario, cores),
                    eventsByType[EventType.SUBMITTED.ordinal()], finished(), eventsByType[EventType.FAILED.ordinal()], 0, 0, 0, 0,
                    new Delivery(received, received, 0, 0, 0, 0), VmEvents.NONE, 0, 0, 0);
        }
    }
}
