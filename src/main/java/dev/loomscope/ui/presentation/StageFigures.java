package dev.loomscope.ui.presentation;

import dev.loomscope.ui.views.LiveFiguresView;
import dev.loomscope.model.Preset;
import java.util.List;

/**
 * The figure tiles an experiment is about. On stage they must fit one row at 1280 px, so each
 * experiment shows its few (at most six); at the desk every tile shows.
 */
public final class StageFigures {

    /** At most this many tiles on stage: six fit one row of a 1280 px screen at presentation size. */
    static final int MOST_ON_STAGE = 6;

    private StageFigures() {
    }

    public static List<String> of(Preset preset, boolean onStage) {
        String name = preset == null ? "" : preset.name();
        if (!onStage) {
            return name.equals("web-service") ? concat(LiveFiguresView.ALL, "requests")
                    : name.equals("structured") ? concat(LiveFiguresView.ALL, "cancelled") : LiveFiguresView.ALL;
        }
        return switch (name) {
            case "memory" -> List.of("elapsed", "completed", "threads", "rss", "heap");
            case "threadlocal", "scopedvalue" -> List.of("elapsed", "completed", "threadLocals", "heap");
            case "web-service" -> List.of("elapsed", "completed", "requests", "inFlight");
            case "pinning", "jep-491" -> List.of("elapsed", "ideal", "completed", "pinned", "mounted");
            case "structured" -> List.of("elapsed", "ideal", "completed", "cancelled", "inFlight");
            case "cpu-48", "schedulers" -> List.of("elapsed", "ideal", "completed", "inFlight", "threads");
            default -> List.of("elapsed", "ideal", "completed", "inFlight", "waiting", "threads");
        };
    }

    private static List<String> concat(List<String> keys, String more) {
        var all = new java.util.ArrayList<>(keys);
        all.add(more);
        return List.copyOf(all);
    }
}
