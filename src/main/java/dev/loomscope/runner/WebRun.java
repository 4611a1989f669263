package dev.loomscope.runner;

import dev.loomscope.scenario.Scenario;
import dev.loomscope.protocol.EventType;
import dev.loomscope.runner.telemetry.EventLog;
import dev.loomscope.text.Text;
import dev.loomscope.web.BadRequestException;
import dev.loomscope.web.LoadGenerator;
import dev.loomscope.web.LoadListener;
import dev.loomscope.web.LoadPlan;
import dev.loomscope.web.LoadReport;
import dev.loomscope.web.Reply;
import dev.loomscope.web.Route;
import dev.loomscope.web.ServiceConfig;
import dev.loomscope.web.WebService;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The web experiment inside the runner: the {@link WebService} with requests on the scenario's
 * executor, and a closed-loop {@link LoadGenerator} of {@code connections} clients that sends task
 * i as {@code GET /work?task=i}. The route runs the very {@link Workload} a plain run submits, so
 * lifecycle events, carriers and pinning are recorded the same way; the clients record SUBMITTED
 * as they send (so a fixed pool's queue shows as waiting tasks) and FAILED for requests that got
 * no 200. Clients are platform threads: they must not take carriers from the service's virtual threads.
 */
final class WebRun implements AutoCloseable {

    private static final byte SUBMITTED = EventType.SUBMITTED.code();
    private static final byte FAILED = EventType.FAILED.code();
    private static final Reply DONE = Reply.json(Map.of("done", true));

    /** What the load saw: requests sent, and a description of what went wrong, if anything did. */
    record Outcome(long sent, String failure) {
    }

    /** How long the service and its clients warm up (JIT, class loading) before the timed run. */
    private static final Duration WARM_UP = Duration.ofMillis(700);

    private final Scenario scenario;
    private final EventLog log;
    private final WebService service;
    /** Per task, 1 once its request reached {@code /work}: the service then records its end, and a retry runs nothing. */
    private final AtomicIntegerArray reached;

    private WebRun(Scenario scenario, EventLog log, WebService service, AtomicIntegerArray reached) {
        this.scenario = scenario;
        this.log = log;
        this.service = service;
        this.reached = reached;
    }

    /**
     * Starts the service and warms it up with the run's number of clients on {@code /block?ms=0}
     * (no task, no event), outside the timed run: a service under test is warm, and class
     * initialisation inside the first requests would show as pinning the run did not cause.
     */
    static WebRun start(Scenario scenario, Workload workload, EventLog log) throws IOException, InterruptedException {
        var reached = new AtomicIntegerArray(scenario.tasks());
        var work = new Route("/work", Set.of("task"), params -> {
            int task = params.intIn("task", -1, 0, scenario.tasks() - 1);
            if (task < 0) {
                throw new BadRequestException("/work needs task=N");
            }
            if (reached.getAndSet(task, 1) == 0) {
                workload.task(task).run();
            }
            return DONE;
        }, "GET /work?task=N        runs task N of the scenario");
        var service = WebService.start(ServiceConfig.loopback().withoutTimeLimits(), ServiceThreads.of(scenario.executor(), scenario.pool()), List.of(work));
        try {
            URI warmUp = service.baseUri().resolve("/block?ms=0");
            new LoadGenerator(LoadPlan.duration(warmUp, scenario.connections(), WARM_UP), i -> warmUp, LoadListener.NONE, clientThreads()).run();
        } catch (InterruptedException | RuntimeException | Error e) {
            service.close();
            throw e;
        }
        return new WebRun(scenario, log, service, reached);
    }

    private static java.util.concurrent.ThreadFactory clientThreads() {
        return Thread.ofPlatform().name("load-client-", 0).daemon().factory();
    }

    /**
     * Sends every task as a request and returns when all are answered; the service stays up until
     * {@link #close()}, so stopping it is not part of the timed run.
     *
     * @param allSent runs on the client about to send the last request (the thread dump's moment); must be quick
     */
    Outcome run(Runnable allSent) throws InterruptedException {
        URI base = service.baseUri();
        var plan = new LoadPlan(base.resolve("/work"), scenario.connections(), scenario.tasks(), null,
                Duration.ofMillis(Scenario.MAX_IDEAL_MS));
        var events = new LoadListener() {
            @Override
            public void sending(long index) {
                long client = Thread.currentThread().threadId();
                if (index == scenario.tasks() - 1) {
                    allSent.run();
                }
                log.record(SUBMITTED, (int) index, client, client);
            }

            @Override
            public void answered(long index, int status, long latencyNanos) {
                if (status != 200) {
                    failed(index, null);
                }
            }

            @Override
            public void failed(long index, Exception cause) {
                // A request that reached the service has its end recorded there; count only those that never did.
                if (reached.getAndSet((int) index, 1) == 0) {
                    long client = Thread.currentThread().threadId();
                    log.record(FAILED, (int) index, client, client);
                }
            }
        };
        LoadReport report = new LoadGenerator(plan, task -> base.resolve("/work?task=" + task), events, clientThreads()).run();
        long sent = report.answered() + report.errors().values().stream().mapToLong(Long::longValue).sum();
        return new Outcome(sent, describe(report, scenario.tasks()));
    }

    /** Stops the service: no request is in flight by now, so this is quick. */
    @Override
    public void close() {
        service.close();
    }

    private static String describe(LoadReport report, int requests) {
        if (report.failed() == 0) {
            return null;
        }
        return Text.get("runner.web.failed", report.failed(), requests,
                report.statuses().isEmpty() ? "" : Text.get("runner.web.statuses", report.statuses()),
                report.firstError() == null ? "" : Text.get("runner.web.first-error", report.firstError()));
    }
}
