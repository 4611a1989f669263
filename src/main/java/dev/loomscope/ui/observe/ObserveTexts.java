package dev.loomscope.ui.observe;

import dev.loomscope.model.observe.ObservationEnd;
import dev.loomscope.model.observe.ObservationSnapshot;
import dev.loomscope.model.observe.ObservedJvm;
import dev.loomscope.model.observe.Pin;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.scenario.Durations;
import dev.loomscope.ui.fx.Messages;

/** The sentences the observation's views share: its title, how it ended, a pin, what is missing. */
final class ObserveTexts {

    private ObserveTexts() {
    }

    /** "PID 4711 · target/loomscope.jar · JDK 25.0.3". */
    static String title(ObservedJvm jvm) {
        return Messages.text("observe.title", who(jvm));
    }

    /** "PID 4711 · loomscope.jar · JDK 25.0.3" (the title on stage, where the icon says the rest). */
    static String who(ObservedJvm jvm) {
        String who = jvm.pid() > 0 ? "PID " + jvm.pid() : jvm.name();
        String name = jvm.pid() > 0 && !jvm.name().isEmpty() ? " \u00b7 " + shortName(jvm.name()) : "";
        String jdk = jvm.jdkVersion().isEmpty() ? "" : " \u00b7 JDK " + jvm.jdkVersion();
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
        return s.coverage().missing().stream().filter(line -> line.startsWith("Carrier occupancy")).findFirst()
                .orElse(s.coverage().schedulerMXBean() ? Messages.text("observe.chart.carriers-empty") : Messages.text("observe.chart.no-scheduler"));
    }

    /** A pin: how long, on which carrier, why, during what; then its top frames. */
    static String pin(Pin pin, int frames) {
        var text = new StringBuilder(Messages.text("observe.pin", Durations.humanMillis(pin.durationMs()),
                pin.carrierName().isEmpty() ? Messages.text("observe.chart.no-carrier") : pin.carrierName(),
                Durations.humanMillis(pin.timeMs()), pin.reason().isEmpty() ? Messages.text("observe.no-reason") : pin.reason(),
                pin.blockingOperation().isEmpty() ? "" : Messages.text("observe.during", pin.blockingOperation())));
        pin.frames().stream().limit(frames).forEach(f -> text.append("\n    at ").append(f));
        if (pin.frames().size() > frames) {
            text.append("\n    ...");
        } else if (pin.frames().isEmpty()) {
            text.append("\n    ").append(Messages.text("observe.no-stack"));
        }
        return text.toString();
    }

    /** A hotspot whole: its figures, reasons, operations and shared frames. */
    static String hotspot(PinHotspot h) {
        var text = new StringBuilder(Messages.text("observe.hotspot", h.count(), Durations.humanMillis(h.totalMs()),
                Durations.humanMillis(h.maxMs()), String.join(", ", h.reasons().stream().map(r -> r.isEmpty() ? Messages.text("observe.no-reason") : r).toList()),
                String.join(", ", h.blockingOperations().stream().filter(op -> !op.isEmpty()).toList())));
        h.frames().forEach(f -> text.append("\n    at ").append(f));
        return text.toString();
    }

    /** The tail of a hotspot's place: "Example.sortSleeping:42". */
    static String where(PinHotspot h) {
        String frame = h.firstCallerFrame().isEmpty() ? (h.frames().isEmpty() ? "" : h.frames().getFirst()) : h.firstCallerFrame();
        int method = frame.lastIndexOf('.', Math.max(0, frame.indexOf(':') < 0 ? frame.length() - 1 : frame.indexOf(':')));
        int type = method > 0 ? frame.lastIndexOf('.', method - 1) : -1;
        return type >= 0 ? frame.substring(type + 1) : frame;
    }

    static String capitalized(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
