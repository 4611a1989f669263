package dev.loomscope.model.observe;

/**
 * The JVM an observation watches.
 *
 * @param pid         its process id, or -1 when reached by a JMX URL alone
 * @param name        its main class or jar (the first word of its command line), or the JMX URL
 * @param jdkVersion  its {@code java.version}, such as "25.0.1", or "" if not known
 * @param jdkFeature  the feature release of that version (25 for "25.0.1"), or 0 if not known
 */
public record ObservedJvm(long pid, String name, String jdkVersion, int jdkFeature) {

    /** First JDK with virtual threads (JEP 444). */
    public static final int FIRST_VIRTUAL_THREADS_JDK = 21;
    /** First JDK with {@code jdk.management.VirtualThreadSchedulerMXBean}. */
    public static final int FIRST_SCHEDULER_MXBEAN_JDK = 24;

    /** The feature release of a {@code java.version} ("1.8.0_402" is 8, "25-ea" is 25), or 0 when it reads as none. */
    public static int featureOf(String javaVersion) {
        if (javaVersion == null || javaVersion.isBlank()) {
            return 0;
        }
        String v = javaVersion.startsWith("1.") ? javaVersion.substring(2) : javaVersion;
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(v.substring(0, Math.min(end, 9)));
    }
}
