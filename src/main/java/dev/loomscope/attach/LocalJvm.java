package dev.loomscope.attach;

import dev.loomscope.model.observe.ObservedJvm;
import dev.loomscope.text.Text;

/**
 * A JVM of this user on this machine, as {@code loomscope attach} and the window's picker list it.
 *
 * @param pid          its process id
 * @param name         its main class or jar, or "" if it does not say
 * @param jdkVersion   its JDK's version ("25.0.1", from the JDK's release file), or "" if not known
 * @param jdkFeature   the feature release (25), or 0 if not known
 * @param observable   how much of it can be observed
 * @param why          one line on why not, or what is missing; "" when it can be observed fully
 */
public record LocalJvm(long pid, String name, String jdkVersion, int jdkFeature, Observability observable, String why) {

    /** How much of a JVM LoomScope can observe. */
    public enum Observability {
        /** JDK 24+: JFR's virtual-thread events, the scheduler MXBean and JSON thread dumps. */
        FULL,
        /** JDK 21-23: virtual threads, but no scheduler MXBean. */
        PARTIAL,
        /** Before JDK 21: no virtual threads to observe. */
        NO_VIRTUAL_THREADS,
        /** LoomScope itself: a JVM does not attach to itself. */
        SELF,
        /** Its JDK could not be told; attaching will say more. */
        UNKNOWN;

        public boolean canAttach() {
            return this == FULL || this == PARTIAL || this == UNKNOWN;
        }
    }

    /** Observability of a JDK feature release (0: unknown), with its one-line reason. */
    static LocalJvm of(long pid, String name, String jdkVersion, boolean self) {
        int feature = ObservedJvm.featureOf(jdkVersion);
        if (self) {
            return new LocalJvm(pid, name, jdkVersion, feature, Observability.SELF, Text.get("attach.jvm.self"));
        }
        if (feature == 0) {
            return new LocalJvm(pid, name, jdkVersion, feature, Observability.UNKNOWN, Text.get("attach.jvm.unknown"));
        }
        if (feature < ObservedJvm.FIRST_VIRTUAL_THREADS_JDK) {
            return new LocalJvm(pid, name, jdkVersion, feature, Observability.NO_VIRTUAL_THREADS,
                    Text.get("attach.jvm.no-virtual-threads", feature));
        }
        if (feature < ObservedJvm.FIRST_SCHEDULER_MXBEAN_JDK) {
            return new LocalJvm(pid, name, jdkVersion, feature, Observability.PARTIAL,
                    Text.get("attach.jvm.no-scheduler", feature));
        }
        return new LocalJvm(pid, name, jdkVersion, feature, Observability.FULL, "");
    }
}
