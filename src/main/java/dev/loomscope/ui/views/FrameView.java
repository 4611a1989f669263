package dev.loomscope.ui.views;

import dev.loomscope.model.window.FrameContext;

/** A view the window's frame loop refreshes: it reads what it draws from the frame, and nothing else. */
@FunctionalInterface
public interface FrameView {

    /** Draws this frame; on the FX thread, and only when the view's cadence says (see the shell's frame loop). */
    void refresh(FrameContext frame);
}
