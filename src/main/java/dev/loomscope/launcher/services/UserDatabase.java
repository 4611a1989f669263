package dev.loomscope.launcher.services;

import dev.loomscope.protocol.ServiceArgs;
import dev.loomscope.scenario.DatabaseTarget;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The user's own database for the jdbc mode ({@code --jdbc-url}): nothing to start or stop, only
 * the password to read from its file and hand to the runner through its environment.
 */
public final class UserDatabase implements WaitService {

    private final DatabaseTarget target;
    private final String password;

    private UserDatabase(DatabaseTarget target, String password) {
        this.target = target;
        this.password = password;
    }

    /** @throws ServiceStartException if the password file cannot be read */
    public static UserDatabase of(DatabaseTarget target) {
        String password = "";
        if (target.passwordFile() != null) {
            try {
                // The file's first line: an editor's trailing line break is not part of the password.
                password = Files.readString(target.passwordFile()).lines().findFirst().orElse("");
            } catch (IOException | RuntimeException e) {
                throw new ServiceStartException(Text.get("service.db.password", target.passwordFile(), e.getMessage()), e);
            }
        }
        return new UserDatabase(target, password);
    }

    /** The password file's first line; empty without one. */
    public String password() {
        return password;
    }

    @Override
    public Map<String, String> runnerArgs() {
        var args = new LinkedHashMap<String, String>();
        args.put(ServiceArgs.JDBC_URL, target.url());
        if (target.user() != null) {
            args.put(ServiceArgs.JDBC_USER, target.user());
        }
        return args;
    }

    @Override
    public Map<String, String> environment() {
        return target.passwordFile() == null ? Map.of() : Map.of(ServiceArgs.JDBC_PASSWORD_ENV, password);
    }

    @Override
    public void close() {
        // The database is the user's: it stays as it was.
    }
}
