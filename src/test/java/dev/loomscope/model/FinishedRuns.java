package dev.loomscope.model;

import static dev.loomscope.protocol.EventType.BLOCKED;
import static dev.loomscope.protocol.EventType.FINISHED;
import static dev.loomscope.protocol.EventType.RESUMED;
import static dev.loomscope.protocol.EventType.STARTED;
import static dev.loomscope.protocol.EventType.SUBMITTED;

import dev.loomscope.protocol.JfrEvent;
import dev.loomscope.result.Delivery;
import dev.loomscope.testing.Events;
import dev.loomscope.result.RunResult;
import dev.loomscope.result.VmEvents;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.Scenario;
import java.util.List;

/** Small finished runs made of synthesised events, with their recordings: replayable without a runner JVM. */
public final class FinishedRuns {

    private FinishedRuns() {
    }

    /** A fixed pool of 2 running 4 tasks of 100 ms sleep in two waves: tasks 0 and 1 end at 100 ms, 2 and 3 at 200 ms. */
    public static RunModel twoWaves() {
        var scenario = Scenario.of(ExecutorKind.FIXED).withTasks(4).withPool(2).build();
        var events = new Events();
        for (int task = 0; task < 4; task++) {
            events.platform(SUBMITTED, task, 0, 1);
        }
        for (int wave = 0; wave < 2; wave++) {
            for (int t = 0; t < 2; t++) {
                int task = wave * 2 + t;
                double start = wave * 100.0;
                events.platform(STARTED, task, start, 21 + t).platform(BLOCKED, task, start + 1, 21 + t)
                        .platform(RESUMED, task, start + 100, 21 + t).platform(FINISHED, task, start + 100, 21 + t);
            }
        }
        return finished(1, scenario, events, 200);
    }

    /** Virtual threads running the same 4 tasks at once: all end at 100 ms. */
    public static RunModel oneWave() {
        var scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(4).withPool(2).build();
        var events = new Events();
        for (int task = 0; task < 4; task++) {
            events.add(SUBMITTED, task, 0, 1, 1);
        }
        for (int task = 0; task < 4; task++) {
            events.add(STARTED, task, 0, 500 + task, 31).add(BLOCKED, task, 1, 500 + task, 31)
                    .add(RESUMED, task, 100, 500 + task, 32).add(FINISHED, task, 100, 500 + task, 32);
        }
        return finished(2, scenario, events, 100);
    }

    /**
     * {@code tasks} virtual threads on 2 carriers, each pinned once while it sleeps from 1 to 50 ms: task {@code t}'s pin
     * begins at {@code 1 + t % 40} ms and lasts 10 ms, on carrier {@code 31 + t % 2}, at one of two sites (odd tasks in
     * {@code Odd.sleep}, the others in {@code Even.sleep}). JFR hands the window the pins in batches of 1,000.
     */
    public static RunModel pinning(int tasks) {
        var scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(tasks).withPool(2).build();
        var events = new Events();
        for (int task = 0; task < tasks; task++) {
            events.add(SUBMITTED, task, 0, 1, 1);
        }
        for (int task = 0; task < tasks; task++) {
            long carrier = 31 + task % 2;
            events.add(STARTED, task, 1, 10_000 + task, carrier).add(BLOCKED, task, 1, 10_000 + task, carrier)
                    .add(RESUMED, task, 50, 10_000 + task, carrier).add(FINISHED, task, 50, 10_000 + task, carrier);
        }
        var run = new RunModel(3, scenario, 2);
        run.onEvents(events.batch());
        var batch = new java.util.ArrayList<JfrEvent>();
        for (int task = 0; task < tasks; task++) {
            String where = task % 2 == 1 ? "app.Odd.sleep(Odd.java:7)" : "app.Even.sleep(Even.java:9)";
            batch.add(new JfrEvent(JfrEvent.PINNED, (1 + task % 40) * 1_000_000L, 10_000_000L, 10_000 + task, 31 + task % 2,
                    "Native or VM frame on stack", "Thread.sleep", "java.lang.Thread.sleep(Thread.java:1)\n" + where));
            if (batch.size() == 1_000 || task == tasks - 1) {
                run.onJfrEvents(List.copyOf(batch));
                batch.clear();
            }
        }
        finish(run, 50);
        return run;
    }

    /**
     * {@code tasks} virtual threads pinned in turn on 2 carriers, as a pinning run goes: task {@code t} runs on carrier
     * {@code 31 + t % 2} from {@code (t / 2) * 10} ms, blocks at once, and JFR sees it pinned from 0.2 ms later for 9 ms;
     * it ends at 10 ms. With {@code jfrNamesThreads} false, every pin comes without its thread, as JFR's stream can send it.
     */
    public static RunModel pinnedInTurn(int tasks, boolean jfrNamesThreads) {
        var scenario = Scenario.of(ExecutorKind.VIRTUAL).withTasks(tasks).withPool(2).build();
        var events = new Events();
        var pins = new java.util.ArrayList<JfrEvent>();
        for (int task = 0; task < tasks; task++) {
            events.add(SUBMITTED, task, 0, 1, 1);
        }
        for (int task = 0; task < tasks; task++) {
            long carrier = 31 + task % 2;
            double start = task / 2 * 10.0;
            events.add(STARTED, task, start, 10_000 + task, carrier).add(BLOCKED, task, start, 10_000 + task, carrier)
                    .add(RESUMED, task, start + 10, 10_000 + task, carrier).add(FINISHED, task, start + 10, 10_000 + task, carrier);
            pins.add(new JfrEvent(JfrEvent.PINNED, (long) ((start + 0.2) * 1e6), 9_000_000L, jfrNamesThreads ? 10_000 + task : -1, carrier,
                    "Native or VM frame on stack", "Thread.sleep", "java.lang.Thread.sleep(Thread.java:1)\napp.Task.run(Task.java:3)"));
        }
        var run = new RunModel(4, scenario, 2);
        run.onEvents(events.batch());
        run.onJfrEvents(pins);
        finish(run, tasks / 2 * 10.0);
        return run;
    }

    private static RunModel finished(int number, Scenario scenario, Events events, double elapsedMs) {
        var run = new RunModel(number, scenario, 2);
        run.onEvents(events.batch());
        finish(run, elapsedMs);
        return run;
    }

    private static void finish(RunModel run, double elapsedMs) {
        Scenario scenario = run.scenario();
        run.finish(new RunResult(scenario, RunResult.Outcome.COMPLETED, "", null, elapsedMs, IdealTime.millis(scenario, 2),
                scenario.tasks(), scenario.tasks(), 0, 0, 0, 0, 0, Delivery.NONE, VmEvents.NONE, 0, 0, 0));
    }
}
