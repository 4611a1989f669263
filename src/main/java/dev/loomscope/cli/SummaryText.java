package dev.loomscope.cli;

import dev.loomscope.model.observe.ObservationSnapshot;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.recording.RecordingComparison;
import dev.loomscope.recording.RecordingSummary;
import dev.loomscope.recording.RecordingSummary.DurationBin;
import dev.loomscope.recording.RecordingSummary.SecondBucket;
import dev.loomscope.recording.ThreadDumpSummary;
import dev.loomscope.text.Text;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** What {@code loomscope open} prints for a recording, two recordings, or a thread dump. */
final class SummaryText {

    private static final String FRAME_INDENT = "                     ";

    private SummaryText() {
    }

    static void recording(PrintWriter out, RecordingSummary r, int top) {
        ObservationSnapshot s = r.observation();
        double seconds = s.elapsedMs() / 1000.0;
        String target = s.target().pid() > 0 ? Text.get("cli.open.target-pid", s.target().pid(), s.target().name()) : Text.get("cli.open.target-unknown");
        out.println(Text.get("cli.open.recording", r.file(), r.sizeBytes() / 1e6, r.events(), target,
                s.target().jdkVersion().isEmpty() ? Text.get("cli.open.unknown") : s.target().jdkVersion(), seconds,
                Instant.ofEpochMilli(s.startEpochMs())));
        if (r.startsRecorded() || r.endsRecorded()) {
            out.println(Text.get("cli.attach.summary.threads", s.virtualThreadStarts(), seconds > 0 ? s.virtualThreadStarts() / seconds : 0.0,
                    s.virtualThreadEnds(), ""));
        } else {
            out.println(Text.get("cli.open.threads-off"));
        }
        if (!r.seconds().isEmpty()) {
            SecondBucket started = busiest(r.seconds(), SecondBucket::started);
            SecondBucket ended = busiest(r.seconds(), SecondBucket::ended);
            SecondBucket pins = busiest(r.seconds(), SecondBucket::pins);
            SecondBucket pinned = busiest(r.seconds(), SecondBucket::pinnedMs);
            out.println(Text.get("cli.open.per-second", started.started(), started.startMs() / 1000, ended.ended(), ended.startMs() / 1000,
                    pins.pins(), pins.startMs() / 1000, pinned.pinnedMs(), pinned.startMs() / 1000));
        }
        out.println(Text.get("cli.attach.summary.pinned", s.pinnedEvents(), s.pinnedMs(),
                s.pinnedReasons().isEmpty() ? "" : ": " + String.join(", ", s.pinnedReasons().entrySet().stream()
                        .map(e -> "%,d %s".formatted(e.getValue(), e.getKey().isEmpty() ? Text.get("cli.attach.no-reason") : e.getKey())).toList())));
        if (s.pinnedEvents() > 0) {
            out.println(Text.get("cli.open.durations", String.join(", ", r.pinDurations().stream().filter(b -> b.pins() > 0)
                    .map(b -> Text.get("cli.open.duration-bin", bin(b), b.pins())).toList())));
        }
        int rank = 1;
        for (PinHotspot h : s.pinHotspots().subList(0, Math.min(top, s.pinHotspots().size()))) {
            out.println(Text.get("cli.attach.summary.hotspot", rank++, h.count(), h.totalMs(), h.maxMs(),
                    h.blockingOperations().isEmpty() || h.blockingOperations().equals(List.of("")) ? "" : ", " + String.join(", ", h.blockingOperations()),
                    h.firstCallerFrame().isEmpty() ? "" : Text.get("cli.attach.summary.at", h.firstCallerFrame())));
            h.frames().forEach(frame -> out.println(FRAME_INDENT + frame));
        }
        if (!r.mostPinnedThreads().isEmpty()) {
            out.println(Text.get("cli.open.most-pinned", String.join("; ", r.mostPinnedThreads().stream().limit(top)
                    .map(t -> Text.get("cli.open.pinned-thread", t.threadId(), t.name().isEmpty() ? "" : " \"" + t.name() + "\"", t.pins(), t.pinnedMs()))
                    .toList())));
        }
        out.println(Text.get("cli.attach.summary.submit-failed", s.submitFailed()));
        out.println(Text.get("cli.open.scheduler", r.scheduler().isEmpty() ? Text.get("cli.open.scheduler.none")
                : String.join(", ", new java.util.TreeMap<>(r.scheduler()).entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toList())));
        if (!r.carriers().isEmpty()) {
            out.println(Text.get("cli.open.carriers", r.carriers().size(), String.join(", ", r.carriers().stream().limit(top).toList())
                    + (r.carriers().size() > top ? ", ..." : "")));
        }
        if (r.loomscopeSlices() > 0) {
            out.println(Text.get("cli.open.loomscope", r.loomscopeSlices(), r.loomscopeCarriers()));
        }
        out.println(Text.get("cli.open.cannot"));
        r.cannotShow().forEach(line -> out.println(Text.get("cli.open.cannot-line", line)));
    }

