package dev.loomscope.model.observe;

import java.util.List;

/**
 * One {@code jdk.VirtualThreadSubmitFailed} event: the scheduler refused to start or continue a virtual thread.
 *
 * @param timeMs           in ms since the observation began
 * @param virtualThreadId  the virtual thread, or -1
 * @param message          JFR's exceptionMessage, or ""
 * @param frames           the top stack frames, innermost first
 */
public record SubmitFailure(long timeMs, long virtualThreadId, String message, List<String> frames) {

    public SubmitFailure {
        frames = List.copyOf(frames);
    }
}
