package dev.loomscope.ui.observe;

import dev.loomscope.model.observe.ObservationEnd;
import dev.loomscope.model.observe.ObservationSnapshot;
import dev.loomscope.model.observe.ObservedJvm;
import dev.loomscope.model.observe.Pin;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.model.observe.StackGroup;
import dev.loomscope.model.observe.ThreadContainerNode;
import dev.loomscope.model.observe.view.ObservedFigures;
import dev.loomscope.scenario.Durations;
import dev.loomscope.ui.fx.Messages;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The observation's words and figures as the views show them: its title, how it ended, a pin, a
 * hotspot, a thread dump's stacks and containers, what is and is not observed, the tiles' figures.
 */
final class ObserveTexts {

    private ObserveTexts() {
    }

    /** "PID 4711 · target/loomscope.jar · JDK 25.0.3". */
    static String title(ObservedJvm jvm) {
        return Messages.text("observe.title", who(jvm));
    }

    /** "PID 4711 · loomscope.jar · JDK 25.0.3" (the title on stage, where the icon says the rest). */
    static String who(ObservedJvm jvm) {
        String who = jvm.pid() > 0 ? Messages.text("observe.who.pid", jvm.pid()) : jvm.name();
        String name = jvm.pid() > 0 && !jvm.name().isEmpty() ? " \u00b7 " + shortName(jvm.name()) : "";
        String jdk = jvm.jdkVersion().isEmpty() ? "" : Messages.text("observe.who.jdk", jvm.jdkVersion());
        return who + name + jdk;
    }

    /** A jar without its folders ("/work/app/target/loomscope.jar" is "loomscope.jar"), a main class without its package. */
    static String shortName(String name) {
        int slash = name.lastIndexOf('/');
        if (slash >= 0 && slash < name.length() - 1) {
            return name.substring(slash + 1);
        }
        // A main class by its simple name: "dev.example.Shop" is "Shop" (the tooltip has it whole).
        int dot = name.lastIndexOf('.');
        return !name.endsWith(".jar") && dot > 0 && dot < name.length() - 1 ? name.substring(dot + 1) : name;
    }

    /** While it runs, that it is live; once ended, how (a target that exited says so, and that the data is kept). */
    static String state(ObservationSnapshot s) {
        if (s.running()) {
            return Messages.text("observe.state.live");
        }
        if (s.end() == ObservationEnd.STOPPED) {
            return Messages.text("observe.state.stopped", Durations.humanMillis(s.elapsedMs()));
        }
        return s.endMessage().isEmpty() ? Messages.text("observe.state.ended") : capitalized(s.endMessage()) + ".";
    }

    /** Why there is no carrier occupancy: the coverage's own sentence. */
    static String schedulerMissing(ObservationSnapshot s) {
        return s.coverage().missing().stream().filter(line -> line.startsWith(Messages.text("coverage.carriers"))).findFirst()
                .orElse(s.coverage().schedulerMXBean() ? Messages.text("observe.chart.carriers-empty") : Messages.text("observe.chart.no-scheduler"));
    }

    /** A pin: how long, on which carrier, why, during what; then its top frames. */
    static String pin(Pin pin, int frames, int targetFeature) {
        var text = new StringBuilder(Messages.text("observe.pin", Durations.humanMillis(pin.durationMs()),
                pin.carrierName().isEmpty() ? Messages.text("observe.chart.no-carrier") : pin.carrierName(),
                Durations.humanMillis(pin.timeMs()), pin.reason().isEmpty() ? Messages.text("observe.no-reason") : pin.reason(),
                pin.blockingOperation().isEmpty() ? "" : Messages.text("observe.during", pin.blockingOperation())));
        if (pin.freedByJep491(targetFeature)) {
            text.append("\n").append(Messages.text("observe.jep-491"));
        }
        pin.frames().stream().limit(frames).forEach(f -> text.append("\n    at ").append(f));
        if (pin.frames().size() > frames) {
            text.append("\n    ...");
        } else if (pin.frames().isEmpty()) {
            text.append("\n    ").append(Messages.text("observe.no-stack"));
        }
        return text.toString();
    }

