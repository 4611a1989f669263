package dev.loomscope.scenario;

import dev.loomscope.protocol.RunnerArgs;
import dev.loomscope.text.Text;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The user's own task: a public class implementing {@code java.util.concurrent.Callable}, compiled
 * by the launching process into {@code classFolder} before any runner starts. The runner JVM gets
 * that folder on its class path and calls {@code call()} once per task, each on a new instance.
 *
 * @param className   the class's binary name ({@code com.example.MyTask})
 * @param classFolder the folder holding the compiled classes (absolute)
 * @param sourceName  the source as the user knows it ({@code MyTask.java}), for labels and messages
 */
public record UserTask(String className, Path classFolder, String sourceName) {

    public UserTask {
        if (className == null || className.isBlank()) {
            throw new InvalidScenarioException("task-file", "a task needs the name of its class");
        }
        if (classFolder == null) {
            throw new InvalidScenarioException("task-file", "a task needs the folder of its compiled classes");
        }
        classFolder = classFolder.toAbsolutePath();
        sourceName = sourceName == null || sourceName.isBlank() ? className + ".java" : sourceName;
    }

    /** The class's simple name, as a table names the task. */
    public String simpleName() {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    /**
     * Refuses the settings that describe LoomScope's own task and would mean nothing for the user's:
     * their code blocks and fails as it is written, and a web run's requests run LoomScope's handler.
     */
    static void checkAlone(int connections, BlockingMode blocking, int failAtMs, int threadLocalKb) {
        if (connections > 0) {
            throw new InvalidScenarioException("connections", Text.get("task.scenario.no-web"));
        }
        if (blocking != BlockingMode.SLEEP) {
            throw new InvalidScenarioException("blocking", Text.get("task.scenario.no-blocking", blocking.cliName()));
        }
        if (failAtMs > 0) {
            throw new InvalidScenarioException("fail-at-ms", Text.get("task.scenario.no-fail"));
        }
        if (threadLocalKb > 0) {
            throw new InvalidScenarioException("thread-local-kb", Text.get("task.scenario.no-thread-local"));
        }
    }

    Map<String, String> asMap() {
        var map = new LinkedHashMap<String, String>();
        map.put("task-class", className);
        map.put("task-classes", classFolder.toString());
        map.put("task-source", sourceName);
        return map;
    }

    /** The task in the runner's arguments, or null when the run is LoomScope's own task. */
    static UserTask from(RunnerArgs args) {
        String className = args.optional("task-class");
        return className == null ? null
                : new UserTask(className, Path.of(args.required("task-classes")), args.optional("task-source"));
    }
}
