package dev.loomscope.model.observe.view;

import dev.loomscope.model.observe.Pin;
import dev.loomscope.model.observe.PinHotspot;
import java.util.List;

/**
 * Which kept pins a hotspot counts, so the window can mark them on the lanes. A hotspot's frames
 * are the pin's own from the top down to the program's first frame, then the program's next frame
 * (the JDK's frames between those two left out), so they are matched in that shape.
 */
public final class HotspotPins {

    private HotspotPins() {
    }

    public static boolean belongsTo(Pin pin, PinHotspot hotspot) {
        List<String> frames = pin.frames();
        List<String> shared = hotspot.frames();
        if (shared.isEmpty()) {
            return frames.isEmpty();
        }
        int caller = shared.indexOf(hotspot.firstCallerFrame());
        int contiguous = caller < 0 ? shared.size() : caller + 1;
        if (frames.size() < contiguous || !frames.subList(0, contiguous).equals(shared.subList(0, contiguous))) {
            return false;
        }
        // The program's next frame, after any of the JDK's own between the two.
        int next = contiguous;
        for (int i = contiguous; i < frames.size() && next < shared.size(); i++) {
            if (frames.get(i).equals(shared.get(next))) {
                next++;
            }
        }
        return next == shared.size();
    }
}
