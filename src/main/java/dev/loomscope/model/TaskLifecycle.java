package dev.loomscope.model;

import dev.loomscope.protocol.EventType;
import dev.loomscope.protocol.JfrEvent;
import dev.loomscope.text.Text;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One task's life, from its run's recorded events and JFR's pins: each state with its time, the
 * carriers (or threads) it ran on slice by slice, and how long it was queued, running, waiting
 * and pinned. It is what a presenter shows to make a virtual thread hop carriers after a sleep.
 * Read from a finished run's recording (the recording is written while the run goes on).
 *
 * @param task      the task, from 0
 * @param steps     what happened, in time order
 * @param slices    where it ran: one per stretch on a carrier or thread
 * @param complete  false if the recording stopped before the task's end (a run past 8,000,000 events)
 */
public record TaskLifecycle(int task, List<Step> steps, List<Slice> slices, double queuedMs, double runningMs, double waitingMs,
                            double pinnedMs, boolean complete) {

    /** Something that happened to the task, {@code atMs} into the run. */
    public record Step(double atMs, String what) {
    }

    /** A stretch the task ran on one carrier or thread: its lane, the lane's name, and when. */
    public record Slice(long fromNanos, long toNanos, int lane, String laneName) {
        public double ms() {
            return (toNanos - fromNanos) / 1e6;
        }
    }

    /** The lifecycle of {@code task} in a finished run, or null if the run kept no recording. */
    public static TaskLifecycle of(RunModel run, int task) {
        Recording recording = run.recording();
        if (recording == null || task < 0 || task >= run.scenario().tasks()) {
            return null;
        }
        boolean virtual = run.scenario().executor().isVirtual();
        String noun = virtual ? "carrier" : "thread";
        var events = new ArrayList<Integer>();
        for (int i = 0, n = recording.size(); i < n; i++) {
            if (recording.task(i) == task) {
                events.add(i);
            }
        }
        events.sort(Comparator.comparingLong(recording::timeNanos));
        var steps = new ArrayList<Step>();
        var slices = new ArrayList<Slice>();
        long submitted = -1;
        long runningSince = -1;
        long waitingSince = -1;
        int runningLane = -1;
        double queued = 0;
        double running = 0;
        double waiting = 0;
        boolean ended = false;
        long thread = -1;
        for (int i : events) {
            long t = recording.timeNanos(i);
            int lane = run.lanes().knownLaneOf(recording.carrierId(i));
            String where = lane >= 0 ? run.lanes().laneName(lane) : noun + " " + recording.carrierId(i);
            EventType type = EventType.ofCode(recording.typeCode(i));
            switch (type) {
                case SUBMITTED -> {
                    submitted = t;
                    steps.add(new Step(t / 1e6, "submitted"));
                }
                case STARTED -> {
                    thread = recording.threadId(i);
                    if (submitted >= 0) {
                        queued += (t - submitted) / 1e6;
                    }
                    runningSince = t;
                    runningLane = lane;
                    steps.add(new Step(t / 1e6, Text.get(virtual ? "task.step.mounted" : "task.step.started", where)));
                }
                case BLOCKED -> {
                    if (runningSince >= 0) {
                        running += (t - runningSince) / 1e6;
                        slices.add(new Slice(runningSince, t, runningLane, nameOf(run, runningLane, noun)));
                        runningSince = -1;
                    }
                    waitingSince = t;
                    steps.add(new Step(t / 1e6, Text.get(virtual ? "task.step.blocked.virtual" : "task.step.blocked.platform")));
                }
                case RESUMED -> {
                    if (waitingSince >= 0) {
                        waiting += (t - waitingSince) / 1e6;
                        waitingSince = -1;
                    }
                    runningSince = t;
                    runningLane = lane;
                    steps.add(new Step(t / 1e6, Text.get(virtual ? "task.step.resumed.virtual" : "task.step.resumed.platform", where)));
                }
                case FINISHED, FAILED, CANCELLED -> {
                    if (runningSince >= 0) {
                        running += (t - runningSince) / 1e6;
                        slices.add(new Slice(runningSince, t, runningLane, nameOf(run, runningLane, noun)));
                        runningSince = -1;
                    }
                    if (waitingSince >= 0) {
                        waiting += (t - waitingSince) / 1e6;
                    }
                    ended = true;
                    steps.add(new Step(t / 1e6, switch (type) {
                        case FINISHED -> Text.get("task.step.finished");
                        case FAILED -> Text.get("task.step.failed");
                        default -> Text.get(thread >= 0 ? "task.step.cancelled.waiting" : "task.step.cancelled.unstarted");
                    }));
                }
            }
        }
        double pinned = 0;
        if (thread >= 0) {
            for (LaneEvent pin : run.pins().ofThread(thread)) {
                JfrEvent event = pin.event();
                pinned += event.durationNanos() / 1e6;
                steps.add(new Step(event.timeNanos() / 1e6, Text.get("task.step.pinned", event.durationNanos() / 1e6, event.reason(),
                        event.blockingOperation().isEmpty() ? "" : " (" + event.blockingOperation() + ")")));
            }
            steps.sort(Comparator.comparingDouble(Step::atMs));
        }
        return new TaskLifecycle(task, List.copyOf(steps), List.copyOf(slices), queued, running, waiting, pinned, ended);
    }

    private static String nameOf(RunModel run, int lane, String noun) {
        return lane >= 0 ? run.lanes().laneName(lane) : noun;
    }

    /** How many different carriers (or threads) it ran on. */
    public long carriersUsed() {
        return slices.stream().map(Slice::laneName).distinct().count();
    }

    /**
     * The task running on {@code lane} at {@code timeNanos} in a finished run, or -1: what a click on
     * a lane's segment follows.
     */
    public static int taskRunningAt(RunModel run, int lane, long timeNanos) {
        Recording recording = run.recording();
        if (recording == null) {
            return -1;
        }
        // Each task's latest start or resume on that lane at or before the time...
        var startedAt = new java.util.HashMap<Integer, Long>();
        for (int i = 0, n = recording.size(); i < n; i++) {
            long t = recording.timeNanos(i);
            var type = EventType.ofCode(recording.typeCode(i));
            if ((type == EventType.STARTED || type == EventType.RESUMED) && t <= timeNanos
                    && run.lanes().knownLaneOf(recording.carrierId(i)) == lane) {
                startedAt.merge(recording.task(i), t, Math::max);
            }
        }
        // ...less those that had stopped running by then; of the rest, the one that started last.
        for (int i = 0, n = recording.size(); i < n && !startedAt.isEmpty(); i++) {
            Long since = startedAt.get(recording.task(i));
            if (since != null) {
                long t = recording.timeNanos(i);
                var type = EventType.ofCode(recording.typeCode(i));
                if ((type == EventType.BLOCKED || type.endsTask()) && t >= since && t < timeNanos) {
                    startedAt.remove(recording.task(i));
                }
            }
        }
        int candidate = startedAt.entrySet().stream().max(java.util.Map.Entry.comparingByValue()).map(java.util.Map.Entry::getKey).orElse(-1);
        return candidate;
    }
}
