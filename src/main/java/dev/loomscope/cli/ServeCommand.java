package dev.loomscope.cli;

import dev.loomscope.text.Text;
import dev.loomscope.scenario.DatabaseTarget;
import dev.loomscope.scenario.ExecutorKind;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.runner.ServiceThreads;
import dev.loomscope.web.ServiceConfig;
import dev.loomscope.web.WebService;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code loomscope serve}: the blocking HTTP service of the web experiments, until Ctrl+C. */
@Command(resourceBundle = "dev.loomscope.text.messages", name = "serve", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"${bundle:cli.serve.description.0}", "${bundle:cli.serve.description.1}", "${bundle:cli.serve.description.2}", "${bundle:cli.serve.description.3}"},
        exitCodeListHeading = "${bundle:cli.exit-codes}",
        exitCodeList = {"0:${bundle:cli.serve.exit.0}", "1:${bundle:cli.serve.exit.1}", "2:${bundle:cli.serve.exit.2}"})
public final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--executor", paramLabel = "NAME", defaultValue = "virtual", converter = ScenarioOptions.ExecutorConverter.class,
            descriptionKey = "cli.serve.executor")
    ExecutorKind executor;

    @Option(names = "--pool", paramLabel = "N", defaultValue = "10", descriptionKey = "cli.serve.pool")
    int pool;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "8080", descriptionKey = "cli.serve.port")
    int port;

    @Option(names = "--host", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            descriptionKey = "cli.serve.host")
    String host;

    @Option(names = "--max-in-flight", paramLabel = "N", defaultValue = "" + ServiceConfig.DEFAULT_MAX_IN_FLIGHT,
            descriptionKey = "cli.serve.max-in-flight")
    int maxInFlight;

    @Option(names = "--db-pool", paramLabel = "N", defaultValue = "" + Scenario.DEFAULT_DB_POOL, descriptionKey = "cli.serve.db-pool")
    int dbPool;

    @Option(names = "--jdbc-url", paramLabel = "URL", descriptionKey = "cli.serve.jdbc-url")
    String jdbcUrl;

    @Option(names = "--jdbc-user", paramLabel = "USER", descriptionKey = "cli.serve.jdbc-user")
    String jdbcUser;

    @Option(names = "--jdbc-password-file", paramLabel = "FILE", descriptionKey = "cli.serve.jdbc-password-file")
    Path jdbcPasswordFile;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = spec.commandLine().getErr();
        if (executor == ExecutorKind.VIRTUAL_LIMITED) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.serve.bad.limited"));
        }
        ServiceConfig config;
        try {
            (executor == ExecutorKind.FORKJOIN ? Scenario.FORKJOIN_POOL : Scenario.POOL).check(pool);
            Scenario.DB_POOL.check(dbPool);
            config = new ServiceConfig(host, port, maxInFlight, ServiceConfig.DEFAULT_MAX_CONNECTIONS, true);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), LoomScopeCommand.asOption(e.getMessage(), "pool", "db-pool", "port", "max-in-flight"));
        }
        DatabaseTarget target = databaseTarget();
        // The pool is full before the service listens: the first request does not pay for opening connections.
        ServeDatabase database;
        try {
            database = ServeDatabase.open(target, dbPool);
        } catch (IllegalStateException e) {
            err.println(e.getMessage());
            return LoomScopeCommand.EXIT_RUN_FAILED;
        }
        WebService service;
        try {
            service = WebService.start(config, ServiceThreads.of(executor, pool), List.of(), database.route());
        } catch (IOException | RuntimeException e) {
            database.close();
            err.println(Text.get("cli.serve.cannot-listen", host, port, e.getMessage() != null ? e.getMessage() : e));
            return LoomScopeCommand.EXIT_RUN_FAILED;
        }
        var stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
            service.close();
            database.close();
            err.println(Text.get("cli.serve.stopped",
                    service.routes().stream().mapToLong(r -> service.metrics().count(r.path())).sum()));
            err.flush();
            stopped.countDown();
        }));
        out.println(Text.get("cli.serve.listening", service.baseUri(), service.threads().label()));
        service.usage().forEach(line -> out.println("  " + line));
        out.println(Text.get("cli.serve.database", database.url(), dbPool));
        out.println(Text.get("cli.serve.limit", maxInFlight));
        if (!config.isLoopback()) {
            out.println(Text.get("cli.serve.open", host));
        }
        out.flush();
        stopped.await();
        return 0;
    }

    /** The user's database (--jdbc-url), or null for serve's own H2; refuses a user or password without a URL, and a password file that cannot be read. */
    private DatabaseTarget databaseTarget() {
        return JdbcOptions.target(spec, jdbcUrl, jdbcUser, jdbcPasswordFile);
    }
}
