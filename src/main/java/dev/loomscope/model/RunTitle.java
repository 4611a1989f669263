package dev.loomscope.model;

import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.scenario.Sharing;
import dev.loomscope.text.Text;

/** How lists, charts and notes name a run: "#3 virtual", "#4 virtual, native", "#5 virtual, jdbc(10)". */
final class RunTitle {

    private RunTitle() {
    }

    static String of(int number, Scenario scenario, boolean replay) {
        // Runs that differ only in how tasks block (the pinning experiment) must not look alike.
        String blocking = scenario.blocking() == BlockingMode.SLEEP ? "" : ", " + scenario.blocking().cliName();
        // ...nor jdbc runs that differ only in their connection pool (the connection-pool experiment).
        if (scenario.blocking() == BlockingMode.JDBC) {
            blocking += Text.get("run.db-pool-suffix", scenario.dbPool());
        }
        // ...nor runs that differ only in how tasks get their object (the ScopedValue experiment).
        String sharing = scenario.threadLocalKb() > 0 && scenario.sharing() == Sharing.SCOPED_VALUE ? ", ScopedValue" : "";
        return "#" + number + " " + scenario.label() + blocking + sharing + (replay ? Text.get("run.replay-suffix") : "");
    }
}
