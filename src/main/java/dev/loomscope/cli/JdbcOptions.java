package dev.loomscope.cli;

import dev.loomscope.scenario.DatabaseTarget;
import dev.loomscope.text.Text;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** The checks of --jdbc-url, --jdbc-user and --jdbc-password-file, shared by run/sweep and serve. */
final class JdbcOptions {

    private JdbcOptions() {
    }

    /**
     * The user's database, or null for LoomScope's own H2; refuses a user or password without a URL, a URL
     * that is not a JDBC one, and a password file that cannot be read.
     */
    static DatabaseTarget target(CommandSpec spec, String url, String user, Path passwordFile) {
        if (url == null) {
            if (user != null || passwordFile != null) {
                throw new ParameterException(spec.commandLine(), Text.get("cli.scenario.bad.jdbc-alone", user != null ? "--jdbc-user" : "--jdbc-password-file"));
            }
            return null;
        }
        if (!url.startsWith("jdbc:")) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.scenario.bad.jdbc-url", url));
        }
        if (passwordFile != null && !Files.isRegularFile(passwordFile)) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.scenario.bad.password-file-missing", passwordFile.toAbsolutePath()));
        }
        if (passwordFile != null && !Files.isReadable(passwordFile)) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.scenario.bad.password-file-unreadable", passwordFile.toAbsolutePath()));
        }
        return new DatabaseTarget(url, user, passwordFile);
    }
}
