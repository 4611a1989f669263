package dev.loomscope.model.observe;

import java.util.List;

/**
 * One {@code jdk.VirtualThreadPinned} event: a virtual thread blocked while it could not unmount,
 * so it held its carrier.
 *
 * @param timeMs             when the pin began, in ms since the observation began
 * @param durationMs         how long the carrier was held
 * @param virtualThreadId    the pinned virtual thread's id, or -1 if JFR did not say
 * @param carrierName        the carrier thread's name, or "" when JFR does not record it (it does from JDK 24 on; JDK 21 has no carrier field)
 * @param carrierId          the carrier thread's id, or -1 when not recorded
 * @param reason             JFR's pinnedReason ("Native or VM frame on stack"), or "" (JDK 21-23 have no reason field)
 * @param blockingOperation  what blocked ("Thread.sleep", "LockSupport.park"), or ""
 * @param frames             the top stack frames, innermost first, as "pkg.Class.method:line" or "pkg.Class.method (native)"
 */
public record Pin(long timeMs, double durationMs, long virtualThreadId, String carrierName, long carrierId, String reason,
                  String blockingOperation, List<String> frames) {

    public Pin {
        frames = List.copyOf(frames);
    }

    /** First JDK whose virtual threads unmount inside {@code synchronized} (JEP 491). */
    public static final int MONITORS_FREED_JDK = 24;

    /**
     * Whether a pin on a JDK {@code targetFeature} target would not happen on JDK 24+: before 24 the event
     * gives no reason, and what pins without a native frame of the program's own or a class initializer
     * on the stack is a monitor held (synchronized, or Object.wait).
     */
    public static boolean freedByJep491(int targetFeature, List<String> reasons, List<String> frames) {
        return targetFeature >= ObservedJvm.FIRST_VIRTUAL_THREADS_JDK && targetFeature < MONITORS_FREED_JDK
                && reasons.stream().allMatch(String::isEmpty)
                && frames.stream().noneMatch(f -> f.contains("<clinit>") || f.endsWith("(native)") && !Observation.isJdkFrame(f));
    }

    public boolean freedByJep491(int targetFeature) {
        return freedByJep491(targetFeature, List.of(reason), frames);
    }
}
