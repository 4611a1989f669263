package dev.loomscope.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loomscope.launcher.Jdks;

/** The real JDK 21 the tests of runners on JDK 21 use: found as `--jdk 21` finds it (scripts/get-jdk21.sh fetches one). */
public final class Jdk21 {

    private Jdk21() {
    }

    /**
     * The JDK 21 found; the test is skipped, saying why, when there is none. With {@code -Dloomscope.jdk21.required=true}
     * (CI's second pass, once it has fetched one) it fails instead: a skip there would pass having run nothing.
     */
    public static Jdks.Jdk required() {
        Jdks.Jdk jdk = Jdks.installed().withFeature(21);
        String why = "no JDK 21 found (/usr/lib/jvm, ~/.sdkman, ~/.jdks, JAVA_HOME, ~/.cache/loomscope/jdk21): run scripts/get-jdk21.sh to fetch one";
        if (jdk == null && Boolean.getBoolean("loomscope.jdk21.required")) {
            throw new AssertionError(why);
        }
        assumeTrue(jdk != null, why);
        return jdk;
    }
}
