package dev.loomscope.runner.waits;

import dev.loomscope.protocol.PoolFigures;
import dev.loomscope.protocol.RunnerArgs;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.text.Text;

/**
 * A task's wait on a service outside the runner JVM (a database, an HTTP service, a writer of
 * named pipes), which the launching process started for the run and named in the runner's
 * arguments. Opened, warmed and, for a pool, filled before the run's clock starts.
 */
public interface ServiceWait extends AutoCloseable {

    /** One task's wait: returns once the service has answered, about the scenario's sleep time later. */
    void await(int task) throws Exception;

    /**
     * Calls the service before the run's clock starts, on a virtual thread as the tasks will: the
     * client's and the server's code is compiled, and the JDK's I/O poller initialized, before the
     * first task (a poller initialized inside a task pins its carrier while it waits for that).
     */
    void warmUp() throws Exception;

    /** What the connection pool measured, for the jdbc mode; null for any other. */
    default PoolFigures poolFigures() {
        return null;
    }

    @Override
    void close();

    /**
     * The wait the scenario's blocking mode asks for, ready to use; null for a mode that waits inside the runner.
     *
     * @throws ServiceUnavailableException with a sentence for the user when the service cannot be reached
     */
    static ServiceWait open(Scenario scenario, RunnerArgs args) {
        ServiceWait wait = switch (scenario.blocking()) {
            case JDBC -> JdbcWait.open(scenario, args);
            case HTTP -> HttpWait.open(scenario, args);
            case FILE -> FifoWait.open(scenario, args);
            default -> null;
        };
        if (wait != null) {
            warmUpOnAVirtualThread(wait, scenario.blocking().cliName());
        }
        return wait;
    }

    private static void warmUpOnAVirtualThread(ServiceWait wait, String mode) {
        var failure = new java.util.concurrent.atomic.AtomicReference<Exception>();
        try {
            Thread.ofVirtual().name("loomscope-warm-up").start(() -> {
                try {
                    wait.warmUp();
                } catch (Exception e) {
                    failure.set(e);
                }
            }).join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure.set(e);
        }
        if (failure.get() != null) {
            wait.close();
            throw new ServiceUnavailableException(Text.get("wait.service.silent", mode,
                    JdbcWait.rootMessage(failure.get())), failure.get());
        }
    }

    /** The service named in the arguments could not be reached or used: why, in plain words. */
    final class ServiceUnavailableException extends RuntimeException {
        public ServiceUnavailableException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
