package dev.loomscope.ui.theme;

import dev.loomscope.model.CarrierLanes;
import dev.loomscope.model.StatePattern;
import dev.loomscope.model.TaskState;
import javafx.scene.paint.Color;

/**
 * The colours of the drawn views (task grid, carrier lanes, charts), one set per theme. Chosen to
 * stay apart on a washed-out projector: green runs, blue waits without a thread, amber holds a
 * thread while it waits, red is pinned, violet is done, grey (struck through with patterns on) was
 * cancelled. They also stay apart in lightness where hue fails: for protanopes, deuteranopes and
 * tritanopes (checked by a test that simulates each), done is a violet well darker or lighter than
 * the blue of waiting, and pinned a red darker than the green of running.
 */
public record Palette(boolean dark, int background, int pending, int queued, int running, int waitingUnmounted,
                      int heldThread, int pinned, int done, int failed, int cancelled, int laneIdle, int text, int grid, boolean patterns) {

    public Palette(boolean dark, int background, int pending, int queued, int running, int waitingUnmounted, int heldThread, int pinned,
            int done, int failed, int cancelled, int laneIdle, int text, int grid) {
        this(dark, background, pending, queued, running, waitingUnmounted, heldThread, pinned, done, failed, cancelled, laneIdle, text, grid, false);
    }

    /** These colours, with each state's pattern drawn over them or not ({@link StatePattern}). */
    public Palette withPatterns(boolean on) {
        return new Palette(dark, background, pending, queued, running, waitingUnmounted, heldThread, pinned, done, failed, cancelled, laneIdle, text, grid, on);
    }

    /** The pattern of each task-state byte, as {@link #taskColors} colours them; null without patterns. */
    public StatePattern[] taskPatterns(boolean virtual) {
        if (!patterns) {
            return null;
        }
        var marks = new StatePattern[TaskState.PALETTE_SIZE];
        for (int value = 0; value < marks.length; value++) {
            marks[value] = StatePattern.ofTask(value, virtual);
        }
        return marks;
    }

    public static final Palette DARK = new Palette(true, 0xFF0D1117, 0xFF21262D, 0xFF484F58, 0xFF56D364, 0xFF388BFD,
            0xFFD29922, 0xFFE5534B, 0xFF6639BA, 0xFFFF7B72, 0xFF9198A1, 0xFF161B22, 0xFFE6EDF3, 0xFF30363D);
    public static final Palette LIGHT = new Palette(false, 0xFFFFFFFF, 0xFFEAEEF2, 0xFFAFB8C1, 0xFF1A7F37, 0xFF0969DA,
            0xFFBF8700, 0xFFCF222E, 0xFFC297FF, 0xFFFA4549, 0xFF57606A, 0xFFF6F8FA, 0xFF1F2328, 0xFFD0D7DE);

    /** Pure, saturated colours on black or white, for washed-out projectors and weak eyes. */
    public static final Palette DARK_HIGH_CONTRAST = new Palette(true, 0xFF000000, 0xFF1A1A1A, 0xFF8C8C8C, 0xFF00FF66, 0xFF3399FF,
            0xFFFFCC00, 0xFFFF3333, 0xFF9933FF, 0xFFFF8800, 0xFFD9D9D9, 0xFF0A0A0A, 0xFFFFFFFF, 0xFF8C8C8C);
    public static final Palette LIGHT_HIGH_CONTRAST = new Palette(false, 0xFFFFFFFF, 0xFFF0F0F0, 0xFF707070, 0xFF007A33, 0xFF0044CC,
            0xFF996600, 0xFF990000, 0xFFB088F0, 0xFFCC5500, 0xFF2E2E2E, 0xFFF5F5F5, 0xFF000000, 0xFF404040);

    public static Palette of(boolean dark, boolean highContrast) {
        return dark ? (highContrast ? DARK_HIGH_CONTRAST : DARK) : (highContrast ? LIGHT_HIGH_CONTRAST : LIGHT);
    }

    /** ARGB colour of each task-state byte; a platform thread's wait holds its thread, so it gets the held colour. */
    public int[] taskColors(boolean virtual) {
        int[] colors = new int[TaskState.PALETTE_SIZE];
        colors[TaskState.PENDING] = pending;
        colors[TaskState.QUEUED] = queued;
        colors[TaskState.RUNNING] = running;
        colors[TaskState.WAITING] = virtual ? waitingUnmounted : heldThread;
        colors[TaskState.DONE] = done;
        colors[TaskState.FAILED] = failed;
        colors[TaskState.CANCELLED] = cancelled;
        for (int state = 0; state < TaskState.STATES; state++) {
            // JFR's pin arrives about a second late, so the flag stays on an ended task. A pinned task shows
            // red while it runs or waits; once ended it shows its end (done, failed, cancelled), a done
            // one in the violet of done tinted red: "done, was pinned" in the legend.
            colors[state | TaskState.PINNED_FLAG] = switch (state) {
                case TaskState.DONE -> donePinned();
                case TaskState.RUNNING, TaskState.WAITING -> pinned;
                default -> colors[state];
            };
        }
        return colors;
    }

    /** ARGB colour of each lane segment kind. */
    public int laneColor(int kind) {
        return switch (kind) {
            case CarrierLanes.RUNNING -> running;
            case CarrierLanes.HELD -> heldThread;
            case CarrierLanes.PINNED -> pinned;
            default -> laneIdle;
        };
    }

    public static Color fx(int argb) {
        return Color.rgb((argb >>> 16) & 0xFF, (argb >>> 8) & 0xFF, argb & 0xFF, ((argb >>> 24) & 0xFF) / 255.0);
    }

    /** "#3fb950", for CSS. */
    public static String css(int argb) {
        return "#%06x".formatted(argb & 0xFFFFFF);
    }

    /** A done task that JFR saw pinned: done's violet with a third of pinned's red, still read as done. */
    public int donePinned() {
        return mix(done, pinned, 1 / 3.0);
    }

    private static int mix(int argb, int toward, double share) {
        int r = (int) Math.round(((argb >>> 16) & 0xFF) * (1 - share) + ((toward >>> 16) & 0xFF) * share);
        int g = (int) Math.round(((argb >>> 8) & 0xFF) * (1 - share) + ((toward >>> 8) & 0xFF) * share);
        int b = (int) Math.round((argb & 0xFF) * (1 - share) + (toward & 0xFF) * share);
        return 0xFF000000 | r << 16 | g << 8 | b;
    }

}
