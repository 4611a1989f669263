package dev.loomscope.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.attach.AttachException;
import dev.loomscope.attach.LocalJvm;
import dev.loomscope.attach.LocalJvms;
import dev.loomscope.attach.ObserveOptions;
import dev.loomscope.attach.Observer;
import dev.loomscope.model.observe.ObservationEnd;
import dev.loomscope.model.observe.ObservationExport;
import dev.loomscope.model.observe.ObservationSnapshot;
import dev.loomscope.model.observe.PinHotspot;
import dev.loomscope.web.SpelledDuration;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code loomscope attach}: lists this user's JVMs, or observes one's virtual threads, carriers and pins. */
@Command(name = "attach", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"With no PID, lists your JVMs on this machine: pid, JDK, whether LoomScope can observe it, main class or jar.",
                "With a PID, observes that JVM's virtual threads (JFR streamed over JMX: starts, ends, pins, submit failures), "
                        + "its scheduler (the JDK 24+ scheduler MXBean) and a JSON thread dump, and prints a summary at the end. "
                        + "Runs until Ctrl+C, or for --duration. It enables only the JFR events it names, changes no setting of the "
                        + "target and closes its recording there when it stops.", "",
                "Examples: loomscope attach", "          loomscope attach 4711 --duration 10s --json", ""},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:listed, or observed until the duration or Ctrl+C", "1:could not observe (not a JVM, not yours, gone, JDK before 21)",
                "2:bad options", "3:the target exited while observed (the summary holds what was seen until then)"})
public final class AttachCommand implements Callable<Integer> {

