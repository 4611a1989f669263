package dev.loomscope.model;

/**
 * The mark each state carries besides its colour, so the task waves and the lanes read without
 * colour (greyscale print, a washed-out projector, colour-blind eyes): a queued task is a hollow
 * cell, a virtual thread waiting without its carrier is dotted, a thread blocked while it holds
 * its thread is striped, a pinned one is cross-hatched, a cancelled one is struck through; running
 * and done are solid (and apart in lightness). Marked pixels take the cell's colour three quarters
 * of the way to the background.
 */
public enum StatePattern {
    SOLID, HOLLOW, DOTS, STRIPES, CROSS_HATCH, STRUCK_THROUGH;

    /** Cells smaller than this a side are drawn solid: a pattern needs room to be seen. */
    public static final int MIN_CELL = 4;

    /**
     * Whether pixel ({@code x}, {@code y}) takes the mark. For a cell, x and y count from its top
     * left and {@code width} x {@code height} is its size; for a lane, they are the lane's own pixels.
     */
    public boolean marks(int x, int y, int width, int height) {
        // The pattern grows with the cell: fine on a 6-pixel cell, bold on a 90-pixel one.
        int period = Math.clamp(Math.min(width, height) / 5, 4, 14);
        int line = Math.max(1, period / 4);
        return switch (this) {
            case SOLID -> false;
            case HOLLOW -> x >= line && y >= line && x < width - line && y < height - line;
            case DOTS -> Math.floorMod(x - period / 2, period) < line + 1 && Math.floorMod(y - period / 2, period) < line + 1;
            case STRIPES -> Math.floorMod(x + y, period) < line;
            case CROSS_HATCH -> Math.floorMod(x + y, period) < line || Math.floorMod(x - y, period) < line;
            // One stroke from corner to corner, as a cancelled item is crossed out.
            case STRUCK_THROUGH -> Math.abs(x * height - (height - 1 - y) * width) < (line + 1) * Math.max(width, height);
        };
    }

    /** The mark of a task-state byte (state | pinned flag); {@code virtual}: its wait lets go of the carrier. */
    public static StatePattern ofTask(int value, boolean virtual) {
        int state = value & 0x07;
        boolean pinned = (value & TaskState.PINNED_FLAG) != 0;
        if (state == TaskState.PENDING || state == TaskState.QUEUED) {
            return state == TaskState.QUEUED ? HOLLOW : SOLID;
        }
        if (state == TaskState.CANCELLED) {
            return STRUCK_THROUGH;
        }
        if (pinned) {
            return CROSS_HATCH;
        }
        return state == TaskState.WAITING ? (virtual ? DOTS : STRIPES) : SOLID;
    }

    /** The mark of a lane segment kind ({@link CarrierLanes#RUNNING}, HELD, PINNED or idle). */
    public static StatePattern ofLane(int kind) {
        return switch (kind) {
            case CarrierLanes.HELD -> STRIPES;
            case CarrierLanes.PINNED -> CROSS_HATCH;
            default -> SOLID;
        };
    }

    /** {@code argb} taken most of the way to {@code background}: the colour of a marked pixel. */
    public static int markColour(int argb, int background) {
        int r = (((argb >>> 16) & 0xFF) + 3 * ((background >>> 16) & 0xFF)) / 4;
        int g = (((argb >>> 8) & 0xFF) + 3 * ((background >>> 8) & 0xFF)) / 4;
        int b = ((argb & 0xFF) + 3 * (background & 0xFF)) / 4;
        return 0xFF000000 | r << 16 | g << 8 | b;
    }
}
