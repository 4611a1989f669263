package dev.loomscope.result;

import dev.loomscope.scenario.JdkNeeds;

/** How a finished run is named in tables and exports: its scenario's label, and its runner's JDK when that is not the default's. */
public final class RunLabel {

    private RunLabel() {
    }

    /** "virtual", or "virtual · JDK 21" for a run whose runner was a JDK 21. */
    public static String of(RunResult r) {
        return r.scenario().label() + (r.runner() != null ? JdkNeeds.nameSuffix(r.runner().javaVersion()) : "");
    }
}
