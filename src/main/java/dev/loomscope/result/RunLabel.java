package dev.loomscope.result;

import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.JdkNeeds;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.scenario.Sharing;
import dev.loomscope.text.Text;

/**
 * How every list, chart, table, export and note names a run: "virtual", "virtual, native",
 * "virtual, jdbc(10)", "virtual, ScopedValue", "virtual, synchronized · JDK 21". Two runs of one
 * comparison that differ in any of these must never read alike.
 */
public final class RunLabel {

    private RunLabel() {
    }

    /** A finished run, named with the JDK its runner said it was when that is not the default's. */
    public static String of(RunResult r) {
        return of(r.scenario(), runnerVersion(r));
    }

    /** A run to come: the JDK its scenario names counts. */
    public static String of(Scenario scenario) {
        return of(scenario, null);
    }

    /** A setting a run's name may leave out. */
    public enum Part {
        /** Nothing: the whole name. */
        NONE,
        /** The executor's pool or permits: "fixed", "virtual-limited". */
        POOL,
        /** The database's connection pool: "virtual, jdbc". */
        DB_POOL,
        /** The JDK: "virtual, synchronized". */
        JDK
    }

    /** @param runnerVersion the runner's {@code java.runtime.version} once it said hello, else null (the JDK the scenario names counts) */
    public static String of(Scenario scenario, String runnerVersion) {
        return of(scenario, runnerVersion, Part.NONE);
    }

    /** A run to come named without one of its settings: a sweep's line keeps one name while the swept setting changes. */
    public static String without(Scenario scenario, Part left) {
        return of(scenario, null, left);
    }

    private static String of(Scenario scenario, String runnerVersion, Part left) {
        // Runs that differ only in how tasks block (the pinning experiment)...
        String blocking = scenario.blocking() == BlockingMode.SLEEP ? "" : ", " + scenario.blocking().cliName();
        // ...or only in their connection pool (the connection-pool experiment)...
        if (scenario.blocking() == BlockingMode.JDBC && left != Part.DB_POOL) {
            blocking += Text.get("run.db-pool-suffix", scenario.dbPool());
        }
        // ...or only in how tasks get their object (the ScopedValue experiment), or in their JDK.
        String sharing = scenario.threadLocalKb() > 0 && scenario.sharing() == Sharing.SCOPED_VALUE ? Text.get("run.scoped-value-suffix") : "";
        // "fixed(4)" and "virtual-limited(20)" name their pool or permits in brackets; no other executor has them.
        String executor = left == Part.POOL && scenario.label().endsWith(")") ? scenario.executor().cliName() : scenario.label();
        return executor + blocking + sharing + (left == Part.JDK ? "" : jdkSuffix(scenario, runnerVersion));
    }

    /** " · JDK 21" for a run on another JDK than the default's (JEP 491 before and after), else "". */
    public static String jdkSuffix(RunResult r) {
        return jdkSuffix(r.scenario(), runnerVersion(r));
    }

    /** The JDK its runner said it was, null if it never said hello. */
    private static String runnerVersion(RunResult r) {
        return r.runner() != null ? r.runner().javaVersion() : null;
    }

    private static String jdkSuffix(Scenario scenario, String runnerVersion) {
        int feature = runnerVersion != null ? JdkNeeds.featureOf(runnerVersion) : JdkNeeds.featureNamed(scenario.jdk());
        return feature == 0 ? "" : JdkNeeds.nameSuffix(Integer.toString(feature));
    }
}
