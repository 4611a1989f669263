package dev.loomscope.launcher;

import dev.loomscope.launcher.services.WaitService;
import dev.loomscope.protocol.RunnerArgs;
import dev.loomscope.protocol.RunnerChannel;
import dev.loomscope.runner.RunnerMain;
import dev.loomscope.scenario.JdkNeeds;
import dev.loomscope.scenario.IdealTime;
import dev.loomscope.scenario.InvalidScenarioException;
import dev.loomscope.scenario.RunOptions;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs scenarios, each in a runner JVM of its own (like JMH forks): a clean measurement, per-run
 * JVM flags (the carrier count is fixed at JVM start), and a run that exhausts native threads or
 * crashes cannot take the window or the CLI down with it. The CLI and the window both run here.
 */
public final class Runner implements RunStarter {

    private final JvmLauncher launcher;
    private final int cores;
    /** The JDK the runners start on, when told (null: the launcher's, this process's). */
    private final Jdks.Jdk jdk;

    public Runner() {
        this(JvmLauncher.standard());
    }

    public Runner(JvmLauncher launcher) {
        this(launcher, null);
    }

    private Runner(JvmLauncher launcher, Jdks.Jdk jdk) {
        this.launcher = launcher;
        this.jdk = jdk;
        this.cores = Runtime.getRuntime().availableProcessors();
    }

    @Override
    public Runner on(Jdks.Jdk jdk) {
        if (jdk == null) {
            return this.jdk == null ? this : new Runner(launcher.withJava(Path.of(JvmLauncher.javaExecutable())), null);
        }
        return new Runner(launcher.withJava(jdk.java()), jdk);
    }

    /** Cores of this machine, which the runner JVMs share. */
    @Override
    public int cores() {
        return cores;
    }

    /**
     * Starts a run in a runner JVM of its own, observed as {@code options} say (JFR, a .jfr file, a
     * thread dump). The listener hears the JVM's frames on a reader thread; the handle's result
     * completes when the runner JVM has exited, however it ended.
     *
     * @throws InvalidScenarioException if the run would be absurdly long on this machine
     */
    @Override
    public RunHandle start(Scenario scenario, RunOptions options, RunListener listener) {
        scenario.checkDuration(cores);
        double idealMs = IdealTime.millis(scenario, cores);
        // The JDK the run names (unless this runner was put on one), found; what needs a later JDK
        // than it has is refused here, before any runner starts.
        Jdks.Jdk runsOn = jdk;
        JvmLauncher launcher = this.launcher;
        if (runsOn == null && !scenario.jdk().isEmpty()) {
            try {
                runsOn = Jdks.installed().resolve(scenario.jdk());
            } catch (IllegalArgumentException e) {
                return JvmRun.failedToStart(scenario, idealMs, e.getMessage());
            }
            launcher = launcher.withJava(runsOn.java());
        }
        String refusal = runsOn == null ? null : JdkNeeds.refusal(scenario, runsOn.feature(), runsOn.version());
        if (refusal != null) {
            return JvmRun.failedToStart(scenario, idealMs, refusal);
        }
        if (!Files.isExecutable(launcher.java())) {
            // The JDK this app runs on was removed or upgraded in place while it ran: ProcessBuilder would only say "error=2".
            return JvmRun.failedToStart(scenario, idealMs, Text.get(Files.exists(launcher.java())
                    ? "launcher.java-not-runnable" : "launcher.java-missing", launcher.java()));
        }
        // The service the tasks wait on (a database, an HTTP service, a pipe writer) runs here, not in the runner.
        WaitService service;
        try {
            service = WaitService.start(scenario, options.database());
        } catch (WaitService.ServiceStartException e) {
            return JvmRun.failedToStart(scenario, idealMs, e.getMessage());
        }
        RunnerChannel channel;
        try {
            channel = RunnerChannel.open();
        } catch (IOException e) {
            service.close();
            return JvmRun.failedToStart(scenario, idealMs, Text.get("launcher.no-socket", e.getMessage()));
        }
        var args = new ArrayList<>(channel.runnerArgs());
        args.addAll(RunnerArgs.format(service.runnerArgs()));
        args.addAll(options.toArgs());
        args.addAll(scenario.toArgs());
        // JFR keeps its chunks in a repository that a killed runner (Stop) never deletes: give it a
        // folder of our own and delete that when the runner is gone, however it ended.
        Path repository = options.jfr() ? jfrRepository() : null;
        var runJvmArgs = new ArrayList<String>();
        if (repository != null) {
            runJvmArgs.add("-XX:FlightRecorderOptions:repository=" + repository);
        }
        // A preview API (StructuredTaskScope in JDK 25) is enabled in that executor's runner only:
        // the window and every other run stay on the final JDK.
        if (scenario.executor().isPreview()) {
            runJvmArgs.add("--enable-preview");
        }
        // The user's own task, compiled by this process before the run: its folder joins the runner's class path.
        List<Path> userClasses = scenario.userTask() == null ? List.of() : List.of(scenario.userTask().classFolder());
        List<String> command = launcher.command(RunnerMain.class, scenario.carriers(), runJvmArgs, userClasses, args);
        Process process;
        try {
            // The runner's stdout and stderr are only logs: its frames come over the channel.
            var builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().putAll(service.environment());
            process = builder.start();
        } catch (IOException e) {
            channel.close();
            service.close();
            deleteQuietly(repository);
            return JvmRun.failedToStart(scenario, idealMs,
                    Text.get("launcher.cannot-start", launcher.java(), e.getMessage()));
        }
        if (repository != null) {
            LIVE_REPOSITORIES.put(process, repository);
            process.onExit().thenRun(() -> {
                LIVE_REPOSITORIES.remove(process);
                deleteQuietly(repository);
            });
        }
        LIVE_SERVICES.add(service);
        return JvmRun.attach(process, channel, scenario, idealMs, listener, () -> {
            service.close();
            LIVE_SERVICES.remove(service);
        });
    }

    /**
     * Runners still alive, with their JFR repositories. When this JVM exits first (the window closed
     * mid-run), a shutdown hook ends them and deletes the folders: the exit callbacks would not run.
     */
    private static final java.util.Map<Process, Path> LIVE_REPOSITORIES = new java.util.concurrent.ConcurrentHashMap<>();

    /** Services of runs still going; the shutdown hook stops them (a pipe folder, a database) when this JVM exits first. */
    private static final java.util.Set<WaitService> LIVE_SERVICES = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("loomscope-runner-cleanup").unstarted(() -> {
            LIVE_REPOSITORIES.forEach((process, repository) -> {
                process.destroyForcibly();
                try {
                    process.waitFor(1, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                deleteQuietly(repository);
            });
            LIVE_SERVICES.forEach(WaitService::close);
        }));
    }
    private static Path jfrRepository() {
        try {
            return Files.createTempDirectory("loomscope-runner-jfr");
        } catch (IOException e) {
            return null; // JFR then uses its default folder
        }
    }

    private static void deleteQuietly(Path folder) {
        if (folder == null) {
            return;
        }
        try (var files = Files.walk(folder)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // A folder left in the temp directory: nothing a run depends on.
        }
    }
}
