package dev.loomscope.model;

import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.JdkNeeds;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.scenario.Sharing;
import dev.loomscope.text.Text;

/** How lists, charts and notes name a run: "#3 virtual", "#4 virtual, native", "#5 virtual, jdbc(10)", "#2 virtual, synchronized · JDK 21". */
final class RunTitle {

    private RunTitle() {
    }

    /** @param runnerVersion the runner's {@code java.runtime.version} once it said hello, else null (the JDK the scenario names counts) */
    static String of(int number, Scenario scenario, boolean replay, String runnerVersion) {
        // Runs that differ only in how tasks block (the pinning experiment) must not look alike.
        String blocking = scenario.blocking() == BlockingMode.SLEEP ? "" : ", " + scenario.blocking().cliName();
        // ...nor jdbc runs that differ only in their connection pool (the connection-pool experiment).
        if (scenario.blocking() == BlockingMode.JDBC) {
            blocking += Text.get("run.db-pool-suffix", scenario.dbPool());
        }
        // ...nor runs that differ only in how tasks get their object (the ScopedValue experiment).
        String sharing = scenario.threadLocalKb() > 0 && scenario.sharing() == Sharing.SCOPED_VALUE ? ", ScopedValue" : "";
        // ...nor runs on another JDK than the default (JEP 491 before and after).
        int feature = runnerVersion != null ? JdkNeeds.featureOf(runnerVersion) : JdkNeeds.featureNamed(scenario.jdk());
        String jdk = feature == 0 ? "" : JdkNeeds.nameSuffix(Integer.toString(feature));
        return "#" + number + " " + scenario.label() + blocking + sharing + jdk + (replay ? Text.get("run.replay-suffix") : "");
    }
}
