package dev.loomscope.cli;

import dev.loomscope.text.Text;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomscope.web.Ceiling;
import dev.loomscope.web.LoadGenerator;
import dev.loomscope.web.LoadPlan;
import dev.loomscope.web.LoadReport;
import dev.loomscope.web.ServerInfo;
import dev.loomscope.web.SpelledDuration;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code loomscope load}: a closed-loop load generator that prints what ab and wrk print, beside the ceiling. */
@Command(resourceBundle = "dev.loomscope.text.messages", name = "load", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"${bundle:cli.load.description.0}", "${bundle:cli.load.description.1}", "${bundle:cli.load.description.2}", "${bundle:cli.load.description.3}"},
        exitCodeListHeading = "${bundle:cli.exit-codes}",
        exitCodeList = {"0:${bundle:cli.load.exit.0}", "1:${bundle:cli.load.exit.1}", "2:${bundle:cli.load.exit.2}"})
public final class LoadCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--url", required = true, paramLabel = "URL", descriptionKey = "cli.load.url")
    URI url;

    @Option(names = {"-c", "--connections"}, paramLabel = "N", defaultValue = "10",
            descriptionKey = "cli.load.connections")
    int connections;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Limit limit;

    static final class Limit {
        @Option(names = {"-n", "--requests"}, paramLabel = "N", descriptionKey = "cli.load.requests")
        long requests;

        @Option(names = {"-d", "--duration"}, paramLabel = "TIME", converter = DurationConverter.class,
                descriptionKey = "cli.load.duration")
        Duration duration;
    }

    @Option(names = "--timeout", paramLabel = "TIME", defaultValue = "30s", converter = DurationConverter.class,
            descriptionKey = "cli.load.timeout")
    Duration timeout;

    @Option(names = "--warmup", paramLabel = "TIME", defaultValue = "1s", converter = DurationConverter.class,
            descriptionKey = "cli.load.warmup")
    Duration warmup;

    @Option(names = "--service-ms", paramLabel = "MS",
            descriptionKey = "cli.load.service-ms")
    Double serviceMs;

    @Option(names = "--json", descriptionKey = "cli.load.json")
    boolean json;

    @Override
    public Integer call() throws InterruptedException, IOException {
        LoadPlan plan;
        try {
            plan = new LoadPlan(url, connections, limit.duration == null ? limit.requests : 0, limit.duration, timeout);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(),
                    LoomScopeCommand.asOption(e.getMessage(), "url", "connections", "requests", "duration", "timeout"));
        }
        if (warmup.compareTo(Duration.ofMinutes(10)) > 0) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.load.bad.warmup", SpelledDuration.text(warmup)));
        }
        if (serviceMs != null && !(serviceMs > 0)) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.load.bad.service-ms", serviceMs));
        }
        PrintWriter out = new PrintWriter(System.out, true);
        String unreachable = unreachable(url);
        if (unreachable != null) {
            spec.commandLine().getErr().println(Text.get("cli.load.unreachable", url, unreachable));
            return LoomScopeCommand.EXIT_RUN_FAILED;
        }
        Optional<ServerInfo> server = ServerInfo.probe(url);
        OptionalDouble service = serviceMs != null ? OptionalDouble.of(serviceMs) : ServerInfo.serviceMsOf(url);
        Optional<Ceiling> ceiling = service.isPresent() && service.getAsDouble() > 0
                ? Optional.of(new Ceiling(connections, server.map(ServerInfo::workers).orElse(0), service.getAsDouble()))
                : Optional.empty();
        // /query holds one of the server's pooled database connections while it runs: the pool bounds it too.
        int dbPool = "/query".equals(url.getPath()) ? server.map(ServerInfo::dbPool).orElse(0) : 0;
        if (dbPool > 0) {
            ceiling = ceiling.map(c -> c.withDbPool(dbPool));
        }

        if (!warmup.isZero()) {
            new LoadGenerator(LoadPlan.duration(url, connections, warmup)).run();
        }
        var generator = new LoadGenerator(plan);
        var reported = new java.util.concurrent.CountDownLatch(1);
        // Ctrl+C ends the run early but still prints what it measured: the hook waits for the report.
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
            generator.stop();
            try {
                reported.await(5, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        try {
            LoadReport report = generator.run();
            if (json) {
                out.println(new ObjectMapper().writeValueAsString(asJson(report, server, ceiling)));
            } else {
                print(out, report, server, ceiling);
            }
            out.flush();
        } finally {
            reported.countDown();
        }
        return 0;
    }

    /** Why a TCP connection to the URL's host and port fails, or null when one opens. */
    private static String unreachable(URI url) {
        int port = url.getPort() > 0 ? url.getPort() : 80;
        try (var socket = new Socket()) {
            socket.connect(new InetSocketAddress(url.getHost(), port), 2_000);
            return null;
        } catch (IOException e) {
            return e.getMessage() != null ? e.getMessage() : e.toString();
        }
    }

    private void print(PrintWriter out, LoadReport report, Optional<ServerInfo> server, Optional<Ceiling> ceiling) {
        LoadPlan plan = report.plan();
        out.println(Text.get("cli.load.report.plan", plan.url(), plan.connections(), plan.limitText(),
                server.map(s -> Text.get("cli.load.report.served-by", s.executor())).orElse(""),
                warmup.isZero() ? "" : Text.get("cli.load.report.after-warmup", SpelledDuration.text(warmup))));
        out.println(Text.get("cli.load.report.requests", report.answered(), report.elapsedSeconds(), report.failed()));
        report.statuses().forEach((status, count) -> out.println(Text.get("cli.load.report.status", count, status)));
        report.errors().forEach((kind, count) -> out.println(Text.get("cli.load.report.no-answer", count, kind)));
        if (report.firstError() != null) {
            out.println(Text.get("cli.load.report.first-error", report.firstError()));
        }
        out.println(report.ok() == report.answered() ? Text.get("cli.load.report.throughput", report.throughput())
                : Text.get("cli.load.report.throughput-ok", report.throughput(), report.okThroughput()));
        out.println(Text.get("cli.load.report.latency", ms(report.meanMs()),
                ms(report.percentileMs(50)), ms(report.percentileMs(90)), ms(report.percentileMs(99)), ms(report.maxMs())));
        if (ceiling.isPresent()) {
            Ceiling c = ceiling.get();
            out.println(Text.get("cli.load.report.ceiling", c.explain(), 100 * report.okThroughput() / c.requestsPerSecond(),
                    server.isPresent() ? "" : Text.get("cli.load.report.limit-unknown")));
        } else {
            out.println(Text.get("cli.load.report.no-ceiling"));
        }
    }

    private static String ms(double ms) {
        return ms >= 100 ? "%.0f ms".formatted(ms) : "%.1f ms".formatted(ms);
    }

    private Map<String, Object> asJson(LoadReport report, Optional<ServerInfo> server, Optional<Ceiling> ceiling) {
        var json = new LinkedHashMap<String, Object>();
        json.put("url", report.plan().url().toString());
        json.put("connections", report.plan().connections());
        json.put("warmupMs", warmup.toMillis());
        json.put("server", server.map(ServerInfo::executor).orElse(null));
        json.put("elapsedMs", report.elapsedNanos() / 1e6);
        json.put("answered", report.answered());
        json.put("ok", report.ok());
        json.put("failed", report.failed());
        json.put("statuses", report.statuses());
        json.put("errors", report.errors());
        json.put("throughput", report.throughput());
        json.put("okThroughput", report.okThroughput());
        json.put("meanMs", report.meanMs());
        json.put("p50Ms", report.percentileMs(50));
        json.put("p90Ms", report.percentileMs(90));
        json.put("p99Ms", report.percentileMs(99));
        json.put("maxMs", report.maxMs());
        json.put("ceiling", ceiling.map(Ceiling::requestsPerSecond).orElse(null));
        return json;
    }

    static final class DurationConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return SpelledDuration.parse(value);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
