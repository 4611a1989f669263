package dev.loomscope.cli;

import dev.loomscope.launcher.TaskCompiler;
import dev.loomscope.scenario.UserTask;
import dev.loomscope.text.Text;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --task-file}: the user's own code as every task's body (a picocli mixin inside
 * {@link ScenarioOptions}). Compiled here, once, before any runner starts; the compiled folder is
 * deleted when this process exits.
 */
public final class TaskFileOption {

    @Option(names = "--task-file", paramLabel = "JAVA_FILE", descriptionKey = "cli.scenario.task-file")
    Path file;

    private TaskCompiler.Compiled compiled;

    /** Whether a task file was given. */
    public boolean given() {
        return file != null;
    }

    /**
     * The compiled task, or null without {@code --task-file}. A file that does not compile prints each
     * error as {@code loomscope: FILE.java:LINE: message} and is refused (exit 2), as is a file that is
     * missing or holds no public Callable with a public no-arg constructor.
     */
    UserTask task(CommandSpec spec) {
        if (file == null) {
            return null;
        }
        if (compiled == null) {
            try {
                compiled = TaskCompiler.compileFile(file);
            } catch (TaskCompiler.TaskException e) {
                var problems = e.problems();
                if (problems.size() == 1 && problems.getFirst().line() == 0) {
                    throw new ParameterException(spec.commandLine(), Text.get("cli.task-file.refused", problems.getFirst()));
                }
                PrintWriter err = spec.commandLine().getErr();
                problems.forEach(problem -> err.println(Text.get("cli.task-file.problem", problem)));
                err.flush();
                throw new ParameterException(spec.commandLine(), problems.size() == 1
                        ? Text.get("cli.task-file.errors.one", file.getFileName())
                        : Text.get("cli.task-file.errors.many", file.getFileName(), problems.size()));
            }
            TaskCompiler.Compiled done = compiled;
            Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("loomscope-task-cleanup").unstarted(done::close));
        }
        return compiled.task();
    }

    /** The sleep a task is expected to take: what --sleep-ms says, or 0 with a task file when it says nothing. */
    int sleepMs(CommandSpec spec, int sleepMs) {
        var parsed = spec.commandLine().getParseResult();
        boolean said = parsed != null && parsed.hasMatchedOption("--sleep-ms");
        return file != null && !said ? 0 : sleepMs;
    }
}