    /** A hotspot whole: its figures, reasons, operations and shared frames. */
    static String hotspot(PinHotspot h, int targetFeature) {
        var text = new StringBuilder(Messages.text("observe.hotspot", h.count(), Durations.humanMillis(h.totalMs()),
                Durations.humanMillis(h.maxMs()), String.join(", ", h.reasons().stream().map(r -> r.isEmpty() ? Messages.text("observe.no-reason") : r).toList()),
                String.join(", ", h.blockingOperations().stream().filter(op -> !op.isEmpty()).toList())));
        if (Pin.freedByJep491(targetFeature, h.reasons(), h.frames())) {
            text.append("\n").append(Messages.text("observe.jep-491"));
        }
        h.frames().forEach(f -> text.append("\n    at ").append(f));
        return text.toString();
    }

    /** The tiles' figures by key, in the tiles' order ("\u2013" where a figure is not known). */
    static Map<String, String> figures(ObservedFigures f, long nowMs) {
        var figures = new LinkedHashMap<String, String>();
        figures.put("elapsed", Durations.humanMillis(nowMs));
        figures.put("starts", f.startsPerSecond() < 0 ? "\u2013" : "%,.0f".formatted(f.startsPerSecond()));
        figures.put("alive", f.alive() < 0 ? "\u2013" : (f.aliveKnown() ? "" : "\u2265 ") + "%,d".formatted(f.alive()));
        var latest = f.latest();
        figures.put("mounted", latest == null ? "\u2013" : "%d / %d".formatted(latest.mounted(), latest.parallelism()));
        figures.put("queued", latest == null ? "\u2013" : "%,d".formatted(latest.queued()));
        figures.put("pins", "%,d".formatted(f.pinnedEvents()));
        figures.put("pinnedMs", Durations.humanMillis(f.pinnedMs()));
        figures.put("submitFailed", "%,d".formatted(f.submitFailed()));
        return figures;
    }

    /** One line: what is enabled, what cannot be seen (the details are in their tab). */
    static String coverageSummary(ObservationSnapshot s) {
        var c = s.coverage();
        String enabled = Messages.text("observe.coverage.enabled", c.enabledEvents().size(),
                c.schedulerMXBean() ? Messages.text("observe.coverage.scheduler") : "",
                c.threadDumps() ? Messages.text("observe.coverage.dumps") : "");
        List<String> unseen = c.missing().stream().map(line -> line.contains(":") ? line.substring(0, line.indexOf(':')) : line).toList();
        return unseen.isEmpty() ? enabled : enabled + " \u00b7 " + Messages.text("observe.coverage.unseen", String.join(", ", unseen).toLowerCase(java.util.Locale.ROOT));
    }

    /** What is enabled, what cannot be seen and what happened along the way, a bullet each. */
    static String coverageDetail(ObservationSnapshot s) {
        var text = new StringBuilder(Messages.text("observe.coverage.enabled-title")).append('\n');
        s.coverage().enabledEvents().forEach(e -> text.append("  \u2022 ").append(e).append('\n'));
        if (s.coverage().schedulerMXBean()) {
            text.append("  \u2022 ").append(Messages.text("observe.coverage.scheduler-detail")).append('\n');
        }
        if (s.coverage().threadDumps()) {
            text.append("  \u2022 ").append(Messages.text("observe.coverage.dumps-detail")).append('\n');
        }
        text.append('\n').append(Messages.text("observe.coverage.missing-title")).append('\n');
        s.coverage().missing().forEach(m -> text.append("  \u2022 ").append(m).append('\n'));
        if (!s.notes().isEmpty()) {
            text.append('\n').append(Messages.text("observe.coverage.notes-title")).append('\n');
            s.notes().forEach(n -> text.append("  \u2022 ").append(n).append('\n'));
        }
        return text.toString();
    }

    /** A thread dump's group of virtual threads with one stack: how many, where, their ids, the frames. */
    static String group(StackGroup g) {
        var text = new StringBuilder(Messages.text("observe.dump.group", g.count(), String.join(", ", g.containers())));
        if (!g.threadIds().isEmpty()) {
            text.append("\n").append(Messages.text("observe.dump.ids", String.join(", ", g.threadIds().stream().map(String::valueOf).toList()),
                    g.count() > g.threadIds().size() ? ", ..." : ""));
        }
        text.append("\n");
        g.frames().forEach(f -> text.append("\n    at ").append(f));
        return text.toString();
    }

    /** A thread container in the dump's tree: its name, the threads below it, its owner. */
    static String container(ThreadContainerNode node) {
        String owner = node.ownerThreadId() >= 0 ? Messages.text("observe.dump.owner", node.ownerThreadId()) : "";
        return Messages.text("observe.dump.container", node.name(), node.virtualThreadsBelow(), node.platformThreads(), owner);
    }

    static String capitalized(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
