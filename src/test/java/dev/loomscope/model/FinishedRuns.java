package dev.loomscope.model;

import static dev.loomscope.protocol.EventType.BLOCKED;
import static dev.loomscope.protocol.EventType.FINISHED;
import static dev.loomscope.protocol.EventType.RESUMED;
import static dev.loomscope.protocol.EventType.STARTED;
import static dev.loomscope.protocol.EventType.SUBMITTED;

import dev.loomscope.result.Delivery;
import dev.loomscope.testing.Events;
import dev.loomscope.result.RunResult;
import dev.loomscope.result.VmEvents;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.Scenario;

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

    private static RunModel finished(int number, Scenario scenario, Events events, double elapsedMs) {
        var run = new RunModel(number, scenario, 2);
        run.onEvents(events.batch());
        run.finish(new RunResult(scenario, RunResult.Outcome.COMPLETED, "", null, elapsedMs, IdealTime.millis(scenario, 2),
                scenario.tasks(), scenario.tasks(), 0, 0, 0, 0, 0, Delivery.NONE, VmEvents.NONE, 0, 0, 0));
        return run;
    }
}
