package dev.loomscope.model;

import dev.loomscope.result.RunLabel;
import dev.loomscope.result.RunResult;
import dev.loomscope.scenario.BlockingMode;
import dev.loomscope.scenario.Durations;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.text.Text;
import java.util.ArrayList;
import java.util.List;

/**
 * What the presenter's second screen says about the experiment on stage: its question, what to
 * point out once it has run, the figures it measured (only measured ones: nothing to quote before
 * the run), the next experiment, and how long the talk has gone. The audience's window shows none
 * of it.
 */
public final class SpeakerNotes {

    /** One screenful of notes. */
    public record Page(String title, String question, String pointOut, List<String> figures, String next, String talkTime) {
    }

    private SpeakerNotes() {
    }

    /**
     * The notes for {@code current} (null: settings of one's own) among {@code presets}, quoting the
     * newest finished run of each of its scenarios in {@code history} (oldest first).
     */
    public static Page page(List<Preset> presets, Preset current, List<RunModel> history, long talkMillis) {
        String time = talkTime(talkMillis);
        if (current == null) {
            return new Page(Text.get("notes.own-settings"), "", "", figures(List.of(), history), presets.isEmpty() ? "" : presets.getFirst().title(), time);
        }
        int at = presets.indexOf(current);
        Preset next = at >= 0 && at + 1 < presets.size() ? presets.get(at + 1) : null;
        return new Page(current.title(), current.predict(), current.notice(), figures(current.scenarios(), history),
                next == null ? "" : next.title() + ": " + next.predict(), time);
    }

    /**
     * One line per run to quote: the newest finished run of each scenario (all finished runs' newest
     * few when {@code scenarios} is empty), as "virtual: 212 ms (perfect world 100 ms)".
     */
    static List<String> figures(List<Scenario> scenarios, List<RunModel> history) {
        var lines = new ArrayList<String>();
        if (scenarios.isEmpty()) {
            history.stream().filter(run -> run.result() != null).skip(Math.max(0, history.size() - 4)).forEach(run -> lines.add(line(run)));
            return lines;
        }
        for (Scenario scenario : scenarios) {
            for (int i = history.size() - 1; i >= 0; i--) {
                RunModel run = history.get(i);
                if (run.scenario().equals(scenario) && run.result() != null) {
                    lines.add(line(run));
                    break;
                }
            }
        }
        return lines;
    }

    private static String line(RunModel run) {
        RunResult result = run.result();
        String label = RunLabel.of(result);
        if (!result.isCompleted()) {
            return Text.get("notes.figure.unfinished", label, result.outcome().name().toLowerCase(java.util.Locale.ROOT), result.message());
        }
        String line = Text.get("notes.figure", label, Durations.humanMillis(result.elapsedMs()), Durations.humanMillis(result.idealMs()));
        if (result.dbPool() != null) {
            // The connection-pool experiment's point: what the tasks waited for a connection.
            line += Text.get("notes.figure.pool", Durations.humanMillis(result.dbPool().waitP50Ms()), Durations.humanMillis(result.dbPool().waitMaxMs()));
        }
        if (run.scenario().blocking() != BlockingMode.SLEEP) {
            // Runs that differ in how they block (the blocking-kinds experiment): what their figures say of the carrier.
            var verdict = CarrierVerdict.of(result, result.carriers());
            if (verdict != null) {
                line += Text.get("notes.figure.carrier", verdict.pins(), verdict.carrierCount(), verdict.words());
            }
        }
        return line;
    }

    /** "0:00", "12:34", "1:02:03". */
    static String talkTime(long millis) {
        long seconds = Math.max(0, millis) / 1000;
        long hours = seconds / 3600;
        return hours > 0 ? "%d:%02d:%02d".formatted(hours, seconds / 60 % 60, seconds % 60) : "%d:%02d".formatted(seconds / 60, seconds % 60);
    }
}