    static void comparison(PrintWriter out, RecordingSummary before, RecordingSummary after) {
        out.println(Text.get("cli.open.compare.title", before.file(), after.file()));
        String[] columns = Text.get("cli.open.compare.columns").split(",");
        var rows = new ArrayList<String[]>();
        for (RecordingComparison.Figure f : RecordingComparison.of(before, after)) {
            rows.add(new String[] {Text.get("open.figure." + f.key()), RecordingComparison.text(f.before()),
                    RecordingComparison.text(f.after()), f.differenceText()});
        }
        int width = rows.stream().mapToInt(row -> row[0].length()).max().orElse(10);
        out.println(("%-" + width + "s  %14s  %14s  %14s").formatted((Object[]) columns));
        rows.forEach(row -> out.println(("%-" + width + "s  %14s  %14s  %14s").formatted((Object[]) row)));
        for (RecordingSummary r : List.of(before, after)) {
            if (!r.startsRecorded() || !r.endsRecorded()) { // the first thing it cannot show: why the figures above read "off"
                out.println(Text.get("cli.open.cannot-line", r.file().getFileName() + ": " + r.cannotShow().getFirst()));
            }
        }
    }

    static void threadDump(PrintWriter out, ThreadDumpSummary d, int top, int frames) {
        String unknown = Text.get("cli.open.unknown");
        out.println(Text.get("cli.open.dump", d.file(), d.processId() < 0 ? unknown : Text.get("cli.attach.target-pid", d.processId()),
                d.runtimeVersion().isEmpty() ? unknown : d.runtimeVersion(), d.time().isEmpty() ? unknown : d.time(),
                d.virtualThreads() + d.platformThreads(), d.virtualThreads(), d.platformThreads()));
        String note = d.note();
        if (!note.isEmpty()) {
            out.println("  " + note);
        }
        if (d.dumps() > 1) {
            out.println(Text.get("cli.open.which-dump", d.dump(), d.dumps()));
        }
        if (d.compared()) {
            out.println(Text.get("cli.open.dump.unchanged", d.unchangedThreads(), d.matchedThreads(), d.comparedName()));
        }
        if (d.format().hasContainers()) {
            out.println(Text.get("cli.open.dump.containers"));
        }
        d.containers().stream().sorted(Comparator.comparingLong((ThreadDumpSummary.Container c) -> c.virtualThreads() + c.platformThreads()).reversed())
                .limit(Math.max(top, 10))
                .forEach(c -> out.println(Text.get("cli.open.dump.container", c.name(), c.virtualThreads(), c.platformThreads())));
        out.println(Text.get("cli.open.dump.groups", d.matchedThreads(), d.virtualThreads() + d.platformThreads(),
                d.grep().isEmpty() ? "" : Text.get("cli.open.dump.matching", d.grep())));
        for (ThreadDumpSummary.Group g : d.groups().subList(0, Math.min(top, d.groups().size()))) {
            out.println(Text.get("cli.open.dump.group", g.count(), Text.get(g.virtual() ? "cli.open.dump.kind.virtual" : "cli.open.dump.kind.platform"),
                    states(g.states()), g.containers().isEmpty() ? "" : Text.get("cli.open.dump.in", String.join(", ", g.containers())))
                    + (d.compared() ? Text.get("cli.open.dump.group.unchanged", g.unchanged(), d.comparedName()) : ""));
            if (g.frames().isEmpty()) {
                out.println(FRAME_INDENT + Text.get("open.dump.no-frames"));
            }
            g.frames().stream().limit(frames).forEach(frame -> out.println(FRAME_INDENT + frame));
            if (g.frames().size() > frames) {
                out.println(more(g.frames().size() - frames, "cli.open.dump.more-frames.one", "cli.open.dump.more-frames"));
            }
        }
        if (d.groups().size() > top) {
            out.println(more(d.groups().size() - top, "cli.open.dump.more-groups.one", "cli.open.dump.more-groups"));
        }
    }

    /** "... 1 more frame", "... 3 more frames". */
    private static String more(int count, String oneKey, String manyKey) {
        return count == 1 ? Text.get(oneKey) : Text.get(manyKey, count);
    }

    private static String states(Map<String, Long> states) {
        return states.isEmpty() ? "" : "  " + String.join(", ", states.entrySet().stream().map(e -> "%s %,d".formatted(e.getKey(), e.getValue())).toList());
    }

    private static SecondBucket busiest(List<SecondBucket> buckets, ToDoubleFunction<SecondBucket> figure) {
        return buckets.stream().max(Comparator.comparingDouble(figure).thenComparing(b -> -b.startMs())).orElseThrow();
    }

    private static String bin(DurationBin b) {
        return Double.isInfinite(b.toMs()) ? ">=" + RecordingComparison.text(b.fromMs()) + "ms"
                : RecordingComparison.text(b.fromMs()) + "-" + RecordingComparison.text(b.toMs()) + "ms";
    }
}
