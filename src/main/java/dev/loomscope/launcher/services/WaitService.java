package dev.loomscope.launcher.services;

import dev.loomscope.scenario.DatabaseTarget;
import dev.loomscope.scenario.Scenario;
import java.util.Map;

/**
 * The service a blocking mode waits on, outside the runner JVM: started in the launching process
 * before the runner, named to the runner in its arguments, and closed once the runner has gone,
 * however the run ended (completed, failed, stopped). The runner then measures only the client side.
 */
public interface WaitService extends AutoCloseable {

    /** For modes that wait inside the runner: nothing to start, nothing to tell. */
    WaitService NONE = new WaitService() {
        @Override
        public Map<String, String> runnerArgs() {
            return Map.of();
        }

        @Override
        public void close() {
        }
    };

    /** Where the runner finds the service: {@code key=value} arguments (see {@code protocol.ServiceArgs}). */
    Map<String, String> runnerArgs();

    /** Environment variables of the runner JVM: secrets, which a command line would show every user. */
    default Map<String, String> environment() {
        return Map.of();
    }

    /** Stops the service and deletes what it made; safe to call twice. */
    @Override
    void close();

    /**
     * Starts what the scenario's blocking mode waits on.
     *
     * @param database the user's own database for the jdbc mode, or null for LoomScope's H2
     * @throws ServiceStartException with a sentence for the user when the service cannot start
     */
    static WaitService start(Scenario scenario, DatabaseTarget database) {
        return switch (scenario.blocking()) {
            case JDBC -> database != null ? UserDatabase.of(database) : H2Database.start();
            case HTTP -> DelayingHttpService.start();
            case FILE -> PipeWriter.start(scenario);
            default -> NONE;
        };
    }

    /** A service could not start: why, in plain words. */
    final class ServiceStartException extends RuntimeException {
        public ServiceStartException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
