package dev.loomscope.model.observe;

import java.util.List;

/**
 * Pins that share their top stack frames: the "why is it pinned" answer. Hotspots are ordered by
 * {@code totalMs}, the carrier time they held, largest first.
 *
 * @param frames              the frames they share, innermost first: the JDK's frames above the program's first frame, that frame and
 *                            the program's next one (JDK frames between those two left out); at most {@link Observation#HOTSPOT_FRAMES}
 * @param firstCallerFrame    the innermost frame outside the JDK (not java.*, javax.*, jdk.*, sun.*, com.sun.*), or "" if none: where the program pins
 * @param count               pins with these frames
 * @param totalMs             carrier time they held together
 * @param maxMs               the longest of them
 * @param reasons             their distinct pinnedReasons, first seen first
 * @param blockingOperations  their distinct blocking operations, first seen first
 */
public record PinHotspot(List<String> frames, String firstCallerFrame, long count, double totalMs, double maxMs, List<String> reasons,
                         List<String> blockingOperations) {

    public PinHotspot {
        frames = List.copyOf(frames);
        reasons = List.copyOf(reasons);
        blockingOperations = List.copyOf(blockingOperations);
    }

    /** Where the pins are: the program's frame, or the innermost frame where none is the program's; "" without frames. */
    public String where() {
        return !firstCallerFrame.isEmpty() ? firstCallerFrame : frames.isEmpty() ? "" : frames.getFirst();
    }

    /**
     * {@link #where} as a narrow table's cell reads it: the class's simple name, the method and the line
     * ({@code NativeBlocking.compare:68}). Cut from its end, a frame showed its package alone ("dev.loomscope.run...").
     */
    public String whereBriefly() {
        String frame = where();
        int line = frame.indexOf(':');
        int method = frame.lastIndexOf('.', line < 0 ? frame.length() - 1 : line);
        int type = method > 0 ? frame.lastIndexOf('.', method - 1) : -1;
        return type >= 0 ? frame.substring(type + 1) : frame;
    }
}
