package dev.loomscope.cli;

import dev.loomscope.text.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The one check of every option that names a file or folder to write ({@code run --jfr},
 * {@code window --screenshot}...), made before anything runs or opens: a path that could never be
 * written is a usage error (exit code 2) that names the option and the path, not a failure found
 * at the end of a long run. Only the folder it goes in is checked (a run with several executors
 * writes beside the file named: out-virtual.jfr), and whether an existing file there may be
 * replaced; the write itself can still fail later (a full disk), and says so then.
 */
public final class OutputPaths {

    private OutputPaths() {
    }

    /** Refuses {@code file} (null: not asked for) unless it could be written: its folder exists and is writable, and it is no folder. */
    public static void requireWritable(CommandSpec spec, String option, Path file) {
        if (file == null) {
            return;
        }
        if (Files.isDirectory(file)) {
            throw refused(spec, option, Text.get("cli.path.folder", file));
        }
        if (Files.exists(file) && !Files.isWritable(file)) {
            throw refused(spec, option, Text.get("cli.path.not-replaceable", file));
        }
        requireWritableFolder(spec, option, file);
    }

    /** Refuses {@code folder} (null: not asked for) unless it is new or empty and could be made where it is named. */
    public static void requireNewFolder(CommandSpec spec, String option, Path folder) {
        if (folder == null) {
            return;
        }
        if (Files.exists(folder) && (!Files.isDirectory(folder) || !isEmpty(folder))) {
            throw refused(spec, option, Text.get("cli.path.exists", folder));
        }
        requireWritableFolder(spec, option, folder);
    }

    private static void requireWritableFolder(CommandSpec spec, String option, Path path) {
        Path folder = path.toAbsolutePath().getParent();
        if (folder == null) {
            throw refused(spec, option, Text.get("cli.path.no-name", path));
        }
        if (!Files.isDirectory(folder)) {
            throw refused(spec, option, Text.get(Files.exists(folder) ? "cli.path.folder-is-file" : "cli.path.no-folder", folder, path));
        }
        if (!Files.isWritable(folder)) {
            throw refused(spec, option, Text.get("cli.path.folder-read-only", folder, path));
        }
    }

    private static boolean isEmpty(Path folder) {
        try (var entries = Files.list(folder)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    private static ParameterException refused(CommandSpec spec, String option, String why) {
        return new ParameterException(spec.commandLine(), option + ": " + why);
    }
}
