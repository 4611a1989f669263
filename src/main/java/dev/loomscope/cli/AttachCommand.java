package dev.loomscope.cli;

import dev.loomscope.text.Text;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.attach.AttachException;
import dev.loomscope.attach.JfrLag;
import dev.loomscope.attach.JmxTarget;
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
@Command(resourceBundle = "dev.loomscope.text.messages", name = "attach", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"${bundle:cli.attach.description.0}", "${bundle:cli.attach.description.1}", "${bundle:cli.attach.description.2}", "${bundle:cli.attach.description.3}", "${bundle:cli.attach.description.4}",
                "${bundle:cli.attach.description.5}", "${bundle:cli.attach.description.6}"},
        exitCodeListHeading = "${bundle:cli.exit-codes}",
        exitCodeList = {"0:${bundle:cli.attach.exit.0}", "1:${bundle:cli.attach.exit.1}", "2:${bundle:cli.attach.exit.2}", "3:${bundle:cli.attach.exit.3}"})
public final class AttachCommand implements Callable<Integer> {

    static final int EXIT_TARGET_EXITED = 3;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "PID", descriptionKey = "cli.attach.pid")
    Long pid;

    @Option(names = {"-d", "--duration"}, paramLabel = "TIME", converter = LoadCommand.DurationConverter.class,
            descriptionKey = "cli.attach.duration")
    Duration duration;

    @Option(names = "--json", descriptionKey = "cli.attach.json")
    boolean json;

    @Option(names = "--jfr", paramLabel = "FILE", descriptionKey = "cli.attach.jfr")
    Path jfrFile;

    @Option(names = "--jmx", paramLabel = "URL",
            descriptionKey = "cli.attach.jmx")
    String jmxUrl;

    @Option(names = "--jmx-user", paramLabel = "NAME", descriptionKey = "cli.attach.jmx-user")
    String jmxUser;

    @Option(names = "--jmx-password-file", paramLabel = "FILE", descriptionKey = "cli.attach.jmx-password-file")
    Path jmxPasswordFile;

    @Option(names = "--jmx-truststore", paramLabel = "FILE", descriptionKey = "cli.attach.jmx-truststore")
    Path jmxTrustStore;

    @Option(names = "--jmx-truststore-password-file", paramLabel = "FILE", descriptionKey = "cli.attach.jmx-truststore-password-file")
    Path jmxTrustStorePasswordFile;

    @Option(names = "--jdk-pace", descriptionKey = "cli.attach.jdk-pace")
    boolean jdkPace;

    @Option(names = "--pin-threshold", paramLabel = "TIME", defaultValue = "0ms", converter = LoadCommand.DurationConverter.class,
            descriptionKey = "cli.attach.pin-threshold")
    Duration pinThreshold;

    @Override
    public Integer call() throws InterruptedException, IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (jmxUrl == null) {
            refuseJmxOptionsWithoutJmx();
        }
        if (pid == null && jmxUrl == null) {
            list(out);
            return 0;
        }
        if (pid != null && jmxUrl != null) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.attach.bad.pid-and-jmx"));
        }
        if (duration != null && (duration.isZero() || duration.isNegative())) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.attach.bad.duration", SpelledDuration.text(duration)));
        }
        OutputPaths.requireWritable(spec, "--jfr", jfrFile);
        JmxTarget remote = jmxUrl == null ? null : remoteTarget();
        var options = ObserveOptions.DEFAULTS.withPinThreshold(pinThreshold).withJfrFile(jfrFile == null ? null : jfrFile.toAbsolutePath())
                .withWakeStream(!jdkPace);
        var summarized = new CountDownLatch(1);
        var observing = new AtomicReference<Observer>();
        var interrupted = new AtomicBoolean();
        // Ctrl+C, even while attaching: stop observing (closing the recording in the target) and still print what was seen.
        Thread hook = Thread.ofPlatform().unstarted(() -> {
            interrupted.set(true);
            Observer observer = observing.get();
            if (observer != null) {
                finish(observer, ObservationEnd.STOPPED, Text.get("cli.attach.stopped"));
            }
            try {
                summarized.await(40, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return observe(remote, options, observing, interrupted, out, err);
        } finally {
            summarized.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running: it waited for the summary printed above.
            }
        }
    }

    /** The --jmx target with its user, password and truststore; the JMX-only options are refused without --jmx. */
    private JmxTarget remoteTarget() {
        if (jmxUser != null && jmxPasswordFile == null) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.attach.bad.user-without-password"));
        }
        if (jmxPasswordFile != null && jmxUser == null) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.attach.bad.password-without-user"));
        }
        char[] password = jmxPasswordFile == null ? null : SecretFile.read(spec, "--jmx-password-file", jmxPasswordFile);
        char[] storePassword = jmxTrustStorePasswordFile == null ? null
                : SecretFile.read(spec, "--jmx-truststore-password-file", jmxTrustStorePasswordFile);
        return new JmxTarget(jmxUrl, jmxUser, password, jmxTrustStore, storePassword);
    }

    private void refuseJmxOptionsWithoutJmx() {
        java.util.stream.Stream.of(jmxUser != null ? "--jmx-user" : null, jmxPasswordFile != null ? "--jmx-password-file" : null,
                jmxTrustStore != null ? "--jmx-truststore" : null, jmxTrustStorePasswordFile != null ? "--jmx-truststore-password-file" : null)
                .filter(java.util.Objects::nonNull).findFirst().ifPresent(option -> {
                    throw new ParameterException(spec.commandLine(), Text.get("cli.attach.bad.jmx-only", option));
                });
    }

    private int observe(JmxTarget remote, ObserveOptions options, AtomicReference<Observer> observing, AtomicBoolean interrupted, PrintWriter out,
                        PrintWriter err)
            throws InterruptedException, IOException {
        Observer observer;
        try {
            observer = remote == null ? Observer.attach(pid, options) : Observer.connect(remote, options);
        } catch (AttachException e) {
            err.println(Text.get("cli.attach.problem", e.getMessage()));
            err.flush();
            return LoomScopeCommand.EXIT_RUN_FAILED;
        }
        observing.set(observer);
        if (interrupted.get()) {
            finish(observer, ObservationEnd.STOPPED, Text.get("cli.attach.stopped"));
        }
        ObservationSnapshot first = observer.observation().snapshot();
        err.println(Text.get("cli.attach.observing", describe(first), first.target().name(), first.target().jdkVersion(),
                duration == null ? Text.get("cli.attach.until-ctrl-c") : Text.get("cli.attach.for", SpelledDuration.text(duration))));
        err.println(Text.get("cli.attach.enabled", String.join(", ", first.coverage().enabledEvents())));
        first.coverage().missing().forEach(line -> err.println(Text.get("cli.attach.not-seen", line)));
        first.notes().forEach(line -> err.println("  " + line));
        err.flush();

        // The duration counts from when the recording started in the target, as the summary's durationMs does.
        boolean ended = observer.awaitEnd(duration == null ? Duration.ofDays(365 * 100L)
                : duration.minusMillis(observer.observation().nowMs()));
        if (!ended) {
            finish(observer, ObservationEnd.DURATION_REACHED, Text.get("cli.attach.duration-reached"));
        }
        observer.awaitEnd(Duration.ofSeconds(30));
        ObservationSnapshot last = observer.observation().snapshot();
        if (json) {
            out.println(ObservationExport.summaryJson(last));
        } else {
            print(out, last);
        }
        (json ? err : out).println(lagLine(observer));
        out.flush();
        last.notes().stream().skip(first.notes().size()).forEach(line -> err.println("  " + line));
        if (last.end() == ObservationEnd.TARGET_EXITED || last.end() == ObservationEnd.FAILED) {
            err.println(Text.get("cli.attach.problem", last.endMessage()));
        }
        if (observer.startedManagementAgent()) {
            err.println(Text.get("cli.attach.agent-stays"));
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
                observer.observation().note(Text.get("cli.attach.no-last-dump", e.getMessage()));
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
        out.println("%-8s %-10s %-9s %s".formatted((Object[]) Text.get("cli.attach.columns").split(",")));
        for (LocalJvm j : jvms) {
            String can = switch (j.observable()) {
                case FULL -> Text.get("cli.attach.can.yes");
                case PARTIAL -> Text.get("cli.attach.can.partly");
                case UNKNOWN -> Text.get("cli.attach.can.maybe");
                case NO_VIRTUAL_THREADS, SELF -> Text.get("cli.attach.can.no");
            };
            out.println("%-8d %-10s %-9s %s%s".formatted(j.pid(), j.jdkVersion().isEmpty() ? "?" : j.jdkVersion(), can,
                    j.name().isEmpty() ? Text.get("cli.attach.unnamed") : j.name(), j.why().isEmpty() ? "" : "  (" + j.why() + ")"));
        }
        if (jvms.isEmpty()) {
            out.println(Text.get("cli.attach.none"));
        }
        out.flush();
    }

    private static void print(PrintWriter out, ObservationSnapshot s) {
        double seconds = s.elapsedMs() / 1000.0;
        out.println(Text.get("cli.attach.observed", describe(s), s.target().name(), s.target().jdkVersion(), seconds, s.endMessage()));
        out.println(Text.get("cli.attach.summary.threads", s.virtualThreadStarts(),
                seconds > 0 ? s.virtualThreadStarts() / seconds : 0.0, s.virtualThreadEnds(),
                s.threadDump() == null ? "" : Text.get("cli.attach.summary.in-dump", s.threadDump().virtualThreads())));
        out.println(s.schedulerParallelism() < 0 ? Text.get("cli.attach.summary.no-scheduler")
                : Text.get("cli.attach.summary.scheduler", s.schedulerParallelism(),
                        s.schedulerPoolSizeMax(), s.mountedMax(), s.queuedMax()));
        out.println(Text.get("cli.attach.summary.pinned", s.pinnedEvents(), s.pinnedMs(),
                s.pinnedReasons().isEmpty() ? "" : ": " + String.join(", ", s.pinnedReasons().entrySet().stream()
                        .map(r -> "%,d %s".formatted(r.getValue(), r.getKey().isEmpty() ? Text.get("cli.attach.no-reason") : r.getKey())).toList())));
        int rank = 1;
        for (PinHotspot h : s.pinHotspots().subList(0, Math.min(5, s.pinHotspots().size()))) {
            out.println(Text.get("cli.attach.summary.hotspot", rank++, h.count(), h.totalMs(), h.maxMs(),
                    h.blockingOperations().isEmpty() || h.blockingOperations().equals(List.of("")) ? "" : ", " + String.join(", ", h.blockingOperations()),
                    h.firstCallerFrame().isEmpty() ? "" : Text.get("cli.attach.summary.at", h.firstCallerFrame())));
            h.frames().forEach(frame -> out.println("                     " + frame));
        }
        out.println(Text.get("cli.attach.summary.submit-failed", s.submitFailed()));
    }

    /** How late the JFR events arrived, for the summary (on stderr beside --json, whose fields stay as they are). */
    static String lagLine(Observer observer) {
        JfrLag.Summary lag = observer.lag().summary();
        return lag.events() == 0 ? Text.get("cli.attach.summary.no-lag")
                : Text.get("cli.attach.summary.lag", lag.medianMs() / 1000.0, lag.events(), lag.p90Ms() / 1000.0, lag.maxMs() / 1000.0,
                        observer.streamWoken() ? "" : Text.get("cli.attach.summary.lag.jdk-pace"));
    }

    private static String describe(ObservationSnapshot s) {
        return s.target().pid() > 0 ? Text.get("cli.attach.target-pid", s.target().pid()) : Text.get("cli.attach.target-jmx", s.target().name());
    }
}
