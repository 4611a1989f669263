package dev.loomscope.model;

import dev.loomscope.result.RunLabel;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.text.Text;

/** How the window's lists, charts and notes title a run: its number and its {@link RunLabel}, "#4 virtual, native". */
final class RunTitle {

    private RunTitle() {
    }

    /** @param runnerVersion the runner's {@code java.runtime.version} once it said hello, else null (the JDK the scenario names counts) */
    static String of(int number, Scenario scenario, boolean replay, String runnerVersion) {
        return "#" + number + " " + RunLabel.of(scenario, runnerVersion) + (replay ? Text.get("run.replay-suffix") : "");
    }
}
