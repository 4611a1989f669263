package dev.loomscope.cli;

import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.runner.ServiceThreads;
import dev.loomscope.web.ServiceConfig;
import dev.loomscope.web.WebService;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code loomscope serve}: the blocking HTTP service of the web experiments, until Ctrl+C. */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"Serves the web experiments' routes on the JDK's HTTP server, each request on the executor you choose, "
                + "until Ctrl+C. Load it with 'loomscope load', ab or wrk.", "",
                "Example: loomscope serve --executor fixed --pool 10 --port 8080", ""},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:stopped with Ctrl+C", "1:could not listen (port taken, address not here)", "2:bad options"})
public final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--executor", paramLabel = "NAME", defaultValue = "virtual", converter = ScenarioOptions.ExecutorConverter.class,
            description = "Threads that serve requests: fixed (a pool of --pool), virtual (a virtual thread each), platform "
                    + "(a platform thread each), forkjoin, single. Default: ${DEFAULT-VALUE}.")
    ExecutorKind executor;

    @Option(names = "--pool", paramLabel = "N", defaultValue = "10", description = "Threads of the fixed pool or ForkJoinPool. Default: ${DEFAULT-VALUE}.")
    int pool;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "8080", description = "Port to listen on; 0 picks a free one. Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--host", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address to listen on. Default: ${DEFAULT-VALUE} (this machine only); 0.0.0.0 opens it to the network.")
    String host;

    @Option(names = "--max-in-flight", paramLabel = "N", defaultValue = "" + ServiceConfig.DEFAULT_MAX_IN_FLIGHT,
            description = "Requests queued or being served at most; more are answered 503 at once, so overload cannot grow memory "
                    + "without bound. Default: ${DEFAULT-VALUE}.")
    int maxInFlight;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = spec.commandLine().getErr();
        if (executor == ExecutorKind.VIRTUAL_LIMITED) {
            throw new ParameterException(spec.commandLine(), "--executor virtual-limited limits tasks, not requests: "
                    + "use virtual with --max-in-flight N");
        }
        ServiceConfig config;
        try {
            (executor == ExecutorKind.FORKJOIN ? Scenario.FORKJOIN_POOL : Scenario.POOL).check(pool);
            config = new ServiceConfig(host, port, maxInFlight, ServiceConfig.DEFAULT_MAX_CONNECTIONS, true);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), LoomScopeCommand.asOption(e.getMessage(), "pool", "port", "max-in-flight"));
        }
        WebService service;
        try {
            service = WebService.start(config, ServiceThreads.of(executor, pool));
        } catch (IOException | RuntimeException e) {
            err.println("loomscope serve: cannot listen on %s:%d: %s".formatted(host, port, e.getMessage() != null ? e.getMessage() : e));
            return LoomScopeCommand.EXIT_RUN_FAILED;
        }
        var stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
            service.close();
            err.println("loomscope serve: stopped after %,d requests".formatted(
                    service.routes().stream().mapToLong(r -> service.metrics().count(r.path())).sum()));
            err.flush();
            stopped.countDown();
        }));
        out.println("LoomScope web service on %s, requests on %s".formatted(service.baseUri(), service.threads().label()));
        service.usage().forEach(line -> out.println("  " + line));
        out.println("At most %,d requests in flight; more are answered 503. Ctrl+C stops.".formatted(maxInFlight));
        if (!config.isLoopback()) {
            out.println("Listening on " + host + ": other machines can reach this service.");
        }
        out.flush();
        stopped.await();
        return 0;
    }
}
