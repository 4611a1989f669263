package dev.loomscope.cli;

import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * A password read from a file (its first line), never from the command line, where every user of the
 * machine can read it in the process list. Like ssh with its keys, a file that others may read is
 * refused: the secret in it is no longer one.
 */
final class SecretFile {

    private static final Set<PosixFilePermission> OTHERS_READ = Set.of(PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ);

    private SecretFile() {
    }

    /** The first line of {@code file}; a bad option (exit 2) when it cannot be read or others may read it. */
    static char[] read(CommandSpec spec, String option, Path file) {
        try {
            var posix = Files.getFileAttributeView(file, PosixFileAttributeView.class);
            if (posix != null && posix.readAttributes().permissions().stream().anyMatch(OTHERS_READ::contains)) {
                throw new ParameterException(spec.commandLine(), Text.get("cli.attach.bad.secret-readable", file));
            }
            String first = Files.readAllLines(file, StandardCharsets.UTF_8).stream().findFirst().orElse("");
            return first.toCharArray();
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), Text.get("cli.attach.bad.secret-unreadable", option, file,
                    e instanceof java.nio.file.NoSuchFileException ? Text.get("cli.attach.bad.secret-missing") : e.getMessage()));
        }
    }
}