    static final int EXIT_TARGET_EXITED = 3;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "PID", description = "The JVM to observe; without one, lists them.")
    Long pid;

    @Option(names = {"-d", "--duration"}, paramLabel = "TIME", converter = LoadCommand.DurationConverter.class,
            description = "Observe for TIME, like 10s, 500ms or 2m. Default: until Ctrl+C.")
    Duration duration;

    @Option(names = "--json", description = "Print the summary (or the list) as JSON.")
    boolean json;

    @Option(names = "--jfr", paramLabel = "FILE", description = "Also write the observation's JFR recording to FILE (.jfr) when it stops.")
    Path jfrFile;

    @Option(names = "--jmx", paramLabel = "URL",
            description = "Observe the JVM that exposes JMX at URL (service:jmx:rmi:///jndi/rmi://HOST:PORT/jmxrmi) instead of a local PID.")
    String jmxUrl;

    @Option(names = "--pin-threshold", paramLabel = "TIME", defaultValue = "0ms", converter = LoadCommand.DurationConverter.class,
            description = "Report pins at least TIME long (the JDK's own default is 20ms). Default: ${DEFAULT-VALUE}, every pin.")
    Duration pinThreshold;

    @Override
    public Integer call() throws InterruptedException, IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (pid == null && jmxUrl == null) {
            list(out);
            return 0;
        }
        if (pid != null && jmxUrl != null) {
            throw new ParameterException(spec.commandLine(), "give a PID or --jmx URL, not both");
        }
        if (duration != null && (duration.isZero() || duration.isNegative())) {
            throw new ParameterException(spec.commandLine(), "--duration must be above 0 (got " + SpelledDuration.text(duration) + ")");
        }
        OutputPaths.requireWritable(spec, "--jfr", jfrFile);
        var options = ObserveOptions.DEFAULTS.withPinThreshold(pinThreshold).withJfrFile(jfrFile == null ? null : jfrFile.toAbsolutePath());
        var summarized = new CountDownLatch(1);
        var observing = new AtomicReference<Observer>();
        var interrupted = new AtomicBoolean();
        // Ctrl+C, even while attaching: stop observing (closing the recording in the target) and still print what was seen.
        Thread hook = Thread.ofPlatform().unstarted(() -> {
            interrupted.set(true);
            Observer observer = observing.get();
            if (observer != null) {
                finish(observer, ObservationEnd.STOPPED, "stopped with Ctrl+C");
            }
            try {
                summarized.await(40, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return observe(options, observing, interrupted, out, err);
        } finally {
            summarized.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running: it waited for the summary printed above.
            }
        }
    }

    private int observe(ObserveOptions options, AtomicReference<Observer> observing, AtomicBoolean interrupted, PrintWriter out,
                        PrintWriter err) throws InterruptedException, IOException {
        Observer observer;
        try {
            observer = pid != null ? Observer.attach(pid, options) : Observer.connect(jmxUrl, options);
        } catch (AttachException e) {
            err.println("loomscope attach: " + e.getMessage());
            err.flush();
            return LoomScopeCommand.EXIT_RUN_FAILED;
        }
        observing.set(observer);
        if (interrupted.get()) {
            finish(observer, ObservationEnd.STOPPED, "stopped with Ctrl+C");
        }
        ObservationSnapshot first = observer.observation().snapshot();
        err.println("Observing %s (%s, JDK %s) %s.".formatted(describe(first), first.target().name(), first.target().jdkVersion(),
                duration == null ? "until Ctrl+C" : "for " + SpelledDuration.text(duration)));
        err.println("  enabled in the target: " + String.join(", ", first.coverage().enabledEvents()));
        first.coverage().missing().forEach(line -> err.println("  not seen: " + line));
        first.notes().forEach(line -> err.println("  " + line));
        err.flush();

        // The duration counts from when the recording started in the target, as the summary's durationMs does.
        boolean ended = observer.awaitEnd(duration == null ? Duration.ofDays(365 * 100L)
                : duration.minusMillis(observer.observation().nowMs()));
        if (!ended) {
            finish(observer, ObservationEnd.DURATION_REACHED, "duration reached");
        }
        observer.awaitEnd(Duration.ofSeconds(30));
        ObservationSnapshot last = observer.observation().snapshot();
        if (json) {
            out.println(ObservationExport.summaryJson(last));
        } else {
            print(out, last);
        }
        out.flush();
        last.notes().stream().skip(first.notes().size()).forEach(line -> err.println("  " + line));
        if (last.end() == ObservationEnd.TARGET_EXITED || last.end() == ObservationEnd.FAILED) {
            err.println("loomscope attach: " + last.endMessage());
        }
        if (observer.startedManagementAgent()) {
            err.println("  (the target's local JMX agent, started to observe it, stays until it exits; only this user can reach it)");
        }
        err.flush();
        return last.end() == ObservationEnd.TARGET_EXITED || last.end() == ObservationEnd.FAILED ? EXIT_TARGET_EXITED : 0;
    }

    /** Ends the observation now, takes the last thread dump (for its count of virtual threads), then stops. */
    private static void finish(Observer observer, ObservationEnd reason, String message) {
        if (!observer.observation().ended()) {
            observer.observation().end(reason, message);
            try {
                observer.takeThreadDump();
            } catch (AttachException e) {
                observer.observation().note("No thread dump at the end: " + e.getMessage());
            }
        }
        observer.stop(reason, message);
    }

    private void list(PrintWriter out) throws IOException {
        List<LocalJvm> jvms = LocalJvms.list();
        if (json) {
            var rows = jvms.stream().map(j -> {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("pid", j.pid());
                row.put("name", j.name());
                row.put("jdk", j.jdkVersion());
                row.put("observable", j.observable().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
                row.put("why", j.why());
                return row;
            }).toList();
            out.println(new ObjectMapper().writeValueAsString(rows));
            out.flush();
            return;
        }
        out.println("%-8s %-10s %-9s %s".formatted("PID", "JDK", "OBSERVE", "MAIN CLASS OR JAR"));
        for (LocalJvm j : jvms) {
            String can = switch (j.observable()) {
                case FULL -> "yes";
                case PARTIAL -> "partly";
                case UNKNOWN -> "maybe";
                case NO_VIRTUAL_THREADS, SELF -> "no";
            };
            out.println("%-8d %-10s %-9s %s%s".formatted(j.pid(), j.jdkVersion().isEmpty() ? "?" : j.jdkVersion(), can,
                    j.name().isEmpty() ? "(unnamed)" : j.name(), j.why().isEmpty() ? "" : "  (" + j.why() + ")"));
        }
        if (jvms.isEmpty()) {
            out.println("(no JVMs of yours are running)");
        }
        out.flush();
    }

    private static void print(PrintWriter out, ObservationSnapshot s) {
        double seconds = s.elapsedMs() / 1000.0;
        out.println("Observed %s (%s, JDK %s) for %.1f s: %s.".formatted(describe(s), s.target().name(), s.target().jdkVersion(), seconds,
                s.endMessage()));
        out.println("  virtual threads  %,d started (%,.1f/s), %,d ended%s".formatted(s.virtualThreadStarts(),
                seconds > 0 ? s.virtualThreadStarts() / seconds : 0.0, s.virtualThreadEnds(),
                s.threadDump() == null ? "" : "; %,d in the last thread dump".formatted(s.threadDump().virtualThreads())));
        out.println(s.schedulerParallelism() < 0 ? "  scheduler        not measured (no scheduler MXBean)"
                : "  scheduler        parallelism %d, pool size max %d, mounted max %d, queued max %,d".formatted(s.schedulerParallelism(),
                s.schedulerPoolSizeMax(), s.mountedMax(), s.queuedMax()));
        out.println("  pinned           %,d pins holding their carrier %,.1f ms in all%s".formatted(s.pinnedEvents(), s.pinnedMs(),
                s.pinnedReasons().isEmpty() ? "" : ": " + String.join(", ", s.pinnedReasons().entrySet().stream()
                        .map(r -> "%,d %s".formatted(r.getValue(), r.getKey().isEmpty() ? "(no reason recorded)" : r.getKey())).toList())));
        int rank = 1;
        for (PinHotspot h : s.pinHotspots().subList(0, Math.min(5, s.pinHotspots().size()))) {
            out.println("  hotspot %d        %,d pins, %,.1f ms (max %,.1f ms)%s%s".formatted(rank++, h.count(), h.totalMs(), h.maxMs(),
                    h.blockingOperations().isEmpty() || h.blockingOperations().equals(List.of("")) ? "" : ", " + String.join(", ", h.blockingOperations()),
                    h.firstCallerFrame().isEmpty() ? "" : ", at " + h.firstCallerFrame()));
            h.frames().forEach(frame -> out.println("                     " + frame));
        }
        out.println("  submit failures  %,d".formatted(s.submitFailed()));
    }

    private static String describe(ObservationSnapshot s) {
        return s.target().pid() > 0 ? "PID " + s.target().pid() : "the JVM at " + s.target().name();
    }
}
