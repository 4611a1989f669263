package dev.loomscope.scenario;

import dev.loomscope.text.Text;

/**
 * What in a scenario needs a later JDK than the runner's oldest (21): the runner is compiled for JDK 21,
 * and these parts of it for 25 (runner.jdk25), so a run asking for them on an older JDK is refused by
 * the launching process before any runner starts, never left to fail inside one.
 */
public final class JdkNeeds {

    /** The oldest JDK a runner runs on: what it loads is compiled for this release. */
    public static final int OLDEST_RUNNER = 21;
    /** The JDK of the runner's later classes: StructuredTaskScope as JDK 25 has it, ScopedValue, FFM, the ClassFile API. */
    public static final int LATER = 25;

    private JdkNeeds() {
    }

    /** 21 of "21.0.8+9-LTS", 25 of "25", 8 of "1.8.0_402"; 0 if it reads as none. */
    public static int featureOf(String version) {
        if (version == null) {
            return 0;
        }
        String v = version.startsWith("1.") ? version.substring(2) : version;
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) {
            end++;
        }
        return end == 0 || end > 4 ? 0 : Integer.parseInt(v.substring(0, end));
    }

    /**
     * " · JDK 21", what a run's name carries when its runner's JDK ({@code javaVersion}) is another
     * feature release than the default (this process's); "" when it is the same or not known.
     */
    public static String nameSuffix(String javaVersion) {
        int feature = featureOf(javaVersion);
        return feature == 0 || feature == Runtime.version().feature() ? "" : Text.get("jdks.name-suffix", feature);
    }

    /** Before JDK 24 (JEP 491) a virtual thread blocking while it holds a monitor pins its carrier. */
    public static final int MONITORS_FREED = 24;

    /** The feature release {@code spec} names: "21" and "21.0.8" name 21, a JDK folder its release file's; 0 for none ("" is the default's). */
    public static int featureNamed(String spec) {
        if (spec == null || spec.isBlank()) {
            return 0;
        }
        String s = spec.strip();
        if (s.chars().allMatch(c -> Character.isDigit(c) || c == '.')) {
            return featureOf(s);
        }
        // Asked for as the perfect world is drawn, frame after frame: the folder's release file is read once.
        return FOLDERS.computeIfAbsent(s, JdkNeeds::releaseFeature);
    }

    private static final java.util.Map<String, Integer> FOLDERS = new java.util.concurrent.ConcurrentHashMap<>();

    private static int releaseFeature(String s) {
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of(s, "release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    return featureOf(line.substring("JAVA_VERSION=".length()).replace("\"", "").strip());
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            // No JDK there: it names none.
        }
        return 0;
    }

    /**
     * Whether {@code scenario}'s tasks pin because its JDK is older than {@link #MONITORS_FREED}: sleeping
     * inside {@code synchronized} holds the carrier there (JDK 21 compensates Object.wait with another carrier).
     */
    public static boolean monitorPins(Scenario scenario) {
        int feature = featureNamed(scenario.jdk());
        return scenario.blocking() == BlockingMode.SYNCHRONIZED && feature >= OLDEST_RUNNER && feature < MONITORS_FREED;
    }

    /** The feature release {@code scenario} needs, and what needs it; {@link #OLDEST_RUNNER} and "" when nothing does. */
    public record Need(int feature, String what) {
    }

    public static Need of(Scenario scenario) {
        if (scenario.executor() == ExecutorKind.STRUCTURED) {
            return new Need(LATER, scenario.executor().cliName());
        }
        if (scenario.sharing() == Sharing.SCOPED_VALUE) {
            return new Need(LATER, scenario.sharing().cliName());
        }
        if (scenario.blocking() == BlockingMode.NATIVE || scenario.blocking() == BlockingMode.CLASS_INIT) {
            return new Need(LATER, scenario.blocking().cliName());
        }
        if (scenario.userTask() != null) {
            return new Need(LATER, Text.get("jdks.needs.user-task"));
        }
        return new Need(OLDEST_RUNNER, "");
    }

    /**
     * Why {@code scenario} cannot run on a runner of {@code javaVersion} (feature release {@code feature}),
     * in one line ("structured needs JDK 25 (this runner is 21.0.8)"), or null when it can.
     */
    public static String refusal(Scenario scenario, int feature, String javaVersion) {
        if (feature < OLDEST_RUNNER) {
            return Text.get("jdks.too-old", javaVersion, OLDEST_RUNNER);
        }
        Need need = of(scenario);
        return feature >= need.feature() ? null : Text.get("jdks.needs", need.what(), need.feature(), javaVersion);
    }
}
