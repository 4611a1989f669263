package dev.loomscope.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loomscope.launcher.Jdks;

/** The real JDK 21 the tests of runners on JDK 21 use: found as `--jdk 21` finds it (scripts/get-jdk21.sh fetches one). */
public final class Jdk21 {

    private Jdk21() {
    }

    /** The JDK 21 found; the test is skipped, saying why, when there is none. */
    public static Jdks.Jdk required() {
        Jdks.Jdk jdk = Jdks.installed().withFeature(21);
        assumeTrue(jdk != null, "no JDK 21 found (/usr/lib/jvm, ~/.sdkman, ~/.jdks, JAVA_HOME, ~/.cache/loomscope/jdk21): "
                + "run scripts/get-jdk21.sh to fetch one");
        return jdk;
    }
}
