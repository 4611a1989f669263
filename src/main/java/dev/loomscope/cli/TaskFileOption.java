package dev.loomscope.cli;

import dev.loomscope.launcher.TaskCompiler;
import dev.loomscope.scenario.UserTask;
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

    @Option(names = "--task-file", paramLabel = "FILE.java",
            description = "Your own code as the tasks: a Java source file with a public class implementing java.util.concurrent.Callable "
                    + "and a public no-arg constructor. Each task calls call() once on a new instance. It is compiled before any run "
                    + "starts; --sleep-ms and --cpu-ms then only say what a task is expected to take, for the ideal (default 0: none).")
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
                    throw new ParameterException(spec.commandLine(), "--task-file: " + problems.getFirst());
                }
                PrintWriter err = spec.commandLine().getErr();
                problems.forEach(problem -> err.println("loomscope: " + problem));
                err.flush();
                throw new ParameterException(spec.commandLine(), "--task-file: %s did not compile (%d error%s)"
                        .formatted(file.getFileName(), problems.size(), problems.size() == 1 ? "" : "s"));
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
