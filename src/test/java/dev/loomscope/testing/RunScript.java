package dev.loomscope.testing;

import dev.loomscope.launcher.RunListener;
import dev.loomscope.protocol.EventBatch;
import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.JfrEvent;
import dev.loomscope.protocol.RunStart;
import dev.loomscope.protocol.RunnerHello;
import dev.loomscope.protocol.Sample;
import dev.loomscope.result.Delivery;
import dev.loomscope.result.RunResult;
import dev.loomscope.result.VmEvents;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a run streams, in the order a listener hears it: the runner's hello, then frames of
 * lifecycle events, samples and JFR events (each at its time on the run's clock), then the result.
 * A {@link FakeRunner} plays scripts; {@link #synthesise} writes one for any scenario and a
 * {@link Recorder} takes one down from a real run.
 *
 * @param hello  what the runner says it runs on
 * @param frames what it streams after its clock starts, in delivery order
 * @param result what the run measured, as the launcher would report it had the run completed
 */
public record RunScript(RunnerHello hello, List<Frame> frames, RunResult result) {

    /** One delivery to the listener, at {@link #timeNanos()} on the run's clock. */
    public sealed interface Frame {
        long timeNanos();
    }

    /** A batch of lifecycle events, delivered once the run's clock reaches {@code timeNanos}. */
    public record EventFrame(long timeNanos, EventBatch batch) implements Frame {
    }

    public record SampleFrame(Sample sample) implements Frame {
        @Override
        public long timeNanos() {
            return sample.timeNanos();
        }
    }

    public record JfrFrame(long timeNanos, List<JfrEvent> events) implements Frame {
    }

    public RunScript {
        frames = List.copyOf(frames);
    }

    /** Every lifecycle event of the script, in delivery order. */
    public List<Events.Event> events() {
        var all = new ArrayList<Events.Event>();
        for (Frame frame : frames) {
            if (frame instanceof EventFrame(long ignored, EventBatch batch)) {
                for (int i = 0; i < batch.size(); i++) {
                    all.add(new Events.Event(batch.type(i), batch.task(i), batch.timeNanos(i), batch.threadId(i), batch.carrierId(i)));
                }
            }
        }
        return all;
    }

    public List<Sample> samples() {
        return frames.stream().filter(f -> f instanceof SampleFrame).map(f -> ((SampleFrame) f).sample()).toList();
    }

    public List<JfrEvent> jfrEvents() {
        return frames.stream().filter(f -> f instanceof JfrFrame).flatMap(f -> ((JfrFrame) f).events().stream()).toList();
    }

    // ---- synthesised ----

    /** Made-up thread ids, apart from each other as a JVM's are: pool threads, carriers, virtual threads. */
    static final int SUBMITTER = 1;
    static final int FIRST_PLATFORM_THREAD = 1_000;
    static final int FIRST_CARRIER = 50;
    static final int FIRST_VIRTUAL_THREAD = 100_000;
    /** Events are delivered in frames this far apart on the run's clock, as the runner's telemetry thread drains them. */
    static final long FRAME_NANOS = 10_000_000L;
    static final long SAMPLE_NANOS = 100_000_000L;
    /** A wave of tasks that neither compute nor sleep still takes this long. */
    private static final long SHORTEST_WAVE_NANOS = 20_000L;
    private static final long MB = 1L << 20;

    /**
     * The stream a runner JVM would send for {@code scenario} in a perfect world, the same every
     * time: each task submitted, started, blocked and resumed (if it sleeps) and finished, in waves
     * of as many tasks as the executor holds at once (a pool's threads, a semaphore's permits, the
     * carriers a pinned virtual thread keeps, the cores for computing); so the run lasts its ideal
     * time, plus a millisecond. Threads are those of the executor: a pool's few, one per task,
     * virtual threads moving between carriers (never when pinned). As in the runner, events reach
     * the listener in frames ({@link #FRAME_NANOS} apart), each frame holding its events ring by ring,
     * so they are only roughly in time order. A sample every {@link #SAMPLE_NANOS} (and a baseline
     * before the run); with JFR on, a pin per task blocking in a native frame or a class initializer
     * on a virtual thread, listed with the frame in which the pin ends. Meant for up to about
     * 100,000 tasks (it is all kept in memory).
     */
    public static RunScript synthesise(Scenario scenario, RunOptions options, int cores) {
        return new Synthesis(scenario, options, cores).script();
    }

    private static final class Synthesis {
        private final Scenario s;
        private final RunOptions options;
        private final int cores;
        private final boolean virtual;
        private final boolean pins;
        private final long cpu;
        private final long sleep;
        private final List<Events.Event> events = new ArrayList<>();
        private final List<JfrEvent> pinsByEnd = new ArrayList<>();
        private final long[] startedAt;
        private final long[] finishedAt;
        private int holders;

        Synthesis(Scenario scenario, RunOptions options, int cores) {
            this.s = scenario;
            this.options = options;
            this.cores = cores;
            this.virtual = scenario.executor().isVirtual();
            this.pins = virtual && IdealTime.pins(scenario.blocking()) && scenario.sleepMs() > 0;
            this.cpu = scenario.cpuMs() * 1_000_000L;
            this.sleep = scenario.sleepMs() * 1_000_000L;
            this.startedAt = new long[scenario.tasks()];
            this.finishedAt = new long[scenario.tasks()];
        }

        RunScript script() {
            layOutTasks();
            long lastEvent = events.stream().mapToLong(Events.Event::timeNanos).max().orElse(0);
            long elapsed = lastEvent + 1_000_000L;
            var frames = new ArrayList<Frame>();
            frames.add(new SampleFrame(sample(-1_000_000L)));
            var byFrame = new java.util.TreeMap<Long, List<Events.Event>>();
            for (Events.Event e : events) {
                byFrame.computeIfAbsent(frameEnd(e.timeNanos()), k -> new ArrayList<>()).add(e);
            }
            pinsByEnd.sort(Comparator.comparingLong(p -> p.timeNanos() + p.durationNanos()));
            int nextPin = 0;
            long nextSample = 0;
            for (long frameEnd = 0; frameEnd <= frameEnd(elapsed); frameEnd += FRAME_NANOS) {
                while (nextSample <= frameEnd && nextSample < elapsed) {
                    frames.add(new SampleFrame(sample(nextSample)));
                    nextSample += SAMPLE_NANOS;
                }
                List<Events.Event> due = byFrame.getOrDefault(frameEnd, List.of());
                if (!due.isEmpty()) {
                    frames.add(new EventFrame(frameEnd, ringByRing(due)));
                }
                var jfr = new ArrayList<JfrEvent>();
                while (nextPin < pinsByEnd.size() && pinEnd(pinsByEnd.get(nextPin)) <= frameEnd) {
                    jfr.add(pinsByEnd.get(nextPin++));
                }
                if (!jfr.isEmpty()) {
                    frames.add(new JfrFrame(frameEnd, jfr));
                }
            }
            frames.add(new SampleFrame(sample(elapsed)));
            return new RunScript(hello(), frames, result(elapsed, frames));
        }

        /** Places every task's events: in waves of {@code holders}, or for virtual-limited, every task at once and its sleeps in waves of permits. */
        private void layOutTasks() {
            int tasks = s.tasks();
            holders = switch (s.executor()) {
                case FIXED, FORKJOIN -> s.pool();
                case SINGLE -> 1;
                case PLATFORM, VIRTUAL_LIMITED -> tasks;
                case VIRTUAL, STRUCTURED -> pins ? s.carriers() : tasks;
            };
            if (sleep == 0 && cpu > 0) {
                holders = Math.min(holders, IdealTime.computingCores(s, cores));
            }
            if (s.isWeb()) {
                holders = Math.min(holders, s.connections());
            }
            holders = Math.max(1, Math.min(holders, tasks));
            int sleepers = s.executor() == ExecutorKind.VIRTUAL_LIMITED
                    ? Math.max(1, Math.min(tasks, pins ? Math.min(s.carriers(), s.permits()) : s.permits())) : holders;
            long wave = Math.max(SHORTEST_WAVE_NANOS, cpu + sleep);
            for (int task = 0; task < tasks; task++) {
                boolean limited = s.executor() == ExecutorKind.VIRTUAL_LIMITED;
                // Virtual-limited: every task starts and computes at once; only the sleeps queue for the permits.
                long waveStart = limited ? (s.isWeb() ? (long) (task / sleepers) * sleep : 0) : (long) (task / holders) * wave;
                // A plain run submits every task at once, a web run's closed loop as a connection frees up.
                long submitted = s.isWeb() ? waveStart : task * 100L;
                long start = Math.max(waveStart, submitted + 1_000);
                long resumed = Math.max(start + cpu + sleep, limited ? cpu + (long) (task / sleepers + 1) * sleep : 0);
                long thread = thread(task);
                long carrier = carrier(task, false);
                events.add(new Events.Event(EventType.SUBMITTED, task, submitted, SUBMITTER, SUBMITTER));
                events.add(new Events.Event(EventType.STARTED, task, start, thread, carrier));
                long end = start + Math.max(SHORTEST_WAVE_NANOS / 2, cpu);
                if (sleep > 0) {
                    long blocked = start + cpu;
                    end = Math.max(resumed, blocked + 1_000);
                    events.add(new Events.Event(EventType.BLOCKED, task, blocked, thread, carrier));
                    events.add(new Events.Event(EventType.RESUMED, task, end, thread, carrier(task, true)));
                    if (pins && options.jfr()) {
                        pinsByEnd.add(pin(task, blocked, end - blocked));
                    }
                }
                end += 2_000;
                events.add(new Events.Event(EventType.FINISHED, task, end, thread, carrier(task, true)));
                startedAt[task] = start;
                finishedAt[task] = end;
            }
        }

        private long thread(int task) {
            return switch (s.executor()) {
                case FIXED, FORKJOIN, SINGLE -> FIRST_PLATFORM_THREAD + task % holders;
                case PLATFORM -> FIRST_PLATFORM_THREAD + task;
                case VIRTUAL, VIRTUAL_LIMITED, STRUCTURED -> FIRST_VIRTUAL_THREAD + task;
            };
        }

        /** A platform thread is its own carrier; a virtual thread resumes on the next carrier unless pinned to its own. */
        private long carrier(int task, boolean afterBlocking) {
            if (!virtual) {
                return thread(task);
            }
            int shift = afterBlocking && !pins ? 1 : 0;
            return FIRST_CARRIER + (task + shift) % s.carriers();
        }

        private JfrEvent pin(int task, long at, long duration) {
            boolean nativeFrame = s.blocking() == dev.loomscope.scenario.BlockingMode.NATIVE;
            String reason = nativeFrame ? "Native or VM frame on stack" : "VM call to dev.loomscope.runner.SleepingInitializer.<clinit> on stack";
            String stack = String.join("\n", "java.lang.VirtualThread.parkNanos:643", "java.lang.VirtualThread.sleepNanos:1070",
                    "java.lang.Thread.sleep:588", nativeFrame ? "dev.loomscope.runner.NativeBlocking.sleep (native)"
                            : "dev.loomscope.runner.SleepingInitializer.<clinit>:1");
            return new JfrEvent(JfrEvent.PINNED, at, duration, thread(task), carrier(task, false), reason, "Thread.sleep", stack);
        }

        private static long pinEnd(JfrEvent pin) {
            return pin.timeNanos() + pin.durationNanos();
        }

        private static long frameEnd(long t) {
            return Math.max(0, (t + FRAME_NANOS - 1) / FRAME_NANOS * FRAME_NANOS);
        }

        /** One frame's events as the runner drains its rings: one ring (here: by carrier) after another. */
        private static EventBatch ringByRing(List<Events.Event> due) {
            var batch = new Events();
            due.stream().sorted(Comparator.comparingLong((Events.Event e) -> Math.floorMod(e.carrier(), 2))
                    .thenComparingLong(Events.Event::timeNanos)).forEach(batch::add);
            return batch.batch();
        }

        private RunnerHello hello() {
            return new RunnerHello(-1, System.getProperty("java.runtime.version"), cores, s.carriers(), cpu > 0 ? 1_000.0 : 0);
        }

        private Sample sample(long t) {
            if (t < 0) {
                return new Sample(t, 64 * MB, 16 * MB, 12, virtual ? 0 : -1, virtual ? 0 : -1, 0);
            }
            int running = 0;
            int done = 0;
            for (int task = 0; task < s.tasks(); task++) {
                if (finishedAt[task] <= t) {
                    done++;
                } else if (startedAt[task] <= t) {
                    running++;
                }
            }
            int poolThreads = switch (s.executor()) {
                case FIXED, FORKJOIN, SINGLE -> done + running > 0 ? holders : 0;
                case PLATFORM -> running;
                case VIRTUAL, VIRTUAL_LIMITED, STRUCTURED -> done + running > 0 ? s.carriers() : 0;
            };
            long heap = 16 * MB + (virtual ? running * 1_024L : 0) + (long) Math.min(done + running, s.tasks()) * s.threadLocalKb() * 1_024 / 4;
            long rss = 64 * MB + poolThreads * 64 * 1_024L + heap - 16 * MB;
            return new Sample(t, rss, heap, 12 + poolThreads, virtual ? Math.min(running, s.carriers()) : -1, virtual ? 0 : -1, done);
        }

        private RunResult result(long elapsedNanos, List<Frame> frames) {
            Map<String, Long> reasons = new LinkedHashMap<>();
            pinsByEnd.forEach(p -> reasons.merge(p.reason(), 1L, Long::sum));
            double pinnedMs = pinsByEnd.stream().mapToLong(JfrEvent::durationNanos).sum() / 1e6;
            boolean vthreadEvents = options.jfr() && virtual && s.tasks() <= RunOptions.MAX_TASKS_WITH_VTHREAD_EVENTS;
            VmEvents vm = options.jfr()
                    ? new VmEvents(pinsByEnd.size(), pinnedMs, reasons, 0, vthreadEvents ? s.tasks() : -1, vthreadEvents ? s.tasks() : -1, 0, 0,
                            options.threadDumpFile() == null ? -1 : (virtual ? s.tasks() : 0), 0.05)
                    : VmEvents.NONE;
            long tasks = s.tasks();
            // As the launcher counts them: a virtual thread mounts again after each block that did not pin.
            long mounts = virtual ? tasks + (sleep > 0 ? tasks : 0) - pinsByEnd.size() : tasks;
            List<Sample> samples = frames.stream().filter(f -> f instanceof SampleFrame).map(f -> ((SampleFrame) f).sample()).toList();
            Sample baseline = samples.getFirst();
            Sample peak = samples.stream().max(Comparator.comparingLong(Sample::rssBytes)).orElse(baseline);
            long threadsUsed = events.stream().filter(e -> e.type() == EventType.STARTED).mapToLong(Events.Event::thread).distinct().count();
            long lastSubmit = events.stream().filter(e -> e.type() == EventType.SUBMITTED).mapToLong(Events.Event::timeNanos).max().orElse(0);
            return new RunResult(s, RunResult.Outcome.COMPLETED, "", hello(), elapsedNanos / 1e6, IdealTime.millis(s, cores), tasks, tasks, 0,
                    (peak.rssBytes() - baseline.rssBytes()) / (double) MB, (peak.heapUsedBytes() - baseline.heapUsedBytes()) / (double) MB,
                    samples.stream().mapToInt(Sample::platformThreads).max().orElse(0), tasks * s.cpuMs() * 1.02 + 20,
                    new Delivery(events.size(), events.size(), 0.5, 2.0, 4.0, 0), vm, mounts, mounts,
                    s.threadLocalKb() > 0 ? threadsUsed : 0,
                    new RunResult.Overheads(0, 0, s.isWeb() ? -1 : lastSubmit / 1e6), 0, -1, null,
                    // As a real runner counts: the cache's objects, and a few hundred bytes a task (a KB and a half a virtual thread).
                    ((s.threadLocalKb() > 0 ? threadsUsed * s.threadLocalKb() * 1024.0 : 0) + tasks * (s.executor().isVirtual() ? 1_500.0 : 300.0)) / MB);
        }
    }

    // ---- recorded ----

    /**
     * Takes down what a run streams, to play it again ({@link FakeRunner#playing}) or to compare
     * it with a synthesised script. Frames are timed by the newest event or sample heard so far.
     */
    public static final class Recorder implements RunListener {
        private volatile RunnerHello hello;
        private volatile RunStart start;
        private final List<Frame> frames = new ArrayList<>();
        private final Map<EventType, Long> firstHeard = new java.util.concurrent.ConcurrentHashMap<>();
        private long latest;

        @Override
        public void onHello(RunnerHello hello) {
            this.hello = hello;
        }

        @Override
        public synchronized void onStarted(RunStart start) {
            this.start = start;
        }

        @Override
        public synchronized void onEvents(EventBatch batch) {
            long heard = System.nanoTime();
            for (int i = 0; i < batch.size(); i++) {
                latest = Math.max(latest, batch.timeNanos(i));
                firstHeard.putIfAbsent(batch.type(i), heard);
            }
            frames.add(new EventFrame(latest, batch.copy()));
        }

        @Override
        public synchronized void onSample(Sample sample) {
            latest = Math.max(latest, sample.timeNanos());
            frames.add(new SampleFrame(sample));
        }

        @Override
        public synchronized void onJfrEvents(List<JfrEvent> events) {
            frames.add(new JfrFrame(latest, List.copyOf(events)));
        }

        /** The run's clock start, once it arrived; else null. */
        public RunStart runStart() {
            return start;
        }

        public RunnerHello hello() {
            return hello;
        }

        /** When ({@link System#nanoTime()} here) the first event of {@code type} arrived, or -1 if none has. */
        public long heardFirst(EventType type) {
            return firstHeard.getOrDefault(type, -1L);
        }

        /** The run as heard so far, ending in {@code result}. */
        public synchronized RunScript script(RunResult result) {
            return new RunScript(hello, frames, result);
        }
    }
}
